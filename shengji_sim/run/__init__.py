"""Runs: the batch runner with its run directories, chunks and checkpoints (:mod:`.sim`), the
Dask backend (:mod:`.dask_backend`, registers itself when imported), the first answer while
kernels compile (:mod:`.first_answer`), and the experiments built on the runner: balance
sweeps (:mod:`.balance`), tournaments (:mod:`.tournament`), reading diffs
(:mod:`.reading_diff`) and benchmarks (:mod:`.benchmark`)."""
