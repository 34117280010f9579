"""The runner with a backend that computes several chunks at once (sim's ``open_map``).

A fake distributing backend (plain Python, no Dask) yields the chunks out of order, some
encoded by the runner's PartEncoder; the runner writes each part once, in any arrival order,
and the rows equal the one-by-one run's.
"""

from __future__ import annotations

import contextlib
from collections import Counter
from pathlib import Path

import numpy as np
import pytest

from shengji_sim.config.variant import load_variant
from shengji_sim.results import ROW_DTYPE
from shengji_sim.run import run_dir, sim

N = 24
SEED = 5


@pytest.fixture(scope="module")
def classic():
    return load_variant("classic-2deck")


@pytest.fixture(scope="module")
def rows(classic) -> np.ndarray:
    return sim.reference_chunk(classic, "random", SEED, 0, N)


@pytest.fixture()
def registry(monkeypatch):
    monkeypatch.setattr(sim, "_BACKENDS", dict(sim._BACKENDS))
    monkeypatch.setattr(sim, "_OPENERS", dict(sim._OPENERS))


def opener_of(map_chunks):
    @contextlib.contextmanager
    def opened(variant, job, threads, options):
        yield map_chunks

    def open_map(variant, job, threads, options):
        return opened(variant, job, threads, options)

    return open_map


def part_of(variant, job, root_seed, start, count):
    return sim.compute_chunk(variant, job, root_seed, start, count, sim.reference_chunk, 1)


def reversed_half_encoded(variant, job, root_seed, chunks, threads, encoder):
    for i, (start, count) in enumerate(reversed(chunks)):
        part = part_of(variant, job, root_seed, start, count)
        yield start, encoder(part) if i % 2 else part


def test_chunks_in_any_order_some_encoded(classic, rows, registry, tmp_path) -> None:
    sim.register_backend("test-map", sim.reference_chunk,
                         open_map=opener_of(reversed_half_encoded))
    res = sim.run(classic, "random", SEED, N, tmp_path / "run", chunk_size=5,
                  backend="test-map")
    assert res.hands_run == N and res.manifest["complete"]
    assert np.array_equal(run_dir.read_rows(tmp_path / "run"), rows)


def test_a_chunk_yielded_twice_is_written_once(classic, registry, tmp_path,
                                               monkeypatch) -> None:
    def twice(variant, job, root_seed, chunks, threads, encoder):
        start, count = chunks[0]
        for _ in range(2):
            yield start, part_of(variant, job, root_seed, start, count)

    writes: Counter = Counter()
    write_part = run_dir.write_part
    monkeypatch.setattr(sim, "write_part",
                        lambda path, *a, **k: (writes.update([Path(path).name]),
                                               write_part(path, *a, **k)))
    sim.register_backend("test-twice", sim.reference_chunk, open_map=opener_of(twice))
    with pytest.raises(RuntimeError, match="the chunk at 0 twice"):
        sim.run(classic, "random", SEED, N, tmp_path / "run", chunk_size=5,
                backend="test-twice")
    assert list(writes.values()) == [1]


def test_a_missing_chunk_is_an_error(classic, registry, tmp_path) -> None:
    def first_only(variant, job, root_seed, chunks, threads, encoder):
        start, count = chunks[0]
        yield start, part_of(variant, job, root_seed, start, count)

    sim.register_backend("test-short", sim.reference_chunk, open_map=opener_of(first_only))
    with pytest.raises(RuntimeError, match=r"without the chunks at \[5, 10, 15\]"):
        sim.run(classic, "random", SEED, N, tmp_path / "run", chunk_size=5,
                backend="test-short")
    assert sorted(run_dir.existing_parts(tmp_path / "run")) == [0]


@pytest.mark.parametrize("fmt", run_dir.ROWS_FORMATS)
def test_encoded_part_is_the_written_part(rows, tmp_path, fmt) -> None:
    meta = {"shengji_sim.root_seed": str(SEED)}
    encoder = run_dir.PartEncoder(fmt, tuple(meta.items()))
    part = encoder(run_dir.Part(N, N, rows))
    path = tmp_path / f"part.{fmt}"
    run_dir.write_part(path, rows, fmt, meta)
    assert (part.count, part.hands, part.match_rows) == (N, N, None)
    assert path.read_bytes() == part.rows


def test_a_chunk_is_checked_where_it_is_computed(classic, rows) -> None:
    job = run_dir.Job("hands", False, sim.seats("random"))
    with pytest.raises(RuntimeError, match="not in index order"):
        sim.compute_chunk(classic, job, SEED, 0, N,
                          lambda *a: rows[::-1].copy(), 1)
    with pytest.raises(RuntimeError, match="backend returned"):
        sim.compute_chunk(classic, job, SEED, 0, N, lambda *a: np.zeros(3, ROW_DTYPE), 1)
