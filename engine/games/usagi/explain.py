"""Why an option is refused, in words for the player, citing our rules reference (usagi N.N)."""

from __future__ import annotations

from engine.core.state import State
from engine.dsl.context import Ctx
from engine.games.usagi import board
from engine.games.usagi.actions import attach_targets, can_afford, moment_effect, unique_blocked
from engine.games.usagi.board import EVENTS, STACK, STRICKEN, fld
from engine.games.usagi.book import BOOK
from engine.games.usagi.facts import facts

Explanation = tuple[str, str]


def _card(state: State, raw: str) -> int | None:
    try:
        cid = int(raw)
    except ValueError:
        return None
    return cid if 0 <= cid < len(state.cards) else None


def explain(state: State, option_id: str) -> Explanation | None:
    """(reason, rule) for a refused option id, or None when nothing specific can be said."""
    pending = state.pending
    if pending is None:
        return None
    parts = option_id.split(":")
    kind, player = parts[0], pending.player
    phase = state.vars.get("phase", "")
    if kind in ("play", "use", "involve") and pending.kind not in ("action", "response"):
        if phase == "initiation":
            return "During the initiation you may not play cards or take actions", "usagi 5.1"
        played = _card(state, parts[1]) if kind == "play" and len(parts) > 1 else None
        if played is not None and facts(state.cards[played].code).is_moment:
            return "Moments, Held Moments included, are played only during the actions phase", "usagi 8.8"
        return f"You cannot take actions now: the game is waiting for a {pending.kind} choice", "usagi 4.2"
    if kind == "finish" and pending.kind == "response":
        return "Finishing is declared instead of an action, not as a response", "usagi 6.5"
    if len(parts) < 2:
        return None
    cid = _card(state, parts[1])
    if cid is None:
        return None
    if kind == "play":
        return _explain_play(state, player, cid, parts, pending.kind == "response")
    if kind == "use":
        return _explain_use(state, player, cid)
    if kind == "involve" and len(parts) > 2:
        return _explain_involve(state, player, cid, _card(state, parts[2]))
    if kind == "discard" and pending.kind == "discard":
        if state.cards[cid].zone != f"hand:{player}":
            return "You can only discard cards from your own hand", "usagi 5.4"
        return "You have a Hero in your play field, so you may discard only 1 card", "usagi 5.4"
    if kind == "propose" and pending.kind == "propose":
        if not facts(state.cards[cid].code).is_event:
            return f"{board.name(state, cid)} is not an Event: only Events are proposed", "usagi 5.6"
        return "You can only propose an Event from your own hand", "usagi 5.6"
    if kind == "tie" and pending.kind == "tiebreak":
        return "Choose one of your own cards involved with the tied Event", "usagi 7.5"
    if kind == "keep":
        return "Only a Hero in your own play field can be kept", "usagi 7.10"
    return None


def _explain_play(state: State, player: int, cid: int, parts: list[str], response: bool) -> Explanation:
    card = state.cards[cid]
    info = facts(card.code)
    if card.zone != f"hand:{player}":
        return f"{info.name} is not in your hand", "usagi 6.2"
    if info.is_event:
        return "Events are only proposed during the initiation, never played as actions", "usagi 8.9"
    if response and info.is_moment and info.subtype == "Action":
        return f"{info.name} is an Action Moment: it can only be played as your action", "usagi 8.7"
    if response and not info.is_moment:
        return f"Only Moments and abilities can be responses; {info.name} is a {info.type}", "usagi 6.6"
    if not can_afford(state, player, info):
        return f"You cannot pay the cost of {info.name} ({info.cost_text()})", "usagi 6.2"
    if unique_blocked(state, player, info):
        return f"A card named {info.name} is already in play: only one may be in play", "usagi 1.6"
    target = _card(state, parts[2]) if len(parts) > 2 and not parts[2].startswith("p") else None
    if info.is_attachment and (target is None or target not in attach_targets(state, player, info)):
        if info.is_setting:
            return f"{info.name} is a Setting: it must be attached to an Event in the Event field", "usagi 8.5"
        return f"{info.name} must be attached to a Character you control in play", "usagi 8.4"
    if info.is_moment:
        effect = moment_effect(info.code)
        if effect.target is not None and (target is None or target not in effect.target(Ctx(state, cid, player))):
            return f"That is not a legal target for {info.name}", "usagi 6.9"
    return f"{info.name} cannot be played that way now", "usagi 6.2"


def _explain_use(state: State, player: int, cid: int) -> Explanation:
    card = state.cards[cid]
    name = board.name(state, cid)
    if card.zone == STACK:
        return f"{name} is still being played: its abilities cannot be used yet", "usagi 6.3"
    if not board.in_play(state, cid) or card.controller != player:
        return f"You can only use abilities of cards you control in play; {name} is not one", "usagi 6.3"
    if card.orientation == STRICKEN:
        return f"{name} is stricken: an ability that strikes it cannot be used until it is refreshed", "usagi 9.2"
    if not BOOK.effects(card.code):
        return f"{name} has no ability to use", "usagi 6.3"
    return f"You cannot pay the cost of {name}'s ability now, or it has no legal target", "usagi 6.10"


def _explain_involve(state: State, player: int, cid: int, eid: int | None) -> Explanation:
    card = state.cards[cid]
    name = board.name(state, cid)
    if not facts(card.code).is_character:
        return f"{name} is not a Character: only Characters become involved", "usagi 6.4"
    if card.zone == EVENTS and "inv" in card.flags:
        return f"{name} is already involved with an Event", "usagi 6.4"
    if card.zone != fld(player):
        return f"{name} is not a Character in your play field", "usagi 6.4"
    if card.orientation == STRICKEN:
        return f"{name} is stricken: only refreshed Characters can become involved", "usagi 6.4"
    if eid is None or state.cards[eid].zone != EVENTS or not facts(state.cards[eid].code).is_event:
        return "That is not an Event in the Event field", "usagi 6.4"
    needs = ", ".join(r.capitalize() for r in board.event_ratings(state, eid))
    return (
        f"{name} is not rated in any rating of {board.name(state, eid)} ({needs}); "
        "a rating of 0 would do, no rating does not"
    ), "usagi 1.4"
