"""The project's own exceptions: one base class and the two kinds the command line tells apart.

Hierarchy
---------
::

    ShengjiError                    raised on purpose by shengji-sim, never by a defect
    ├── InputError (ValueError)     bad input: the user's or the caller's, not the engine's
    │   ├── PositionError           a position the rules cannot judge
    │   │   └── rules.follow.FollowError
    │   ├── cards.CardError, interpretations.VariantError, run_dir.SimError,
    │   └── cli.common.UserError, fuzz.positions.StrategyWarning
    ├── EngineError                 an engine defect on valid input
    │   └── HandFailure             a hand the engine cannot play (core.backend.CoreError)
    ├── record.ReplayError          a game record disagrees with the rules
    └── rules.game.GameError (RuntimeError)   a player broke the protocol

The command line (:mod:`shengji_sim.cli`) prints an :class:`InputError` as one line on stderr
and exits 2, and an :class:`EngineError` as one line and exits 1. Anything else that escapes a
command (a bare ValueError, KeyError or AssertionError from inside the package) is a defect
and ends in a traceback, so it can never pass for bad input.

:class:`InputError` is also a ValueError, so callers that caught ValueError for bad input
before keep working. A file the user named that cannot be read or written is converted to an
:class:`InputError` where it is opened, never by catching OSError around a whole command.
"""

from __future__ import annotations


class ShengjiError(Exception):
    """Base of every exception shengji-sim raises on purpose; ``str()`` is one line."""


class InputError(ShengjiError, ValueError):
    """Bad input from the user or the caller: a variant file or override, card text, a
    position, a run request, a file that cannot be read or written."""


class PositionError(InputError):
    """A position the rules cannot judge: an empty or mixed-suit lead, plays of different
    sizes, cards not in the hand, missing facts (attacker points where a reading needs them)."""


class EngineError(ShengjiError):
    """An engine defect: the engine failed on input it accepted (never bad input)."""


class HandFailure(EngineError):
    """An engine defect: the engine could not play hand ``index`` (not bad input).

    ``engine`` is the engine that replays the hand (``shengji-sim play --engine ENGINE``):
    "core" or "reference"; ``reason`` is the error in one line of words.
    """

    def __init__(self, index: int, engine: str, reason: str) -> None:
        self.index, self.engine = index, engine
        self.reason = " ".join(reason.split())
        super().__init__(f"hand {index}: {engine} engine: {self.reason}")


__all__ = ["EngineError", "HandFailure", "InputError", "PositionError", "ShengjiError"]
