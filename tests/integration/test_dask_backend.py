"""The dask backend: rows equal the core backend's, a killed worker or client loses nothing.

One 2-worker LocalCluster (processes, one thread each) serves the module; the runs reach it
with ``backend_options={"scheduler": address}`` (or ``--scheduler``), except the killed
client, whose ``simulate`` starts its own local cluster.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import numpy as np
import pytest

from shengji_sim.config.variant import load_variant
from shengji_sim.core.runtime.backend import run_chunk
from shengji_sim.report import summary as report
from shengji_sim.run import dask_backend, run_dir, sim
from tests.helpers import run_cli

N = 3000
CHUNK = 150  # 20 tasks: both workers busy, several chunks each
SEED = 23


@pytest.fixture(scope="module")
def classic():
    return load_variant("classic-2deck")


@pytest.fixture(scope="module")
def core_rows(classic) -> np.ndarray:
    return run_chunk(classic, "random", SEED, 0, N, 1)


@pytest.fixture(scope="module")
def client():
    with dask_backend.connect(workers=2) as c:
        yield c


def dask_run(classic, out: Path, client, **kwargs) -> sim.RunResult:
    return sim.run(classic, "random", SEED, N, out, chunk_size=CHUNK, backend="dask",
                   backend_options={"scheduler": client.scheduler.address}, **kwargs)


def count_writes(monkeypatch) -> Counter:
    """Every part file the runner writes, counted."""
    writes: Counter = Counter()
    write_part = run_dir.write_part

    def counting(path, *args, **kwargs):
        writes[Path(path).name] += 1
        return write_part(path, *args, **kwargs)

    monkeypatch.setattr(sim, "write_part", counting)
    return writes


def test_dask_rows_equal_core_rows(classic, core_rows, client, tmp_path) -> None:
    out = tmp_path / "run"
    res = dask_run(classic, out, client)
    assert res.hands_run == N and res.manifest["backend"] == "dask"
    assert len(run_dir.existing_parts(out)) == N // CHUNK
    assert np.array_equal(run_dir.read_rows(out), core_rows)
    core = sim.run(classic, "random", SEED, N, tmp_path / "core", chunk_size=1000, threads=1)
    assert core.hands_run == N
    assert (report.summary_json(out)["rows_sha256"]
            == report.summary_json(tmp_path / "core")["rows_sha256"])


def test_dask_duplicate_and_match_runs_equal_core_runs(classic, client, tmp_path) -> None:
    """A Job's chunks (every play of a duplicate deal; whole matches) on the workers give the
    core backend's rows, hand rows and match rows alike."""
    for kwargs in ({"duplicate": True}, {"mode": "matches", "duplicate": True}):
        count = 40 if kwargs.get("mode") else 600
        names = "-".join(map(str, kwargs.values()))
        local = sim.run(classic, "NS=greedy,EW=random", SEED, count, tmp_path / f"core{names}",
                        chunk_size=count // 4, threads=1, **kwargs)
        far = sim.run(classic, "NS=greedy,EW=random", SEED, count, tmp_path / f"dask{names}",
                      chunk_size=count // 4, backend="dask", threads=2,
                      backend_options={"scheduler": client.scheduler.address}, **kwargs)
        assert far.hands_run == local.hands_run == count
        kinds = (run_dir.ROWS_DIR, run_dir.MATCHES_DIR) if kwargs.get("mode") \
            else (run_dir.ROWS_DIR,)
        for kind in kinds:
            got = run_dir.read_rows(far.out_dir, kind)
            assert len(got) and np.array_equal(got, run_dir.read_rows(local.out_dir, kind))


def worker_settings() -> tuple[str, str, str]:
    import numba

    return os.environ["NUMBA_NUM_THREADS"], str(numba.config.NUMBA_NUM_THREADS), \
        str(numba.config.CACHE_DIR)


def test_local_workers_are_single_threaded_and_share_the_cache(client) -> None:
    from shengji_sim.core import CACHE_DIR

    assert client.nthreads() and set(client.nthreads().values()) == {1}
    settings = set(client.run(worker_settings).values())
    assert settings == {("1", "1", str(CACHE_DIR))}


def test_map_chunks_yields_each_chunk_once(classic, core_rows, client) -> None:
    """The reusable API: chunks of any size and order, yielded as they finish."""
    chunks = [(2000, 1000), (0, 7), (7, 993), (1000, 1000)]
    got = dict(dask_backend.map_chunks(client, classic, "random", SEED, chunks))
    assert sorted(got) == [0, 7, 1000, 2000]
    assert np.array_equal(np.concatenate([got[s] for s in sorted(got)]), core_rows)


def test_map_sweep_mixes_variants_players_and_seeds(classic, client) -> None:
    baifen = load_variant("baifen-1deck")
    sweep = [dask_backend.Chunk(v, p, seed, 10, 40) for v in (classic, baifen)
             for p in ("random", "greedy") for seed in (1, 2)]
    got = list(dask_backend.map_sweep(client, sweep))
    assert sorted(map(id, (c for c, _ in got))) == sorted(map(id, sweep))
    for chunk, rows in got:
        assert np.array_equal(rows, run_chunk(chunk.variant, chunk.players, chunk.root_seed,
                                              chunk.start, chunk.count, 1))


def failing_task(variant, players, root_seed, start, count, encoder=None):
    """Stands for chunk_task when hand ``start + 1`` of a chunk fails in its engine."""
    return ("failure", start + 1, "core", "kernel code -1")


def test_hand_failure_on_a_worker_reaches_the_client(classic, client, monkeypatch) -> None:
    import shengji_sim.core.runtime.backend as core_backend

    def failing(variant, players, root_seed, start, count, threads):
        raise sim.HandFailure(start + 1, "core", "kernel code -1")

    monkeypatch.setattr(core_backend, "run_chunk", failing)  # chunk_task, in process
    assert dask_backend.chunk_task(classic, "random", 0, 10, 5) == (
        "failure", 11, "core", "kernel code -1")
    monkeypatch.setattr(dask_backend, "chunk_task", failing_task)  # on the workers
    with pytest.raises(sim.HandFailure, match="hand 41: core engine: kernel code -1"):
        list(dask_backend.map_chunks(client, classic, "random", 0, [(40, 5)]))


def test_killed_worker_chunks_are_recomputed_and_written_once(
        classic, core_rows, client, tmp_path, monkeypatch) -> None:
    writes = count_writes(monkeypatch)
    before = client.run(os.getpid)
    killed = []

    def progress(done: int, hands: int) -> None:  # after the first part: kill a busy worker
        if not killed:
            busy = [a for a, tasks in client.processing().items() if tasks] or list(before)
            killed.append(before[busy[0]])
            os.kill(killed[0], signal.SIGKILL)

    out = tmp_path / "run"
    res = dask_run(classic, out, client, progress=progress)
    assert killed and res.hands_run == N and res.manifest["complete"]
    assert sorted(writes.values()) == [1] * (N // CHUNK)  # each part once
    assert np.array_equal(run_dir.read_rows(out), core_rows)
    removed = [e for _, e in client.get_events("all") if e.get("action") == "remove-worker"]
    lost = set().union(*(set(e["processing-tasks"]) | set(e["lost-computed-tasks"])
                         for e in removed))
    assert lost  # the killed worker held chunks: they were computed again elsewhere
    deadline = time.monotonic() + 30  # the nanny restarts the killed worker
    while time.monotonic() < deadline and (len(after := client.run(os.getpid)) < 2
                                           or killed[0] in after.values()):
        time.sleep(0.1)
    assert killed[0] not in client.run(os.getpid).values()


def test_killed_client_resumes_to_the_same_rows(classic, client, tmp_path) -> None:
    """``simulate --backend dask`` (its own local cluster) killed with its workers after a
    few parts; ``--resume`` on the module's cluster ends with the uninterrupted rows."""
    hands, chunk = 40_000, 500
    out = tmp_path / "run"
    argv = [sys.executable, "-m", "shengji_sim", "simulate", "--variant", "classic-2deck",
            "--hands", str(hands), "--seed", str(SEED), "--out", str(out), "--chunk-size",
            str(chunk), "--backend", "dask", "--threads", "1", "--quiet"]
    env = {**os.environ, "PYTHONPATH": str(Path(sim.__file__).parents[2])}
    proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env,
                            start_new_session=True)
    deadline = time.monotonic() + 120
    try:
        while (len(run_dir.existing_parts(out)) < 3 and proc.poll() is None
               and time.monotonic() < deadline):
            time.sleep(0.002)
    finally:
        os.killpg(proc.pid, signal.SIGKILL)  # the client and its cluster
        _, err = proc.communicate(timeout=30)
    kept = {s: (p.stat().st_ino, p.stat().st_mtime_ns)
            for s, p in run_dir.existing_parts(out).items()}
    assert 3 <= len(kept) < hands // chunk, err.decode()
    assert not run_dir.load_manifest(out)["complete"]
    code = subprocess.run(argv + ["--resume", "--scheduler", client.scheduler.address],
                          capture_output=True, env=env, timeout=120)
    assert code.returncode == 0, code.stderr
    parts = run_dir.existing_parts(out)
    assert len(parts) == hands // chunk
    assert {s: (parts[s].stat().st_ino, parts[s].stat().st_mtime_ns) for s in kept} == kept
    assert run_dir.load_manifest(out)["complete"] and not list((out / "rows").glob(".*"))
    assert np.array_equal(run_dir.read_rows(out), run_chunk(classic, "random", SEED, 0, hands, 1))


def test_missing_extra_is_one_line_exit_2(capsys, tmp_path, monkeypatch) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # `import distributed` fails
    code, _, err = run_cli(capsys, "simulate", "--variant", "classic-2deck", "--hands", "5",
                           "--backend", "dask", "--out", str(tmp_path / "run"), "--quiet")
    assert code == 2 and err.count("\n") == 1
    assert "pip install -e '.[dask]'" in err
    assert not (tmp_path / "run").exists()  # refused before anything is written


def test_unreachable_scheduler_is_one_line_exit_2(capsys, tmp_path, monkeypatch) -> None:
    monkeypatch.setattr(dask_backend, "CONNECT_TIMEOUT", 0.5)
    address = "tcp://127.0.0.1:9"  # discard port: nothing listens
    code, _, err = run_cli(capsys, "simulate", "--variant", "classic-2deck", "--hands", "5",
                           "--scheduler", address, "--out", str(tmp_path / "run"), "--quiet")
    assert code == 2 and err.count("\n") == 1
    assert f"cannot connect to the dask scheduler '{address}'" in err
    assert not (tmp_path / "run").exists()  # refused before anything is written


@pytest.mark.parametrize("argv, needle", [
    (["--backend", "core", "--scheduler", "tcp://127.0.0.1:9"], "only for --backend dask"),
])
def test_scheduler_needs_the_dask_backend(capsys, tmp_path, argv, needle) -> None:
    code, _, err = run_cli(capsys, "simulate", "--variant", "classic-2deck", "--hands", "5",
                           "--out", str(tmp_path / "run"), *argv)
    assert code == 2 and needle in err and err.count("\n") == 1


def test_options_only_for_a_backend_that_takes_them(classic, tmp_path) -> None:
    with pytest.raises(run_dir.SimError, match="takes no options"):
        sim.run(classic, "random", 0, 5, tmp_path / "a", backend="core",
                backend_options={"scheduler": "tcp://127.0.0.1:9"})
    with pytest.raises(dask_backend.DaskError, match="unknown dask backend option 'workers'"):
        sim.run(classic, "random", 0, 5, tmp_path / "b", backend="dask",
                backend_options={"workers": 3})
