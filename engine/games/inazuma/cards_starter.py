"""Scripts of the starter set (S1): the "Axel Blaze" and "Jude Sharp" starter cards."""

from __future__ import annotations

from typing import Final

from engine.core.state import Modifier, State
from engine.dsl.conditions import Condition
from engine.dsl.context import Ctx
from engine.dsl.durations import END_OF_PHASE, boost
from engine.dsl.scripts import Effect
from engine.games.inazuma import costs as C
from engine.games.inazuma.board import (
    BOOK,
    STATIC_AP,
    attacking,
    char_sp,
    fewer_goals,
    field_chars,
    kicker,
    name_of,
    top_facts,
    z,
)
from engine.games.inazuma.facts import facts
from engine.games.inazuma.moves import player_name
from engine.games.inazuma.script_kit import (
    ANY_CARD,
    ATTACK,
    SHOOTING,
    ability,
    discarding,
    gain,
    join_action,
    keeper_ability,
    keeper_gain,
    keyword,
    kicker_gain,
    noop,
    not_participating,
    opponents_attacking_with_two,
    own_field,
    static_sp,
    technique,
)

BOOK.add("S1-01", keeper_ability("god_hand", "God Hand", keeper_gain(200), once=True, **discarding(ANY_CARD)))
BOOK.add(
    "S1-02",
    ability(
        "fire_tornado", "Fire Tornado", gain(300), phase=SHOOTING, fired_up=True, once=True, **discarding(ANY_CARD)
    ),
)


def kicker_only_boost(ctx: Ctx) -> None:
    ctx.state.add_modifier(Modifier(ctx.source, "sp_kicker", 200, "add", END_OF_PHASE))
    ctx.state.log(f"{top_facts(ctx.state, ctx.source).name} +200 SP while kicking.")


BOOK.add("S1-03", ability("sharp_shot", "Sharp Shot", kicker_only_boost, phase=SHOOTING, **discarding(ANY_CARD)))
BOOK.vanilla("S1-04", "S1-06", "S1-07", "S1-09", "S1-22")
keyword("S1-05", "striker")
keyword("S1-13", "striker")
for _code in ("S1-08", "S1-20"):
    BOOK.add(_code, ability("join", "join the action", join_action, phase=ATTACK, condition=not_participating()))


def moonlight_ap(state: State, cid: int, giver: int) -> int:
    """Maddie Moonlight (starting): speed assists +100 AP while she is attacking."""
    return 100 if cid in attacking(state) and facts(state.cards[giver].code).attribute == "speed" else 0


BOOK.add("S1-10", Effect(name="speed_support", kind="static", resolve=noop, extra={"ap": moonlight_ap}))
STATIC_AP["S1-10"] = moonlight_ap
static_sp("S1-11", "outnumbered", lambda s, c: -200 if opponents_attacking_with_two(s, c) else 0)
keyword("S1-12", "dribbler")
static_sp("S1-14", "cover", lambda s, c: 300 if opponents_attacking_with_two(s, c) else 0)
BOOK.add("S1-15", Effect(name="untargetable", kind="static", resolve=noop))


def carson_bonus(state: State, cid: int) -> int:
    owner = state.cards[cid].controller
    if not state.cards[cid].zone.startswith("field:"):
        return 0
    return 100 * sum(1 for o in field_chars(state, owner) if o != cid and top_facts(state, o).team == "Raimon")


static_sp("S1-16", "raimon_spirit", carson_bonus)
BOOK.add(
    "S1-17",
    ability(
        "push_forward",
        "push forward",
        join_action,
        phase=ATTACK,
        cost=C.lower_own_sp(100),
        condition=C.is_attacker() & not_participating(),
    ),
)
technique(
    "S1-18", lambda ctx: gain(500 if fewer_goals(ctx.state, ctx.player) else 300)(ctx), phase=ATTACK, target=own_field()
)


def inazuma_drop(ctx: Ctx) -> None:
    if ctx.targets:
        card = ctx.targets[0]
        ctx.state.move(card, z("discard", ctx.player))
        kicker_gain(facts(ctx.state.cards[card].code).sp)(ctx)


technique(
    "S1-19",
    inazuma_drop,
    phase=SHOOTING,
    condition=C.has_kicker(),
    fever=True,
    optional_target=True,
    target=C.hand_where(lambda f: f.type == "reserve" and f.position == "DF"),
)


def moonlight_fire_up(ctx: Ctx) -> None:
    ctx.state.add_modifier(Modifier(ctx.targets[0], "fired", 1, "add", END_OF_PHASE))
    ctx.state.log(f"{top_facts(ctx.state, ctx.targets[0]).name} counts as fired-up this phase.")


BOOK.add(
    "S1-21",
    ability(
        "moonlight",
        "Moonlight",
        moonlight_fire_up,
        phase=SHOOTING,
        where="bench",
        cost=C.exhaust_self(),
        target=own_field().where(lambda s, c: top_facts(s, c.id).type == "reserve"),
    ),
)


def sharp_command(ctx: Ctx) -> None:
    for cid in field_chars(ctx.state, ctx.player):
        if top_facts(ctx.state, cid).attribute == "teamwork":
            boost(ctx.state, cid, "sp", 100, END_OF_PHASE)
    ctx.state.log(f"{player_name(ctx.player)}'s teamwork characters +100 SP.")


BOOK.add("S1-23", ability("command", "Command", sharp_command, phase=ATTACK, **discarding(ANY_CARD)))


def samford_bonus(state: State, cid: int) -> int:
    ids = attacking(state)
    if cid not in ids:
        return 0
    return 100 * sum(1 for o in ids if o != cid and top_facts(state, o).attribute == "teamwork")


static_sp("S1-24", "link_up", samford_bonus)
TWINS: Final = ("David Samford", "Jude Sharp")


def twin_boost(ctx: Ctx) -> None:
    state = ctx.state
    total = sum(char_sp(state, c) for c in field_chars(state, ctx.player) if top_facts(state, c).name in TWINS)
    state.add_modifier(Modifier(kicker(state), "sp", total, "set", END_OF_PHASE))
    state.log(f"{top_facts(state, kicker(state)).name}'s SP becomes {total}.")
    hand = state.zones[z("hand", 1 - ctx.player)]
    if hand:
        lost = state.rng.choice(hand)
        state.move(lost, z("discard", 1 - ctx.player))
        state.log(f"{player_name(1 - ctx.player)} discards {name_of(state, lost)} at random.")


technique(
    "S1-25",
    twin_boost,
    phase=SHOOTING,
    fever=True,
    condition=C.has_kicker() & Condition(lambda ctx: top_facts(ctx.state, kicker(ctx.state)).name in TWINS),
)
