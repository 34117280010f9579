"""The reference players: ``random``, the heuristic family of the strategy profiles
(strategies/*.toml, docs/strategies.md) whose default profile is ``greedy`` (the kernels of
:mod:`shengji_sim.core.players.random_nb` and :mod:`~shengji_sim.core.players.greedy_nb` make the
same decisions as random and greedy, those of :mod:`shengji_sim.core.players.heuristic_nb` as every
other heuristic profile), and ``passive`` for tests. :func:`make_player` builds one seat's player
from a :class:`~shengji_sim.config.strategy.StrategyProfile`, :func:`make_players` four seats by
name.

The ``random`` player's distribution, exactly (the Numba core draws the same numbers):

* declare / 炒底: ``i = rng.below(count + 1)``; ``i == count`` passes, else option ``i``
  (options in the engine's order: kinds ascending, then card count ascending).
* bury: ``rng.below(count)`` over the distinct multisets of ``kitty_size`` cards of the
  hand, in :func:`~shengji_sim.rules.follow.nth_multiset` order (uniform over distinct
  burials, not over card positions).
* lead: ``rng.below(count)`` over the distinct one-unit leads of
  :func:`~shengji_sim.rules.game.lead_options` (it never throws).
* follow: ``rng.below(count)`` over the distinct legal follows in listing order
  (:func:`~shengji_sim.rules.follow.follow_options`).

:class:`HeuristicPlayer` reads its profile's keys; its expert rules read a :class:`Memory`:
integer tables built from the own hand and the public history only (copies of each kind
out and unseen, a void flag per seat and follow group), so a decision never depends on
hidden cards (tests/property/test_no_peeking.py) and the kernels can mirror it (fixed-size
state, no search). With the default profile it is ``greedy``, a simple sensible heuristic
that draws no random numbers: it declares its strongest option when it holds at least a
quarter of its cards in that suit (counting trumps), buries its weakest non-point cards,
leads its strongest unit when that unit is a trump or an ace-high off-suit unit and
otherwise its lowest single of its longest off suit, and follows by winning the trick as
cheaply as it can, giving points to a partner who is winning, and otherwise playing the
cheapest follow (fewest points, lowest power).
"""

from __future__ import annotations

from shengji_sim.cards import TRUMP, is_joker, points_of
from shengji_sim.config.strategy import StrategyProfile, load_strategy
from shengji_sim.rng import Rng
from shengji_sim.rules.game import Choice, View
from shengji_sim.rules.match import side_of
from shengji_sim.rules.shapes import decompose, unit_top
from shengji_sim.rules.trick import applies, trick_winner

MAX_GREEDY_OPTIONS = 256


class RandomPlayer:
    """Uniform over the engine's options for every decision (see the module docstring)."""

    name = "random"

    def declare(self, view: View, options: Choice, rng: Rng):
        i = rng.below(options.count + 1)
        return None if i == options.count else options.nth(i)

    chaodi = declare

    def bury(self, view: View, options: Choice, rng: Rng) -> list[int]:
        return options.nth(rng.below(options.count))

    def lead(self, view: View, options: Choice, rng: Rng) -> list[int]:
        return options.nth(rng.below(options.count))

    def follow(self, view: View, options: Choice, rng: Rng) -> list[int]:
        return options.nth(rng.below(options.count))


class Memory:
    """What a seat knows, as fixed-size integer tables (translatable to Numba):

    ``mine[k]`` copies of kind ``k`` in the own hand; ``out[k]`` copies played in finished
    tricks and the current one; ``unseen[k] = decks - mine - out`` (minus the kitty the seat
    buried itself): copies that the other hands or the kitty may hold; ``void[s][g]`` seat
    ``s`` showed it holds no card of follow group ``g`` (0..4): it played a card outside the
    led group (only under AMB-19 A, where a follower must follow suit while it can).
    Built from the own hand and the public history only (no peeking)."""

    def __init__(self, view: View, remember: bool) -> None:
        ctx = view.ctx
        group = ctx.ranking.group
        decks = ctx.variant.decks
        self.mine = [0] * 54
        self.out = [0] * 54
        self.void = [[False] * 5 for _ in range(4)]
        for k in view.hand:
            self.mine[k] += 1
        if remember:
            infer = ctx.variant.ruff_condition == "void_only"
            for plays in [*view.history, view.current]:
                if not plays:
                    continue
                led = group[plays[0][1][0]]
                for seat, cards in plays:
                    for k in cards:
                        self.out[k] += 1
                    if infer and any(group[k] != led for k in cards):
                        self.void[seat][led] = True
            for k in view.own_kitty or ():
                self.out[k] += 1
        self.unseen = [max(0, decks - self.mine[k] - self.out[k]) for k in range(54)]

    def higher_unseen(self, ctx, group: int, power: int, width: int) -> bool:
        """May another seat hold ``width`` copies of a kind of ``group`` above ``power``?"""
        rk = ctx.ranking
        return any(self.unseen[j] >= width and rk.group[j] == group and rk.power[j] > power
                   for j in range(54))

    def unseen_trumps(self, ctx) -> int:
        return sum(self.unseen[j] for j in range(54) if ctx.ranking.eff_suit[j] == TRUMP)


class HeuristicPlayer:
    """The heuristic family: a :class:`~shengji_sim.config.strategy.StrategyProfile` selects each
    decision's rule (docs/strategies.md). The default profile is ``greedy``: win cheap
    tricks, feed a winning partner, keep trumps, bury low non-point cards (the decisions
    the Numba core's greedy player mirrors). The expert rules read a :class:`Memory` of the
    public history. Decisions draw no random numbers."""

    def __init__(self, profile: StrategyProfile | None = None) -> None:
        self.profile = profile or StrategyProfile()
        self.name = self.profile.name
        self._refused: tuple | None = None  # the throw the engine refused (AMB-22, AMB-23)

    # ------------------------------------------------------------------------- declare

    def declare(self, view: View, options: Choice, rng: Rng):
        if self.profile.declare_rule == "strength":
            if not self.profile.declare_over_partner and _partner_declared_last(view):
                return None
            return self._declare_by_strength(view, options)
        best = options.nth(options.count - 1) if options.count else None
        if best is None:
            return None
        suit = best.suit
        same = sum(1 for k in view.hand if k < 52 and (k // 13 == suit or k % 13 == view.level))
        return best if 100 * same >= self.profile.declare_share * max(len(view.hand), 4) \
            else None

    def chaodi(self, view: View, options: Choice, rng: Rng):
        if self.profile.declare_rule == "strength":
            return self._declare_by_strength(view, options)
        return self.declare(view, options, rng)

    def _declare_by_strength(self, view: View, options: Choice):
        """Declare the option whose trump suit scores best (trump length, high trumps,
        trump pairs), the most cards of it, when 100 x score / cards held reaches
        ``declare_strength``; once the hand is complete, the lower of that and
        ``declare_playable`` (:func:`declare_bar`)."""
        p = self.profile
        bar = declare_bar(p, len(view.hand), view.hand_size)
        best, best_key = None, None
        for i in range(options.count):
            option = options.nth(i)
            score = trump_score(view.hand, view.level, option.suit)
            if 100 * score < bar:
                continue
            key = (score, len(option.cards), i)
            if best_key is None or key > best_key:
                best, best_key = option, key
        return best

    # ---------------------------------------------------------------------------- bury

    def bury(self, view: View, options: Choice, rng: Rng) -> list[int]:
        ctx = view.ctx
        n = len(options.nth(0))
        if self.profile.bury_rule == "void_short":
            return bury_void_short(ctx, view.hand, n, _points_free(self.profile, ctx,
                                                                   view.hand, n))
        keep_last = sorted(view.hand, key=lambda k: (ctx.ranking.is_trump(k), points_of(k) > 0,
                                                     ctx.ranking.power[k], k))
        return keep_last[:n]

    # ---------------------------------------------------------------------------- lead

    def lead(self, view: View, options: Choice, rng: Rng) -> list[int]:
        if self.profile.lead_rule == "expert":
            return self._lead_expert(view, options)
        ctx = view.ctx
        units = [options.nth(i) for i in range(options.count)]
        strongest = max(units, key=lambda u: (len(u), _is_top(ctx, u), -_key(ctx, u)))
        if len(strongest) > 1 or _is_top(ctx, strongest):
            return strongest
        off = [k for k in view.hand if not ctx.ranking.is_trump(k)]
        if not off:
            return units[-1]
        by_suit: dict[int, list[int]] = {}
        for k in off:
            by_suit.setdefault(ctx.ranking.group[k], []).append(k)
        longest = max(by_suit.values(), key=len)
        return [min(longest, key=lambda k: (ctx.ranking.power[k], k))]

    def _lead_expert(self, view: View, options: Choice) -> list[int]:
        """Proven throws, sure masters, trumps (``trump_lead``), low to a suit the partner
        ruffs, else low; the endgame's kept cards last."""
        p, ctx = self.profile, view.ctx
        rk = ctx.ranking
        mem = Memory(view, p.memory)
        kept = kept_cards(view, p)
        units = [options.nth(i) for i in range(options.count)]
        free = [u for u in units if not _uses(u, kept)] or units
        if p.throws == "proven":
            throw = proven_throw(view, mem)
            key = (view.hand_number, len(view.tricks), tuple(view.hand))
            if throw is not None and self._refused != key:
                self._refused = key  # asked again for this lead: the throw was refused
                return throw
        me, partner = view.seat, (view.seat + 2) % 4
        opponents = ((me + 1) % 4, (me + 3) % 4)
        trumps_held = sum(1 for k in view.hand if rk.is_trump(k))
        others_trumps = mem.unseen_trumps(ctx) > 0

        def sure(u: list[int]) -> bool:
            g = rk.group[u[0]]
            width = u.count(max(u, key=lambda k: rk.power[k]))
            if mem.higher_unseen(ctx, g, _top_power(ctx, u), width):
                return False
            if rk.is_trump(u[0]) or not others_trumps:
                return True
            return not any(mem.void[s][g] for s in opponents)

        off_masters = [u for u in free if not rk.is_trump(u[0]) and sure(u)]
        if off_masters:
            return max(off_masters, key=lambda u: (len(u), _points(u), _top_power(ctx, u)))
        wants_trumps = others_trumps and (
            p.trump_lead == "early"
            or (p.trump_lead == "when_strong" and trumps_held >= p.draw_trumps))
        trump_units = [u for u in free if rk.is_trump(u[0])]
        if wants_trumps and trump_units:
            masters = [u for u in trump_units if sure(u)]
            if masters:
                return max(masters, key=lambda u: (len(u), _top_power(ctx, u)))
            singles = [u for u in trump_units if len(u) == 1]
            if singles:
                return min(singles, key=lambda u: (_points(u), rk.power[u[0]], u[0]))
        if p.lead_pairs:
            pairs = [u for u in free if not rk.is_trump(u[0]) and len(u) > 1
                     and not any(mem.void[s][rk.group[u[0]]] for s in opponents)]
            if pairs:
                return max(pairs, key=lambda u: (len(u), -_points(u), _top_power(ctx, u)))
        off = [u for u in free if not rk.is_trump(u[0]) and len(u) == 1]
        ruffed = [u for u in off if mem.void[partner][rk.group[u[0]]]
                  and not any(mem.void[s][rk.group[u[0]]] for s in opponents)]
        if ruffed:
            return min(ruffed, key=lambda u: (_points(u), rk.power[u[0]], u[0]))
        if off:
            return self._low_lead(view, off)
        rest = [u for u in free if not rk.is_trump(u[0])] or trump_units or free
        return min(rest, key=lambda u: (len(u) > 1, _points(u), _key(ctx, u), u[0]))

    def _low_lead(self, view: View, singles: list[list[int]]) -> list[int]:
        """The lowest single of the longest off suit, not breaking a pair if possible."""
        rk = view.ctx.ranking
        length = [0] * 5
        for k in view.hand:
            if not rk.is_trump(k):
                length[rk.group[k]] += 1
        mine = [0] * 54
        for k in view.hand:
            mine[k] += 1
        return min(singles, key=lambda u: (points_of(u[0]) > 0, mine[u[0]] > 1,
                                           -length[rk.group[u[0]]], rk.power[u[0]], u[0]))

    # -------------------------------------------------------------------------- follow

    def follow(self, view: View, options: Choice, rng: Rng) -> list[int]:
        if self.profile.follow_rule == "expert":
            return self._follow_expert(view, options)
        ctx = view.ctx
        count = min(options.count, MAX_GREEDY_OPTIONS)
        plays = [options.nth(i) for i in range(count)]
        so_far = [cards for _, cards in view.current]
        best_now = trick_winner(ctx, so_far) if len(so_far) > 1 else 0
        partner_winning = side_of(view.current[best_now][0]) == side_of(view.seat)
        if partner_winning:
            return max(plays, key=lambda p: (_points(p), -_cost(ctx, p)))
        winning = [p for p in plays if trick_winner(ctx, so_far + [p]) == len(so_far)]
        if winning:
            return min(winning, key=lambda p: (_cost(ctx, p), -_points(p)))
        return min(plays, key=lambda p: (_points(p), _cost(ctx, p)))

    def _follow_expert(self, view: View, options: Choice) -> list[int]:
        """Feed a partner whose win holds; else win (cheapest play that holds) when the
        points are worth it (a ruff needs ``ruff_min_points``); else duck: fewest points,
        cheapest, the endgame's kept cards last."""
        p, ctx = self.profile, view.ctx
        rk = ctx.ranking
        mem = Memory(view, p.memory)
        kept = kept_cards(view, p)
        count = min(options.count, MAX_GREEDY_OPTIONS)
        plays = [options.nth(i) for i in range(count)]
        so_far = [cards for _, cards in view.current]
        position = len(so_far)
        later = [(view.current[0][0] + i) % 4 for i in range(position + 1, 4)]
        later_opponents = [s for s in later if side_of(s) != side_of(view.seat)]
        best_now = trick_winner(ctx, so_far) if position > 1 else 0
        table = _points([k for cards in so_far for k in cards])
        lead_group = rk.group[so_far[0][0]]

        def cost(play: list[int]) -> int:
            return _cost(ctx, play) + (10_000 if _uses(play, kept) else 0)

        def holds(play: list[int]) -> bool:
            return all(not _may_beat(ctx, mem, s, play, lead_group) for s in later_opponents)

        if side_of(view.current[best_now][0]) == side_of(view.seat) \
                and holds(so_far[best_now]):
            return max(plays, key=lambda q: (_points(q), -cost(q)))
        last_trick = len(view.hand) == len(so_far[0])
        winning = [q for q in plays if trick_winner(ctx, so_far + [q]) == position
                   and (last_trick or not _uses(q, kept))]
        worth = []
        for q in winning:
            ruff = not rk.is_trump(so_far[0][0]) and rk.is_trump(q[0])
            need = p.ruff_min_points if ruff else p.win_min_points
            if table + _points(q) >= need and holds(q):
                worth.append(q)
        if worth:
            return min(worth, key=lambda q: (cost(q), -_points(q)))
        if p.win_unsure:
            tries = [q for q in winning if _points(q) == 0 and table >= p.win_min_points]
            if tries:
                return min(tries, key=cost)
        return min(plays, key=lambda q: (_points(q), cost(q)))


class GreedyPlayer(HeuristicPlayer):
    """The ``greedy`` profile (every key at its default): see :class:`HeuristicPlayer`."""

    def __init__(self) -> None:
        super().__init__(StrategyProfile())


def declare_bar(profile: StrategyProfile, held: int, hand_size: int) -> int:
    """The 'strength' rule's bar on 100 x trump score: ``declare_strength`` percent of the
    cards held (at least ``declare_min_cards``); once the hand is complete (``held`` reaches
    ``hand_size``: the deal's last chance, and 炒底) the lower of ``declare_strength`` and
    ``declare_playable`` percent, so a playable suit is declared rather than left to the
    no-declaration procedure (BID-8)."""
    strength = profile.declare_strength
    if hand_size and held >= hand_size:
        strength = min(strength, profile.declare_playable)
    return strength * max(held, profile.declare_min_cards)


def _partner_declared_last(view: View) -> bool:
    """Is the last declaration shown (public, BID-2) the partner's?"""
    return bool(view.declarations) and view.declarations[-1][0] == (view.seat + 2) % 4


def trump_score(hand: list[int], level: int, suit: int) -> int:
    """Hand strength if ``suit`` (0..3, 4 = no-trump) were trump: trumps held, plus one per
    high trump (joker, level card, the trump suit's ace), plus one per trump pair."""
    counts = [0] * 54
    for k in hand:
        counts[k] += 1
    score = 0
    for k in range(54):
        if not counts[k]:
            continue
        trump = is_joker(k) or k % 13 == level or (suit < 4 and k // 13 == suit)
        if not trump:
            continue
        high = is_joker(k) or k % 13 == level or k % 13 == 12
        score += counts[k] * (2 if high else 1) + counts[k] // 2
    return score


def _points_free(profile: StrategyProfile, ctx, hand: list[int], n: int) -> bool:
    """``bury_points`` (KITTY-2): trumps make up ``bury_points_share`` percent of the cards
    kept (the hand less the ``n`` buried), so the dealer side expects to win the last trick
    and off-suit points are safer in the kitty than in hand."""
    if not profile.bury_points:
        return False
    trumps = sum(1 for k in hand if ctx.ranking.is_trump(k))
    return 100 * trumps >= profile.bury_points_share * (len(hand) - n)


def bury_void_short(ctx, hand: list[int], n: int, points_free: bool = False) -> list[int]:
    """Void the shortest off suits that hold no points, aces or pairs; then the cheapest
    cards by :func:`_keep_value` (trumps, pairs, points and aces kept). ``points_free``
    (:func:`_points_free`): off-suit point cards are plain cards here (no keep bonus, a suit
    holding them may be voided)."""
    rk = ctx.ranking
    counts = [0] * 54
    for k in hand:
        counts[k] += 1
    suits: dict[int, list[int]] = {}
    for k in hand:
        if not rk.is_trump(k):
            suits.setdefault(rk.group[k], []).append(k)
    chosen: list[int] = []
    def value(k: int) -> int:
        return _keep_value(ctx, counts, k, points_free)

    for g in sorted(suits, key=lambda g: (len(suits[g]), sum(value(k) for k in suits[g]), g)):
        cards = suits[g]
        plain = all((points_free or points_of(k) == 0) and k % 13 != 12 and counts[k] == 1
                    for k in cards)
        if plain and len(chosen) + len(cards) <= n:
            chosen += cards
    rest = list(hand)
    for k in chosen:
        rest.remove(k)
    rest.sort(key=lambda k: (value(k), k))
    return chosen + rest[:n - len(chosen)]


def _keep_value(ctx, counts: list[int], k: int, points_free: bool = False) -> int:
    """What a card is worth keeping: power, points (not an off-suit card's when
    ``points_free``), trumps, pairs and aces."""
    trump = ctx.ranking.is_trump(k)
    value = ctx.ranking.power[k] + (0 if points_free and not trump else 10 * points_of(k))
    if trump:
        value += 300
    if counts[k] >= 2:
        value += 40
    if k % 13 == 12:
        value += 30
    return value


def proven_throw(view: View, mem: Memory) -> list[int] | None:
    """The largest throw (several units of one follow group) whose every unit memory proves
    master: no unseen kind of its group above the unit's top held often enough to beat it
    (THROW-2), no unseen quad against a tractor (CMP-2, AMB-47); None if there is none or
    the variant refuses throws (THROW-1, THROW-4, AMB-22). A throw is one suit (DEF-27):
    under AMB-07 B a natural suit's group holds its level cards, which are trumps, so the
    trumps and the plain cards of a group are candidates apart (trumps first)."""
    ctx = view.ctx
    rk, variant = ctx.ranking, ctx.variant
    if not variant.throws_allowed:
        return None
    if applies(variant, "AMB-22") and variant.jj4_throws != "only_if_all_void":
        return None
    others = [s for s in range(4) if s != view.seat]
    best: list[int] | None = None
    for g in range(5):
        if applies(variant, "AMB-22") and not all(mem.void[s][g] for s in others):
            continue
        for trumps in (True, False):
            cards = _proven_masters(ctx, mem, g, trumps)
            if len(cards) < 2:
                continue
            counts = [0] * 54
            for k in cards:
                counts[k] += 1
            units = decompose(ctx, tuple(counts))
            if len(units) < 2:
                continue
            quads = any(mem.unseen[j] >= 4 and rk.group[j] == g for j in range(54))
            if all(not mem.higher_unseen(ctx, g, unit_top(ctx, u), u.width)
                   and not (quads and u.is_tractor) for u in units):
                if best is None or len(cards) > len(best):
                    best = cards
    return best


def _proven_masters(ctx, mem: Memory, group: int, trumps: bool) -> list[int]:
    """The held cards of ``group``, trumps or plain cards (DEF-27), that memory proves
    master as a single, or as a pair when held twice (THROW-2)."""
    rk = ctx.ranking
    cards = []
    for k in range(54):
        if not mem.mine[k] or rk.group[k] != group or rk.is_trump(k) != trumps:
            continue
        if not mem.higher_unseen(ctx, group, rk.power[k], 1) or (
                mem.mine[k] >= 2 and not mem.higher_unseen(ctx, group, rk.power[k], 2)):
            cards += [k] * mem.mine[k]
    return cards


def kept_cards(view: View, profile: StrategyProfile) -> list[int]:
    """KITTY-2, KITTY-3 in the endgame (``kitty_care``, at most ``endgame_cards`` left): the
    dealer side keeps its biggest trump for the last trick, the attackers their biggest
    trump pair (a multiplier); empty otherwise."""
    if not profile.kitty_care or len(view.hand) > profile.endgame_cards or view.dealer is None:
        return []
    rk = view.ctx.ranking
    trumps = sorted((k for k in view.hand if rk.is_trump(k)), key=lambda k: (-rk.power[k], k))
    if not trumps:
        return []
    if side_of(view.seat) != side_of(view.dealer):
        pairs = [k for k in trumps if trumps.count(k) >= 2]
        if pairs:
            return [pairs[0], pairs[0]]
    return [trumps[0]]


def _uses(play: list[int], kept: list[int]) -> bool:
    return any(play.count(k) > 0 for k in set(kept))


def _top_power(ctx, cards: list[int]) -> int:
    return max(ctx.ranking.power[k] for k in cards)


def _may_beat(ctx, mem: Memory, seat: int, play: list[int], lead_group: int) -> bool:
    """May ``seat``, yet to play, beat ``play`` (the trick's best so far)? It may follow
    with a higher unit of the led group, or ruff when it is known void in an off-suit lead."""
    rk = ctx.ranking
    top = max(play, key=lambda k: rk.power[k])
    width = play.count(top)
    group = rk.group[top]
    if group == lead_group and mem.higher_unseen(ctx, group, rk.power[top], width):
        return True
    if mem.void[seat][lead_group] and lead_group != TRUMP and not rk.is_trump(top):
        return mem.unseen_trumps(ctx) > 0
    if mem.void[seat][lead_group] and rk.is_trump(top) and lead_group != group:
        return mem.higher_unseen(ctx, group, rk.power[top], width)
    return False


def _points(cards: list[int]) -> int:
    return sum(points_of(k) for k in cards)


def _cost(ctx, cards: list[int]) -> int:
    """How much a play spends: trumps cost more than any off-suit card."""
    return sum((200 if ctx.ranking.eff_suit[k] == TRUMP else 0) + ctx.ranking.power[k]
               for k in cards)


def _key(ctx, cards: list[int]) -> int:
    return min(ctx.ranking.power[k] for k in cards)


def _is_top(ctx, cards: list[int]) -> bool:
    """An off-suit unit topped by an ace, or any trump unit."""
    k = cards[0]
    return ctx.ranking.is_trump(k) or k % 13 == 12


class PassivePlayer(RandomPlayer):
    """Random, but never declares nor 炒s: a table of them exercises BID-8 (nobody
    declares; the kernels' player kind ``random_nb.PASSIVE``). For tests, not for users."""

    name = "passive"

    def declare(self, view: View, options: Choice, rng: Rng):
        return None

    chaodi = declare


PLAYERS = {"random": RandomPlayer, "greedy": GreedyPlayer}  #: the Numba core's players


def make_player(profile: StrategyProfile):
    """One seat's player for a profile: ``base = "random"`` is :class:`RandomPlayer`, every
    other profile a :class:`HeuristicPlayer`."""
    if profile.base == "random":
        return RandomPlayer()
    return HeuristicPlayer(profile)


def make_players(name: str) -> list:
    """Four seats of one profile (a built-in name or a profile file's path); a bad name or
    file is a :class:`~shengji_sim.config.strategy.StrategyError` (an InputError, a ValueError)."""
    profile = load_strategy(name)
    return [make_player(profile) for _ in range(4)]
