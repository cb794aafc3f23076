"""Inuyasha building blocks on top of `engine.dsl`: selectors, costs, conditions, actions, bonuses.

Card scripts combine these in a line or two, e.g.
`playable(code, EVENT, expend_target, target=FOE_CHARACTERS)`.
"""

from __future__ import annotations

from typing import Final

from engine.core.state import EMPTY, Card, State
from engine.dsl.conditions import Condition
from engine.dsl.context import Ctx
from engine.dsl.costs import Cost
from engine.dsl.durations import END_OF_BATTLE, END_OF_STEP
from engine.dsl.durations import boost as add_boost
from engine.dsl.selectors import CardTest, Selector
from engine.games.inuyasha import board
from engine.games.inuyasha.facts import CHARACTER, COLORS, ITEM, LOCATION, facts
from engine.games.inuyasha.scripts import BonusFn

__all__ = ["END_OF_BATTLE", "END_OF_STEP"]

# ------------------------------------------------------------------ selectors
MY_CHARACTERS: Final = Selector(lambda ctx: board.characters(ctx.state, ctx.player))
FOE_CHARACTERS: Final = Selector(lambda ctx: board.characters(ctx.state, board.other(ctx.player)))
FOE_ITEMS: Final = Selector(
    lambda ctx: [
        c.id
        for c in ctx.state.cards_in(f"play:{board.other(ctx.player)}")
        if c.face_up and c.attached_to != EMPTY and facts(c.code).type == ITEM
    ]
)
MY_FREE_CHARACTERS: Final = MY_CHARACTERS.where(lambda state, card: board.item_of(state, card.id) == EMPTY)
HOLDER: Final = Selector(lambda ctx: [h] if (h := ctx.state.cards[ctx.source].attached_to) != EMPTY else [])


def is_expended(state: State, card: Card) -> bool:
    return not board.is_ready(state, card.id)


def is_ready(state: State, card: Card) -> bool:
    return board.is_ready(state, card.id)


def has_trait(trait: str) -> CardTest:
    return lambda state, card: trait in board.traits(state, card.id)


def kaitou(kind: str) -> Selector:
    """Cards of one type in the player's own Kaitou deck (for cards that say they may pick there)."""
    return Selector(
        lambda ctx: board.first_of_each_code(
            ctx.state,
            [
                cid
                for cid in ctx.state.zones[f"kaitou_deck:{ctx.player}"]
                if facts(ctx.state.cards[cid].code).type == kind
            ],
        )
    )


def new_location(state: State, card: Card, player: int) -> bool:
    """True when `player` could have this location in play (one copy of each, rule 5.3)."""
    title = facts(card.code).title
    seats = (0, 1) if state.options.get("location_copies") == "table" else (player,)
    return all(facts(state.cards[lid].code).title != title for seat in seats for lid in board.locations(state, seat))


KAITOU_LOCATIONS: Final = Selector(
    lambda ctx: [c for c in kaitou(LOCATION)(ctx) if new_location(ctx.state, ctx.state.cards[c], ctx.player)]
)
KAITOU_ITEMS: Final = kaitou(ITEM)


# ------------------------------------------------------------------ conditions and costs
def _discard_top(ctx: Ctx) -> None:
    board.mill(ctx.state, ctx.player, 1, "an effect's cost")


WON_ATTACK_THIS_STEP: Final = Condition(lambda ctx: ctx.player in ctx.state.vars.get("won_attack", ()))

EXPEND_SELF: Final = Cost(
    lambda ctx: board.is_ready(ctx.state, ctx.source), lambda ctx: expend(ctx.state, ctx.source), "expend this card"
)
EXPEND_HOLDER: Final = Cost(
    lambda ctx: (h := ctx.state.cards[ctx.source].attached_to) != EMPTY and board.is_ready(ctx.state, h),
    lambda ctx: expend(ctx.state, ctx.state.cards[ctx.source].attached_to),
    "expend the attached character",
)
DISCARD_SELF: Final = Cost(lambda ctx: True, lambda ctx: board.to_discard(ctx.state, ctx.source), "discard this card")
DISCARD_TOP_OF_DECK: Final = Cost(
    lambda ctx: bool(ctx.state.zones[f"deck:{ctx.player}"]) or ctx.state.options.get("deck_cost_shortfall") != "forbid",
    lambda ctx: _discard_top(ctx),
    "discard the top card of your deck",
)


# ------------------------------------------------------------------ actions
def boost(state: State, target: int, color: str, amount: int, until: str, source: int = EMPTY) -> None:
    """Change one color until `until`; a raise needs the color (10.3), values stay >= 0 (10.5)."""
    if not board.has_color(state, target, color):
        state.log(f"{board.title(state, target)} has no {color}: the change does nothing (rule 10.3).")
        return
    add_boost(state, target, color, amount, until, source)
    sign = "+" if amount >= 0 else ""
    state.log(f"{board.title(state, target)} gets {sign}{amount} {color}.")


def boost_all(state: State, target: int, amount: int, until: str, source: int = EMPTY) -> None:
    for color, _ in board.f(state, target).colors:
        boost(state, target, color, amount, until, source)


def expend(state: State, target: int) -> None:
    board.set_ready(state, target, False)
    state.log(f"{board.title(state, target)} is expended.")


def make_ready(state: State, target: int) -> None:
    board.set_ready(state, target, True)
    state.log(f"{board.title(state, target)} is readied.")


def search(state: State, player: int, source: int, kind: str, *, optional: bool = False) -> None:
    """Start a search of `player`'s deck (rule 10.6); it never finds a copy of `source`. An
    `optional` search ("you may search") asks the player first."""
    state.push("inuyasha.search", p=player, kind=kind, may=optional, **{"not": board.title(state, source)})


def defeat_and_steal(ctx: Ctx) -> None:
    board.defeat(ctx.state, ctx.targets[0])
    board.steal_shard(ctx.state, ctx.player)


def expend_target(ctx: Ctx) -> None:
    expend(ctx.state, ctx.targets[0])


def ready_targets(ctx: Ctx) -> None:
    if not ctx.targets:
        ctx.state.log("There is nothing to ready (rule 10.4).")
    for target in ctx.targets:
        make_ready(ctx.state, target)


# ------------------------------------------------------------------ static bonuses
def item_bonus(amounts: dict[str, int], named: str = "", named_amounts: dict[str, int] | None = None) -> BonusFn:
    """Static bonus of an item to the character it is attached to (colors it has only)."""

    def bonus(state: State, source: Card, target: Card, color: str) -> int:
        if source.attached_to != target.id:
            return 0
        if named and named_amounts is not None and facts(target.code).name == named:
            return named_amounts.get(color, 0)
        return amounts.get(color, 0)

    return bonus


def each_color(amount: int) -> dict[str, int]:
    return dict.fromkeys(COLORS, amount)


def location_bonus(color: str, amount: int, trait: str = "", both_players: bool = False) -> BonusFn:
    """Static bonus of a location to characters (its controller's, or both players')."""

    def bonus(state: State, source: Card, target: Card, wanted: str) -> int:
        if wanted != color or facts(target.code).type != CHARACTER:
            return 0
        if not both_players and target.controller != source.controller:
            return 0
        if trait and trait not in board.traits(state, target.id):
            return 0
        return amount

    return bonus
