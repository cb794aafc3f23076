"""Inazuma costs and conditions built from the DSL (11.2): the chosen cost card travels in
`ctx.data["cost_card"]`, picked by the window's option id (see actions.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from engine.core.state import Modifier, State
from engine.dsl.conditions import Condition
from engine.dsl.context import Ctx
from engine.dsl.costs import Cost
from engine.dsl.durations import END_OF_PHASE, boost
from engine.dsl.selectors import SELF, Selector, in_zone
from engine.games.inazuma.board import attacker, has_modifier, kicker, other, z
from engine.games.inazuma.facts import Facts, facts
from engine.games.inazuma.moves import EXHAUSTED

HAND: Final[Selector] = in_zone("hand", SELF)


def hand_where(test: Callable[[Facts], bool]) -> Selector:
    """Cards in the acting player's hand whose printed facts pass `test`."""
    return HAND.where(lambda state, card: test(facts(card.code)))


def discard(choices: Selector, text: str = "discard a card") -> Cost:
    """Discard the chosen card from hand (4.6)."""

    def pay(ctx: Ctx) -> None:
        ctx.state.move(int(ctx.data["cost_card"]), z("discard", ctx.player))

    return Cost(lambda ctx: bool(choices(ctx)), pay, text)


def place_under(max_under: int) -> Cost:
    """Put the chosen hand card face down under this goalkeeper, if fewer than `max_under` are there (11.8)."""

    def can(ctx: Ctx) -> bool:
        return bool(HAND(ctx)) and ctx.state.count(z("under", ctx.player)) < max_under

    def pay(ctx: Ctx) -> None:
        ctx.state.move(int(ctx.data["cost_card"]), z("under", ctx.player))

    return Cost(can, pay, "put a card under this goalkeeper")


def exhaust_self() -> Cost:
    def can(ctx: Ctx) -> bool:
        return ctx.state.cards[ctx.source].orientation != EXHAUSTED

    def pay(ctx: Ctx) -> None:
        ctx.state.mcard(ctx.source).orientation = EXHAUSTED

    return Cost(can, pay, "exhaust this character")


def lower_own_sp(amount: int) -> Cost:
    def pay(ctx: Ctx) -> None:
        boost(ctx.state, ctx.source, "sp", -amount, END_OF_PHASE)

    return Cost(lambda ctx: True, pay, f"this character gets -{amount} SP")


def is_attacker() -> Condition:
    return Condition(lambda ctx: ctx.player == attacker(ctx.state))


def is_defender() -> Condition:
    return Condition(lambda ctx: ctx.player != attacker(ctx.state))


def has_kicker() -> Condition:
    return Condition(lambda ctx: ctx.player == attacker(ctx.state) and kicker(ctx.state) >= 0)


def keeper_free() -> Condition:
    """The goalkeeper is not barred from cost abilities (Freeze Shot)."""
    return Condition(lambda ctx: not has_modifier(ctx.state, -1 - ctx.player, "gk_locked"))


def lock_keeper(state: State, player: int) -> None:
    """`player`'s opponent's goalkeeper cannot use cost abilities this phase."""
    state.add_modifier(Modifier(-1 - other(player), "gk_locked", 1, "add", END_OF_PHASE))
