"""Legality checks shared by option lists and `explain_illegal`: one source of truth per action.

Each `why_not_*` returns None when the action is legal, else (reason for the player, rule ref).
"""

from __future__ import annotations

from typing import Final

from engine.core.state import EMPTY, State
from engine.dsl.context import Ctx
from engine.games.inuyasha import board
from engine.games.inuyasha.facts import CHARACTER, EVENT, ITEM, KAITOU, LOCATION, facts
from engine.games.inuyasha.scripts import play_of, static_of

Why = tuple[str, str] | None
MAX_CHARACTERS: Final = 2


def rule(section: str) -> str:
    return f"inuyasha {section}"


def character_limit(state: State, player: int) -> int:
    """Characters `player` may play this Setup step: 2, more with a location that says so (rule 1.3)."""
    extra = 0
    for lid in board.locations(state, player):
        found = static_of(state.cards[lid].code)
        if found:
            extra = max(extra, int(found["extra_characters"]))
    return MAX_CHARACTERS + extra


def why_not_cost(state: State, player: int, cid: int) -> Why:
    """Refuse a deck cost larger than the deck under `deck_cost_shortfall: forbid` (rule 5.1)."""
    cost = facts(state.cards[cid].code).cost
    if state.options.get("deck_cost_shortfall") == "forbid" and cost > state.count(f"deck:{player}"):
        return (
            f"{board.title(state, cid)} costs {cost} but your deck has only {state.count(f'deck:{player}')} cards "
            "(this match forbids playing a card you cannot pay for)",
            rule("5.1"),
        )
    return None


def _own_hand(state: State, player: int, cid: int) -> Why:
    if not 0 <= cid < len(state.cards) or state.cards[cid].zone != f"hand:{player}":
        return "that card is not in your hand", rule("5.1")
    return None


def why_not_play(state: State, player: int, cid: int) -> Why:
    """Playing a character or a location from hand in the Setup step."""
    if state.vars.get("step") != "setup" or state.vars.get("setup_player") != player:
        return "cards other than events are played only in your part of the Setup step", rule("4.3")
    bad = _own_hand(state, player, cid)
    if bad:
        return bad
    card = facts(state.cards[cid].code)
    if card.type == EVENT:
        return "events are played only as an action in the Battle step", rule("5.5")
    if card.type == ITEM:
        return "an item must be attached to one of your characters: choose the character too", rule("5.4")
    if card.type == KAITOU:
        return "a Kaitou card stays beside the play area and is never played", rule("2.4")
    if card.type == CHARACTER:
        limit = character_limit(state, player)
        if state.vars.get("chars_played", 0) >= limit:
            return f"you have already played {limit} characters in this Setup step", rule("5.2")
        if board.controls_copy(state, player, card.code):
            return f"you already control a Unique character named {card.name}", rule("2.3")
    elif card.type == LOCATION:
        players = (0, 1) if state.options.get("location_copies") == "table" else (player,)
        for seat in players:
            for lid in board.locations(state, seat):
                if facts(state.cards[lid].code).title == card.title:
                    where = "you already have" if seat == player else "a copy is already"
                    return f"{where} {card.title} in play: only one copy of each location", rule("5.3")
    return why_not_cost(state, player, cid)


def why_not_item(state: State, player: int, cid: int, char: int) -> Why:
    """Attaching an item from hand to a character in the Setup step."""
    if state.vars.get("step") != "setup" or state.vars.get("setup_player") != player:
        return "items are attached only in your part of the Setup step", rule("4.3")
    bad = _own_hand(state, player, cid)
    if bad:
        return bad
    if facts(state.cards[cid].code).type != ITEM:
        return "only item cards are attached to characters", rule("5.4")
    if not 0 <= char < len(state.cards):
        return "there is no such character", rule("5.4")
    target = state.cards[char]
    if target.zone != f"play:{player}" or not target.face_up or facts(target.code).type != CHARACTER:
        return "items go only on face-up characters you control", rule("5.4")
    if target.attached_to != EMPTY:
        return "items go only on characters", rule("5.4")
    if board.item_of(state, char) != EMPTY:
        return f"{board.title(state, char)} already has an item: one item per character", rule("5.4")
    if board.controls_copy(state, player, state.cards[cid].code):
        return f"you already control a copy of the Unique item {board.title(state, cid)}", rule("2.3")
    return why_not_cost(state, player, cid)


def attackable(state: State, cid: int) -> bool:
    card = state.cards[cid]
    found = static_of(card.code)
    protected = found["protected"] if found else None
    return protected is None or not protected(state, card)


def why_not_attacker(state: State, player: int, a: int) -> Why:
    if state.vars.get("step") != "battle" or state.vars.get("actor") != player:
        return "attacks are made only as your action in the Battle step", rule("6.1")
    if not 0 <= a < len(state.cards):
        return "there is no such character", rule("7.1")
    card = state.cards[a]
    if card.zone != f"play:{player}" or not card.face_up or facts(card.code).type != CHARACTER:
        return "only a face-up character you control can attack", rule("7.1")
    if card.attached_to != EMPTY:
        return "only characters attack", rule("7.1")
    if not board.is_ready(state, a):
        return f"{board.title(state, a)} is expended and cannot attack", rule("7.1")
    return None


def why_not_attack(state: State, player: int, a: int, d: int, color: str) -> Why:
    """Declaring an attack on an opposing character in a color."""
    bad = why_not_attacker(state, player, a)
    if bad:
        return bad
    if not 0 <= d < len(state.cards):
        return "there is no such character to attack", rule("7.2")
    target = state.cards[d]
    if target.zone == f"play:{player}":
        return "you cannot attack your own characters", rule("7.1")
    if (
        target.zone != f"play:{board.other(player)}"
        or facts(target.code).type != CHARACTER
        or target.attached_to != EMPTY
    ):
        return "you can attack only a character your opponent controls", rule("7.1")
    if not target.face_up:
        return f"{board.title(state, d)} is defeated (face down) and cannot be attacked", rule("7.6")
    shared = board.shared_colors(state, a, d)
    if not shared:
        return (
            f"{board.title(state, a)} and {board.title(state, d)} share no color, so it cannot attack it",
            rule("7.3"),
        )
    if color not in shared:
        return f"the attack color must be one both characters have ({', '.join(shared)})", rule("7.3")
    if not attackable(state, d):
        return f"{board.title(state, d)} cannot be attacked right now (its card text says so)", rule("1.3")
    return None


def why_not_direct(state: State, player: int, a: int) -> Why:
    bad = why_not_attacker(state, player, a)
    if bad:
        return bad
    if board.characters(state, board.other(player)):
        return "you may attack your opponent directly only when they control no characters", rule("7.8")
    return None


def why_not_activated(state: State, player: int, cid: int) -> Why:
    """Using an activated effect of a card `player` controls (rules 6.3, 10.4)."""
    if state.vars.get("step") != "battle" or state.vars.get("actor") != player:
        return "activated effects are used only as your action in the Battle step", rule("6.3")
    if not 0 <= cid < len(state.cards):
        return "there is no such card", rule("6.3")
    card = state.cards[cid]
    effect = play_of(card.code)
    if card.zone not in (f"play:{player}", f"kaitou:{player}") or not card.face_up:
        return "you can use only cards you control that are face up in play (or your Kaitou card)", rule("6.3")
    if effect is None or effect.kind != "activated":
        return f"{board.title(state, cid)} has no activated effect", rule("6.3")
    if effect.extra.get("once") == "game" and card.flags.get("used"):
        return f"{board.title(state, cid)} can be used once per game and was already used", rule("6.3")
    if not effect.cost.can_pay(Ctx(state, cid, player)):
        return f"its cost ({effect.cost.text}) cannot be paid in full now", rule("10.4")
    return f"{board.title(state, cid)} has no legal target or its condition is not met now", rule("6.3")


def why_not_save(state: State, player: int, dead: int, used: int) -> Why:
    """Saving a defeated character in Recovery by discarding a card from hand (rules 8.2, 9.3)."""
    pending = state.pending
    if state.vars.get("step") != "recovery" or pending is None or pending.kind != "recovery":
        return "defeated characters are saved only in your part of the Recovery step", rule("8.2")
    if not (0 <= dead < len(state.cards) and 0 <= used < len(state.cards)):
        return "there is no such card", rule("8.2")
    if dead not in board.defeated(state, player):
        return "only your own defeated characters can be saved", rule("8.2")
    if state.cards[used].zone != f"hand:{player}":
        return "the card you discard to save must be in your hand", rule("8.2")
    lost, held = facts(state.cards[dead].code), facts(state.cards[used].code)
    if board.controls_copy(state, player, lost.code):
        return f"you already control a Unique character named {lost.name}", rule("2.3")
    if "Regeneration" not in lost.keywords and (held.type != CHARACTER or held.name != lost.name):
        return (
            f"{held.title} is not a character named {lost.name}: a save needs a same-name character "
            "(the surname may differ) unless the defeated character has Regeneration",
            rule("8.2"),
        )
    return None


def why_not_keyword(state: State, player: int, cid: int, keyword: str) -> Why:
    """Using the Draw or Shuffle keyword of an event in hand as a Battle action (rules 9.5, 9.6)."""
    section = rule("9.5" if keyword == "Draw" else "9.6")
    if state.vars.get("step") != "battle" or state.vars.get("actor") != player:
        return f"the {keyword} keyword is used only as your action in the Battle step", section
    bad = _own_hand(state, player, cid)
    if bad:
        return bad[0], section
    if keyword not in facts(state.cards[cid].code).keywords:
        return f"{board.title(state, cid)} does not have the {keyword} keyword", section
    return None


def why_not_boost(state: State, player: int, cid: int, kind: str) -> Why:
    """Boosting during an attack: Aggressive/Defensive discards ("kw"), Modifier events ("mod") (rule 7.4)."""
    pending = state.pending
    if pending is None or pending.kind != "boost":
        return "boosts are used only during an attack, before the values are compared", rule("7.4")
    bad = _own_hand(state, player, cid)
    if bad:
        return bad[0], rule("7.4")
    if kind == "mod" and "Modifier" not in facts(state.cards[cid].code).keywords:
        return f"{board.title(state, cid)} does not have the Modifier keyword", rule("9.4")
    if kind == "kw":
        attack = next((f.data for f in reversed(state.stack) if f.proc == "inuyasha.attack"), {})
        attacking = player == attack.get("p")
        fighter, keyword = (attack.get("a"), "Aggressive") if attacking else (attack.get("d"), "Defensive")
        if fighter is None or keyword not in facts(state.cards[fighter].code).keywords:
            return f"your character in this attack does not have {keyword}", rule("9.1" if attacking else "9.2")
        if attack.get("aggr_used" if attacking else "def_used") and state.options.get("keyword_boosts") != "repeat":
            return f"{keyword} was already used in this attack (match option keyword_boosts: once)", rule("7.4")
    return None
