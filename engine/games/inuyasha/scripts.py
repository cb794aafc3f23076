"""The Inuyasha script book (an `engine.dsl` `ScriptBook`) and how the engine reads it.

Card modules (`cards_heroes`, `cards_villains`) register one entry per card code with the
helpers below. Effect kinds:

- "static": continuous text, as `extra` facts: `bonus(state, source, target, color) -> int`
  (items only count for the character they are attached to), `grants` (traits an item gives),
  `extra_characters` (a location raising the Setup limit), `protected(state, card) -> bool`;
- "event" / "activated": a `target` selector, a `condition`, a `cost`, and `extra["choose"]`
  for how targets are picked: "" (one target), "color" (a target and one of its colors),
  "pair" (a target and one card of `extra["second"]`), "up_to" (up to `extra["n"]` targets);
  `extra["once"]` is "game" for an activated effect usable once per game;
- "trigger": `on` = "enter" (the card is played) or "win_attack" (it defeats a character in
  an attack).

Cards whose only text is a keyword (Aggressive, Defensive, Regeneration) are `book.vanilla`:
the rules engine handles keywords.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from itertools import combinations
from typing import TYPE_CHECKING, Any, Final

from engine.dsl.conditions import ALWAYS, Condition
from engine.dsl.context import Ctx
from engine.dsl.costs import FREE, Cost
from engine.dsl.scripts import Action, Effect, ScriptBook
from engine.dsl.selectors import Selector

if TYPE_CHECKING:
    from engine.core.state import Card, State

book = ScriptBook("inuyasha")

STATIC: Final = "static"
EVENT: Final = "event"
ACTIVATED: Final = "activated"
TRIGGER: Final = "trigger"
ON_ENTER: Final = "enter"
ON_WIN_ATTACK: Final = "win_attack"

BonusFn = Callable[["State", "Card", "Card", str], int]
# One way to use an effect: (option-id suffix, label, targets, color).
Choice = tuple[str, str, tuple[int, ...], str]


def _nothing(ctx: Ctx) -> None:
    return None


def static(
    code: str,
    *,
    bonus: BonusFn | None = None,
    grants: tuple[str, ...] = (),
    extra_characters: int = 0,
    protected: Callable[[State, Card], bool] | None = None,
    text: str = "",
) -> None:
    """Register a card's continuous text."""
    extra: dict[str, Any] = {"bonus": bonus, "grants": grants, "extra_characters": extra_characters}
    extra["protected"] = protected
    book.add(code, Effect("static", STATIC, _nothing, text=text, extra=extra))


def playable(
    code: str,
    kind: str,
    resolve: Action,
    *,
    target: Selector | None = None,
    condition: Condition = ALWAYS,
    cost: Cost = FREE,
    choose: str = "",
    second: Selector | None = None,
    n: int = 0,
    once: str = "",
    text: str = "",
) -> None:
    """Register an event's effect (kind "event") or an activated effect (kind "activated")."""
    extra = {"choose": choose, "second": second, "n": n, "once": once}
    book.add(code, Effect(kind, kind, resolve, condition=condition, cost=cost, target=target, text=text, extra=extra))


def trigger(code: str, on: str, resolve: Action, text: str = "") -> None:
    book.add(code, Effect(on, TRIGGER, resolve, on=on, text=text))


# ------------------------------------------------------------------ fast look-ups (scripts never change)
@cache
def static_of(code: str) -> dict[str, Any] | None:
    for effect in book.effects(code):
        if effect.kind == STATIC:
            return effect.extra
    return None


@cache
def bonus_of(code: str) -> BonusFn | None:
    found = static_of(code)
    return None if found is None else found["bonus"]


@cache
def play_of(code: str) -> Effect | None:
    """The event effect or activated effect of a card, if it has one."""
    for effect in book.effects(code):
        if effect.kind in (EVENT, ACTIVATED):
            return effect
    return None


@cache
def trigger_of(code: str, on: str) -> Effect | None:
    for effect in book.effects(code):
        if effect.kind == TRIGGER and effect.on == on:
            return effect
    return None


def run_trigger(state: State, code: str, on: str, source: int, player: int) -> None:
    effect = trigger_of(code, on)
    if effect is not None:
        effect.resolve(Ctx(state, source, player))


# ------------------------------------------------------------------ choices and resolution
def choices(effect: Effect, state: State, player: int, source: int) -> list[Choice]:
    """Every legal way to use `effect` now; empty when its condition, cost or targets fail."""
    ctx = Ctx(state, source, player)
    if not effect.condition(ctx) or not effect.cost.can_pay(ctx):
        return []
    if effect.target is None:
        return [("", "", (), "")]
    first = [t for t in effect.target(ctx) if t != source]
    mode = effect.extra.get("choose", "")
    name = state.game.card
    out: list[Choice] = []
    if mode == "color":
        for t in first:
            for color, _ in _colors(state, t):
                out.append((f"{t}:{color}", f"{name(state.cards[t].code).name}, {color}", (t,), color))
    elif mode == "pair":
        second: Selector = effect.extra["second"]
        others = second(ctx)
        for t in first:
            for u in others:
                if u != t:
                    label = f"{name(state.cards[t].code).name} and {name(state.cards[u].code).name}"
                    out.append((f"{t}:{u}", label, (t, u), ""))
    elif mode == "up_to":
        size = min(int(effect.extra["n"]), len(first))
        if size == 0:
            return [("", "nothing to choose", (), "")]
        for group in combinations(first, size):
            label = " and ".join(name(state.cards[t].code).name for t in group)
            out.append((":".join(map(str, group)), label, group, ""))
    else:
        out = [(str(t), name(state.cards[t].code).name, (t,), "") for t in first]
    return out


def _colors(state: State, cid: int) -> tuple[tuple[str, int], ...]:
    from engine.games.inuyasha.facts import facts

    return facts(state.cards[cid].code).colors


def resolve(effect: Effect, state: State, player: int, source: int, targets: tuple[int, ...], color: str) -> None:
    """Pay the effect's cost, then apply it (rule 6.3: the cost in full, the rest as far as possible)."""
    ctx = Ctx(state, source, player, targets, {"color": color})
    effect.cost.pay(ctx)
    if state.result is None and not state.vars.get("game_over"):
        effect.resolve(ctx)
