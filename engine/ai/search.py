"""Shared pieces of the searching agents: sampling worlds, cut-off rollouts, deadlines."""

from __future__ import annotations

import time
from collections.abc import Hashable

from engine.ai.beliefs import beliefs_for, own_cards
from engine.core.determinize import determinize
from engine.core.rng import Rng
from engine.core.state import State

ROLLOUT_LIMIT = 60  # decisions at most in one cut-off rollout


class Deadline:
    """A hard time limit, checked cheaply."""

    __slots__ = ("end",)

    def __init__(self, seconds: float) -> None:
        self.end = time.perf_counter() + seconds

    def passed(self) -> bool:
        return time.perf_counter() >= self.end


class WorldSampler:
    """Deals the cards `player` cannot see from what they may believe (never from the truth)."""

    def __init__(self, state: State, player: int) -> None:
        self.player = player
        self.own = own_cards(state, player)
        self.beliefs = beliefs_for(state, player)

    def sample(self, state: State, rng: Rng) -> State:
        return determinize(state, self.player, rng, self.own, self.beliefs)


def turn_key(state: State) -> Hashable:
    """What changes when the turn changes (games may define `turn_key`; else common vars)."""
    hook = getattr(state.game, "turn_key", None)
    if hook is not None:
        return hook(state)  # type: ignore[no-any-return]
    v = state.vars
    return (v.get("turn"), v.get("round"), v.get("active"), v.get("turn_player"))


def rollout(state: State, rng: Rng, limit: int = ROLLOUT_LIMIT) -> State:
    """Play random choices until the turn changes, the game ends, or `limit` decisions."""
    start = turn_key(state)
    for _ in range(limit):
        prompt = state.pending
        if prompt is None or turn_key(state) != start:
            break
        state.apply(prompt.options[rng.randbelow(len(prompt.options))])
    return state
