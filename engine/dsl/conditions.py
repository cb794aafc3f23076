"""Composable conditions: `Condition(lambda ctx: ...) & exists(sel)`, `~cond`, `cond | other`."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from engine.dsl.context import Ctx
from engine.dsl.selectors import Selector


@dataclass(frozen=True, slots=True)
class Condition:
    test: Callable[[Ctx], bool]

    def __call__(self, ctx: Ctx) -> bool:
        return self.test(ctx)

    def __and__(self, other: Condition) -> Condition:
        a, b = self.test, other.test
        return Condition(lambda ctx: a(ctx) and b(ctx))

    def __or__(self, other: Condition) -> Condition:
        a, b = self.test, other.test
        return Condition(lambda ctx: a(ctx) or b(ctx))

    def __invert__(self) -> Condition:
        a = self.test
        return Condition(lambda ctx: not a(ctx))


ALWAYS: Final = Condition(lambda ctx: True)


def exists(selector: Selector, at_least: int = 1) -> Condition:
    """At least `at_least` cards match `selector`."""
    return Condition(lambda ctx: len(selector(ctx)) >= at_least)


def player_value(key: str, op: str, value: int) -> Condition:
    """The acting player's value `key` compares to `value` (op: <, <=, ==, >=, >)."""
    ops: dict[str, Callable[[int, int], bool]] = {
        "<": lambda a, b: a < b,
        "<=": lambda a, b: a <= b,
        "==": lambda a, b: a == b,
        ">=": lambda a, b: a >= b,
        ">": lambda a, b: a > b,
    }
    compare = ops[op]
    return Condition(lambda ctx: compare(int(ctx.state.players[ctx.player].get(key, 0)), value))


def var_is(key: str, value: object) -> Condition:
    """A game variable (e.g. "phase") has this value."""
    return Condition(lambda ctx: ctx.state.vars.get(key) == value)
