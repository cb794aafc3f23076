"""The agent protocol and the agent factory (`random`, plus the searching agents).

An agent sees the game only through `Seat`-safe calls: the state it receives is used for
`state.view(player)`, `state.prompt()` and, for searching agents, `determinize` (which
replaces every hidden card by a sampled one). It returns one of the prompt's options.
"""

from __future__ import annotations

from typing import Protocol

from engine.core.prompt import Option
from engine.core.rng import Rng
from engine.core.state import State


class Agent(Protocol):
    name: str

    def choose(self, state: State, player: int) -> Option:
        """Return one option of `state.prompt()` (which belongs to `player`)."""
        ...


class RandomAgent:
    """Uniformly random legal choices, from its own seeded RNG."""

    def __init__(self, seed: int = 0, name: str = "random") -> None:
        self.name = name
        self.rng = Rng(seed)

    def choose(self, state: State, player: int) -> Option:
        prompt = state.prompt()
        assert prompt is not None and prompt.player == player
        return prompt.options[self.rng.randbelow(len(prompt.options))]


def make_agent(spec: str, seed: int = 0, game_id: str = "", name: str = "") -> Agent:
    """Build an agent from a spec: "random" (more arrive with the AI module)."""
    kind, _, _arg = spec.partition(":")
    if kind == "random":
        return RandomAgent(seed, name=name or spec)
    raise ValueError(f"unknown agent {spec!r} (known: random)")
