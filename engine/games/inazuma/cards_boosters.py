"""Scripts of the Football Frontier booster cards (FF) and of this project's original cards (TT)."""

from __future__ import annotations

from typing import Final

from engine.dsl.conditions import Condition
from engine.dsl.context import Ctx
from engine.dsl.durations import END_OF_TURN, boost
from engine.dsl.selectors import Selector
from engine.games.inazuma import costs as C
from engine.games.inazuma.board import BOOK, fewer_goals, top_facts, z
from engine.games.inazuma.facts import facts
from engine.games.inazuma.moves import EXHAUSTED, player_name
from engine.games.inazuma.script_kit import (
    ANY_CARD,
    ATTACK,
    POWER,
    RESERVES,
    SHOOTING,
    STRATEGY,
    TEAMWORK,
    TECHNIQUES,
    ability,
    discarding,
    gain,
    keeper_ability,
    keeper_gain,
    keyword,
    kicker_gain,
    opposing_participants,
    own_field,
    own_participants,
    technique,
    under_keeper,
)


def god_hand_sr(ctx: Ctx) -> None:
    keeper_gain(400 if fewer_goals(ctx.state, ctx.player) else 300)(ctx)


BOOK.add(
    "FF-026",
    keeper_ability("fireball_knuckle", "Fireball Knuckle", keeper_gain(200), **discarding(POWER)),
    keeper_ability("god_hand", "God Hand", god_hand_sr, **under_keeper(2)),
)
keyword("FF-043", "striker")


def wild_claw(ctx: Ctx) -> None:
    keeper_gain(facts(ctx.state.cards[int(ctx.data["cost_card"])].code).ap)(ctx)


def toughness_block(ctx: Ctx) -> None:
    ctx.state.vars["keeper_defends"] = True
    ctx.state.log(f"{top_facts(ctx.state, ctx.source).name} joins the defence.")


NOT_YET_DEFENDING: Final = Condition(lambda ctx: not ctx.state.vars.get("keeper_defends"))
BOOK.add(
    "FF-051",
    keeper_ability("wild_claw", "Wild Claw", wild_claw, **discarding(RESERVES)),
    keeper_ability(
        "toughness_block",
        "Toughness Block",
        toughness_block,
        phase=ATTACK,
        condition=C.is_defender() & C.keeper_free() & NOT_YET_DEFENDING,
        **under_keeper(1),
    ),
)
BOOK.add(
    "FF-074",
    keeper_ability("power_shield", "Power Shield", keeper_gain(200), **discarding(TEAMWORK)),
    keeper_ability("full_power_shield", "Full Power Shield", keeper_gain(400), **under_keeper(1)),
)


def warp_space(ctx: Ctx) -> None:
    state = ctx.state
    deck = state.zones[z("deck", ctx.player)]
    if not deck:
        return
    revealed = deck[-1]
    info = facts(state.cards[revealed].code)
    state.move(revealed, z("deck", ctx.player), index=0)
    state.log(f"{player_name(ctx.player)} reveals {info.name} and puts it on the bottom of the deck.")
    if info.type == "technique":
        state.vars["shot_over"] = True
        state.log("Warp Space: the shooting phase ends with no goal.")


BOOK.add(
    "FF-098",
    keeper_ability("killer_blade", "Killer Blade", keeper_gain(200), **discarding(TECHNIQUES)),
    keeper_ability("warp_space", "Warp Space", warp_space, **under_keeper(1)),
)


def freeze_shot(ctx: Ctx) -> None:
    gain(300)(ctx)
    C.lock_keeper(ctx.state, ctx.player)


BOOK.add(
    "FF-122",
    ability(
        "freeze_shot", "Freeze Shot", freeze_shot, phase=SHOOTING, fired_up=True, once=True, **discarding(ANY_CARD)
    ),
)
technique("FF-123", keeper_gain(300), phase=SHOOTING, condition=C.is_defender())
technique("FF-124", kicker_gain(300), phase=SHOOTING, condition=C.has_kicker())
technique("FF-125", gain(200), phase=ATTACK, target=own_field())

# ----------------------------------------------------------------- tcgtable originals (tagged "original")
keyword("TT-01", "dribbler")
keyword("TT-02", "defender")
technique("TT-03", gain(400), phase=ATTACK, target=own_participants())
technique("TT-04", gain(-200), phase=ATTACK, target=opposing_participants())


def ready_target(ctx: Ctx) -> None:
    """Training Whistle: the chosen exhausted bench character becomes ready (9.1, 6.5 C)."""
    target = ctx.targets[0]
    ctx.state.mcard(target).orientation = ""
    ctx.state.log(f"{top_facts(ctx.state, target).name} is ready again.")


EXHAUSTED_BENCH: Final = Selector(
    lambda ctx: [c for c in ctx.state.zones[z("bench", ctx.player)] if ctx.state.cards[c].orientation == EXHAUSTED]
)
technique("TT-05", ready_target, phase=None, target=EXHAUSTED_BENCH)


def coach_boost(ctx: Ctx) -> None:
    """Trainee Coach: +100 SP until the end of the turn (a stated duration, 11.5)."""
    target = ctx.targets[0]
    boost(ctx.state, target, "sp", 100, END_OF_TURN)
    ctx.state.log(f"{top_facts(ctx.state, target).name} +100 SP until the end of the turn.")


BOOK.add(
    "TT-06",
    ability(
        "coaching",
        "Coaching",
        coach_boost,
        phase=STRATEGY,
        where="bench",
        cost=C.exhaust_self(),
        target=own_field(),
    ),
)
