"""Effect Monster scripts of the pool: FLIP effects here; the always-on effects are rules
hooks named below (rule 5.6). Normal and Fusion Monsters are declared vanilla."""

from __future__ import annotations

from engine.dsl.context import Ctx
from engine.dsl.scripts import Effect
from engine.games.yugioh.board import destroy, gain, name, to_hand
from engine.games.yugioh.cards_spells import by_kind
from engine.games.yugioh.facts import table
from engine.games.yugioh.scripts import BOOK, monsters_sel, st_sel


def flip(code: str, name_: str, resolve: object, **fields: object) -> None:
    BOOK.add(code, Effect(name=name_, kind="flip", resolve=resolve, speed=1, **fields))  # type: ignore[arg-type]


def man_eater_bug(ctx: Ctx) -> None:
    for cid in ctx.targets:
        destroy(ctx.state, cid)


def hane_hane(ctx: Ctx) -> None:
    for cid in ctx.targets:
        to_hand(ctx.state, cid)


def stern_mystic(ctx: Ctx) -> None:
    """Every face-down card is shown to both players and stays face-down; nothing activates."""
    state = ctx.state
    shown = []
    for key in ("mzone:0", "mzone:1", "szone:0", "szone:1", "fzone:0", "fzone:1"):
        for cid in state.zones[key]:
            if cid >= 0 and not state.cards[cid].face_up:
                state.mcard(cid).known = -1
                shown.append(name(state, cid))
    state.log("The Stern Mystic reveals: " + (", ".join(shown) if shown else "no face-down cards") + ".")


def static(code: str, name_: str, what: str) -> None:
    """An always-on or trigger effect applied by the rules code (named in `what`)."""

    def resolve(ctx: Ctx) -> None:
        ctx.state.log(f"{name(ctx.state, ctx.source)}: {what}")

    BOOK.add(code, Effect(name=name_, kind="static", resolve=resolve, text=what))


flip("54652250", "man_eater_bug", man_eater_bug, target=monsters_sel("any"))
flip("07089711", "hane_hane", hane_hane, target=monsters_sel("any"))
flip("87557188", "stern_mystic", stern_mystic)
flip("46461247", "trap_master", by_kind("trap"), target=st_sel("trap"))
flip("33066139", "reaper_of_the_cards", by_kind("trap"), target=st_sel("trap"))
flip("09076207", "armed_ninja", by_kind("spell"), target=st_sel("spell"))
static("13945283", "wall_of_illusion", "returns its attacker to the hand after damage calculation (battle.py)")
static("06285791", "wicked_worm_beast", "returns to the hand in its controller's End Phase (turn.py)")
static("17985575", "lord_of_d", "face-up Dragons cannot be targeted (board.targetable)")


def puppeteer(ctx: Ctx) -> None:
    gain(ctx.state, ctx.player, 500)


BOOK.add(  # Trigger effect: a chain link after each Normal or Flip Summon (summon.after_summon)
    "54098121", Effect(name="mysterious_puppeteer", kind="trigger", on="summon", resolve=puppeteer, speed=1)
)
static("33396948", "exodia_the_forbidden_one", "five pieces in hand win the Duel (board.exodia)")

BOOK.vanilla(*(code for code, f in table().items() if f.kind == "monster" and f.sub in ("normal", "fusion", "token")))
