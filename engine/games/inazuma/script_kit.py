"""Building blocks for the Inazuma card scripts (cards_starter.py, cards_boosters.py), on top of
the DSL (see actions.py for the `extra` keys an effect may carry).

Kinds: "technique" (a super technique's play), "ability" (a used ability with its cost),
"static" (a constant ability: `extra["sp"]` / `extra["ap"]` functions read by board.char_sp),
"keyword" ([Dribbler]/[Defender]/[Striker], applied from the card data by board.char_sp).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from engine.core.state import State
from engine.dsl.conditions import ALWAYS, Condition
from engine.dsl.context import Ctx
from engine.dsl.costs import FREE, Cost
from engine.dsl.durations import END_OF_PHASE, boost
from engine.dsl.scripts import Effect
from engine.dsl.selectors import Selector
from engine.games.inazuma import costs as C
from engine.games.inazuma.board import (
    BOOK,
    STATIC_SP,
    attacker,
    attacking,
    defending,
    field_chars,
    goalkeeper,
    kicker,
    phase,
    top_facts,
)

Resolve = Callable[[Ctx], None]
STRATEGY, ATTACK, SHOOTING = "strategy", "attack", "shooting"


def noop(ctx: Ctx) -> None:
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
    BOOK.add(code, Effect(name=name, kind="static", resolve=noop, extra={"sp": func}))
    STATIC_SP[code] = func


def keyword(code: str, word: str) -> None:
    BOOK.add(code, Effect(name=word, kind="keyword", resolve=noop, extra={"keyword": word}))


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


KEEPER_SHOT: Final = C.is_defender() & C.keeper_free()
ANY_CARD: Final = C.HAND
POWER: Final = C.hand_where(lambda f: f.attribute == "power")
TEAMWORK: Final = C.hand_where(lambda f: f.attribute == "teamwork")
RESERVES: Final = C.hand_where(lambda f: f.type == "reserve")
TECHNIQUES: Final = C.hand_where(lambda f: f.type == "technique")


def discarding(choices: Selector) -> dict[str, Any]:
    """Cost keywords for "Discard 1 <kind of> card:" (4.6, 11.2)."""
    return {"cost": C.discard(choices), "cost_choices": choices}


def under_keeper(max_under: int) -> dict[str, Any]:
    """Cost keywords for "Place 1 card from your hand face-down under this character:" (11.8)."""
    return {"cost": C.place_under(max_under), "cost_choices": ANY_CARD, "cost_verb": "place under"}


def keeper_ability(name: str, text: str, resolve: Resolve, **fields: Any) -> Effect:
    """A goalkeeper's shooting-phase ability, usable while defending a shot (11.4)."""
    fields.setdefault("phase", SHOOTING)
    fields.setdefault("condition", KEEPER_SHOT)
    return ability(name, text, resolve, **fields)


def opponents_attacking_with_two(state: State, cid: int) -> bool:
    owner = state.cards[cid].controller
    return phase(state) == ATTACK and owner != attacker(state) and len(attacking(state)) >= 2
