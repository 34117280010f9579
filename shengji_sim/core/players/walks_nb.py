"""The walks over a follower's options that the greedy and the expert followers
share (``greedy_nb.greedy_follow_nb``, ``heuristic_follow_nb.expert_follow_nb``): each option in
listing order with its sums, without listing the options.

Representation
--------------
A walk runs over a pool of kinds (a family's, in listing order) in ``lane.keys``, an
``int64`` scratch (a random follower's scratch, unused meanwhile), at the offsets below:
per pool kind its points, cost, suit bit and power (``_U_*``), and prefix sums of each over
the option's composition (``_P_*``: points, cost, suit bits, the claim number of
``trick_nb.claim_number_step_nb`` and the cards in kinds held twice or more). A suit bit is
``1 << suit`` (suits 0..4, trumps 4), plus :data:`MARKED` for the walk's marked kind.

The steps are kernels of their own: a family's walk (:func:`family_walk_start_nb`,
:func:`family_walk_next_nb`, :func:`walk_sums_nb`, :func:`family_option_nb`), the sorted
keys of several families (:func:`keys_walk_start_nb`, :func:`key_sums_nb`,
:func:`key_option_nb`) and the options of one suit of a family (:func:`one_suit_walk_start_nb`,
:func:`suit_walk_next_nb`, :func:`suit_walk_sums_nb`, :func:`suit_walk_option_nb`; their
listing index is ``fills_nb.suit_walk_index_nb``). Only a play of one suit, the led one or
trumps, can win (``trick_nb.play_side_nb``): an option is judged by one number where the lead
allows (:func:`judge_by_sums_nb`: :data:`WINS`, :data:`LOSES` or :data:`UNDECIDED`), else
whole (:func:`greedy_wins_nb`). A one-card lead is judged card by card
(:func:`single_beats_nb`, :func:`single_cost_nb`). At most :data:`GREEDY_OPTIONS` options
are chosen among (the reference's ``players.MAX_GREEDY_OPTIONS``).
"""

from __future__ import annotations

import numpy as np

from shengji_sim.cards import (
    N_KINDS,
    TRUMP,
)
from shengji_sim.core.base.jit import njit
from shengji_sim.core.follow.follow_count_nb import next_composition_nb
from shengji_sim.core.follow.follow_data import STATE_WAYS
from shengji_sim.core.rules.trick_nb import (
    NOT_A_THROW,
    THROW_RUFF_WINS,
    claim_number_step_nb,
    led_suit_takes_throw_nb,
    one_unit_claim_beats_nb,
    set_claim_beats_nb,
    tractor_may_beat_nb,
    trick_winner_units_nb,
)

GREEDY_OPTIONS = 256  # players.MAX_GREEDY_OPTIONS


@njit(cache=True, _nrt=False)
def greedy_wins_nb(kt, sw, level, trump, plays, uw, ul, ut, play, n_so_far, n_units, size,
                   lead_suit, best, ts):
    """Would ``play``, made after the ``n_so_far`` ``plays`` whose one-unit winner so far is
    ``best`` (:func:`~.trick_nb.one_unit_best_nb`), take the trick led by the units
    ``uw/ul/ut``? (A throw's plays are judged whole, with ``play`` written as play
    ``n_so_far``, in the scratch ``ts``, ``trick_nb.ThrowScratch``.) It takes the arrays it
    reads, not the lane: a call copies every array it is passed."""
    if n_units > 1:
        for k in range(N_KINDS):
            plays[n_so_far, k] = play[k]
        return trick_winner_units_nb(kt, sw, level, trump, plays, n_so_far + 1, n_units, uw,
                                     ul, ut, size, lead_suit, ts) == n_so_far
    return one_unit_claim_beats_nb(kt, sw, level, trump, play, uw, ul, lead_suit, best)


# scratch of the walks in ``lane.keys`` (a random follower's scratch, unused meanwhile):
# per pool kind (listing order) its points, cost and suit bit, then prefix sums of each
_U_PTS = 0
_U_COST = 64
_U_BIT = 128
_P_PTS = 192
_P_COST = 256
_P_BIT = 320
_H_KIND = 384  # keys_walk_start_nb: the held kinds and their key weights (512..575 free)
_H_W = 448
_X_CNT = 576  # _shortcut_one_family_nb: a composition, its caps and the kinds' weights
_X_CAP = 640
_X_W = 704
_U_POW = 768  # per pool kind its power, and the prefix claim number (claim_number_step_nb)
_P_TOP = 832
_P_SETC = 896  # prefix count of the cards in kinds held twice or more (a tractor's answers)
_Y_ORD = 960  # _order_by_weight_nb: the pool kinds, heaviest first
_Y_PATH = 1024  # _best_below_nb: the composition at the cap
CAND_KEY = 1152  #: heuristic_follow_nb._one_suit_winners_nb: its candidates' keys (GREEDY_OPTIONS)
CAND_FLAG = 1408  #: and their flags (lane.keys holds 54 * 54)
_R_RANK = 1664  # _rank_from_nb: per pool kind the rank counted over the kinds before it,
_R_LEFT = 1728  # and the cards left to place after them
SHORTCUT_FROM = 8  #: a family of more options than this is not walked whole
MARKED = 1 << 5  #: a walk's suit bit of its marked kind (suits are bits 0 .. 4)


@njit(cache=True, _nrt=False, inline="always")
def _suit_bit_nb(eff, k, mark):
    """Kind ``k``'s bit in a walk's suit bits: its suit's, plus :data:`MARKED` if it is
    the walk's marked kind."""
    return (1 << eff[k]) | (MARKED if k == mark else 0)


@njit(cache=True, _nrt=False, inline="always")
def family_walk_start_nb(kt, level, trump, walk, width, split, reach_width, mark):
    """The start of a walk over one family's options (``fb.fam_fixed[0]`` plus
    ``fb.fam_free[0]`` cards of the pool, whose kinds ``fb.ukind/ucap[:nk]`` strongest
    first come from ``options_count_nb``): per pool kind its points, cost, suit bit and
    power into ``walk.keys`` (``_U_*``), the fixed cards' sums as the prefix sums' first
    row (``_P_*``, the claim number by ``trick_nb.claim_number_step_nb``) and the first
    composition (the greedy fill, strongest kinds first) into ``fb.ucnt`` with its prefix
    sums (:func:`_prefix_sums_nb`: the option's sums are at index ``nk``). Returns ``(nk,
    apart)``: apart when no kind is both fixed and free (a kind's count is then one
    term's). Kind ``mark`` (-1 none) also sets :data:`MARKED` in the suit bits."""
    fb = walk.fb
    eff = kt.eff[level, trump]
    power = kt.power[level, trump]
    points = kt.points
    sc = walk.keys
    ukind = fb.ukind
    ucap = fb.ucap
    nk = fb.state[STATE_WAYS] - 1
    fixed = fb.fam_fixed[0]
    f_pts = 0
    f_cost = 0
    f_bit = 0
    f_top = -1
    f_setc = 0
    for k in range(N_KINDS):
        c = fixed[k]
        if c:
            f_pts += c * points[k]
            f_cost += c * single_cost_nb(eff, power, k)
            f_bit |= _suit_bit_nb(eff, k, mark)
            f_top = claim_number_step_nb(f_top, c, power[k], width, split, reach_width)
            f_setc += c if c >= 2 else 0
    sc[_P_PTS] = f_pts
    sc[_P_COST] = f_cost
    sc[_P_BIT] = f_bit
    sc[_P_TOP] = f_top
    sc[_P_SETC] = f_setc
    apart = True
    left = fb.fam_free[0]
    for i in range(nk):
        k = ukind[i]
        sc[_U_PTS + i] = points[k]
        sc[_U_COST + i] = single_cost_nb(eff, power, k)
        sc[_U_BIT + i] = _suit_bit_nb(eff, k, mark)
        sc[_U_POW + i] = power[k]
        if fixed[k]:
            apart = False
        c = ucap[i] if ucap[i] < left else left
        fb.ucnt[i] = c
        left -= c
    _prefix_sums_nb(sc, fb.ucnt, 0, nk, width, split, reach_width)
    return nk, apart


@njit(cache=True, _nrt=False, inline="always")
def walk_sums_nb(sc, nk):
    """The walked option's sums (the prefix sums at index ``nk``): ``(points, cost, suit
    bits, claim number, cards in sets)``, as :func:`key_sums_nb` returns a key's."""
    return (sc[_P_PTS + nk], sc[_P_COST + nk], sc[_P_BIT + nk], sc[_P_TOP + nk],
            sc[_P_SETC + nk])


@njit(cache=True, _nrt=False, inline="always")
def fixed_bits_nb(sc):
    """The suit bits of a one-family walk's fixed cards (:data:`MARKED` if they hold the
    marked kind)."""
    return sc[_P_BIT]


@njit(cache=True, _nrt=False, inline="always")
def family_walk_next_nb(sc, cnt, ucap, nk, width, split, reach_width):
    """The walk's next option (``follow_count_nb.next_composition_nb``) with its prefix
    sums updated from the first kind that changed; returns that kind, -1 after the last."""
    j = next_composition_nb(cnt, ucap, nk)
    if j >= 0:
        _prefix_sums_nb(sc, cnt, j, nk, width, split, reach_width)
    return j


@njit(cache=True, _nrt=False, inline="always")
def family_option_nb(fb, nk, out):
    """The walked option of one family written out as counts: the fixed cards plus the
    composition ``fb.ucnt[:nk]`` over the pool kinds ``fb.ukind``."""
    fixed = fb.fam_fixed[0]
    for k in range(N_KINDS):
        out[k] = fixed[k]
    for i in range(nk):
        out[fb.ukind[i]] += fb.ucnt[i]


@njit(cache=True, _nrt=False, inline="always")
def keys_walk_start_nb(kt, level, trump, walk, mark):
    """The start of a walk over several families' sorted keys (``fb.keys``, listing
    order): per held kind in kind order its kind and key weight (``_H_*``) and its
    points, cost, suit bit and power (``_U_*``) into ``walk.keys``; returns how many. Kind
    ``mark`` (-1 none) also sets :data:`MARKED` in the suit bits."""
    fb = walk.fb
    eff = kt.eff[level, trump]
    power = kt.power[level, trump]
    points = kt.points
    kind_at = kt.kind_at[level, trump]
    sc = walk.keys
    nh = 0
    for o in range(N_KINDS):
        k = kind_at[o]
        if fb.hold[k]:
            sc[_H_KIND + nh] = k
            sc[_H_W + nh] = fb.weight[k]
            sc[_U_PTS + nh] = points[k]
            sc[_U_COST + nh] = single_cost_nb(eff, power, k)
            sc[_U_BIT + nh] = _suit_bit_nb(eff, k, mark)
            sc[_U_POW + nh] = power[k]
            nh += 1
    return nh


@njit(cache=True, _nrt=False, inline="always")
def key_sums_nb(sc, key, nh, width, split, reach_width):
    """A key's digits (the count of each held kind, into ``sc[_P_PTS:]``), read the most
    significant (strongest kind) first, one division each, and its sums: ``(points, cost,
    suit bits, claim number, cards in sets)``."""
    pts = 0
    cost = 0
    bit = 0
    top = -1
    setc = 0
    rest = key
    for j in range(nh):
        c = rest // sc[_H_W + j]
        rest -= c * sc[_H_W + j]
        sc[_P_PTS + j] = c
        if c:
            pts += c * sc[_U_PTS + j]
            cost += c * sc[_U_COST + j]
            bit |= sc[_U_BIT + j]
            top = claim_number_step_nb(top, c, sc[_U_POW + j], width, split, reach_width)
            setc += c if c >= 2 else 0
    return pts, cost, bit, top, setc


@njit(cache=True, _nrt=False, inline="always")
def key_option_nb(sc, nh, out):
    """The key last summed by :func:`key_sums_nb` written out as counts."""
    for k in range(N_KINDS):
        out[k] = 0
    for j in range(nh):
        out[sc[_H_KIND + j]] = sc[_P_PTS + j]


@njit(cache=True, _nrt=False, inline="always")
def _suit_first_composition_nb(sc, ucap, nk, free, bit, width):
    """The first composition (in listing order) of ``free`` cards over the pool kinds of
    suit ``bit`` alone into ``sc[_X_CNT:]``, their caps into ``sc[_X_CAP:]``; returns
    ``(cards short of free, 0 if there are enough; whether every pool kind is of that suit,
    so that a walk's index is the rank; whether a kind of it may supply the lead's
    ``width``; the cards of its kinds held twice or more)``."""
    left = free
    whole = True
    wide = False
    deep = 0
    for i in range(nk):
        c = ucap[i] if sc[_U_BIT + i] == bit else 0
        whole = whole and c == ucap[i]
        wide = wide or (c >= width and free >= width)
        deep += c if c >= 2 else 0
        sc[_X_CAP + i] = c
        c = c if c < left else left
        sc[_X_CNT + i] = c
        left -= c
    return left, whole, wide, deep


@njit(cache=True, _nrt=False, inline="always")
def one_suit_walk_start_nb(sw, sc, ucap, nk, free, s, lead_suit, f_bit, width, set_lead,
                           tractor_cards, throw_rule, throw_sets):
    """The start of a walk over the options of one family (:func:`family_walk_start_nb`)
    that are of one suit, ``s`` 0 the led suit, 1 trumps (a plain suit led, TRUMP-6): the
    only ones that may claim the trick. Their first composition (listing order) goes to
    ``sc[_X_CNT:]``, the caps to ``sc[_X_CAP:]``. Returns ``(claimable, whole)``:
    claimable when there are such options (the fixed cards' suits ``f_bit`` are this suit's
    or none, the pool has ``free`` cards of it) and not all lose by their sums
    (:func:`_cannot_claim_nb`); whole when every pool kind is of that suit, so that the
    walk's n-th step is the option's listing index (else :func:`_rank_nb`). ``throw_sets``:
    the cards in sets an option needs to take a throw (``heuristic_follow_nb.expert_pick_nb``'s,
    0 for none)."""
    if s == 1 and lead_suit == TRUMP:
        return False, False
    bit = 1 << (lead_suit if s == 0 else TRUMP)
    if f_bit != 0 and f_bit != bit:
        return False, False  # the fixed cards are of another suit already
    left, whole, wide, deep = _suit_first_composition_nb(sc, ucap, nk, free, bit, width)
    if left > 0:
        return False, whole  # fewer than ``free`` cards of this suit
    return not _cannot_claim_nb(sw, sc, s, set_lead, tractor_cards, throw_rule, throw_sets,
                                free, wide, deep), whole


@njit(cache=True, _nrt=False, inline="always")
def suit_points_bound_nb(sc, nk):
    """An upper bound on the points of any option of a one-suit walk
    (:func:`one_suit_walk_start_nb`): the fixed cards' and those of every card the caps
    ``sc[_X_CAP:]`` allow of the suit's pool kinds (more than the free cards may take)."""
    pts = sc[_P_PTS]
    for i in range(nk):
        pts += sc[_X_CAP + i] * sc[_U_PTS + i]
    return pts


@njit(cache=True, _nrt=False, inline="always")
def suit_walk_sums_nb(sc, nk, width, split, reach_width):
    """The prefix sums of a one-suit walk's first composition: the option's sums (points,
    cost, suit bits, claim number, cards in sets) are then at ``sc[_P_* + nk]``."""
    _prefix_sums_nb(sc, sc[_X_CNT:_X_CNT + nk], 0, nk, width, split, reach_width)


@njit(cache=True, _nrt=False, inline="always")
def suit_walk_next_nb(sc, nk, width, split, reach_width):
    """A one-suit walk's next composition (within the caps ``sc[_X_CAP:]``) with its prefix
    sums; returns the first kind that changed, -1 after the last."""
    return family_walk_next_nb(sc, sc[_X_CNT:_X_CNT + nk], sc[_X_CAP:_X_CAP + nk], nk, width,
                               split, reach_width)


@njit(cache=True, _nrt=False, inline="always")
def suit_walk_option_nb(fb, sc, nk, out):
    """The option a one-suit walk (:func:`one_suit_walk_start_nb`) is at, written out as
    counts: the fixed cards plus the composition ``sc[_X_CNT:]`` over the pool kinds."""
    fixed = fb.fam_fixed[0]
    for k in range(N_KINDS):
        out[k] = fixed[k]
    for i in range(nk):
        out[fb.ukind[i]] += sc[_X_CNT + i]


@njit(cache=True, _nrt=False, inline="always")
def _prefix_sums_nb(sc, cnt, start, nk, width, split, reach_width):
    """The walk's prefix sums from pool kind ``start`` on (``sc[_P_* + start]`` is kept),
    the claim number (``trick_nb.claim_number_step_nb``) among them."""
    for i in range(start, nk):
        c = cnt[i]
        sc[_P_PTS + i + 1] = sc[_P_PTS + i] + c * sc[_U_PTS + i]
        sc[_P_COST + i + 1] = sc[_P_COST + i] + c * sc[_U_COST + i]
        sc[_P_BIT + i + 1] = sc[_P_BIT + i] | (sc[_U_BIT + i] if c else 0)
        sc[_P_TOP + i + 1] = claim_number_step_nb(sc[_P_TOP + i], c, sc[_U_POW + i], width,
                                                  split, reach_width)
        sc[_P_SETC + i + 1] = sc[_P_SETC + i] + (c if c >= 2 else 0)


@njit(cache=True, _nrt=False, inline="always")
def tractor_cards_nb(walk, n_units):
    """The cards of a lead that is one tractor (0 for any other lead): every answer to it
    (the tractor's shape, CMP-2's quad, the CMP-3, CMP-4 substitutes, AMB-41's two quads)
    is made of that many cards in kinds held twice or more, so an option with fewer such
    cards cannot claim it (:func:`_walk_one_family_nb`, :func:`_walk_keys_nb`)."""
    if n_units == 1 and walk.ul[0] >= 2 and walk.uw[0] >= 2:
        return np.int64(walk.uw[0]) * np.int64(walk.ul[0])
    return np.int64(0)


@njit(cache=True, _nrt=False, inline="always")
def throw_set_cards_nb(walk, n_units):
    """The cards of a throw's units of two cards a kind or more (sets and tractors): a play
    that takes the throw realizes each of them (CMP-8, THROW-6, ``trick_nb._throw_winner``)
    from kinds it holds at least twice, so an option with fewer cards in such kinds cannot
    take it. 0 for a one-unit lead."""
    n = np.int64(0)
    if n_units >= 2:
        for u in range(n_units):
            if walk.uw[u] >= 2:
                n += np.int64(walk.uw[u]) * np.int64(walk.ul[u])
    return n


@njit(cache=True, _nrt=False, inline="always")
def reach_width_nb(walk, n_units, best):
    """For a lead of one tractor (:func:`tractor_cards_nb` > 0, the test
    :func:`judge_by_sums_nb` reads the reach under) the width of the claim so far
    (``best``, at least the tractor's width), which bounds the options' claims
    (``trick_nb.tractor_claim_nb``); 0 for any other lead."""
    if tractor_cards_nb(walk, n_units) > 0:
        return np.int64(best[2])
    return np.int64(0)


WINS = 1
LOSES = 0
UNDECIDED = -1


@njit(cache=True, _nrt=False, inline="always")
def judge_by_sums_nb(sw, side, width, top, setc, set_lead, tractor_cards, best, throw_rule):
    """Does a walked option of one suit (``side`` 0 the led suit, 1 trumps) beat the claim
    so far ``best``, judged from its sums (CMP-9): :data:`WINS`, :data:`LOSES`, or
    :data:`UNDECIDED` (write it out and ask :func:`greedy_wins_nb`). A set lead: by its
    strongest set ``top`` (``trick_nb.set_claim_beats_nb``). A one-tractor lead: it loses
    with fewer than ``tractor_cards`` cards in sets (``setc``, :func:`tractor_cards_nb`) or
    when its reach ``top`` cannot beat ``best`` (``trick_nb.tractor_may_beat_nb``). A throw
    (``throw_rule``: ``trick_nb.throw_ruff_rule_nb``): a play of the led suit loses unless
    OTH-2 B lets it take a throw (DEF-4); a ruff wins where the rule says so."""
    if throw_rule != NOT_A_THROW:
        if side == 1 and throw_rule == THROW_RUFF_WINS:
            return WINS
        if side == 0 and not led_suit_takes_throw_nb(sw):
            return LOSES
        return UNDECIDED
    if set_lead:
        return WINS if set_claim_beats_nb(sw, side, width, top, best) else LOSES
    if tractor_cards > 0 and (setc < tractor_cards
                              or not tractor_may_beat_nb(side, top, best[1], best[4])):
        return LOSES
    return UNDECIDED


@njit(cache=True, _nrt=False, inline="always")
def _cannot_claim_nb(sw, sc, s, set_lead, tractor_cards, throw_rule, throw_sets, free, wide,
                     deep):
    """Does every option of one suit (``s`` 0 the led suit, 1 trumps) lose
    (:func:`judge_by_sums_nb`'s :data:`LOSES`), the fixed cards' claim number and cards in
    sets being ``sc[_P_TOP]``, ``sc[_P_SETC]``? A set lead is claimed only by a kind that
    supplies its width (CMP-9, AMB-17): a fixed one, or a kind of the suit held at least
    that often (``wide``); a one-tractor lead's answers need ``tractor_cards`` cards in
    kinds held twice or more, at most the fixed cards' and ``free`` of the suit's ``deep``
    cards in such kinds; a throw is not taken by the led suit under OTH-2 A, nor by options
    with fewer than ``throw_sets`` cards in such kinds (CMP-8, THROW-6; 0: not asked)."""
    if throw_rule != NOT_A_THROW:
        return (s == 0 and not led_suit_takes_throw_nb(sw)) or (
            sc[_P_SETC] + min(deep, free) < throw_sets)
    if set_lead:
        return sc[_P_TOP] < 0 and not wide
    if tractor_cards > 0:
        return sc[_P_SETC] + min(deep, free) < tractor_cards
    return False


@njit(cache=True, _nrt=False, inline="always")
def single_beats_nb(eff, power, lead_suit, k, best):
    """Card ``k`` played after ``best`` (the winner so far of a one-card lead of suit
    ``lead_suit``) wins the trick from it: a higher card of the led suit, a ruff of a led
    plain card, a higher trump over a ruff; the first of equal cards keeps the trick (CMP-1,
    TRUMP-6, TRUMP-7, DEF-3; ``play_trick_nb._set_winner_nb``)."""
    e = eff[k]
    best_ruff = eff[best] == TRUMP and lead_suit != TRUMP
    if e == lead_suit:
        return not best_ruff and power[k] > power[best]
    if e == TRUMP:
        return not best_ruff or power[k] > power[best]
    return False


@njit(cache=True, _nrt=False, inline="always")
def single_cost_nb(eff, power, k):
    """``players._cost`` of one card: its power, plus 200 for a trump."""
    return power[k] + (200 if eff[k] == TRUMP else 0)
