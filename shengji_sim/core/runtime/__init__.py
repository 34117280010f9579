"""The Python side of the core: building a lane's inputs (:mod:`.api`), running chunks and
returning rows (:mod:`.backend`), diff's runs (:mod:`.diffrun`), compiling kernels in other
processes (:mod:`.precompile`) and the warm-up (:mod:`.warmup`). No kernel lives here, so
editing these files compiles nothing (:func:`shengji_sim.core.kernel_sources`)."""
