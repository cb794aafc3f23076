"""The Yu-Gi-Oh! script book and the helpers card scripts share.

A card's effect is an `engine.dsl.scripts.Effect`: `kind` is "spell", "trap", "flip",
"equip", "field" or "continuous"; `target`/`targets` are chosen when it is activated;
`extra["dmg"]` marks cards allowed in the Damage Step (rule 13.4).
"""

from __future__ import annotations

from typing import Final

from engine.core.state import EMPTY, State
from engine.dsl.context import Ctx
from engine.dsl.scripts import Effect, ScriptBook
from engine.dsl.selectors import Selector
from engine.games.yugioh.board import targetable
from engine.games.yugioh.facts import facts

BOOK: Final = ScriptBook("yugioh")


def effect_of(code: str) -> Effect | None:
    """The card's activated (or Flip) effect, if it has one."""
    effects = BOOK.effects(code)
    return effects[0] if effects else None


def candidates(effect: Effect, ctx: Ctx) -> list[int]:
    """Legal targets of an effect now (targeting restrictions applied)."""
    if effect.target is None:
        return []
    return [cid for cid in effect.target(ctx) if targetable(ctx.state, cid)]


def usable(effect: Effect, ctx: Ctx) -> bool:
    """The effect's condition holds, its cost can be paid and it has enough targets."""
    if not effect.condition(ctx) or not effect.cost.can_pay(ctx):
        return False
    return effect.target is None or len(candidates(effect, ctx)) >= effect.targets


# ----------------------------------------------------------------------------- selectors
def _field(ctx: Ctx, players: tuple[int, ...], zones: tuple[str, ...]) -> list[int]:
    zs = ctx.state.zones
    return [cid for p in players for z in zones for cid in zs[f"{z}:{p}"] if cid != EMPTY]


def monsters_sel(who: str = "any", *, face_up: bool = False, position: str = "") -> Selector:
    """Monsters on the field of `who` ("self", "opponent", "any")."""

    def pick(ctx: Ctx) -> list[int]:
        players = {"self": (ctx.player,), "opponent": (1 - ctx.player,)}.get(who, (0, 1))
        out = _field(ctx, players, ("mzone",))
        cards = ctx.state.cards
        if face_up:
            out = [c for c in out if cards[c].face_up]
        if position:
            out = [c for c in out if cards[c].orientation == position]
        return out

    return Selector(pick)


def st_sel(kind: str, *, face_up_only: bool = False) -> Selector:
    """Magic ("spell") or Trap cards on the field; face-down cards qualify unless `face_up_only`."""

    def pick(ctx: Ctx) -> list[int]:
        out = []
        for cid in _field(ctx, (0, 1), ("szone", "fzone")):
            card = ctx.state.cards[cid]
            if cid == ctx.source:
                continue
            if card.face_up:
                if facts(card.code).kind == kind:
                    out.append(cid)
            elif not face_up_only:
                out.append(cid)
        return out

    return Selector(pick)


def grave_monsters(who: str) -> Selector:
    def pick(ctx: Ctx) -> list[int]:
        players = {"self": (ctx.player,), "opponent": (1 - ctx.player,)}.get(who, (0, 1))
        zs = ctx.state.zones
        return [cid for p in players for cid in zs[f"grave:{p}"] if facts(ctx.state.cards[cid].code).is_monster]

    return Selector(pick)


def still_there(state: State, cid: int, zone: str) -> bool:
    return state.cards[cid].zone == zone
