"""``shengji-sim judge follow|trick|throw|kitty|score|declare|chaodi|match``: rule questions
about one position, each answered with one JSON object; and the parsing of the card lists,
seats and declarations they take."""

from __future__ import annotations

import click

from shengji_sim import cards as C
from shengji_sim.cli.common import UserError, emit_json, load, position_options, variant_options
from shengji_sim.rules.shapes import Context, make_context


def context(variant_name, ambs, sets, level, trump) -> Context:
    variant = load(variant_name, ambs, sets)
    level_rank = C.parse_rank(level if level is not None else variant.starting_level)
    return make_context(variant, level_rank, C.parse_trump(trump))


def parse_cards_checked(text: str, decks: int, what: str, empty_ok: bool = True) -> list[int]:
    """Parse a card list and check no kind exceeds the deck count; ``empty_ok=False`` for a
    list that must hold cards (a lead)."""
    try:
        kinds = C.parse_cards(text)
    except C.CardError as exc:
        raise UserError(f"{what}: {exc}") from None
    if not kinds and not empty_ok:
        raise UserError(f"{what}: empty (a lead has at least one card)")
    C.check_counts(C.to_counts(kinds), decks, what)
    return kinds


def fmt(ctx: Context, kinds: list[int]) -> list[str]:
    """Canonical card list, strongest first (DESIGN.md)."""
    return [C.format_card(k) for k in ctx.ranking.sorted_cards(list(kinds))]


@click.group()
def judge() -> None:
    """Answer rule questions about one position; prints one JSON object."""


@judge.command("follow")
@variant_options
@position_options
@click.option("--lead", required=True, metavar="CARDS", help="The cards led.")
@click.option("--hand", required=True, metavar="CARDS", help="The follower's whole hand.")
@click.option("--play", default=None, metavar="CARDS", help="Check this follow instead.")
@click.option("--limit", default=None, type=click.IntRange(min=0), help="List at most N.")
@click.option("--position", default=1, show_default=True, type=click.IntRange(1, 3),
              help="Follower's place after the leader (AMB-37 B only).")
def judge_follow(variant_name, ambs, sets, level, trump, lead, hand, play, limit, position):
    """Legal follows (FOLLOW-*), or whether --play is one."""
    from shengji_sim.rules.follow import check_follow, legal_follows

    ctx = context(variant_name, ambs, sets, level, trump)
    decks = ctx.variant.decks
    lead_cards = parse_cards_checked(lead, decks, "--lead", empty_ok=False)
    hand_cards = parse_cards_checked(hand, decks, "--hand")
    if play is not None:
        play_cards = parse_cards_checked(play, decks, "--play")
        legal, reason = check_follow(ctx, lead_cards, hand_cards, play_cards, position)
        emit_json({"legal": legal, "reason": reason})
        return
    result = legal_follows(ctx, lead_cards, hand_cards, limit, position)
    emit_json({"legal_follows": [fmt(ctx, p) for p in result.plays], "count": result.count,
           "truncated": result.truncated})


@judge.command("trick")
@variant_options
@position_options
@click.option("--plays", "plays_flag", is_flag=True, help="Followed by 2 to 4 card lists.")
@click.argument("plays", nargs=-1)
def judge_trick(variant_name, ambs, sets, level, trump, plays_flag, plays):
    """Winner and points of a trick: --plays LEAD FOLLOW [FOLLOW [FOLLOW]]."""
    from shengji_sim.rules.trick import trick_points, trick_winner

    ctx = context(variant_name, ambs, sets, level, trump)
    parsed = _plays(ctx, plays, 2, 4)
    emit_json({"winner": trick_winner(ctx, parsed), "points": trick_points(parsed)})


@judge.command("throw")
@variant_options
@position_options
@click.option("--lead", required=True, metavar="CARDS", help="The thrown cards.")
@click.option("--others", "others_flag", is_flag=True,
              help="Followed by the other three whole hands, in turn order.")
@click.argument("others", nargs=-1)
def judge_throw(variant_name, ambs, sets, level, trump, lead, others_flag, others):
    """Throw validity and the failed-throw procedure (THROW-*)."""
    from shengji_sim.rules.throw import judge_throw as run_throw

    ctx = context(variant_name, ambs, sets, level, trump)
    lead_cards = parse_cards_checked(lead, ctx.variant.decks, "--lead", empty_ok=False)
    hands = _plays(ctx, others, 3, 3, what="--others", lead=False)
    result = run_throw(ctx, lead_cards, hands)
    emit_json({"valid": result.valid, "played": fmt(ctx, result.played),
           "returned": fmt(ctx, result.returned), "blocked_by": result.blocked_by,
           "penalty": result.penalty})


@judge.command("kitty")
@variant_options
@position_options
@click.option("--plays", "plays_flag", is_flag=True, help="Followed by the last trick's 4 plays.")
@click.option("--leader-side", required=True, type=click.Choice(["dealer", "attackers"]))
@click.option("--kitty", "kitty_text", required=True, metavar="CARDS", help="The buried kitty.")
@click.option("--attacker-points", default=None, type=int,
              help="Attackers' points before the kitty (JJ4 AMB-27 (ii) needs it).")
@click.argument("plays", nargs=-1)
def judge_kitty(variant_name, ambs, sets, level, trump, plays_flag, leader_side, kitty_text,
                attacker_points, plays):
    """Kitty scoring on the last trick (KITTY-*)."""
    from shengji_sim.rules.kitty import judge_kitty as run_kitty

    ctx = context(variant_name, ambs, sets, level, trump)
    parsed = _plays(ctx, plays, 4, 4)
    kitty = parse_cards_checked(kitty_text, ctx.variant.decks, "--kitty")
    if len(kitty) != ctx.variant.kitty_size:
        raise UserError(f"--kitty: {len(kitty)} card(s); {ctx.variant.name} buries "
                        f"{ctx.variant.kitty_size} (DECK-3)")
    r = run_kitty(ctx, parsed, leader_side, kitty, attacker_points)
    emit_json({"winner": r.winner, "winner_side": r.winner_side, "multiplier": r.multiplier,
           "kitty_points": r.kitty_points, "awarded": r.awarded})


@judge.command("score")
@variant_options
@click.option("--attacker-points", required=True, type=int, help="Attackers' final points.")
def judge_score(variant_name, ambs, sets, attacker_points):
    """Level change and next dealer (LEVEL-*, DEALER-*)."""
    from shengji_sim.rules.score import judge_score as run_score

    variant = load(variant_name, ambs, sets)
    _check_points(variant, attacker_points)
    r = run_score(variant, attacker_points)
    emit_json({"winner_side": r.winner_side, "levels": r.levels, "next_dealer": r.next_dealer})


def _level_rank(variant, level: str | None) -> int:
    """--level as a rank index (default: the variant's starting level)."""
    try:
        return C.parse_rank(level if level is not None else variant.starting_level)
    except C.CardError as exc:
        raise UserError(f"--level {level}: {exc}") from None


def _trump_option(trump: str, what: str = "--trump") -> int:
    try:
        return C.parse_trump(trump)
    except C.CardError as exc:
        raise UserError(f"{what} {trump}: {exc}") from None


def _seat_text(text: str, what: str) -> int:
    if text.strip() not in ("0", "1", "2", "3"):
        raise UserError(f"{what} {text}: a seat is 0, 1, 2 or 3 (play order)")
    return int(text)


def _shown_cards(variant, level: int, text: str, what: str) -> list[int]:
    """Cards a declaration or a 炒 shows: identical level cards or jokers (BID-1, BID-5),
    else bad input."""
    from shengji_sim.rules.judge import is_declaration_shape

    cards = parse_cards_checked(text, variant.decks, what, empty_ok=False)
    if not is_declaration_shape(cards, level):
        raise UserError(f"{what} {text}: not a declaration (identical level cards "
                        f"{C.RANKS[level]} or identical jokers, BID-1, BID-5)")
    return cards


def _standing_entry(variant, level: int, text: str, what: str):
    """``SEAT:CARDS`` as a Declaration."""
    from shengji_sim.rules.bidding import Declaration

    seat, colon, cards = text.partition(":")
    if not colon:
        raise UserError(f"{what} {text}: expected SEAT:CARDS, e.g. 1:H3 H3")
    return Declaration(_seat_text(seat, what), tuple(_shown_cards(variant, level, cards,
                                                                  what)))


def _choice(choice: str | None, cards: list[int], what: str) -> int | None:
    """--choice: the trump four jokers choose (AMB-33 C, CHAO-3)."""
    if choice is None:
        return None
    if len(cards) < 4 or not C.is_joker(cards[0]):
        raise UserError(f"--choice {choice}: only four jokers choose the trump "
                        f"(AMB-33 C, CHAO-3); {what} shows {C.format_cards(cards)}")
    return _trump_option(choice, "--choice")


@judge.command("declare")
@variant_options
@click.option("--level", default=None, metavar="RANK",
              help="Level rank 2..10 J Q K A (default: the variant's start).")
@click.option("--cards", default=None, metavar="CARDS", help="The declaration shown now.")
@click.option("--seat", default=None, metavar="S", help="The seat showing it (0..3).")
@click.option("--standing", "history", multiple=True, metavar="SEAT:CARDS",
              help="A declaration shown before, in order (repeatable): what stands and the "
                   "trump so far.")
@click.option("--hand-number", default=1, show_default=True, type=click.IntRange(min=1),
              help="Hand 1 declarations also choose the dealer (BID-7).")
@click.option("--phase", default="deal", show_default=True,
              type=click.Choice(["deal", "after_deal"]),
              help="During the deal, or after its last card (DEF-24, AMB-50).")
@click.option("--asked", default=0, show_default=True, type=click.IntRange(min=0),
              help="After the deal: seats asked before this one since the last card (AMB-50).")
@click.option("--passes", default=0, show_default=True, type=click.IntRange(min=0),
              help="After the deal: of those, how many passed in a row just before this one.")
@click.option("--choice", default=None, metavar="NT|S|H|C|D",
              help="The trump four jokers choose (AMB-33 C).")
@click.option("--nobody", is_flag=True,
              help="Nobody declared: trump, dealer or redeal (BID-8); --kitty in its order.")
@click.option("--kitty", default=None, metavar="CARDS",
              help="With --nobody: the kitty, in order (the rules that turn it need it).")
def judge_declare(variant_name, ambs, sets, level, cards, seat, history, hand_number, phase,
                  asked, passes, choice, nobody, kitty):
    """Declaring (BID-*): is this declaration legal now, what stands, the trump and who
    deals; with --nobody, what happens when nobody declared."""
    from shengji_sim.rules import judge as judging
    from shengji_sim.rules.bidding import Declaration

    variant = load(variant_name, ambs, sets)
    rank = _level_rank(variant, level)
    if nobody:
        extra = [name for name, given in (("--cards", cards), ("--seat", seat),
                                          ("--standing", history), ("--choice", choice))
                 if given]
        if extra:
            raise UserError(f"--nobody: drop {', '.join(extra)} (nobody declared)")
        kinds = parse_cards_checked(kitty or "", variant.decks, "--kitty")
        if kinds and len(kinds) != variant.kitty_size:
            raise UserError(f"--kitty: {len(kinds)} card(s); {variant.name} has a kitty of "
                            f"{variant.kitty_size} (DECK-3)")
        emit_json(judging.nobody_declared(variant, rank, kinds, hand_number))
        return
    if kitty is not None:
        raise UserError("--kitty: only with --nobody")
    if cards is None or seat is None:
        raise UserError("give --cards and --seat (or --nobody)")
    shown = _shown_cards(variant, rank, cards, "--cards")
    new = Declaration(_seat_text(seat, "--seat"), tuple(shown), _choice(choice, shown,
                                                                         "--cards"))
    before = [_standing_entry(variant, rank, h, f"--standing #{i + 1}")
              for i, h in enumerate(history)]
    if phase == "deal" and (asked or passes):
        raise UserError("--asked/--passes: only with --phase after_deal")
    if passes > asked:
        raise UserError(f"--passes {passes}: more than the {asked} seat(s) asked")
    emit_json(judging.declare(variant, rank, before, new, hand_number=hand_number, phase=phase,
                          asked=asked, passes=passes))


@judge.command("chaodi")
@variant_options
@position_options
@click.option("--cards", required=True, metavar="CARDS", help="The cards shown to 炒.")
@click.option("--seat", required=True, metavar="S", help="The seat that 炒s (0..3).")
@click.option("--standing", required=True, metavar="SEAT:CARDS|none",
              help="The declaration or 炒 that stands; none when trump came from the kitty.")
@click.option("--declarer", default=None, metavar="S|none",
              help="The original declarer (CHAO-5; default: the standing seat).")
@click.option("--dealer", default=None, metavar="S",
              help="The dealer now (default: the declarer).")
@click.option("--hand-number", default=1, show_default=True, type=click.IntRange(min=1),
              help="A hand-1 炒 may move the deal (AMB-32).")
@click.option("--someone-else-chaoed", is_flag=True,
              help="Someone other than the declarer has 炒ed already (CHAO-5).")
@click.option("--kitty-flip", is_flag=True, help="Trump was set by turning the kitty (CHAO-6).")
@click.option("--choice", default=None, metavar="NT|S|H|C|D",
              help="The trump a four-joker 炒 chooses (CHAO-3).")
def judge_chaodi(variant_name, ambs, sets, level, trump, cards, seat, standing, declarer,
                 dealer, hand_number, someone_else_chaoed, kitty_flip, choice):
    """炒底 (CHAO-*): may this seat 炒 with these cards over what stands, and the result:
    the new trump, the dealer, who buries."""
    from shengji_sim.rules import judge as judging
    from shengji_sim.rules.bidding import Declaration

    variant = load(variant_name, ambs, sets)
    rank = _level_rank(variant, level)
    trump_before = _trump_option(trump)
    shown = _shown_cards(variant, rank, cards, "--cards")
    new = Declaration(_seat_text(seat, "--seat"), tuple(shown))
    held = None if standing.strip().lower() == "none" else \
        _standing_entry(variant, rank, standing, "--standing")
    if declarer is None:
        first = held.seat if held is not None else None
    elif declarer.strip().lower() == "none":
        first = None
    else:
        first = _seat_text(declarer, "--declarer")
    now = _seat_text(dealer, "--dealer") if dealer is not None else first
    emit_json(judging.chaodi(variant, rank, held, new, declarer=first, dealer=now,
                         hand_number=hand_number, someone_else_chaoed=someone_else_chaoed,
                         kitty_flip=kitty_flip, trump_before=trump_before,
                         choice=_choice(choice, shown, "--cards")))


@judge.command("match")
@variant_options
@click.option("--levels", required=True, metavar="NS,EW",
              help="Both sides' levels: seats 0 and 2, then seats 1 and 3 (e.g. 10,Q).")
@click.option("--dealer", required=True, metavar="S", help="The seat that dealt (0..3).")
@click.option("--attacker-points", required=True, type=int, help="Attackers' final points.")
def judge_match(variant_name, ambs, sets, levels, dealer, attacker_points):
    """The match after a hand (LEVEL-*, DEALER-*, AMB-36, AMB-38, AMB-39): the level change,
    the next dealer, whether the match ends and who wins."""
    from shengji_sim.rules import judge as judging

    variant = load(variant_name, ambs, sets)
    parts = [p for p in levels.replace(" ", "").split(",")]
    if len(parts) != 2:
        raise UserError(f"--levels {levels}: expected two ranks NS,EW (e.g. 10,Q)")
    try:
        pair = (C.parse_rank(parts[0]), C.parse_rank(parts[1]))
    except C.CardError as exc:
        raise UserError(f"--levels {levels}: {exc}") from None
    _check_points(variant, attacker_points)
    emit_json(judging.match(variant, pair, _seat_text(dealer, "--dealer"), attacker_points))


def _check_points(variant, attacker_points: int) -> None:
    from shengji_sim.rules.score import attacker_points_bounds

    lo, hi = attacker_points_bounds(variant)
    if not lo <= attacker_points <= hi:
        raise UserError(f"--attacker-points {attacker_points}: a hand of {variant.name} ends "
                        f"with {lo}..{hi} (trick points, kitty x its largest multiplier, "
                        "failed-throw penalties; SCORE-1, KITTY-3)")


def _plays(ctx: Context, texts: tuple[str, ...], low: int, high: int,
           what: str = "--plays", lead: bool = True) -> list[list[int]]:
    """``low..high`` card lists; with ``lead`` the first is a lead and must hold cards."""
    if not low <= len(texts) <= high:
        want = f"{low}" if low == high else f"{low} to {high}"
        raise UserError(f"{what}: expected {want} card lists, got {len(texts)}")
    return [parse_cards_checked(t, ctx.variant.decks, f"{what} #{i + 1}",
                                empty_ok=not (lead and i == 0))
            for i, t in enumerate(texts)]
