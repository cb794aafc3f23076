"""The greedy agent: one-ply lookahead with the game's evaluation.

For each option it plays that option in a sampled world, plays on at random to the end of
the turn (so that the option's consequences, responses included, have happened), and scores
the result with the best evaluation known (`engine.ai.evaluators`). Several samples per option
while time allows; the best mean wins, ties broken at random.
"""

from __future__ import annotations

from engine.ai.evaluators import evaluate
from engine.ai.search import Deadline, WorldSampler, rollout, turn_key
from engine.core.prompt import Option
from engine.core.rng import Rng
from engine.core.state import State


class GreedyAgent:
    def __init__(
        self, seed: int = 0, budget_ms: float = 200, samples: int = 4, name: str = "greedy", cap_ms: float = 2000
    ) -> None:
        self.name = name
        self.rng = Rng(seed)
        self.budget = budget_ms / 1000
        self.cap = max(cap_ms, budget_ms) / 1000
        self.samples = samples

    def choose(self, state: State, player: int) -> Option:
        prompt = state.pending
        assert prompt is not None and prompt.player == player
        options = prompt.options
        if len(options) == 1:
            return options[0]
        deadline = Deadline(self.budget)
        hard = Deadline(self.cap)
        sampler = WorldSampler(state, player)
        turn = turn_key(state)
        totals = [0.0] * len(options)
        counts = [0] * len(options)
        for _ in range(self.samples):
            for index, option in enumerate(options):
                if (deadline.passed() and all(counts)) or hard.passed():
                    break
                world = sampler.sample(state, self.rng)
                world.apply(option.id)
                rollout(world, self.rng, until=turn)
                totals[index] += evaluate(world, player)
                counts[index] += 1
            if deadline.passed():
                break
        means = [totals[i] / counts[i] if counts[i] else -2.0 for i in range(len(options))]
        best = max(means)
        tied = [i for i, mean in enumerate(means) if mean >= best - 1e-9]
        return options[tied[self.rng.randbelow(len(tied))]]
