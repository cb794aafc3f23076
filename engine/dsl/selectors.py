"""Composable card selectors: `in_zone("monster", OPPONENT) & face_up()`.

A selector maps a context to card ids. Combine with `&` (both), `|` (either) and `-`
(except); filter with `.where(predicate)` on the Card record or its static facts.

>>> sel = in_zone("hand", SELF).where(lambda st, c: st.game.card(c.code).type == "Monster")  # doctest: +SKIP
>>> sel(ctx)  # doctest: +SKIP
[12, 15]
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from cards.pool import CardDef
from engine.core.state import Card, State
from engine.dsl.context import Ctx

SELF: Final = "self"
OPPONENT: Final = "opponent"
ANY: Final = "any"

CardTest = Callable[[State, Card], bool]


def _players(ctx: Ctx, who: str) -> list[int]:
    if who == SELF:
        return [ctx.player]
    if who == OPPONENT:
        return ctx.opponents
    return list(range(ctx.state.num_players))


@dataclass(frozen=True, slots=True)
class Selector:
    """A function from context to a list of card ids, with set-like combinators."""

    pick: Callable[[Ctx], list[int]]

    def __call__(self, ctx: Ctx) -> list[int]:
        return self.pick(ctx)

    def where(self, test: CardTest) -> Selector:
        pick = self.pick
        return Selector(lambda ctx: [cid for cid in pick(ctx) if test(ctx.state, ctx.state.cards[cid])])

    def where_facts(self, test: Callable[[CardDef], bool]) -> Selector:
        """Filter on the card's static facts (type, stats, tags)."""
        return self.where(lambda state, card: test(state.game.card(card.code)))

    def __and__(self, other: Selector) -> Selector:
        a, b = self.pick, other.pick
        return Selector(lambda ctx: [cid for cid in a(ctx) if cid in set(b(ctx))])

    def __or__(self, other: Selector) -> Selector:
        a, b = self.pick, other.pick

        def pick(ctx: Ctx) -> list[int]:
            first = a(ctx)
            seen = set(first)
            return first + [cid for cid in b(ctx) if cid not in seen]

        return Selector(pick)

    def __sub__(self, other: Selector) -> Selector:
        a, b = self.pick, other.pick
        return Selector(lambda ctx: [cid for cid in a(ctx) if cid not in set(b(ctx))])

    def count(self, ctx: Ctx) -> int:
        return len(self.pick(ctx))


def in_zone(zone: str, who: str = ANY) -> Selector:
    """Cards in the zone named `zone` of `who` (SELF, OPPONENT or ANY)."""

    def pick(ctx: Ctx) -> list[int]:
        zones = ctx.state.zones
        out: list[int] = []
        for player in _players(ctx, who):
            key = f"{zone}:{player}"
            ids = zones.get(key, zones.get(zone, []) if player == 0 else [])
            out.extend(cid for cid in ids if cid >= 0)
        return out

    return Selector(pick)


def controlled_by(who: str, zone: str) -> Selector:
    """Cards in any player's `zone` whose controller is `who` (control can change)."""

    def pick(ctx: Ctx) -> list[int]:
        players = set(_players(ctx, who))
        return [
            cid
            for key, ids in ctx.state.zones.items()
            if key.partition(":")[0] == zone
            for cid in ids
            if cid >= 0 and ctx.state.cards[cid].controller in players
        ]

    return Selector(pick)


def this_card() -> Selector:
    return Selector(lambda ctx: [ctx.source])


def targets() -> Selector:
    """The targets chosen for the effect (still where they were chosen: see `Ctx`)."""
    return Selector(lambda ctx: list(ctx.targets))


def face_up() -> CardTest:
    return lambda state, card: card.face_up


def face_down() -> CardTest:
    return lambda state, card: not card.face_up


def of_type(*types: str) -> Callable[[CardDef], bool]:
    return lambda facts: facts.type in types


def has_tag(tag: str) -> Callable[[CardDef], bool]:
    return lambda facts: tag in facts.tags


def stat_at_most(key: str, value: int) -> Callable[[CardDef], bool]:
    return lambda facts: int(facts.stats.get(key, 0) or 0) <= value


def stat_at_least(key: str, value: int) -> Callable[[CardDef], bool]:
    return lambda facts: int(facts.stats.get(key, 0) or 0) >= value
