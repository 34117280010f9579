"""The ranking tables a run builds are saved beside the kernels and read back by later runs
(``core.runtime.saved_tables``; about 0.5 s of a warm run of the README command): what is
read is what would be built, a file that cannot be read is built again, and the file is named
by everything the tables are built from."""

from __future__ import annotations

import numpy as np
import pytest

from shengji_sim.config.variant import load_variant
from shengji_sim.core.base.tables import KernelTables, build_tables
from shengji_sim.core.runtime.saved_tables import saved_tables, tables_file


@pytest.fixture
def cache(tmp_path, monkeypatch):
    import shengji_sim.core as core

    monkeypatch.setattr(core, "CACHE_DIR", tmp_path)
    return tmp_path


def same(a: KernelTables, b: KernelTables) -> bool:
    return all(x.dtype == y.dtype and np.array_equal(x, y) for x, y in zip(a, b))


@pytest.mark.parametrize("name", ["classic-2deck", "jj-4deck"])
def test_tables_read_back_are_the_tables_built(cache, name) -> None:
    variant = load_variant(name)
    first = saved_tables(variant)
    path = tables_file(variant)
    assert path.parent.parent == cache and path.exists()
    again = saved_tables(variant)
    assert same(again, build_tables(variant)) and same(first, again)


def test_a_file_that_cannot_be_read_is_built_again(cache) -> None:
    variant = load_variant("classic-2deck")
    path = tables_file(variant)
    path.parent.mkdir(parents=True)
    path.write_bytes(b"not an npz file")
    assert same(saved_tables(variant), build_tables(variant))
    with np.load(path) as saved:  # and replaced by a good one
        assert set(saved.files) == set(KernelTables._fields)


def file_of(name: str, amb=()) -> object:
    variant = load_variant(name, amb=list(amb))
    return tables_file(variant)


def test_the_file_is_named_by_the_ranking_the_tables_come_from(cache) -> None:
    assert file_of("classic-2deck") == file_of("classic-2deck")
    assert file_of("classic-2deck") != file_of("jj-4deck")
    assert file_of("classic-2deck") != file_of("classic-2deck", ["AMB-07=B"])  # one trump suit
