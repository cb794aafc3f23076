"""Why an attempted option is not on offer, naming our rule section (`Game.explain_illegal`)."""

from __future__ import annotations

from typing import Final

from engine.core.state import EMPTY, State
from engine.games.inazuma.actions import assist_level_ok, assist_receivers, can_assist, requirement_met, timing_ok
from engine.games.inazuma.board import (
    BOOK,
    goalkeeper,
    is_fired_up,
    name_of,
    phase,
    top_facts,
    turn,
    used_this_turn,
    z,
)
from engine.games.inazuma.facts import SLOT_INDEX, SLOT_NAMES, facts, slot_position
from engine.games.inazuma.moves import EXHAUSTED, field_with_name

Explained = tuple[str, str] | None
LINES: Final = {"FW": "front", "MF": "middle", "DF": "rear"}
PROMPT_KINDS: Final = {
    "place": "place",
    "move": "position",
    "tech": "window",
    "assist": "window",
    "bench": "bench",
    "kicker": "kicker",
    "ability": "window",
}


def _card(state: State, text: str) -> int:
    try:
        cid = int(text)
    except ValueError:
        return EMPTY
    return cid if 0 <= cid < len(state.cards) else EMPTY


def _slot(text: str) -> int:
    return SLOT_INDEX.get(text, -1)


def _wrong_line(state: State, cid: int, slot: int, rule: str) -> Explained:
    info = top_facts(state, cid)
    if info.position != slot_position(slot):
        return (
            f"{info.name} is a {info.position}: it can only go in the {LINES.get(info.position or '', '?')} "
            f"line, not {SLOT_NAMES[slot]}",
            rule,
        )
    return None


def explain_place(state: State, player: int, cid: int, slot: int) -> Explained:
    if cid == EMPTY or state.cards[cid].zone != z("starting", player) or "slot" in state.cards[cid].flags:
        return "you can only place one of your own unused starting characters", "inazuma 6.1"
    if slot < 0:
        return f"there is no field space with that name (spaces: {', '.join(SLOT_NAMES)})", "inazuma 4.1"
    wrong = _wrong_line(state, cid, slot, "inazuma 4.1")
    return wrong or (f"{SLOT_NAMES[slot]} is already taken: one character per space", "inazuma 4.1")


def explain_move(state: State, player: int, cid: int, slot: int) -> Explained:
    if cid == EMPTY or state.cards[cid].zone != z("bench", player):
        return "only a character on your bench can be moved to the field", "inazuma 6.5"
    info = top_facts(state, cid)
    if state.cards[cid].orientation == EXHAUSTED:
        return f"{info.name} is exhausted and cannot move to the field this turn", "inazuma 6.5 C"
    if info.level > turn(state):
        return f"{info.name} is level {info.level}, higher than the turn number {turn(state)}", "inazuma 6.5 A"
    if slot < 0:
        return f"there is no field space with that name (spaces: {', '.join(SLOT_NAMES)})", "inazuma 4.1"
    same = field_with_name(state, player, info.name)
    if same != EMPTY:
        where = SLOT_NAMES[state.zones[z("field", player)].index(same)]
        return f"{info.name} must be stacked onto the {info.name} already at {where}", "inazuma 6.5 B"
    wrong = _wrong_line(state, cid, slot, "inazuma 6.5 B")
    return wrong or (f"{SLOT_NAMES[slot]} is not an open space", "inazuma 6.5 B")


def explain_technique(state: State, player: int, cid: int) -> Explained:
    if cid == EMPTY or state.cards[cid].zone != z("hand", player) or facts(state.cards[cid].code).type != "technique":
        return "you can only play a super technique from your hand", "inazuma 7.4"
    info = facts(state.cards[cid].code)
    if info.level > turn(state):
        return f"{info.name} is level {info.level}, higher than the turn number {turn(state)}", "inazuma 7.4 A"
    if not requirement_met(state, player, info):
        icons = " + ".join(info.icons)
        return (
            f"{info.name} needs {icons} on your field: each icon matched by a different character "
            f"(the goalkeeper does not count)",
            "inazuma 7.4 B",
        )
    effects = [e for e in BOOK.effects(info.code) if e.kind == "technique"]
    if effects and not timing_ok(state, effects[0]):
        return f"{info.name} can only be played in the {effects[0].extra.get('phase')} phase", "inazuma 11.4"
    return f"{info.name} has no legal use right now (no kicker, goalkeeper or target it could act on)", "inazuma 11.4"


def explain_assist(state: State, player: int, cid: int, receiver: int) -> Explained:
    if receiver != EMPTY and receiver in (goalkeeper(state, 0), goalkeeper(state, 1)):
        return "a goalkeeper can never receive an assist", "inazuma 7.5"
    if cid == EMPTY or state.cards[cid].zone != z("hand", player) or facts(state.cards[cid].code).type != "reserve":
        return "an assist discards a reserve character from your hand", "inazuma 7.5"
    info = facts(state.cards[cid].code)
    if not assist_level_ok(state, info):
        return (
            f"{info.name} is level {info.level}, higher than the turn number {turn(state)} "
            "(match option assist_level = turn)",
            "inazuma 7.5",
        )
    if receiver == EMPTY or receiver not in assist_receivers(state, player):
        where = "your kicker" if phase(state) == "shooting" else "one of your characters taking part"
        return f"an assist can only go to {where}", "inazuma 7.5"
    if not can_assist(state, cid, receiver):
        return (
            f"{name_of(state, cid)} and {top_facts(state, receiver).name} share neither an attribute nor a team",
            "inazuma 7.5",
        )
    return None


def explain_ability(state: State, player: int, cid: int, name: str) -> Explained:
    """Why a character's ability cannot be used now (11.1-11.4)."""
    if cid == EMPTY or state.cards[cid].controller != player:
        return "you can only use the abilities of your own characters", "inazuma 11.1"
    info = top_facts(state, cid)
    effect = next((e for e in BOOK.effects(info.code) if e.kind == "ability" and e.name == name), None)
    if effect is None:
        return f"{info.name} has no ability called {name!r}", "inazuma 11.1"
    zone = state.cards[cid].zone.partition(":")[0]
    where = effect.extra.get("where", "goal" if info.type == "goalkeeper" else "field")
    if zone != where:
        return f"this ability of {info.name} works only while it is in the {where} zone", "inazuma 11.1"
    if effect.extra.get("fired_up") and not is_fired_up(state, cid):
        return f"this ability works only while {info.name} is fired-up", "inazuma 11.1"
    if not timing_ok(state, effect):
        return f"this ability can only be used in the {effect.extra.get('phase')} phase", "inazuma 11.4"
    if effect.extra.get("once") and used_this_turn(state, cid, name):
        return f"{info.name} can use this ability only once per turn", "inazuma 11.3"
    if state.cards[cid].orientation == EXHAUSTED:
        return f"{info.name} is exhausted and cannot pay this cost", "inazuma 11.2"
    return f"{info.name} cannot use this ability now (its cost, timing or target is missing)", "inazuma 11.2"


def explain(state: State, option_id: str) -> Explained:
    """The reason an option id is refused, or None when we cannot say more than "not offered"."""
    pending = state.pending
    if pending is None:
        return None
    player = pending.player
    kind, _, rest = option_id.partition(":")
    parts = rest.split(":")
    wanted = PROMPT_KINDS.get(kind)
    if wanted is not None and pending.kind != wanted:
        return f"that is not possible now: {pending.text.rstrip('?')}", pending.rule
    if kind == "place" and len(parts) == 2:
        return explain_place(state, player, _card(state, parts[0]), _slot(parts[1]))
    if kind == "move" and len(parts) == 2:
        return explain_move(state, player, _card(state, parts[0]), _slot(parts[1]))
    if kind == "tech" and parts[0]:
        return explain_technique(state, player, _card(state, parts[0]))
    if kind == "assist" and len(parts) == 2:
        return explain_assist(state, player, _card(state, parts[0]), _card(state, parts[1]))
    if kind == "ability" and len(parts) >= 2:
        return explain_ability(state, player, _card(state, parts[0]), parts[1])
    if kind == "bench":
        cid = _card(state, parts[0])
        if cid == EMPTY or state.cards[cid].zone != z("hand", player) or facts(state.cards[cid].code).type != "reserve":
            return "only a reserve character from your hand can be played to the bench", "inazuma 6.3"
        return f"{name_of(state, cid)} cannot be stacked onto its namesake on the field yet (level)", "inazuma 6.3"
    if kind == "kicker":
        cid = _card(state, parts[0])
        if state.options.get("kicker") == "action_side" and cid in state.vars.get("participants", []):
            return "with match option kicker = action_side the kicker must stand on the action side", "inazuma 8.3"
        return "the kicker must be one of your characters that took part in the attack", "inazuma 8.3"
    return None
