"""The actions of a window (6.6, 7.3, 8.4): super techniques, assists and abilities.

Every action is one option whose id carries its whole choice, so one decision plays it:
``tech:<card>[:t<target>]``, ``assist:<card>:<receiver>``,
``ability:<character>:<effect>[:c<cost card>][:t<target>]``. Card scripts (cards_starter.py, cards_boosters.py) are
DSL `Effect`s with `kind` "technique" or "ability" and these `extra` keys: `phase`
("strategy", "attack", "shooting" or None for any), `where` ("field", "bench", "goal"), `fired_up`,
`once` (once per turn), `fever` ([Goal Fever]), `cost_choices` (a selector of cards the
cost may use), `optional_target` (the target may be left out).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from functools import cache

from engine.core.events import only
from engine.core.prompt import Option
from engine.core.state import EMPTY, State
from engine.dsl.context import Ctx
from engine.dsl.scripts import Effect
from engine.games.inazuma.board import (
    BOOK,
    assist_ap,
    attacker,
    attacking,
    defending,
    field_chars,
    goalkeeper,
    is_fired_up,
    kicker,
    mark_used,
    name_of,
    phase,
    slot_index,
    top,
    top_facts,
    turn,
    used_this_turn,
    z,
)
from engine.games.inazuma.facts import SLOT_NAMES, Facts, all_facts, facts
from engine.games.inazuma.moves import player_name


@cache
def _index() -> tuple[dict[str, Effect], dict[str, tuple[Effect, ...]], dict[str, frozenset[str]]]:
    """Techniques and abilities by card code, and the codes with something usable per phase."""
    techniques: dict[str, Effect] = {}
    abilities: dict[str, tuple[Effect, ...]] = {}
    by_phase: dict[str, set[str]] = {"strategy": set(), "attack": set(), "shooting": set()}
    for code in all_facts():
        effects = BOOK.effects(code)
        for effect in effects:
            if effect.kind == "technique":
                techniques[code] = effect
        usable = tuple(e for e in effects if e.kind == "ability")
        if usable:
            abilities[code] = usable
        for effect in effects:
            if effect.kind in ("technique", "ability"):
                wanted = effect.extra.get("phase")
                for name, codes in by_phase.items():
                    if wanted is None or wanted == name:
                        codes.add(code)
    return techniques, abilities, {k: frozenset(v) for k, v in by_phase.items()}


def where_label(state: State, cid: int) -> str:
    card = state.cards[cid]
    zone = card.zone.partition(":")[0]
    where = SLOT_NAMES[slot_index(state, cid)] if zone == "field" else zone
    return f"{top_facts(state, cid).name} ({where})"


def requirement_met(state: State, player: int, info: Facts) -> bool:
    """Each icon matched by a different character on the field (7.4 B)."""
    if not info.icons:
        return True
    have = Counter(top_facts(state, cid).attribute for cid in field_chars(state, player))
    need = Counter(info.icons)
    return all(have[attr] >= count for attr, count in need.items())


def timing_ok(state: State, effect: Effect) -> bool:
    wanted = effect.extra.get("phase")
    return wanted is None or wanted == phase(state)


def legal_targets(ctx: Ctx, effect: Effect) -> list[int]:
    """The effect's targets, without characters the opponent may not choose (11.7)."""
    if effect.target is None:
        return []
    state = ctx.state
    return [
        cid
        for cid in effect.target(ctx)
        if state.cards[cid].controller == ctx.player or "untargetable" not in top_facts(state, cid).tags
    ]


def _variants(ctx: Ctx, effect: Effect) -> Iterator[tuple[str, str, int, int]]:
    """(id suffix, label suffix, cost card, target) for each way to use an usable effect."""
    state = ctx.state
    costs: list[int] = [EMPTY]
    chooser = effect.extra.get("cost_choices")
    if chooser is not None:
        seen: set[str] = set()
        costs = []
        for cid in chooser(ctx):
            code = state.cards[cid].code
            if code not in seen and cid != ctx.source:
                seen.add(code)
                costs.append(cid)
        if not costs:
            return
    targets: list[int] = [EMPTY]
    if effect.target is not None:
        found = legal_targets(ctx, effect)
        if effect.extra.get("optional_target"):
            seen_codes: set[str] = set()
            targets = [EMPTY]
            for cid in found:
                if state.cards[cid].code not in seen_codes:
                    seen_codes.add(state.cards[cid].code)
                    targets.append(cid)
        else:
            targets = found
        if not targets:
            return
    for cost in costs:
        for target in targets:
            suffix = (f":c{cost}" if cost != EMPTY else "") + (f":t{target}" if target != EMPTY else "")
            words = []
            if cost != EMPTY:
                verb = effect.extra.get("cost_verb", "discard")
                words.append(f"{verb} {name_of(state, cost)}")
            if target != EMPTY:
                words.append(f"on {where_label(state, target)}")
            yield suffix, (" — " + ", ".join(words)) if words else "", cost, target


def _usable(ctx: Ctx, effect: Effect) -> bool:
    if not timing_ok(ctx.state, effect) or not effect.condition(ctx):
        return False
    return effect.cost.can_pay(ctx)


def technique_options(state: State, player: int, live: frozenset[str]) -> Iterator[Option]:
    seen: set[str] = set()
    now = turn(state)
    techniques = _index()[0]
    for cid in state.zones[z("hand", player)]:
        code = state.cards[cid].code
        if code not in live or code in seen or code not in techniques:
            continue
        seen.add(code)
        info = facts(code)
        if info.level > now or not requirement_met(state, player, info):
            continue
        effect = techniques[code]
        ctx = Ctx(state, cid, player)
        if not _usable(ctx, effect):
            continue
        for suffix, words, _cost, _target in _variants(ctx, effect):
            yield Option(f"tech:{cid}{suffix}", f"Play {info.name}{words}", "technique")


def assist_receivers(state: State, player: int) -> list[int]:
    """Characters that may receive `player`'s assists now (7.5, 8.4): never a goalkeeper."""
    if phase(state) == "attack":
        ids = attacking(state) if player == attacker(state) else defending(state)
    elif phase(state) == "shooting" and player == attacker(state) and kicker(state) != EMPTY:
        ids = [kicker(state)]
    else:
        return []
    return [cid for cid in ids if state.cards[cid].zone.startswith("field:")]


def can_assist(state: State, card_id: int, receiver: int) -> bool:
    giver = facts(state.cards[card_id].code)
    taker = top_facts(state, receiver)
    same_attribute = giver.attribute is not None and giver.attribute == taker.attribute
    same_team = giver.team is not None and giver.team == taker.team
    return same_attribute or same_team


def assist_level_ok(state: State, info: Facts) -> bool:
    """With match option assist_level = turn, an assist's level may not exceed the turn (7.5)."""
    return state.options.get("assist_level") != "turn" or info.level <= turn(state)


def assist_options(state: State, player: int) -> Iterator[Option]:
    receivers = assist_receivers(state, player)
    if not receivers:
        return
    seen: set[str] = set()
    for cid in state.zones[z("hand", player)]:
        card = state.cards[cid]
        info = facts(card.code)
        if info.type != "reserve" or card.code in seen or not assist_level_ok(state, info):
            continue
        seen.add(card.code)
        for receiver in receivers:
            if can_assist(state, cid, receiver):
                yield Option(
                    f"assist:{cid}:{receiver}",
                    f"Assist {where_label(state, receiver)} with {info.name} (+{assist_ap(state, cid)} SP)",
                    "assist",
                )


def ability_sources(state: State, player: int) -> Iterator[tuple[int, str]]:
    for cid in state.zones[z("field", player)]:
        if cid != EMPTY:
            yield cid, "field"
    keeper = goalkeeper(state, player)
    if keeper != EMPTY:
        yield keeper, "goal"
    for cid in state.zones[z("bench", player)]:
        yield cid, "bench"


def ability_options(state: State, player: int, live: frozenset[str]) -> Iterator[Option]:
    abilities = _index()[1]
    cards = state.cards
    for cid, where in ability_sources(state, player):
        code = cards[top(state, cid)].code
        if code not in live or code not in abilities:
            continue
        info = facts(code)
        for effect in abilities[code]:
            extra = effect.extra
            if extra.get("where", "field" if info.type != "goalkeeper" else "goal") != where:
                continue
            if extra.get("fired_up") and not is_fired_up(state, cid):
                continue
            if extra.get("once") and used_this_turn(state, cid, effect.name):
                continue
            ctx = Ctx(state, cid, player)
            if not _usable(ctx, effect):
                continue
            for suffix, words, _cost, _target in _variants(ctx, effect):
                yield Option(
                    f"ability:{cid}:{effect.name}{suffix}",
                    f"{info.name}: {effect.text or effect.name}{words}",
                    "ability",
                )


def window_possible(state: State) -> bool:
    """False when no card of the pool can act in this phase (the attack and shooting windows always
    open: assists need no special card)."""
    now = phase(state)
    return now in ("attack", "shooting") or bool(_index()[2].get(now))


def window_options(state: State, player: int) -> list[Option]:
    """Every action `player` may take in the current window (without "pass")."""
    now = phase(state)
    live = _index()[2].get(now, frozenset())
    options: list[Option] = []
    if live:
        options.extend(technique_options(state, player, live))
    if now in ("attack", "shooting"):
        options.extend(assist_options(state, player))
    if live:
        options.extend(ability_options(state, player, live))
    return options


def parse_extras(parts: list[str]) -> tuple[int, int]:
    cost = target = EMPTY
    for part in parts:
        if part.startswith("c"):
            cost = int(part[1:])
        elif part.startswith("t"):
            target = int(part[1:])
    return cost, target


def perform(state: State, player: int, option: Option) -> None:
    """Carry out a window action chosen from `window_options`."""
    kind, _, rest = option.id.partition(":")
    parts = rest.split(":")
    if kind == "assist":
        card_id, receiver = int(parts[0]), int(parts[1])
        amount = assist_ap(state, card_id)
        state.move(card_id, z("discard", player))
        from engine.dsl.durations import boost

        boost(state, receiver, "sp", amount, "end_of_phase")
        state.log(
            f"{player_name(player)} assists {where_label(state, receiver)} with "
            f"{name_of(state, card_id)}: +{amount} SP."
        )
        return
    if kind == "tech":
        card_id = int(parts[0])
        cost, target = parse_extras(parts[1:])
        effect = next(e for e in BOOK.effects(state.cards[card_id].code) if e.kind == "technique")
        state.move(card_id, z("discard", player))
        state.log(f"{player_name(player)} plays {name_of(state, card_id)}.")
        if effect.extra.get("fever") and player == attacker(state) and phase(state) == "shooting":
            state.vars["fever"] = True
        source = card_id
    else:
        source = int(parts[0])
        effect = BOOK.effect(top_facts(state, source).code, parts[1])
        cost, target = parse_extras(parts[2:])
        if effect.extra.get("once"):
            mark_used(state, source, effect.name)
        state.log(f"{player_name(player)} uses {effect.text or effect.name} of {where_label(state, source)}.")
    ctx = Ctx(state, source, player, targets=(target,) if target != EMPTY else (), data={"cost_card": cost})
    if cost != EMPTY:
        hidden = effect.extra.get("cost_verb") == "place under"
        text = f"{player_name(player)} pays with {name_of(state, cost)}."
        state.log(text, to=only(player), redacted="" if hidden else text)
    effect.cost.pay(ctx)
    effect.resolve(ctx)
