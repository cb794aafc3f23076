"""One script per Inazuma card code, built from the DSL (see actions.py for the `extra` keys).

Kinds: "technique" (a super technique's play), "ability" (a used ability with its cost),
"static" (a constant ability: `extra["sp"]` / `extra["ap"]` functions read by board.char_sp),
"keyword" ([Dribbler]/[Defender]/[Striker], applied from the card data by board.char_sp).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core.state import Modifier, State
from engine.dsl.conditions import ALWAYS, Condition
from engine.dsl.context import Ctx
from engine.dsl.costs import FREE, Cost
from engine.dsl.durations import END_OF_PHASE, boost
from engine.dsl.scripts import Effect
from engine.dsl.selectors import Selector
from engine.games.inazuma import costs as C
from engine.games.inazuma.board import (
    BOOK,
    STATIC_AP,
    STATIC_SP,
    attacker,
    attacking,
    char_sp,
    defending,
    fewer_goals,
    field_chars,
    goalkeeper,
    kicker,
    name_of,
    phase,
    top_facts,
    z,
)
from engine.games.inazuma.facts import facts
from engine.games.inazuma.moves import player_name

Resolve = Callable[[Ctx], None]
ATTACK, SHOOTING = "attack", "shooting"


def _noop(ctx: Ctx) -> None:
    return None


def technique(
    code: str,
    resolve: Resolve,
    *,
    phase: str | None,
    condition: Condition = ALWAYS,
    target: Selector | None = None,
    fever: bool = False,
    optional_target: bool = False,
) -> None:
    extra: dict[str, Any] = {"phase": phase, "fever": fever, "optional_target": optional_target}
    BOOK.add(
        code, Effect(name="play", kind="technique", resolve=resolve, condition=condition, target=target, extra=extra)
    )


def ability(
    code: str,
    name: str,
    text: str,
    resolve: Resolve,
    *,
    phase: str | None,
    cost: Cost = FREE,
    cost_choices: Selector | None = None,
    cost_verb: str = "discard",
    condition: Condition = ALWAYS,
    target: Selector | None = None,
    where: str | None = None,
    fired_up: bool = False,
    once: bool = False,
) -> Effect:
    extra: dict[str, Any] = {
        "phase": phase,
        "cost_choices": cost_choices,
        "cost_verb": cost_verb,
        "fired_up": fired_up,
        "once": once,
    }
    if where is not None:
        extra["where"] = where
    return Effect(
        name=name,
        kind="ability",
        resolve=resolve,
        condition=condition,
        cost=cost,
        target=target,
        text=text,
        extra=extra,
    )


def static_sp(code: str, name: str, func: Callable[[State, int], int]) -> None:
    BOOK.add(code, Effect(name=name, kind="static", resolve=_noop, extra={"sp": func}))
    STATIC_SP[code] = func


def keyword(code: str, word: str) -> None:
    BOOK.add(code, Effect(name=word, kind="keyword", resolve=_noop, extra={"keyword": word}))


# ----------------------------------------------------------------- selectors and small effects
def own_field() -> Selector:
    return Selector(lambda ctx: field_chars(ctx.state, ctx.player))


def own_participants() -> Selector:
    def pick(ctx: Ctx) -> list[int]:
        ids = attacking(ctx.state) if ctx.player == attacker(ctx.state) else defending(ctx.state)
        return [cid for cid in ids if ctx.state.cards[cid].zone.startswith("field:")]

    return Selector(pick)


def opposing_participants() -> Selector:
    def pick(ctx: Ctx) -> list[int]:
        ids = defending(ctx.state) if ctx.player == attacker(ctx.state) else attacking(ctx.state)
        return [cid for cid in ids if ctx.state.cards[cid].zone.startswith("field:")]

    return Selector(pick)


def gain(amount: int) -> Resolve:
    """The chosen target (or else this character) gets +amount SP this phase."""

    def resolve(ctx: Ctx) -> None:
        target = ctx.targets[0] if ctx.targets else ctx.source
        boost(ctx.state, target, "sp", amount, END_OF_PHASE)
        ctx.state.log(f"{top_facts(ctx.state, target).name} {'+' if amount >= 0 else ''}{amount} SP.")

    return resolve


def keeper_gain(amount: int) -> Resolve:
    def resolve(ctx: Ctx) -> None:
        keeper = goalkeeper(ctx.state, ctx.player)
        boost(ctx.state, keeper, "sp", amount, END_OF_PHASE)
        ctx.state.log(f"{top_facts(ctx.state, keeper).name} +{amount} SP.")

    return resolve


def kicker_gain(amount: int) -> Resolve:
    def resolve(ctx: Ctx) -> None:
        boost(ctx.state, kicker(ctx.state), "sp", amount, END_OF_PHASE)
        ctx.state.log(f"{top_facts(ctx.state, kicker(ctx.state)).name} +{amount} SP.")

    return resolve


def join_action(ctx: Ctx) -> None:
    """The character joins the attack (attacker) or the defence (defender) (7.2)."""
    key = "attackers" if ctx.player == attacker(ctx.state) else "defenders"
    ctx.state.vars[key] = [*ctx.state.vars.get(key, []), ctx.source]
    ctx.state.log(f"{top_facts(ctx.state, ctx.source).name} joins the {'attack' if key == 'attackers' else 'defence'}.")


def not_participating() -> Condition:
    return Condition(lambda ctx: ctx.source not in attacking(ctx.state) and ctx.source not in defending(ctx.state))


KEEPER_SHOT = C.is_defender() & C.keeper_free()
ANY_CARD = C.HAND


def opponents_attacking_with_two(state: State, cid: int) -> bool:
    owner = state.cards[cid].controller
    return phase(state) == ATTACK and owner != attacker(state) and len(attacking(state)) >= 2


# ----------------------------------------------------------------- starter set S1
BOOK.add(
    "S1-01",
    ability(
        "S1-01",
        "god_hand",
        "God Hand",
        keeper_gain(200),
        phase=SHOOTING,
        once=True,
        cost=C.discard(ANY_CARD),
        cost_choices=ANY_CARD,
        condition=KEEPER_SHOT,
    ),
)
BOOK.add(
    "S1-02",
    ability(
        "S1-02",
        "fire_tornado",
        "Fire Tornado",
        gain(300),
        phase=SHOOTING,
        fired_up=True,
        once=True,
        cost=C.discard(ANY_CARD),
        cost_choices=ANY_CARD,
    ),
)


def kicker_only_boost(ctx: Ctx) -> None:
    ctx.state.add_modifier(Modifier(ctx.source, "sp_kicker", 200, "add", END_OF_PHASE))
    ctx.state.log(f"{top_facts(ctx.state, ctx.source).name} +200 SP while kicking.")


BOOK.add(
    "S1-03",
    ability(
        "S1-03",
        "sharp_shot",
        "Sharp Shot",
        kicker_only_boost,
        phase=SHOOTING,
        cost=C.discard(ANY_CARD),
        cost_choices=ANY_CARD,
    ),
)
BOOK.vanilla("S1-04", "S1-06", "S1-07", "S1-09", "S1-22")
for _code in ("S1-05", "S1-13", "FF-043"):
    keyword(_code, "striker")
for _code in ("S1-08", "S1-20"):
    BOOK.add(_code, ability(_code, "join", "join the action", join_action, phase=ATTACK, condition=not_participating()))


def moonlight_ap(state: State, cid: int, giver: int) -> int:
    """Maddie Moonlight (starting): speed assists +100 AP while she is attacking."""
    return 100 if cid in attacking(state) and facts(state.cards[giver].code).attribute == "speed" else 0


BOOK.add("S1-10", Effect(name="speed_support", kind="static", resolve=_noop, extra={"ap": moonlight_ap}))
STATIC_AP["S1-10"] = moonlight_ap
static_sp("S1-11", "outnumbered", lambda s, c: -200 if opponents_attacking_with_two(s, c) else 0)
keyword("S1-12", "dribbler")
static_sp("S1-14", "cover", lambda s, c: 300 if opponents_attacking_with_two(s, c) else 0)
BOOK.add("S1-15", Effect(name="untargetable", kind="static", resolve=_noop))


def carson_bonus(state: State, cid: int) -> int:
    owner = state.cards[cid].controller
    if not state.cards[cid].zone.startswith("field:"):
        return 0
    return 100 * sum(1 for o in field_chars(state, owner) if o != cid and top_facts(state, o).team == "Raimon")


static_sp("S1-16", "raimon_spirit", carson_bonus)
BOOK.add(
    "S1-17",
    ability(
        "S1-17",
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
        "S1-21",
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


BOOK.add(
    "S1-23",
    ability(
        "S1-23", "command", "Command", sharp_command, phase=ATTACK, cost=C.discard(ANY_CARD), cost_choices=ANY_CARD
    ),
)


def samford_bonus(state: State, cid: int) -> int:
    ids = attacking(state)
    if cid not in ids:
        return 0
    return 100 * sum(1 for o in ids if o != cid and top_facts(state, o).attribute == "teamwork")


static_sp("S1-24", "link_up", samford_bonus)
TWINS = ("David Samford", "Jude Sharp")


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

# ----------------------------------------------------------------- Football Frontier boosters
POWER = C.hand_where(lambda f: f.attribute == "power")
TEAMWORK = C.hand_where(lambda f: f.attribute == "teamwork")
RESERVES = C.hand_where(lambda f: f.type == "reserve")
TECHNIQUES = C.hand_where(lambda f: f.type == "technique")


def god_hand_sr(ctx: Ctx) -> None:
    keeper_gain(400 if fewer_goals(ctx.state, ctx.player) else 300)(ctx)


BOOK.add(
    "FF-026",
    ability(
        "FF-026",
        "fireball_knuckle",
        "Fireball Knuckle",
        keeper_gain(200),
        phase=SHOOTING,
        cost=C.discard(POWER),
        cost_choices=POWER,
        condition=KEEPER_SHOT,
    ),
    ability(
        "FF-026",
        "god_hand",
        "God Hand",
        god_hand_sr,
        phase=SHOOTING,
        cost=C.place_under(2),
        cost_choices=ANY_CARD,
        cost_verb="place under",
        condition=KEEPER_SHOT,
    ),
)


def wild_claw(ctx: Ctx) -> None:
    keeper_gain(facts(ctx.state.cards[int(ctx.data["cost_card"])].code).ap)(ctx)


def toughness_block(ctx: Ctx) -> None:
    ctx.state.vars["keeper_defends"] = True
    ctx.state.log(f"{top_facts(ctx.state, ctx.source).name} joins the defence.")


BOOK.add(
    "FF-051",
    ability(
        "FF-051",
        "wild_claw",
        "Wild Claw",
        wild_claw,
        phase=SHOOTING,
        cost=C.discard(RESERVES),
        cost_choices=RESERVES,
        condition=KEEPER_SHOT,
    ),
    ability(
        "FF-051",
        "toughness_block",
        "Toughness Block",
        toughness_block,
        phase=ATTACK,
        cost=C.place_under(1),
        cost_choices=ANY_CARD,
        cost_verb="place under",
        condition=C.is_defender() & C.keeper_free() & Condition(lambda ctx: not ctx.state.vars.get("keeper_defends")),
    ),
)
BOOK.add(
    "FF-074",
    ability(
        "FF-074",
        "power_shield",
        "Power Shield",
        keeper_gain(200),
        phase=SHOOTING,
        cost=C.discard(TEAMWORK),
        cost_choices=TEAMWORK,
        condition=KEEPER_SHOT,
    ),
    ability(
        "FF-074",
        "full_power_shield",
        "Full Power Shield",
        keeper_gain(400),
        phase=SHOOTING,
        cost=C.place_under(1),
        cost_choices=ANY_CARD,
        cost_verb="place under",
        condition=KEEPER_SHOT,
    ),
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
    ability(
        "FF-098",
        "killer_blade",
        "Killer Blade",
        keeper_gain(200),
        phase=SHOOTING,
        cost=C.discard(TECHNIQUES),
        cost_choices=TECHNIQUES,
        condition=KEEPER_SHOT,
    ),
    ability(
        "FF-098",
        "warp_space",
        "Warp Space",
        warp_space,
        phase=SHOOTING,
        cost=C.place_under(1),
        cost_choices=ANY_CARD,
        cost_verb="place under",
        condition=KEEPER_SHOT,
    ),
)


def freeze_shot(ctx: Ctx) -> None:
    gain(300)(ctx)
    C.lock_keeper(ctx.state, ctx.player)


BOOK.add(
    "FF-122",
    ability(
        "FF-122",
        "freeze_shot",
        "Freeze Shot",
        freeze_shot,
        phase=SHOOTING,
        fired_up=True,
        once=True,
        cost=C.discard(ANY_CARD),
        cost_choices=ANY_CARD,
    ),
)
technique("FF-123", keeper_gain(300), phase=SHOOTING, condition=C.is_defender())
technique("FF-124", kicker_gain(300), phase=SHOOTING, condition=C.has_kicker())
technique("FF-125", gain(200), phase=ATTACK, target=own_field())

# ----------------------------------------------------------------- tcgtable originals
keyword("TT-01", "dribbler")
keyword("TT-02", "defender")
technique("TT-03", gain(400), phase=ATTACK, target=own_participants())
technique("TT-04", gain(-200), phase=ATTACK, target=opposing_participants())
