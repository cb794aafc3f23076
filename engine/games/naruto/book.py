"""The Naruto script book and the hook tables card scripts fill in.

`BOOK` holds one script per card code (coverage is checked against it). Static abilities that
the rules consult while computing something (Power, who may be sent out, Jutsu users,
targets, costs) are registered in the hook tables below by card code, next to the card's
script in `cards_*.py`; the rules modules read only these tables, never card codes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from engine.core.state import State
from engine.dsl.scripts import ScriptBook

BOOK: Final = ScriptBook("naruto")

# aura(state, source, target) -> (combat, support) change for a Ninja in Battle, or None.
Aura = Callable[[State, int, int], "tuple[int, int] | None"]
AURAS: Final[dict[str, Aura]] = {}

# forbids(state, source, team) -> reason text when `source` keeps `team` from being sent out.
SendRule = Callable[[State, int, list[int]], str]
SEND_RULES: Final[dict[str, SendRule]] = {}

# user_rule(state, user, jutsu_code) -> reason text when `user` may not use that Jutsu.
UserRule = Callable[[State, int, str], str]
USER_RULES: Final[dict[str, UserRule]] = {}

# shield(state, protected, jutsu_cid, jutsu_player) -> True when the Jutsu may not target it.
Shield = Callable[[State, int, int, int], bool]
SHIELDS: Final[dict[str, Shield]] = {}

# entrance(state, source, card, player) -> change to the Entrance cost of `card` in hand.
EntranceRule = Callable[[State, int, int, int], int]
ENTRANCE_RULES: Final[dict[str, EntranceRule]] = {}

# Card flag of a Ninja card in hand whose Entrance cost is lowered by 1 this turn (M-039); its value
# is the turn number. Cleared when the card comes (back) into a hand.
COURAGE: Final = "courage"

# Marks: names of effect-wide flags a card provides while active (e.g. "unnegatable").
MARKS: Final[dict[str, frozenset[str]]] = {}


def mark(code: str, *names: str) -> None:
    """Declare that a card, while its effect is active, carries these marks."""
    MARKS[code] = MARKS.get(code, frozenset()) | frozenset(names)


def noop(ctx: Any) -> None:
    """Resolve function of purely static effects (their work happens in the hook tables)."""
