"""Triggers: when something happens ("summoned", "destroyed", "attacks"), find the effects
that listen to it, as plain (card id, effect name) pairs a game can queue in its state.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from engine.core.state import EMPTY, State
from engine.dsl.context import Ctx
from engine.dsl.scripts import ScriptBook


def collect(
    state: State, book: ScriptBook, event: str, zones: Iterable[str], data: dict[str, Any] | None = None
) -> list[tuple[int, str]]:
    """(card id, effect name) of every `trigger` effect on `event` whose condition holds.

    `zones` are the zone keys whose cards can trigger (e.g. the field plus the graveyard for
    "sent to the graveyard" effects). Order: zone order, then position in the zone.
    """
    found: list[tuple[int, str]] = []
    for key in zones:
        for cid in state.zones.get(key, ()):
            if cid == EMPTY:
                continue
            card = state.cards[cid]
            for effect in book.effects(card.code):
                if effect.on == event and effect.kind == "trigger":
                    ctx = Ctx(state, cid, card.controller, data=dict(data or {}))
                    if effect.condition(ctx):
                        found.append((cid, effect.name))
    return found
