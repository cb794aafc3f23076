"""Reading an Inazuma state: characters and their stacks, SP, participants, zones.

A *character* is identified by its bottom card id (the "base"). Cards stacked on it (fired-up)
sit in the owner's "stacked" zone, attached to the base, listed bottom to top in the base's
`flags["stack"]`; the top card gives the character its stats and abilities (rules 6.4).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from engine.core.state import EMPTY, State
from engine.dsl.scripts import ScriptBook
from engine.games.inazuma.facts import Facts, facts

BOOK: Final = ScriptBook("inazuma")
# code -> static SP bonus function (state, character id) -> int; filled by the card scripts
STATIC_SP: Final[dict[str, Callable[[State, int], int]]] = {}
# code -> static AP bonus given to `cid`'s assists while the code's character is in play
STATIC_AP: Final[dict[str, Callable[[State, int, int], int]]] = {}

END_OF_PHASE: Final = "end_of_phase"
END_OF_TURN: Final = "end_of_turn"


def other(player: int) -> int:
    return 1 - player


def z(zone: str, player: int) -> str:
    return f"{zone}:{player}"


def stack_of(state: State, cid: int) -> list[int]:
    """The cards above the base `cid`, bottom to top (empty: a single card)."""
    stack: list[int] = state.cards[cid].flags.get("stack", [])
    return stack


def top(state: State, cid: int) -> int:
    stack = state.cards[cid].flags.get("stack")
    return stack[-1] if stack else cid


def top_facts(state: State, cid: int) -> Facts:
    return facts(state.cards[top(state, cid)].code)


def name_of(state: State, cid: int) -> str:
    return facts(state.cards[cid].code).name


def has_modifier(state: State, target: int, stat: str) -> bool:
    return any(m.target == target and m.stat == stat for m in state.modifiers)


def is_fired_up(state: State, cid: int) -> bool:
    """A stack of 2+ cards, or a character an effect says counts as fired-up (6.4)."""
    if state.cards[cid].flags.get("stack"):
        return True
    return top_facts(state, cid).type == "reserve" and has_modifier(state, cid, "fired")


def field_chars(state: State, player: int) -> list[int]:
    return [cid for cid in state.zones[z("field", player)] if cid != EMPTY]


def goalkeeper(state: State, player: int) -> int:
    ids = state.zones[z("goal", player)]
    return ids[0] if ids else EMPTY


def slot_index(state: State, cid: int) -> int:
    card = state.cards[cid]
    return state.zones[card.zone].index(cid) if card.zone.startswith("field:") else -1


def attacking(state: State) -> list[int]:
    ids: list[int] = state.vars.get("attackers", [])
    return ids


def defending(state: State) -> list[int]:
    ids: list[int] = state.vars.get("defenders", [])
    return ids


def kicker(state: State) -> int:
    value: int = state.vars.get("kicker", EMPTY)
    return value


def phase(state: State) -> str:
    value: str = state.vars.get("phase", "")
    return value


def attacker(state: State) -> int:
    value: int = state.vars.get("attacker", 0)
    return value


def goals(state: State, player: int) -> int:
    return state.count(z("goals", player))


def fewer_goals(state: State, player: int) -> bool:
    return goals(state, player) < goals(state, other(player))


def base_sp(state: State, cid: int) -> int:
    info = top_facts(state, cid)
    if info.type == "reserve" and is_fired_up(state, cid):
        return info.fsp
    return info.sp


def char_sp(state: State, cid: int) -> int:
    """Current SP of a character or goalkeeper: printed (FSP when fired-up), keywords,
    constant abilities, then modifiers in the order they were made; never below 0 (7.6)."""
    info = top_facts(state, cid)
    value = base_sp(state, cid)
    if info.keywords:
        if cid in attacking(state):
            value += info.keyword("dribbler")
        if cid in defending(state):
            value += info.keyword("defender")
        if cid == kicker(state):
            value += info.keyword("striker")
    static = STATIC_SP.get(info.code)
    if static is not None:
        value += static(state, cid)
    is_kicker = cid == kicker(state)
    for m in state.modifiers:
        if m.target != cid:
            continue
        if m.stat == "sp" or (m.stat == "sp_kicker" and is_kicker):
            value = m.amount if m.mode == "set" else value + m.amount
    return max(0, value)


def assist_ap(state: State, card_id: int) -> int:
    """AP a reserve character in hand gives as an assist, with bonuses from characters in play."""
    info = facts(state.cards[card_id].code)
    value = info.ap
    owner = state.cards[card_id].owner
    for cid in field_chars(state, owner):
        bonus = STATIC_AP.get(top_facts(state, cid).code)
        if bonus is not None:
            value += bonus(state, cid, card_id)
    return value


def total_sp(state: State, ids: list[int]) -> int:
    return sum(char_sp(state, cid) for cid in ids)


def defence_total(state: State) -> int:
    """The defence's SP: defending characters, plus the goalkeeper when an ability made it defend (7.2)."""
    total = total_sp(state, defending(state))
    if state.vars.get("keeper_defends"):
        total += char_sp(state, goalkeeper(state, other(attacker(state))))
    return total


def publish_sp(state: State, extra: tuple[int, int] = (0, 0)) -> None:
    """Show both sides' current SP on the board (public information, 7.7).

    Attack phase: the attacking and defending totals; shooting phase with a kicker: the kicker's
    and the goalkeeper's SP plus `extra` (the last chance so far). Stored per seat as the
    player value "sp", in `state.vars["sp"]` by role and, per taking-part character, in
    `state.vars["sp_cards"]` (card id as a string -> SP); `clear_sp` removes them.
    """
    a = attacker(state)
    d = other(a)
    now = phase(state)
    keeper = goalkeeper(state, d)
    if now == "attack":
        ids = [c for c in attacking(state) if state.cards[c].zone == z("field", a)]
        cards = {cid: char_sp(state, cid) for cid in ids}
        first = sum(cards.values())
        defence = {cid: char_sp(state, cid) for cid in defending(state)}
        if state.vars.get("keeper_defends"):
            defence[keeper] = char_sp(state, keeper)
        second = sum(defence.values())
        cards.update(defence)
        state.vars["sp"] = {"attack": first, "defence": second}
    elif now == "shooting" and kicker(state) != EMPTY:
        first = char_sp(state, kicker(state)) + extra[0]
        second = char_sp(state, keeper) + extra[1]
        cards = {kicker(state): first, keeper: second}
        state.vars["sp"] = {"kicker": first, "goalkeeper": second}
    else:
        clear_sp(state)
        return
    state.players[a]["sp"] = first
    state.players[d]["sp"] = second
    state.vars["sp_cards"] = {str(cid): value for cid, value in cards.items()}


def clear_sp(state: State) -> None:
    state.vars.pop("sp", None)
    state.vars.pop("sp_cards", None)
    for values in state.players:
        values.pop("sp", None)


def turn(state: State) -> int:
    value: int = state.vars.get("turn", 0)
    return value


def log_name(state: State, cid: int) -> str:
    return top_facts(state, cid).name


def used_this_turn(state: State, cid: int, ability: str) -> bool:
    used: list[Any] = state.vars.get("used", [])
    return [cid, ability] in used


def mark_used(state: State, cid: int, ability: str) -> None:
    state.vars.setdefault("used", []).append([cid, ability])
