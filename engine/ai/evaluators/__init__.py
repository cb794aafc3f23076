"""Per-game AI knowledge the agents consult before the game's own hooks.

A game's module `engine.ai.evaluators.<game id>` may export:
- `evaluate(state, player)`: a value in [-1, 1] from `player`'s side, used when the game is
  not over;
- `turn_key(state)`: what changes when a rollout should stop;
- `in_horizon(start, key)`: whether a search that started at turn key `start` goes on at turn
  key `key` (by default while they are equal);
- `plan(state, player)`: an option chosen without search, for prompts the game plans better
  than a short search does, else None (ISMCTS asks it first);
- `redact(world, player, rng)`: hides what a sampled world still carries from the truth
  outside cards, e.g. another seat's secret picks.
Any of them missing falls back to `Game.evaluate`, `Game.turn_key` / the common vars, and nothing.
`ROLLOUT` (an int) overrides how many random decisions an ISMCTS rollout plays at most and
`EXPLORATION` (a float) the ISMCTS exploration constant.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Final

from engine.core.prompt import Option
from engine.core.rng import Rng
from engine.core.state import State

Evaluate = Callable[[State, int], float]
TurnKey = Callable[[State], Hashable]
InHorizon = Callable[[Hashable, Hashable], bool]
Plan = Callable[[State, int], Option | None]
Redact = Callable[[State, int, Rng], None]


@dataclass(frozen=True, slots=True)
class Knowledge:
    """What the AI knows about one game beyond its rules."""

    evaluate: Evaluate | None = None
    turn_key: TurnKey | None = None
    redact: Redact | None = None
    rollout: int | None = None
    exploration: float | None = None
    in_horizon: InHorizon | None = None
    plan: Plan | None = None


_CACHE: Final[dict[str, Knowledge]] = {}


def knowledge(game_id: str) -> Knowledge:
    """The AI knowledge registered for `game_id` (empty when there is no module for it)."""
    found = _CACHE.get(game_id)
    if found is None:
        try:
            module = importlib.import_module(f"{__name__}.{game_id}")
        except ModuleNotFoundError as exc:
            if exc.name != f"{__name__}.{game_id}":
                raise
            found = Knowledge()
        else:
            found = Knowledge(
                getattr(module, "evaluate", None),
                getattr(module, "turn_key", None),
                getattr(module, "redact", None),
                getattr(module, "ROLLOUT", None),
                getattr(module, "EXPLORATION", None),
                getattr(module, "in_horizon", None),
                getattr(module, "plan", None),
            )
        _CACHE[game_id] = found
    return found


def evaluate(state: State, player: int) -> float:
    """The value of `state` for `player` in [-1, 1]: the result when over, else the best evaluation known."""
    if state.result is None:
        hook = knowledge(state.game_id).evaluate
        if hook is not None:
            return hook(state, player)
    return state.game.evaluate(state, player)


def common_turn_key(state: State) -> Hashable:
    """The game's `turn_key` hook, else the usual turn vars."""
    hook = getattr(state.game, "turn_key", None)
    if hook is not None:
        return hook(state)  # type: ignore[no-any-return]
    v = state.vars
    return (v.get("turn"), v.get("round"), v.get("active"), v.get("turn_player"))


def turn_key(state: State) -> Hashable:
    """What changes when the turn changes: this package's hook for the game, else the common one."""
    hook = knowledge(state.game_id).turn_key
    return hook(state) if hook is not None else common_turn_key(state)


def within_horizon(start: Hashable, state: State) -> bool:
    """Whether a search that started at turn key `start` still plays on in `state`."""
    known = knowledge(state.game_id)  # one look-up: this runs at every rollout step
    key = known.turn_key(state) if known.turn_key is not None else common_turn_key(state)
    return known.in_horizon(start, key) if known.in_horizon is not None else key == start
