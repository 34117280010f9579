"""The Numba core plays whole hands exactly as the reference: identical records, identical
result rows, whatever the thread count or chunking (issue "Numba core")."""

from __future__ import annotations

import numpy as np
import pytest

from shengji_sim.config.variant import load_variant
from shengji_sim.core.runtime.backend import play_hand_core, run_chunk
from shengji_sim.players.reference import make_players
from shengji_sim.results import row_from_record
from shengji_sim.rules.game import play_hand

ALL = ["changzhou-4deck", "jj-4deck", "classic-2deck", "baifen-1deck", "classic-3deck"]


@pytest.fixture(scope="session")
def compiled():
    v = load_variant("baifen-1deck")
    play_hand_core(v, "random", 0, 0)
    run_chunk(v, "random", 0, 0, 2, 1)
    return True


@pytest.mark.parametrize("name", ALL)
@pytest.mark.parametrize("players,indices", [("random", range(6)), ("greedy", range(2))])
def test_core_record_equals_reference(compiled, name, players, indices) -> None:
    v = load_variant(name)
    for index in indices:
        expected = play_hand(v, make_players(players), 17, index)
        assert play_hand_core(v, players, 17, index) == expected, (name, players, index)


@pytest.mark.parametrize("amb", [["AMB-11=A"], ["AMB-12=B", "AMB-15=B"], ["AMB-16=C"],
                                 ["AMB-17=B"], ["AMB-25=C", "AMB-26=C"], ["AMB-29=A"],
                                 ["OTH-6=B"], ["OTH-4=B"], ["AMB-38=A", "AMB-34=B"]])
def test_core_record_equals_reference_under_switches(compiled, amb) -> None:
    v = load_variant("changzhou-4deck", amb=amb)
    for index in range(3):
        expected = play_hand(v, make_players("random"), 5, index)
        assert play_hand_core(v, "random", 5, index) == expected, (amb, index)


@pytest.mark.parametrize("name", ALL)
def test_core_rows_equal_reference_rows(compiled, name) -> None:
    v = load_variant(name)
    rows = run_chunk(v, "random", 99, 0, 12, 1)
    expected = np.concatenate([row_from_record(play_hand(v, make_players("random"), 99, i))
                               .reshape(1) for i in range(12)])
    assert rows.tobytes() == expected.tobytes()


@pytest.mark.parametrize("name", ["classic-2deck", "jj-4deck"])
def test_core_rows_do_not_depend_on_threads_or_chunks(compiled, name) -> None:
    v = load_variant(name)
    one = run_chunk(v, "random", 4, 0, 40, 1)
    two = run_chunk(v, "random", 4, 0, 40, 2)
    split = np.concatenate([run_chunk(v, "random", 4, 0, 13, 2),
                            run_chunk(v, "random", 4, 13, 27, 1)])
    assert one.tobytes() == two.tobytes() == split.tobytes()
    assert list(one["index"]) == list(range(40))


def test_rows_of_converts_by_blocks_as_one_pass() -> None:
    """``backend._rows_of`` (blocks of ROW_BLOCK rows) gives the rows a field-by-field copy of
    the whole matrix gives, across block edges and for uint64 fields' high bits."""
    from shengji_sim.core.runtime.backend import ROW_BLOCK, _rows_of
    from shengji_sim.results import ROW_DTYPE

    n = 2 * ROW_BLOCK + 17
    out = np.random.default_rng(3).integers(-2**62, 2**62, (n, len(ROW_DTYPE.names)))
    out[:, ROW_DTYPE.names.index("seed")] |= np.int64(-2**63)  # a uint64 with its top bit
    want = np.zeros(n, ROW_DTYPE)
    for c, name in enumerate(ROW_DTYPE.names):
        want[name] = out[:, c].view(np.uint64) if want[name].dtype == np.uint64 else out[:, c]
    assert _rows_of(out).tobytes() == want.tobytes()


# ------------------------------------------------------------------- hand error codes


def test_hand_error_codes_are_distinct_and_named() -> None:
    """Every code a hand can fail with has words naming its stage; the kernels' own -1, -2
    ... (which mean different things in different kernels) become different hand codes."""
    from shengji_sim.core.base import errors

    codes = {base + own: (stage, words)
             for base, (stage, table) in errors.HAND_ERRORS.items()
             for own, words in table.items()}
    assert len(codes) == sum(len(t) for _, t in errors.HAND_ERRORS.values())
    for code, (stage, words) in codes.items():
        assert code < 0
        assert errors.hand_error_text(code) == f"{stage}: {words} [kernel code {code}]"
    assert set(errors.FOLLOW_ERRORS) <= {c - errors.ERR_FOLLOW for c in codes}
    follow, trick = errors.ERR_FOLLOW - 1, errors.ERR_TRICK - 1  # both kernels' -1
    assert errors.hand_error_text(follow).startswith("follow: lead mixes suits")
    assert errors.hand_error_text(trick).startswith("trick winner: the plays are not")
    assert errors.hand_error_text(-7) == "unknown kernel error [kernel code -7]"


@pytest.mark.parametrize("lead, hand, own", [
    ("S5 H5", "S6 S7 S8", "ERR_MIXED_LEAD"),
    ("", "S6", "ERR_EMPTY_LEAD"),
    ("S5 S5", "S6", "ERR_SHORT_HAND"),
])
def test_follow_kernel_error_reaches_the_hand_code(lead, hand, own) -> None:
    """The game loop's follow returns ERR_FOLLOW plus the follow kernels' own code (it
    returned a bare -101 for all of them)."""
    from shengji_sim.cards import parse_cards
    from shengji_sim.core.base import errors
    from shengji_sim.core.engine import play_follow_nb
    from shengji_sim.core.follow.follow_data import make_buffers
    from shengji_sim.core.runtime.api import counts_of, kernel_inputs

    kt, sw = kernel_inputs(load_variant("classic-2deck"))
    units = np.zeros(1, np.int8), np.zeros(1, np.int8), np.full((1, 13), -1, np.int8)
    play = np.zeros(54, np.int8)
    got = play_follow_nb._random_family_follow_nb(
        kt, sw, 0, 1, counts_of(parse_cards(lead)), 1, *units,
        counts_of(parse_cards(hand)), 1, make_buffers(), np.ones(1, np.uint64), play)
    assert got == errors.ERR_FOLLOW + getattr(errors, own)
    assert errors.hand_error_text(got).startswith(
        f"follow: {errors.FOLLOW_ERRORS[got - errors.ERR_FOLLOW]}")
