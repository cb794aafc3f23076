"""The agent protocol and the agent factory (`random`, plus the searching agents).

An agent sees the game only through `Seat`-safe calls: the state it receives is used for
`state.view(player)`, `state.prompt()` and, for searching agents, `determinize` (which
replaces every hidden card by a sampled one). It returns one of the prompt's options.
"""

from __future__ import annotations

from typing import Final, Protocol

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


DEFAULT_CAP_MS: Final = 2000.0
CAP_MARGIN: Final = 0.1  # searches stop this share of the cap early (at least 100 ms): the answer is due by the cap
LEVELS: Final[dict[str, str]] = {"easy": "greedy:60", "normal": "ismcts:120", "hard": "ismcts:900"}
AGENT_SPECS: Final = ("random", "greedy[:ms][@samples]", "ismcts[:ms][@iterations]", *LEVELS)
"""What `make_agent` accepts, as shown to users."""


def _parse(spec: str) -> tuple[str, float | None, int | None]:
    """`kind[:ms][@n]` -> (kind, budget in ms or None, fixed count or None)."""
    head, _, count = LEVELS.get(spec, spec).partition("@")
    kind, _, arg = head.partition(":")
    try:
        budget = float(arg) if arg else None
        fixed = int(count) if count else None
    except ValueError:
        raise ValueError(
            f"agent {spec!r}: write kind[:ms][@n], e.g. ismcts:300 (milliseconds) or ismcts@400 (iterations)"
        ) from None
    if (budget is not None and budget <= 0) or (fixed is not None and fixed <= 0):
        raise ValueError(f"agent {spec!r}: the budget must be positive")
    return kind, budget, fixed


def make_agent(spec: str, seed: int = 0, game_id: str = "", name: str = "", cap_ms: float = DEFAULT_CAP_MS) -> Agent:
    """Build an agent from a spec: `random`, `greedy[:ms][@samples]`, `ismcts[:ms][@iterations]`
    or a level (`easy`, `normal`, `hard`). Budgets are capped at `cap_ms` (default 2 s per decision).
    A fixed count (`ismcts@400`: 400 iterations per decision, `greedy@4`: 4 samples per option)
    makes strength independent of machine load; the time cap still holds."""
    from engine.ai.greedy import GreedyAgent
    from engine.ai.ismcts import IsmctsAgent

    label = name or spec
    kind, budget, fixed = _parse(spec)
    cap_ms = cap_ms - max(100.0, cap_ms * CAP_MARGIN) if cap_ms > 200 else cap_ms / 2
    if fixed is not None and budget is None:
        budget = cap_ms
    if kind == "random":
        return RandomAgent(seed, name=label)
    if kind == "greedy":
        ms = min(budget or 200, cap_ms)
        if fixed is None:
            return GreedyAgent(seed, budget_ms=ms, name=label, cap_ms=cap_ms)
        return GreedyAgent(seed, budget_ms=ms, samples=fixed, name=label, cap_ms=cap_ms)
    if kind == "ismcts":
        ms = min(budget or 300, cap_ms)
        if fixed is None:
            return IsmctsAgent(seed, budget_ms=ms, name=label)
        return IsmctsAgent(seed, budget_ms=ms, name=label, max_iterations=fixed)
    raise ValueError(f"unknown agent {spec!r} (known: {', '.join(AGENT_SPECS)})")
