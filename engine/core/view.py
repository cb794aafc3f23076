"""Redacted observations: what one player (or a spectator) may know of a state.

Hidden cards show only that they exist: in a pile or hand, a count; in a slot or attached,
a face-down placeholder with its id (so it can be targeted) but no code. Events show their
redacted text; the pending prompt is shown in full only to its player.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.core.state import EMPTY, Card, zone_owner

if TYPE_CHECKING:
    from engine.core.state import State


def card_view(state: State, card: Card, viewer: int | None, *, with_id: bool = True) -> dict[str, Any]:
    """One card as `viewer` sees it."""
    if not card.visible_to(viewer):
        hidden: dict[str, Any] = {"hidden": True, "owner": card.owner, "controller": card.controller}
        if with_id:
            hidden["id"] = card.id
            hidden["orientation"] = card.orientation
            hidden["counters"] = dict(card.counters)
            if card.attached_to != EMPTY:
                hidden["attached_to"] = card.attached_to
        return hidden
    facts = state.game.card(card.code)
    shown: dict[str, Any] = {
        "id": card.id,
        "code": card.code,
        "name": facts.name,
        "owner": card.owner,
        "controller": card.controller,
        "face_up": card.face_up,
    }
    if card.orientation:
        shown["orientation"] = card.orientation
    if card.counters:
        shown["counters"] = dict(card.counters)
    if card.flags:
        shown["flags"] = dict(card.flags)
    if card.attached_to != EMPTY:
        shown["attached_to"] = card.attached_to
    return shown


def zone_view(state: State, key: str, viewer: int | None) -> dict[str, Any]:
    """A zone as `viewer` sees it: its count and the cards (or placeholders) it may show."""
    spec = state.game.zone_spec(key)
    ids = state.zones[key]
    if spec.slots:
        slots = [None if cid == EMPTY else card_view(state, state.cards[cid], viewer) for cid in ids]
        return {"count": sum(1 for cid in ids if cid != EMPTY), "slots": slots}
    cards = [state.cards[cid] for cid in ids]
    visible = [card_view(state, c, viewer) for c in cards if c.visible_to(viewer)]
    # Piles never give away which position a known card holds unless the pile is fully public.
    if spec.in_play:
        shown = [card_view(state, c, viewer) for c in cards]
        return {"count": len(ids), "cards": shown}
    return {"count": len(ids), "cards": visible}


def build_view(state: State, viewer: int | None) -> dict[str, Any]:
    """The observation of `viewer` (a seat number, or None for a spectator)."""
    players: list[dict[str, Any]] = []
    for seat in range(state.num_players):
        entry: dict[str, Any] = {"seat": seat, "values": dict(state.players[seat]), "zones": {}}
        if viewer == seat:
            entry["secrets"] = dict(state.secrets[seat])
        players.append(entry)
    shared: dict[str, Any] = {}
    for key in state.zones:
        owner = zone_owner(key)
        zone = zone_view(state, key, viewer)
        if owner is None:
            shared[key] = zone
        else:
            players[owner]["zones"][key.rpartition(":")[0]] = zone
    pending = state.pending
    prompt: dict[str, Any] | None = None
    if pending is not None:
        if pending.player == viewer:
            prompt = pending.to_json()
        else:
            prompt = {"player": pending.player, "kind": pending.kind, "waiting": True}
    events = [text for event in state.events if (text := event.text_for(viewer))]
    return {
        "game": state.game_id,
        "viewer": viewer,
        "players": players,
        "shared": shared,
        "vars": dict(state.vars),
        "modifiers": [list(m) for m in state.modifiers if m.target < 0 or state.cards[m.target].visible_to(viewer)],
        "prompt": prompt,
        "events": events,
        "result": list(state.result) if state.result else None,
        "steps": state.steps,
    }
