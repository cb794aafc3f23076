"""Usagi Yojimbo effect building blocks on top of `engine.dsl`: costs, selectors and actions.

Card scripts (`cards_*.py`) combine these, e.g.
``ability("pump", strike(), pump("combat", 2), target=characters_sel())``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import engine.dsl.flow  # noqa: F401  (registers core.choose_cards, used by usagi.pick)
from engine.core.state import Frame, State, procedure
from engine.dsl.conditions import ALWAYS, Condition
from engine.dsl.context import Ctx
from engine.dsl.costs import FREE, Cost, pay_value
from engine.dsl.scripts import Effect
from engine.dsl.selectors import Selector
from engine.games.usagi import board
from engine.games.usagi.board import STRICKEN
from engine.games.usagi.book import ABILITY, MOMENT, RESOLVE, STATIC, TRIGGER

Action = Callable[[Ctx], None]


# ---------------------------------------------------------------- costs
def strike() -> Cost:
    """Strike this card (rule 9.2): impossible while it is stricken."""

    def can(ctx: Ctx) -> bool:
        return ctx.state.cards[ctx.source].orientation != STRICKEN

    def pay(ctx: Ctx) -> None:
        ctx.state.mcard(ctx.source).orientation = STRICKEN

    return Cost(can, pay, "strike this card")


def pay(currency: str, amount: int) -> Cost:
    """Spend Honor or Ryo (rule 1.5)."""
    return pay_value(currency, amount)


def sacrifice() -> Cost:
    """Send this card to its owner's rest pile (rule 9.3)."""
    return Cost(lambda ctx: True, lambda ctx: board.leave_play(ctx.state, ctx.source, "rest"), "sacrifice this")


# ---------------------------------------------------------------- selectors
def characters_sel(
    *, own: bool = False, ally: bool = False, involved: bool = False, stricken: bool = False
) -> Selector:
    """Characters in play, filtered: controlled by you, Allies, involved, stricken."""

    def pick(ctx: Ctx) -> list[int]:
        state = ctx.state
        out = []
        for cid in board.characters(state, ctx.player if own else None):
            card = state.cards[cid]
            if ally and not board.info(state, cid).is_ally:
                continue
            if involved and "inv" not in card.flags:
                continue
            if stricken and card.orientation != STRICKEN:
                continue
            out.append(cid)
        return out

    return Selector(pick)


def events_sel() -> Selector:
    """Events in the Event field."""
    return Selector(lambda ctx: board.events_in_play(ctx.state))


# ---------------------------------------------------------------- actions
def gain(currency: str, amount: int) -> Action:
    def run(ctx: Ctx) -> None:
        values = ctx.state.players[ctx.player]
        values[currency] = int(values.get(currency, 0)) + amount
        ctx.state.log(f"{board.owner_label(ctx.player)} gains {amount} {currency.capitalize()}.")

    return run


def draw_cards(amount: int) -> Action:
    def run(ctx: Ctx) -> None:
        got = board.draw(ctx.state, ctx.player, amount)
        ctx.state.log(f"{board.owner_label(ctx.player)} draws {got} card{'s' if got != 1 else ''}.")

    return run


def pump(stat: str, amount: int, *, on_self: bool = False) -> Action:
    """The target (or this card) gets +amount (or -) in `stat` until the end of the turn."""

    def run(ctx: Ctx) -> None:
        cid = ctx.source if on_self else ctx.targets[0]
        board.boost(ctx.state, cid, stat, amount, ctx.source)
        sign = "+" if amount >= 0 else ""
        ctx.state.log(
            f"{board.name(ctx.state, cid)} gets {sign}{amount} {stat.capitalize()} until the end of the turn."
        )

    return run


def refresh(*, on_self: bool = False) -> Action:
    def run(ctx: Ctx) -> None:
        cid = ctx.source if on_self else ctx.targets[0]
        ctx.state.mcard(cid).orientation = ""
        ctx.state.log(f"{board.name(ctx.state, cid)} is refreshed.")

    return run


def _remove(pile: str, verb: str) -> Action:
    def run(ctx: Ctx) -> None:
        cid = ctx.targets[0]
        ctx.state.log(f"{board.name(ctx.state, cid)} is {verb} (to the {pile} pile).")
        board.leave_play(ctx.state, cid, pile)

    return run


def exhaust() -> Action:
    """The target goes to its owner's rest pile (rule 9.3)."""
    return _remove("rest", "exhausted")


def kill() -> Action:
    """The target goes to its owner's dead pile for good (rule 9.3)."""
    return _remove("dead", "killed")


def uninvolve() -> Action:
    """Return the target involved Character to its controller's play field."""

    def run(ctx: Ctx) -> None:
        cid = ctx.targets[0]
        card = ctx.state.cards[cid]
        board.move_group(ctx.state, cid, board.fld(card.controller))
        ctx.state.log(f"{board.name(ctx.state, cid)} is no longer involved and returns to its play field.")

    return run


def event_score(amount: int) -> Action:
    def run(ctx: Ctx) -> None:
        eid = ctx.targets[0]
        board.boost(ctx.state, eid, "score", amount, ctx.source)
        ctx.state.log(f"{board.name(ctx.state, eid)} scores {amount:+d} this turn.")

    return run


def recall() -> Action:
    """Take a card of your choice from your rest pile into your hand."""

    def run(ctx: Ctx) -> None:
        if ctx.state.zones[f"rest:{ctx.player}"]:
            ctx.state.push("usagi.pick", player=ctx.player, what="recall")

    return run


def others_discard() -> Action:
    """Each other player, clockwise from you, discards a card of their choice."""

    def run(ctx: Ctx) -> None:
        n = ctx.state.num_players
        for step in range(n - 1, 0, -1):  # pushed in reverse so the left neighbour goes first
            other = (ctx.player + step) % n
            if ctx.state.zones[f"hand:{other}"]:
                ctx.state.push("usagi.pick", player=other, what="discard")

    return run


@procedure("usagi.pick")
def pick(state: State, frame: Frame) -> None:
    """A player picks a card for an effect: "recall" (rest pile -> hand) or "discard" (hand)."""
    data = frame.data
    player, what = data["player"], data["what"]
    source = f"rest:{player}" if what == "recall" else f"hand:{player}"
    if frame.step == 0:
        frame.step = 1
        text = "Choose a card to take from your rest pile" if what == "recall" else "Choose a card to discard"
        state.push(
            "core.choose_cards",
            player=player,
            candidates=list(state.zones[source]),
            min=1,
            max=1,
            kind=what,
            text=text,
            rule="usagi 9.3" if what == "discard" else "usagi 9.1",
        )
        return
    picked = state.take_returned()
    for cid in picked:
        if what == "recall":
            state.move(cid, f"hand:{player}")
            state.log(f"{board.owner_label(player)} takes {board.name(state, cid)} from their rest pile.")
        else:
            state.move(cid, f"rest:{player}")
            state.log(f"{board.owner_label(player)} discards {board.name(state, cid)}.")
    state.pop()


# ---------------------------------------------------------------- effect constructors
def ability(
    name: str, cost: Cost, run: Action, *, target: Selector | None = None, text: str = "", condition: Condition = ALWAYS
) -> Effect:
    return Effect(name=name, kind=ABILITY, resolve=run, cost=cost, target=target, text=text, condition=condition)


def moment(
    run: Action, *, target: Selector | None = None, place: str = "", target_player: bool = False, name: str = "play"
) -> Effect:
    extra: dict[str, Any] = {}
    if place:
        extra["place"] = place
    if target_player:
        extra["target"] = "player"
    return Effect(name=name, kind=MOMENT, resolve=run, target=target, extra=extra)


def _nothing(ctx: Ctx) -> None:
    """Static abilities do nothing when resolved: the rules read them where they apply."""


def aura(rating: str, amount: int, scope: str) -> Effect:
    """A rating bonus for Characters: scope "own", "others" (your other Characters) or "zone"."""
    return Effect(name="aura", kind=STATIC, resolve=_nothing, extra={"aura": (rating, amount, scope)})


def static(name: str, **values: int) -> Effect:
    return Effect(name=name, kind=STATIC, resolve=_nothing, extra=dict(values))


def on_involved(run: Action) -> Effect:
    return Effect(name="when_involved", kind=TRIGGER, resolve=run, on="involved")


def on_resolve(run: Action) -> Effect:
    return Effect(name="resolve", kind=RESOLVE, resolve=run)


__all__ = ["FREE", "ability", "aura", "moment", "on_involved", "on_resolve", "static"]
