"""Trap card scripts of the pool (rules 7.1-7.4, 15.3)."""

from __future__ import annotations

from typing import Final

from engine.dsl.conditions import ALWAYS, Condition
from engine.dsl.context import Ctx
from engine.dsl.costs import Cost
from engine.dsl.scripts import Effect
from engine.dsl.selectors import Selector
from engine.games.yugioh.board import atk, boost, damage, destroy, monsters, name, opp, turn
from engine.games.yugioh.scripts import BOOK, monsters_sel


def trap(code: str, name_: str, resolve: object, **fields: object) -> None:
    BOOK.add(code, Effect(name=name_, kind="trap", resolve=resolve, **fields))  # type: ignore[arg-type]


def _just_summoned(ctx: Ctx) -> list[int]:
    """The monster the opponent just Normal or Flip Summoned, if it has 1000+ ATK ("Trap Hole")."""
    state = ctx.state
    summoned = state.vars.get("summoned")
    if not summoned:
        return []
    cid, _kind, player = summoned
    card = state.cards[cid]
    if player == ctx.player or not card.zone.startswith("mzone") or not card.face_up:
        return []
    return [cid] if atk(state, cid) >= 1000 else []


def trap_hole(ctx: Ctx) -> None:
    for cid in ctx.targets:
        destroy(ctx.state, cid)


def two_pronged_attack(ctx: Ctx) -> None:
    state = ctx.state
    mine, theirs = monsters(state, ctx.player), monsters(state, opp(ctx.player))
    if len(mine) < 2 or not theirs:
        state.log("Two-Pronged Attack finds too few monsters and does nothing.")
        return
    state.push(
        "ygo.do",
        player=ctx.player,
        candidates=theirs,
        action="destroy",
        text="Two-Pronged Attack: destroy which opponent's monster?",
    )
    state.push(
        "ygo.do",
        player=ctx.player,
        candidates=mine,
        min=2,
        max=2,
        action="destroy",
        text="Two-Pronged Attack: destroy which 2 of your monsters?",
    )


def reinforcements(ctx: Ctx) -> None:
    for cid in ctx.targets:
        if ctx.state.cards[cid].face_up:
            boost(ctx.state, cid, "atk", 500)
            ctx.state.log(f"{name(ctx.state, cid)} gains 500 ATK until the end of the turn.")


def castle_walls(ctx: Ctx) -> None:
    for cid in ctx.targets:
        if ctx.state.cards[cid].face_up:
            boost(ctx.state, cid, "def", 500)
            ctx.state.log(f"{name(ctx.state, cid)} gains 500 DEF until the end of the turn.")


def waboku(ctx: Ctx) -> None:
    ctx.state.players[ctx.player]["waboku"] = turn(ctx.state)
    ctx.state.log(f"Player {ctx.player + 1} takes no battle damage and loses no monster in battle this turn.")


def just_desserts(ctx: Ctx) -> None:
    count = len(monsters(ctx.state, opp(ctx.player)))
    damage(ctx.state, opp(ctx.player), 500 * count)


def reverse_trap(ctx: Ctx) -> None:
    ctx.state.vars["reverse"] = turn(ctx.state)
    ctx.state.log("Until the end of the turn, ATK/DEF increases and decreases are reversed.")


def stays(ctx: Ctx) -> None:
    ctx.state.log(f"{name(ctx.state, ctx.source)} stays on the field.")


FACE_UP: Final = monsters_sel("any", face_up=True)
trap("04206964", "trap_hole", trap_hole, target=Selector(_just_summoned))
trap(
    "83887306",
    "two_pronged_attack",
    two_pronged_attack,
    condition=Condition(
        lambda ctx: len(monsters(ctx.state, ctx.player)) >= 2 and bool(monsters(ctx.state, opp(ctx.player)))
    ),
)
trap("17814387", "reinforcements", reinforcements, target=FACE_UP, extra={"dmg": True})
trap("44209392", "castle_walls", castle_walls, target=FACE_UP, extra={"dmg": True})
trap("12607053", "waboku", waboku)
trap(
    "24068492",
    "just_desserts",
    just_desserts,
    condition=Condition(lambda ctx: bool(monsters(ctx.state, opp(ctx.player)))),
)
trap("77622396", "reverse_trap", reverse_trap, extra={"dmg": True})
trap("50045299", "dragon_capture_jar", stays, condition=ALWAYS)  # continuous: see board._capture_jar


def offering_summon(ctx: Ctx) -> None:
    ctx.state.push("ygo.offering", player=ctx.player)


def pay_offering(ctx: Ctx) -> None:
    values = ctx.state.players[ctx.player]
    values["lp"] = int(values["lp"]) - 500
    ctx.state.log(f"Player {ctx.player + 1} pays 500 LP for Ultimate Offering (LP {values['lp']}).")


BOOK.add(
    "80604091",
    Effect(name="ultimate_offering", kind="trap", resolve=stays, condition=ALWAYS),
    Effect(  # the effect of the face-up card, used through chain.offering_ok / use_offering (15.4)
        name="ultimate_offering_summon",
        kind="trap",
        resolve=offering_summon,
        cost=Cost(lambda ctx: int(ctx.state.players[ctx.player]["lp"]) > 500, pay_offering, "pay 500 LP"),
        speed=2,
    ),
)
