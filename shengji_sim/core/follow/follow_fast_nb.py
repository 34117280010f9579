"""Fast paths of a random player's follow: shortcuts that draw exactly what the family
kernels draw (docs/core-conventions.md "Fast paths draw what the general kernels draw").

Representation
--------------
A hand is an ``int8[54]`` count vector with its masks (:mod:`.bits_nb`); ``cls`` are the
kinds of the led follow class in listing order (``kt.cls_kinds``), ``state`` the hand's rng
stream. Each shortcut writes the play into ``play`` (counts) and returns the rule code (and
the table row), or ``-1`` (declined, nothing drawn) for a position or reading it does not
cover; the caller then asks the family kernels (:mod:`.follow_families_nb`):

* a one-card lead (FOLLOW-1, FOLLOW-2, AMB-37 B, OTH-6 B): :func:`one_card_options_nb`,
  :func:`one_card_nth_nb`, and for random players :func:`random_single_nb` from the masks;
* a follower short in the led class (FOLLOW-1): :func:`random_short_follow_nb`;
* a pair, triple or 2-pair tractor lead (FOLLOW-3, FOLLOW-4, FOLLOW-10, DEF-5, DEF-8):
  :func:`random_pair_follow_nb`, :func:`random_triple_follow_nb`,
  :func:`random_pairtractor_follow_nb`; the rows of a pair and a triple lead, which the greedy
  and expert followers share (``core/players``), are :func:`pair_row_nb` and
  :func:`triple_row_nb`.

The readings each fast path declines are data (:mod:`.fast_paths`); its guard
(``<path>_declines_nb``) is generated from them into :mod:`.fast_guards_nb`.
"""

from __future__ import annotations

from shengji_sim.cards import (
    N_KINDS,
    TRUMP,
)
from shengji_sim.core.base.bits_nb import (
    cards_in_nb,
    lowest_bit_nb,
    nth_bit_nb,
    popcount_nb,
)
from shengji_sim.core.base.jit import njit
from shengji_sim.core.base.rng_nb import (
    below_nb,
    random_multiset_nb,
)
from shengji_sim.core.base.switches import (
    SW_FOLLOW_POLICY,
    SW_JJ4_FOLLOW_SOURCE,
    SW_LONGER_TUPLES,
    SW_SPLIT_SETS,
    V_FOLLOW_POLICY_CZ4_CHAINS,
    V_FOLLOW_POLICY_JJ4_TABLES,
    V_FOLLOW_POLICY_TRACTOR_PAIRS,
    V_JJ4_FOLLOW_SOURCE_LINE76,
    V_LONGER_TUPLES_PROTECTED,
    V_SPLIT_SETS_YES,
    reading_nb,
)
from shengji_sim.core.follow.fast_guards_nb import (
    pair_declines_nb,
    pairtractor_declines_nb,
    triple_declines_nb,
)
from shengji_sim.core.follow.follow_data import (
    RULE_AMB_37_B,
    RULE_DEF_5,
    RULE_FOLLOW_1,
    RULE_FOLLOW_2,
    RULE_FOLLOW_3,
    RULE_FOLLOW_4,
    RULE_FOLLOW_10,
    RULE_OTH_6_B,
)
from shengji_sim.core.rules.shapes_nb import (
    supplies_nb,
)

#: a class of at most this many kinds held cannot overflow the mixed radix: at most four
#: decks (DECK-2), so the radix is at most 5 ** 26 < 2 ** 61 (ERR_KEY_OVERFLOW)
SAFE_DISTINCT = 26


@njit(cache=True, _nrt=False)
def _three_key_nb(a, b, c):
    """Three card places (``a <= b <= c``, strongest first) as one ascending key."""
    return (a * 64 + b) * 64 + c


@njit(cache=True, _nrt=False, inline="always")
def pair_row_nb(sw, cls, n_cls, hand):
    """The DEF-5 row a follower owes a lead that is one pair, when it holds more than two
    cards of the led follow class ``cls[:n_cls]`` (``kt.cls_kinds``, strongest first).

    A pair has no FOLLOW-4, FOLLOW-5, FOLLOW-6, FOLLOW-7, FOLLOW-8, FOLLOW-9, FOLLOW-10 table, so
    every policy ranks DEF-5 rows (FOLLOW-3, FOLLOW-11):
    row 1, a pair, when one is held (AMB-17: a larger set supplies one iff sets split; OTH-5
    B finds the row without splitting and then offers every pair, split or not); else row 2,
    any two cards of the class. Returns ``(rule, row, offer_split, distinct, doubles,
    offered)``: whether row 1's pairs are offered from split sets, the kinds held, those held
    twice or more, and row 1's pairs. Rule -1 (row 0) leaves the follow to the family kernels:
    the readings of ``pair_declines_nb`` (:mod:`.fast_paths`), fewer cards, a radix near
    overflow."""
    if pair_declines_nb(sw):
        return -1, 0, False, 0, 0, 0
    split = reading_nb(sw, SW_SPLIT_SETS) == V_SPLIT_SETS_YES
    protected = sw[SW_LONGER_TUPLES] == V_LONGER_TUPLES_PROTECTED
    owed_split = split and not protected  # finding the row (OTH-5 B: never split)
    offer_split = split or protected  # the row's realizations
    held = 0
    distinct = 0
    doubles = 0
    owed = 0
    offered = 0
    radix = 1.0
    for j in range(n_cls):
        c = hand[cls[j]]
        if c:
            held += c
            distinct += 1
            radix *= c + 1
            doubles += c >= 2
            owed += supplies_nb(c, 2, owed_split)
            offered += supplies_nb(c, 2, offer_split)
    if held <= 2 or radix > 2.0 ** 61:
        return -1, 0, False, 0, 0, 0
    rule = RULE_FOLLOW_3 if sw[SW_FOLLOW_POLICY] == V_FOLLOW_POLICY_TRACTOR_PAIRS else RULE_DEF_5
    return rule, 1 if owed else 2, offer_split, distinct, doubles, offered


@njit(cache=True, _nrt=False)
def random_pair_follow_nb(sw, cls, n_cls, hand, state, play):
    """``RandomPlayer.follow`` of a lead that is one pair, when the follower holds more than
    two cards of the led follow class ``cls[:n_cls]`` (``kt.cls_kinds``, strongest first):
    the play (taken from ``hand``), drawn as ``below(count)`` over the options the family
    kernels list. Returns ``(rule, row)``; rule -1 leaves the follow to them (the declines of
    :func:`pair_row_nb`).

    The row is :func:`pair_row_nb`'s; its options are listed by the strongest-first card
    sequence."""
    rule, row, offer_split, distinct, doubles, offered = pair_row_nb(sw, cls, n_cls, hand)
    if rule < 0:
        return -1, 0
    for k in range(N_KINDS):
        play[k] = 0
    if row == 1:  # row 1: one of the pairs
        i = below_nb(state, offered)
        for j in range(n_cls):
            k = cls[j]
            if supplies_nb(hand[k], 2, offer_split):
                if i == 0:
                    play[k] = 2
                    hand[k] -= 2
                    return rule, 1
                i -= 1
        return -1, 0
    # row 2: any two cards; options starting with x: [x, x] if x is held twice, then [x, y]
    # for each held y listed after x
    i = below_nb(state, distinct * (distinct - 1) // 2 + doubles)
    after = distinct
    for j in range(n_cls):
        x = cls[j]
        if not hand[x]:
            continue
        after -= 1
        if hand[x] >= 2:
            if i == 0:
                play[x] = 2
                hand[x] -= 2
                return rule, 2
            i -= 1
        if i < after:
            for jj in range(j + 1, n_cls):
                y = cls[jj]
                if hand[y]:
                    if i == 0:
                        play[x] = 1
                        play[y] = 1
                        hand[x] -= 1
                        hand[y] -= 1
                        return rule, 2
                    i -= 1
        i -= after
    return -1, 0


@njit(cache=True, _nrt=False, inline="always")
def triple_row_nb(sw, cls, n_cls, hand):
    """The DEF-5 row a follower owes a lead that is one triple, when it holds more than three
    cards of the led follow class ``cls[:n_cls]`` (strongest first).

    A triple has no FOLLOW-4, FOLLOW-5, FOLLOW-6, FOLLOW-7, FOLLOW-8, FOLLOW-9, FOLLOW-10 table
    (DEF-8), so every policy ranks the DEF-5 rows of
    :func:`shengji_sim.rules.follow._structure_rows`: row 1 a triple (AMB-17: a quad
    supplies one iff sets split), row 2 a pair plus any other card of the class, row 3 any
    three cards. Returns ``(rule, row, split, distinct, triples)``: whether sets split, the
    kinds held and row 1's triples. Rule -1 (row 0) leaves the follow to the family kernels:
    the readings of ``triple_declines_nb`` (:mod:`.fast_paths`), fewer cards, a radix near
    overflow, and row 3 when some kind is held more than once (sets not split)."""
    if triple_declines_nb(sw):
        return -1, 0, False, 0, 0
    split = reading_nb(sw, SW_SPLIT_SETS) == V_SPLIT_SETS_YES
    held = 0
    distinct = 0
    triples = 0
    pairs = 0
    multiple = 0
    radix = 1.0
    for j in range(n_cls):
        c = hand[cls[j]]
        if c:
            held += c
            distinct += 1
            radix *= c + 1
            triples += supplies_nb(c, 3, split)
            pairs += supplies_nb(c, 2, split)
            multiple += c >= 2
    if held <= 3 or radix > 2.0 ** 61:
        return -1, 0, False, 0, 0
    if not triples and not pairs and multiple:
        return -1, 0, False, 0, 0  # row 3 over a holding with sets: the family kernels unrank it
    rule = RULE_FOLLOW_3 if sw[SW_FOLLOW_POLICY] == V_FOLLOW_POLICY_TRACTOR_PAIRS else RULE_DEF_5
    row = 1 if triples else (2 if pairs else 3)
    return rule, row, split, distinct, triples


@njit(cache=True, _nrt=False)
def triple_row_2_keys_nb(cls, n_cls, hand, split, keys):
    """DEF-5 row 2 of a triple lead: the plays ``{k, k, x}`` (a pair ``k`` the class supplies,
    AMB-17 by ``split``, and any other card ``x`` of the class), keyed by their three class
    indices ascending (:func:`_three_key_nb`), into ``keys`` sorted (a multiset may come more
    than once); returns their number. ``keys``: scratch of at least ``n_cls * n_cls``."""
    m = 0
    for j in range(n_cls):
        if not supplies_nb(hand[cls[j]], 2, split):
            continue
        for jj in range(n_cls):
            left = hand[cls[jj]] - (2 if jj == j else 0)
            if left <= 0:
                continue
            if j <= jj:  # the play {cls[j] x2, cls[jj]}, its class indices ascending
                m = _insert_key_nb(keys, m, _three_key_nb(j, j, jj))
            else:
                m = _insert_key_nb(keys, m, _three_key_nb(jj, j, j))
    return m


@njit(cache=True, _nrt=False)
def random_triple_follow_nb(sw, cls, n_cls, hand, state, play, keys):
    """``RandomPlayer.follow`` of a lead that is one triple, when the follower holds more
    than three cards of the led follow class ``cls[:n_cls]`` (strongest first): the play
    (taken from ``hand``), drawn as ``below(count)`` over the options the family kernels
    list. Returns ``(rule, row)``; rule -1 leaves the follow to them (no draw; the declines
    of :func:`triple_row_nb`).

    The row is :func:`triple_row_nb`'s, its options listed by the strongest-first card
    sequence: row 2's plays as :func:`triple_row_2_keys_nb` keys them (``keys`` is scratch
    of at least ``n_cls * n_cls`` entries)."""
    rule, row, split, distinct, triples = triple_row_nb(sw, cls, n_cls, hand)
    if rule < 0:
        return -1, 0
    for k in range(N_KINDS):
        play[k] = 0
    if row == 1:  # row 1: one of the triples, strongest first
        i = below_nb(state, triples)
        for j in range(n_cls):
            k = cls[j]
            if supplies_nb(hand[k], 3, split):
                if i == 0:
                    play[k] = 3
                    hand[k] -= 3
                    return rule, 1
                i -= 1
        return -1, 0
    if row == 2:  # row 2: a pair and one more card of the class
        m = triple_row_2_keys_nb(cls, n_cls, hand, split, keys)
        _draw_key_nb(keys, m, state, cls, 3, hand, play)
        return rule, 2
    # row 3: three different kinds (all held once), in lexicographic order of the class
    i = below_nb(state, distinct * (distinct - 1) * (distinct - 2) // 6)
    chosen = 0
    left = distinct
    for j in range(n_cls):
        k = cls[j]
        if not hand[k]:
            continue
        left -= 1
        need = 2 - chosen  # cards still to choose after this one
        ways = 1  # combinations of the remaining kinds if k is taken
        for t in range(need):
            ways = ways * (left - t) // (t + 1)
        if i < ways:
            play[k] = 1
            chosen += 1
            if chosen == 3:
                break
        else:
            i -= ways
    for k in range(N_KINDS):
        hand[k] -= play[k]
    return rule, 3


@njit(cache=True, _nrt=False)
def _insert_key_nb(keys, m, key):
    """Insert ``key`` into the ascending ``keys[:m]``; returns ``m + 1``."""
    r = m
    while r > 0 and keys[r - 1] > key:
        keys[r] = keys[r - 1]
        r -= 1
    keys[r] = key
    return m + 1


@njit(cache=True, _nrt=False)
def _four_key_nb(a, b, c, d):
    """Four card places (``a <= b <= c <= d``, strongest first) as one ascending key."""
    return ((a * 64 + b) * 64 + c) * 64 + d


@njit(cache=True, _nrt=False)
def _draw_key_nb(keys, m, state, kinds, n_cards, hand, play):
    """Option ``below(count)`` of the sorted ``keys[:m]`` (each multiset once), a key being
    ``n_cards`` places of 6 bits that ``kinds`` maps to kinds, added to ``play`` and taken
    from ``hand``."""
    n = 0
    for r in range(m):
        if r == 0 or keys[r] != keys[n - 1]:
            keys[n] = keys[r]
            n += 1
    key = keys[below_nb(state, n)]
    for i in range(n_cards):
        k = kinds[(key >> (6 * i)) & 63]
        play[k] += 1
        hand[k] -= 1


@njit(cache=True, _nrt=False)
def random_pairtractor_follow_nb(sw, kind_at, succ, cls_mask, hm, hand, state, play, keys,
                                 rest, bkinds, suf, picked):
    """``RandomPlayer.follow`` of a lead that is one 2-pair tractor, when the follower holds
    more than four cards of the led follow class (``cls_mask``, positions): the play
    (taken from ``hand``), drawn as ``below(count)`` over the options the family kernels
    list. ``hm`` are the hand's masks (:mod:`.bits_nb`), ``succ`` the tables'
    ``succ_pmask[level, trump]`` (the 2-runs). Returns ``(rule, row)``; rule -1 leaves the
    follow to them (no draw).

    The three policies rank the same kinds of play:
    * FOLLOW-4 (000 line 46, chain tractor -> pair, AMB-15 A greedy): a 2-pair tractor; else
      two pairs (a kind held four times gives both when sets split); else the one pair plus
      any two cards; else any four cards. No row.
    * FOLLOW-10 (002 lines 214-222): row 1 a 2-pair tractor or a quad, row 2 two pairs,
      row 3 a pair and two cards, row 4 any four cards.
    * DEF-5 / FOLLOW-3: the same rows without the quad (AMB-16's readings rank a lone
      tractor alike).
    Pairs and quads are supplied per AMB-17. Each row's plays are the distinct multisets of
    its realizations, listed by the strongest-first card sequence (four positions ascending
    as one key, :func:`_four_key_nb`); the free cards of row 3 and 4 are drawn as
    ``rng_nb.random_multiset_nb`` draws them. Left to the family kernels: the readings of
    ``pairtractor_declines_nb`` (:mod:`.fast_paths`), a radix near overflow."""
    if pairtractor_declines_nb(sw):
        return -1, 0
    policy = sw[SW_FOLLOW_POLICY]
    cz4 = policy == V_FOLLOW_POLICY_CZ4_CHAINS
    jj4 = (policy == V_FOLLOW_POLICY_JJ4_TABLES
           and sw[SW_JJ4_FOLLOW_SOURCE] != V_JJ4_FOLLOW_SOURCE_LINE76)
    held = hm[0] & cls_mask
    if cards_in_nb(hm, cls_mask) <= 4 or popcount_nb(held) > SAFE_DISTINCT:
        return -1, 0  # short (the caller's path) / the radix guard
    split = reading_nb(sw, SW_SPLIT_SETS) == V_SPLIT_SETS_YES
    sup = hm[1] & cls_mask  # kinds that supply a pair (AMB-17)
    if not split:
        sup &= ~hm[2]
    quads = hm[3] & cls_mask  # held four times: a quad either way (four decks at most)
    if cz4:
        rule = RULE_FOLLOW_4
    elif jj4:
        rule = RULE_FOLLOW_10
    elif policy == V_FOLLOW_POLICY_TRACTOR_PAIRS:
        rule = RULE_FOLLOW_3
    else:
        rule = RULE_DEF_5
    for k in range(N_KINDS):
        play[k] = 0
    m = 0
    firsts = sup  # row 1: the 2-pair tractors held (and JJ4's quads)
    while firsts:
        a = lowest_bit_nb(firsts)
        firsts &= firsts - 1
        seconds = succ[kind_at[a]] & sup
        while seconds:
            b = lowest_bit_nb(seconds)
            seconds &= seconds - 1
            lo, hi = (a, b) if a < b else (b, a)
            m = _insert_key_nb(keys, m, _four_key_nb(lo, lo, hi, hi))
    if jj4:
        q = quads
        while q:
            a = lowest_bit_nb(q)
            q &= q - 1
            m = _insert_key_nb(keys, m, _four_key_nb(a, a, a, a))
    if m:
        _draw_key_nb(keys, m, state, kind_at, 4, hand, play)
        return rule, 0 if cz4 else 1
    ks = sup  # row 2: two pairs
    while ks:
        a = lowest_bit_nb(ks)
        ks &= ks - 1
        if split and (quads >> a) & 1:
            m = _insert_key_nb(keys, m, _four_key_nb(a, a, a, a))
        ms = ks
        while ms:
            b = lowest_bit_nb(ms)
            ms &= ms - 1
            m = _insert_key_nb(keys, m, _four_key_nb(a, a, b, b))
    if m:
        _draw_key_nb(keys, m, state, kind_at, 4, hand, play)
        return rule, 0 if cz4 else 2
    for k in range(N_KINDS):  # rows 3 and 4 draw free cards from the led class
        rest[k] = 0
    c = held
    while c:
        k = kind_at[lowest_bit_nb(c)]
        c &= c - 1
        rest[k] = hand[k]
    free = 4
    row = 4
    if sup:  # row 3: the one pair, then any two
        k = kind_at[lowest_bit_nb(sup)]
        play[k] = 2
        rest[k] -= 2
        free = 2
        row = 3
    random_multiset_nb(kind_at, state, rest, free, bkinds, suf, picked)
    for i in range(free):
        play[picked[i]] += 1
    for k in range(N_KINDS):
        hand[k] -= play[k]
    return rule, 0 if cz4 else row


ONE_CLASS = 0  #: any kind of the led follow class held (one such card: that card, count 1)
ONE_ANY = 1  #: void: any kind held
ONE_PLAIN = 2  #: void under AMB-37 B: any plain kind held


@njit(cache=True, _nrt=False)
def one_card_options_nb(cls, n_cls, eff, lead_kind, hand, position, last_only, no_shape):
    """The follows of a one-card lead from ``hand``: ``(mode, rule, count)``, mode one of
    ``ONE_*`` or -1 when the family kernels must decide (a holding whose mixed radix might
    overflow, ``errors.ERR_KEY_OVERFLOW``). ``cls[:n_cls]`` is the led card's follow class
    (``kt.cls_kinds``): only it is looked at unless the player is void."""
    held = 0
    distinct = 0
    radix = 1.0
    for j in range(n_cls):
        c = hand[cls[j]]
        if c:
            held += c
            distinct += 1
            radix *= c + 1
    if held > 1:  # any one led-suit card (FOLLOW-1 / OTH-6 B)
        if radix > 2.0 ** 61:
            return -1, 0, 0
        return ONE_CLASS, RULE_OTH_6_B if no_shape else RULE_FOLLOW_1, distinct
    if held == 1:  # the one led-suit card (FOLLOW-1)
        return ONE_CLASS, RULE_FOLLOW_1, 1
    mode = ONE_ANY
    rule = RULE_FOLLOW_2  # void: any card (FOLLOW-2)
    if eff[lead_kind] != TRUMP and last_only and position < 3:  # AMB-37 B: only the last
        rule = RULE_AMB_37_B  # player ruffs, unless nothing else is held
        for k in range(N_KINDS):
            if hand[k] and eff[k] != TRUMP:
                mode = ONE_PLAIN
                break
    count = 0
    for k in range(N_KINDS):
        if hand[k] and not (mode == ONE_PLAIN and eff[k] == TRUMP):
            count += 1
    return mode, rule, count


@njit(cache=True, _nrt=False)
def one_card_nth_nb(mode, cls, n_cls, eff, kind_at, hand, index):
    """The kind of option ``index`` of :func:`one_card_options_nb` (strongest first)."""
    if mode == ONE_CLASS:
        for j in range(n_cls):
            k = cls[j]
            if hand[k]:
                if index == 0:
                    return k
                index -= 1
        return -1
    for o in range(N_KINDS):
        k = kind_at[o]
        if hand[k] and not (mode == ONE_PLAIN and eff[k] == TRUMP):
            if index == 0:
                return k
            index -= 1
    return -1


@njit(cache=True, _nrt=False, inline="always")
def one_card_option_mask_nb(hm, cls_mask, plain_mask, lead_trump, position, last_only,
                            no_shape):
    """The follows of a one-card lead from a hand with masks ``hm`` (bits_nb) as
    ``(options, rule)``: the options as a bit set of positions (:func:`one_card_options_nb`'s
    options, strongest first), or ``(0, -1)`` when that function must decide (a class so
    long that the radix guard might apply)."""
    options = hm[0] & cls_mask  # the led follow class's kinds held
    distinct = popcount_nb(options)
    if distinct > 1:  # any one led-suit card (FOLLOW-1 / OTH-6 B)
        if distinct > SAFE_DISTINCT:
            return 0, -1
        return options, RULE_OTH_6_B if no_shape else RULE_FOLLOW_1
    if distinct == 1:  # one kind: the player follows with it (FOLLOW-1 / OTH-6 B)
        return options, RULE_OTH_6_B if no_shape and hm[1] & options else RULE_FOLLOW_1
    options = hm[0]
    rule = RULE_FOLLOW_2  # void: any card (FOLLOW-2)
    if not lead_trump and last_only and position < 3:  # AMB-37 B: only the last player
        rule = RULE_AMB_37_B  # ruffs, unless nothing else is held
        if hm[0] & plain_mask:
            options = hm[0] & plain_mask
    return options, rule


@njit(cache=True, _nrt=False)
def random_single_nb(hm, cls_mask, plain_mask, lead_trump, kind_at, position, last_only,
                      no_shape, state):
    """``RandomPlayer.follow`` of a one-card lead from a hand with masks ``hm`` (bits_nb):
    ``(kind, rule)`` of the card drawn as ``below(count)`` over the options of
    :func:`one_card_options_nb`, or ``(-1, -1)`` when that function must decide (a class
    so long that the radix guard might apply). The options are bit sets of positions, so
    their count is a popcount and option ``i`` the ``i``-th set bit (strongest first)."""
    options, rule = one_card_option_mask_nb(hm, cls_mask, plain_mask, lead_trump, position,
                                            last_only, no_shape)
    if rule < 0:
        return -1, -1
    o = nth_bit_nb(options, below_nb(state, popcount_nb(options)))  # forced: below(1) too
    return kind_at[o], rule


#: the most free cards a short follow draws directly (their multisets fit an int64 easily)
SHORT_FREE = 8


@njit(cache=True, _nrt=False)
def random_short_follow_nb(hand, hm, cls_mask, kind_at, n, state, rest, bkinds, suf, picked,
                            play):
    """``RandomPlayer.follow`` of an ``n``-card lead by a player short in the led class
    (``cls_mask``): holding at most ``n`` of its cards, it plays them all and ``n - held``
    free cards of the rest of its hand (FOLLOW-1, FOLLOW-2: ``follow_families_nb``'s
    ``_follow_suit_and_fill``, one family). The free cards are option ``below(count)`` of
    their multisets in listing order (``rng_nb.random_multiset_nb``; with the fixed cards
    added, the order of whole plays is the same). Writes ``play`` and takes it from
    ``hand``; returns the rule, or -1 when the player is not short or more than
    ``SHORT_FREE`` cards are free (the family kernels decide). The caller leaves AMB-19 B and
    AMB-37 B to the family kernels."""
    held_class = hm[0] & cls_mask
    nh = cards_in_nb(hm, cls_mask)
    free = n - nh
    if free < 0 or free > SHORT_FREE:
        return -1
    for k in range(N_KINDS):
        play[k] = 0
    while held_class:  # every led-class card (FOLLOW-1)
        k = kind_at[lowest_bit_nb(held_class)]
        held_class &= held_class - 1
        play[k] = hand[k]
    if free == 0:
        below_nb(state, 1)  # the one play is still drawn
    elif free == 1:  # one card of another kind: strongest first, as the multisets list it
        others = hm[0] & ~cls_mask
        play[kind_at[nth_bit_nb(others, below_nb(state, popcount_nb(others)))]] += 1
    else:
        for k in range(N_KINDS):
            rest[k] = hand[k] - play[k]
        random_multiset_nb(kind_at, state, rest, free, bkinds, suf, picked)
        for i in range(free):
            play[picked[i]] += 1
    for k in range(N_KINDS):
        hand[k] -= play[k]
    return RULE_FOLLOW_1 if nh else RULE_FOLLOW_2
