"""Costs: something paid before an effect happens. `can_pay` is checked when options are
listed; `pay` changes the state (costs that need a choice push a procedure instead, e.g.
`core.choose_cards`, and pay when it returns).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

from engine.dsl.context import Ctx
from engine.dsl.selectors import Selector


@dataclass(frozen=True, slots=True)
class Cost:
    can_pay: Callable[[Ctx], bool]
    pay: Callable[[Ctx], None]
    text: str = ""

    def __add__(self, other: Cost) -> Cost:
        a, b = self, other

        def pay(ctx: Ctx) -> None:
            a.pay(ctx)
            b.pay(ctx)

        return Cost(lambda ctx: a.can_pay(ctx) and b.can_pay(ctx), pay, f"{a.text}, {b.text}".strip(", "))


FREE: Final = Cost(lambda ctx: True, lambda ctx: None, "")


def pay_value(key: str, amount: int, *, allow_below_zero: bool = False) -> Cost:
    """Pay `amount` of the acting player's value `key` (life points, chakra, ryo...)."""

    def can(ctx: Ctx) -> bool:
        have = int(ctx.state.players[ctx.player].get(key, 0))
        return allow_below_zero or have >= amount

    def pay(ctx: Ctx) -> None:
        ctx.state.players[ctx.player][key] = int(ctx.state.players[ctx.player].get(key, 0)) - amount

    return Cost(can, pay, f"pay {amount} {key}")


def move_cards(selector: Selector, count: int, to_zone: str, text: str) -> Cost:
    """Move the first `count` cards `selector` finds to the payer's `to_zone` (no choice)."""

    def can(ctx: Ctx) -> bool:
        return len(selector(ctx)) >= count

    def pay(ctx: Ctx) -> None:
        for cid in selector(ctx)[:count]:
            ctx.state.move(cid, f"{to_zone}:{ctx.state.cards[cid].owner}")

    return Cost(can, pay, text)


def all_of(costs: Sequence[Cost]) -> Cost:
    total = FREE
    for cost in costs:
        total = total + cost
    return total
