"""Information-set Monte Carlo tree search (single observer, Cowling et al. 2012).

Every iteration samples a world consistent with what the player has seen, walks the tree
with UCB1 over the options legal in that world (counting availability), expands one node,
plays a short random rollout, and backs up the evaluation from each mover's point of view.
Tree and rollout stop at the end of the turn the search started in, so every line is judged
at the same horizon (an option that ends the turn is not judged after the opponent's random
moves). Anytime: when the time budget runs out it answers with the most-visited root option
(ties by mean value); with no iteration done, the first option. Forced prompts
(one option) are played through without a node, and children are keyed by (mover, option id)
so that different worlds never mix two players' decisions in one node.

Between two decisions of the same player in a row (the next prompt is theirs again, nobody
else decided in between) the subtree under the chosen option becomes the next root, so the
statistics gathered for the rest of the turn are kept.
"""

from __future__ import annotations

import math
from collections.abc import Hashable
from typing import Final

from engine.ai.evaluators import evaluate, knowledge, within_horizon
from engine.ai.search import Deadline, WorldSampler, rollout, turn_key
from engine.core.prompt import Option
from engine.core.rng import Rng
from engine.core.state import State

# Evaluations differ by a few tenths between sensible lines, so exploration is low; short
# random rollouts (a few decisions, stopping at the end of the turn) add less noise than
# playing the turn out at random (measured on Inuyasha against greedy: 11/12 vs 4/8 wins).
EXPLORATION: Final = 0.25
ROLLOUT: Final = 10


class Node:
    __slots__ = ("available", "children", "mover", "total", "visits")

    def __init__(self, mover: int) -> None:
        self.mover = mover
        self.visits = 0
        self.total = 0.0
        self.available = 1
        self.children: dict[tuple[int, str], Node] = {}  # by (mover, option id)


class IsmctsAgent:
    def __init__(
        self,
        seed: int = 0,
        budget_ms: float = 300,
        name: str = "ismcts",
        max_iterations: int = 100_000,
        exploration: float | None = None,
        reuse: bool = True,
        rollout_limit: int | None = None,
    ) -> None:
        self.name = name
        self.rng = Rng(seed)
        self.budget = budget_ms / 1000
        self.max_iterations = max_iterations
        self.exploration = exploration  # None: the game's `EXPLORATION` knowledge, else EXPLORATION
        self._exploration = EXPLORATION
        self.reuse = reuse
        self.rollout_limit = rollout_limit  # None: the game's `ROLLOUT` knowledge, else ROLLOUT
        self._rollout = ROLLOUT
        self._turn: Hashable = None  # the turn the search started in: lines are judged at its end
        self.last_iterations = 0
        self._kept: tuple[str, int, int, Node] | None = None  # game, steps, player, subtree

    def choose(self, state: State, player: int) -> Option:
        prompt = state.pending
        assert prompt is not None and prompt.player == player
        if len(prompt.options) == 1:  # forced: answered at once; a kept subtree skips it too
            kept = self._kept
            if kept is not None and kept[1] == state.steps and kept[2] == player:
                self._kept = (kept[0], kept[1] + 1, player, kept[3])
            else:
                self._kept = None
            return prompt.options[0]
        known = knowledge(state.game_id)
        planned = known.plan(state, player) if known.plan is not None else None
        if planned is not None:  # the game's own plan for this prompt (see engine.ai.evaluators)
            self._kept = None
            return planned
        deadline = Deadline(self.budget)
        sampler = WorldSampler(state, player)
        self._rollout = self.rollout_limit if self.rollout_limit is not None else known.rollout or ROLLOUT
        chosen = self.exploration if self.exploration is not None else known.exploration
        self._exploration = EXPLORATION if chosen is None else chosen
        self._turn = turn_key(state)
        root = self._reused_root(state, player)
        iterations = 0
        while iterations < self.max_iterations and not deadline.passed():
            self._iterate(root, sampler.draw(state, self.rng))
            iterations += 1
        self.last_iterations = iterations
        best: Option = prompt.options[0]
        best_key = (-1, -math.inf)
        for option in prompt.options:
            child = root.children.get((player, option.id))
            if child is None or child.visits == 0:
                continue
            key = (child.visits, child.total / child.visits)
            if key > best_key:
                best, best_key = option, key
        subtree = root.children.get((player, best.id))
        self._kept = (state.game_id, state.steps + 1, player, subtree) if subtree is not None else None
        return best

    def _reused_root(self, state: State, player: int) -> Node:
        kept, self._kept = self._kept, None
        if self.reuse and kept is not None:
            game_id, steps, seat, node = kept
            if game_id == state.game_id and steps == state.steps and seat == player and node.mover == player:
                return node
        return Node(player)

    def _iterate(self, root: Node, world: State) -> None:
        rng = self.rng
        c = self._exploration
        node = root
        path = [root]
        turn = self._turn
        while (prompt := world.pending) is not None and within_horizon(turn, world):
            options = prompt.options
            if len(options) == 1:  # forced: no node, the tree only holds real decisions
                world.apply(options[0])
                continue
            children = node.children
            seat = prompt.player
            untried = []
            for option in options:
                child = children.get((seat, option.id))
                if child is None:
                    untried.append(option)
                else:
                    child.available += 1
            if untried:
                option = untried[rng.randbelow(len(untried))]
                child = Node(seat)
                children[(seat, option.id)] = child
                world.apply(option)
                path.append(child)
                break
            best_score = -math.inf
            chosen = options[0]
            node = children[(seat, chosen.id)]
            for option in options:
                child = children[(seat, option.id)]
                score = child.total / child.visits + c * math.sqrt(math.log(child.available) / child.visits)
                if score > best_score:
                    best_score, chosen, node = score, option, child
            world.apply(chosen)
            path.append(node)
        rollout(world, rng, self._rollout, turn)
        values: dict[int, float] = {}
        for visited in path:
            visited.visits += 1
            mover = visited.mover
            if mover not in values:
                values[mover] = evaluate(world, mover)
            visited.total += values[mover]
