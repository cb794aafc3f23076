"""Lasting effects: modifiers with an end ("until end of turn") and the moments that end them."""

from __future__ import annotations

from typing import Final

from engine.core.state import Modifier, State

END_OF_STEP: Final = "end_of_step"
END_OF_PHASE: Final = "end_of_phase"
END_OF_TURN: Final = "end_of_turn"
END_OF_BATTLE: Final = "end_of_battle"
PERMANENT: Final = "permanent"
WHILE_IN_PLACE: Final = "while_in_place"  # ends when the target leaves the zone it was in


def boost(state: State, target: int, stat: str, amount: int, until: str = END_OF_TURN, source: int = -1) -> None:
    """Add `amount` to a card's `stat` until `until`; also ends if the card leaves its zone."""
    state.add_modifier(Modifier(target, stat, amount, "add", until, source, state.cards[target].zone))


def set_stat(state: State, target: int, stat: str, value: int, until: str = END_OF_TURN, source: int = -1) -> None:
    """Set a card's `stat` to `value` until `until` (adds still apply on top)."""
    state.add_modifier(Modifier(target, stat, value, "set", until, source, state.cards[target].zone))


def end_of(state: State, *moments: str) -> None:
    """Expire every modifier lasting until these moments, then prune ones whose card left."""
    for moment in moments:
        state.expire(moment)
    state.prune_modifiers()
