"""The card-script registry: one `Script` per card code, filled by `cards_heroes` and `cards_villains`.

A script holds plain functions; the state only ever holds card codes, so scripts never enter a
state. Hooks (all optional):

- `bonus(state, source, target, color)`: a static change to `target`'s value in `color` while
  `source` is face up in play (items: only the character they are attached to);
- `grants`: traits an item gives the character it is attached to;
- `play`: an event's effect or an activated effect, as a `Play` (choices + resolve);
- `on_enter`: runs when the card is played (triggered "when you play" text);
- `on_win_attack`: runs when this character defeats a character in an attack;
- `protected(state, card)`: True while the character cannot be attacked;
- `extra_characters`: characters its controller may play beyond 2 in a Setup step (a location).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.core.state import Card, State

# A choice the player makes when declaring an effect: (option-id suffix, label, values).
Choice = tuple[str, str, tuple[int | str, ...]]
ChoicesFn = Callable[["State", int, int], list[Choice]]
ResolveFn = Callable[["State", int, int, tuple[int | str, ...]], None]
BonusFn = Callable[["State", "Card", "Card", str], int]


def no_choice(state: State, player: int, cid: int) -> list[Choice]:
    """An effect with no target: one way to use it."""
    return [("", "", ())]


@dataclass(frozen=True, slots=True)
class Play:
    """An event's effect or an activated effect.

    `choices` lists every legal way to use it now (targets, colors...), already checking the
    cost and any condition; an empty list means it cannot be used. `resolve` pays non-deck
    costs and applies the effect with the chosen values. `once` limits an activated effect:
    "turn" (once per turn per card) or "game".
    """

    choices: ChoicesFn
    resolve: ResolveFn
    once: str = ""
    rule: str = "inuyasha 6.3"


@dataclass(frozen=True, slots=True)
class Script:
    code: str
    bonus: BonusFn | None = None
    grants: tuple[str, ...] = ()
    play: Play | None = None
    on_enter: Callable[[State, int, int], None] | None = None
    on_win_attack: Callable[[State, int, int], None] | None = None
    protected: Callable[[State, Card], bool] | None = None
    extra_characters: int = 0


SCRIPTS: dict[str, Script] = {}


def script(
    code: str,
    *,
    bonus: BonusFn | None = None,
    grants: tuple[str, ...] = (),
    play: Play | None = None,
    on_enter: Callable[[State, int, int], None] | None = None,
    on_win_attack: Callable[[State, int, int], None] | None = None,
    protected: Callable[[State, Card], bool] | None = None,
    extra_characters: int = 0,
) -> Script:
    """Register the script of one card code (a card with no hooks has only rules keywords or none)."""
    if code in SCRIPTS:
        raise ValueError(f"inuyasha: card {code} is scripted twice")
    made = Script(code, bonus, grants, play, on_enter, on_win_attack, protected, extra_characters)
    SCRIPTS[code] = made
    return made


def script_of(code: str) -> Script:
    """The script of a card code; KeyError when the card has none (coverage reports those)."""
    return SCRIPTS[code]
