"""Shared pieces of the searching agents: sampling worlds, cut-off rollouts, deadlines."""

from __future__ import annotations

import time
from collections.abc import Hashable
from typing import Final

from engine.ai.beliefs import beliefs_for, own_cards
from engine.ai.evaluators import knowledge, within_horizon
from engine.ai.evaluators import turn_key as _turn_key
from engine.core.determinize import determinize
from engine.core.rng import Rng
from engine.core.state import State

ROLLOUT_LIMIT: Final = 60  # decisions at most in one cut-off rollout
WORLDS: Final = 24  # distinct determinizations per decision; iterations beyond reuse them (cloned)


class Deadline:
    """A hard time limit, checked cheaply."""

    __slots__ = ("end",)

    def __init__(self, seconds: float) -> None:
        self.end = time.perf_counter() + seconds

    def passed(self) -> bool:
        return time.perf_counter() >= self.end


class WorldSampler:
    """Deals the cards `player` cannot see from what they may believe (never from the truth).

    Every sampled world also gets a fresh RNG (the true one would foretell shuffles and coins)
    and the game's `redact` hook hides other seats' secrets. `sample` deals a new world each
    call; `draw` deals the first `worlds` lazily and then hands out clones of them in turn
    (dealing costs several clones, so a long search reuses its worlds).
    """

    def __init__(self, state: State, player: int, worlds: int = WORLDS) -> None:
        self.player = player
        self.own = own_cards(state, player)
        self.beliefs = beliefs_for(state, player)
        self.redact = knowledge(state.game_id).redact
        self.worlds = max(1, worlds)
        self._dealt: list[State] = []
        self._next = 0

    def sample(self, state: State, rng: Rng) -> State:
        world = determinize(state, self.player, rng, self.own, self.beliefs)
        world.rng = rng.fork()
        if self.redact is not None:
            self.redact(world, self.player, rng)
        return world

    def draw(self, state: State, rng: Rng) -> State:
        """A world for one search iteration: a fresh deal until `worlds` exist, then clones."""
        if len(self._dealt) < self.worlds:
            world = self.sample(state, rng)
            self._dealt.append(world.clone())
            return world
        world = self._dealt[self._next].clone()
        self._next = (self._next + 1) % self.worlds
        world.rng = rng.fork()
        return world


def turn_key(state: State) -> Hashable:
    """What changes when the turn changes (see `engine.ai.evaluators.turn_key`)."""
    return _turn_key(state)


def rollout(state: State, rng: Rng, limit: int = ROLLOUT_LIMIT, until: Hashable | None = None) -> State:
    """Play random choices while the search horizon that began at turn key `until` (default:
    the turn of `state`) lasts, the game goes on and fewer than `limit` decisions were played.
    A search passes the turn key it started at, so every line is judged at the same horizon:
    usually the end of that turn (a game's `in_horizon` knowledge may stretch it)."""
    start = _turn_key(state) if until is None else until
    for _ in range(limit):
        prompt = state.pending
        if prompt is None or not within_horizon(start, state):
            break
        options = prompt.options
        state.apply(options[rng.randbelow(len(options))] if len(options) > 1 else options[0])
    return state
