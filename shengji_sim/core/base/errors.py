"""The kernels' error codes, by name, and a hand's error code in words.

Representation
--------------
A kernel that can fail returns a negative code (a result is 0 or positive); each family of
kernels has its own codes below. The game loop (:func:`~.game_nb.play_hand_nb`) reports a
hand's error as its stage's base (a multiple of :data:`ERR_STAGE`) plus the failing
kernel's own code, so ``-3001`` is "follow: lead mixes suits" and never a trick-winner
error; :func:`hand_error_text` puts it in words.
"""

from __future__ import annotations

# ----------------------------------------------------------------- the follow kernels
# follow_families_nb.follow_options_nb, follow_count_nb (the reference raises FollowError)

ERR_MIXED_LEAD = -1  #: the lead mixes follow groups (DEF-27)
ERR_EMPTY_LEAD = -2
ERR_SHORT_HAND = -3  #: the hand has fewer cards than the lead
ERR_TOO_MANY_FAMILIES = -4  #: buf.fam_* is full
ERR_TOO_MANY_PLAYS = -5  #: buf.keys is full (the reference's MAX_MATERIALIZED analogue)
ERR_TOO_MANY_ALTERNATIVES = -6  #: buf.alt_* or the component store is full
ERR_TOO_DEEP = -7  #: more patterns in one alternative than buf.s_* holds
ERR_KEY_OVERFLOW = -8  #: the holding's mixed radix does not fit in int64
ERR_INDEX = -9  #: nth index out of range
ERR_TOO_MANY_TRACTORS = -10
ERR_LEAD_TOO_LONG = -11

FOLLOW_ERRORS: dict[int, str] = {
    ERR_MIXED_LEAD: "lead mixes suits (DEF-27)",
    ERR_EMPTY_LEAD: "empty lead",
    ERR_SHORT_HAND: "hand has fewer cards than the lead",
    ERR_TOO_MANY_FAMILIES: "family buffer full",
    ERR_TOO_MANY_PLAYS: "play-key buffer full",
    ERR_TOO_MANY_ALTERNATIVES: "alternative buffer full",
    ERR_TOO_DEEP: "pattern stack full",
    ERR_KEY_OVERFLOW: "holding radix overflows int64",
    ERR_INDEX: "index out of range",
    ERR_TOO_MANY_TRACTORS: "tractor buffer full",
    ERR_LEAD_TOO_LONG: "lead longer than the unranking table",
}

# ------------------------------------------------------------- trick winner and kitty
# trick_nb.trick_winner_nb, kitty_nb.judge_kitty_nb (the reference raises ValueError)

ERR_NOT_A_TRICK = -1  #: an empty or mixed lead, or plays of unequal sizes (DEF-27)
ERR_NO_ATTACKER_POINTS = -2  #: AMB-27 (ii) multiplies the attackers' points, not given

# ------------------------------------------------------------------------- a hand

STATUS_OK = 0  #: deal_nb.pre_trick_nb: trump and dealer are settled
STATUS_NO_TRUMP = 1  #: deal_nb.pre_trick_nb: no trump after MAX_REDEALS redeals
ERR_STAGE = 1000  #: the stages' bases are multiples of this
ERR_PRE_TRICK = -1000  #: minus the pre-trick status: -1001 no trump after MAX_REDEALS
ERR_LEAD = -2000
ERR_LEAD_NONE = ERR_LEAD - 1  #: a greedy leader has no listed option
ERR_LEAD_UNLISTED = ERR_LEAD - 2  #: a random leader drew an option that is not listed
ERR_FOLLOW = -3000  #: plus a follow kernel's code; -3000 itself: no legal follow counted
ERR_TRICK = -4000  #: plus the trick winner's code
ERR_KITTY = -5000  #: plus the last-trick kitty's code
#: ``shadow_nb.shadow_hand_nb`` (``diff``): a follow of reading A's hand that reading A's
#: own kernels (``ERR_SHADOW_A``) or reading B's (``ERR_SHADOW_B``) could not judge, plus
#: the follow kernel's code; a trick whose winner B's could not name, plus the trick
#: winner's code (``ERR_SHADOW_WINNER``). Never a lead that is not a legal lead under B
#: (``shadow_nb.S_LEAD_NOT_LEGAL_B``): only positions that B's rules judge
ERR_SHADOW_A = -6000
ERR_SHADOW_B = -7000
ERR_SHADOW_WINNER = -8000

#: stage base -> (the stage, the failing kernel's code -> words)
HAND_ERRORS: dict[int, tuple[str, dict[int, str]]] = {
    ERR_PRE_TRICK: ("deal", {-STATUS_NO_TRUMP: "no trump after MAX_REDEALS redeals"}),
    ERR_LEAD: ("lead", {ERR_LEAD_NONE - ERR_LEAD: "the leader has no lead option",
                        ERR_LEAD_UNLISTED - ERR_LEAD: "the drawn lead option is not listed"}),
    ERR_FOLLOW: ("follow", {0: "no legal follow", **FOLLOW_ERRORS}),
    ERR_TRICK: ("trick winner", {ERR_NOT_A_TRICK: "the plays are not a trick (an empty or "
                                                  "mixed lead, or plays of unequal sizes; "
                                                  "DEF-27)"}),
    ERR_KITTY: ("kitty", {ERR_NOT_A_TRICK: "the last trick is not a trick (DEF-27)",
                          ERR_NO_ATTACKER_POINTS: "AMB-27 (ii) has no attacker points"}),
    ERR_SHADOW_A: ("reading A's follow kernels", {0: "no legal follow", **FOLLOW_ERRORS}),
    ERR_SHADOW_B: ("reading B's follow kernels", {0: "no legal follow", **FOLLOW_ERRORS}),
    ERR_SHADOW_WINNER: ("reading B's trick winner",
                        {ERR_NOT_A_TRICK: "the plays are not a trick under B (DEF-27)"}),
}


def hand_error_text(code: int) -> str:
    """A hand's error code in words: ``"follow: lead mixes suits (DEF-27) [kernel code
    -3001]"``; the number is kept for reading the kernels."""
    for base, (stage, words) in HAND_ERRORS.items():
        own = code - base
        if -ERR_STAGE < own <= 0:
            return f"{stage}: {words.get(own, f'error {own}')} [kernel code {code}]"
    return f"unknown kernel error [kernel code {code}]"
