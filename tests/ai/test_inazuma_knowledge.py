"""The Inazuma search horizon: placements are judged over the round, the rest over the turn."""

from __future__ import annotations

from engine.ai.search import rollout, turn_key
from engine.core import registry
from engine.core.rng import Rng
from engine.core.state import State
from engine.games.inazuma.board import phase, turn


def _new_match(seed: int) -> State:
    game = registry.get_game("inazuma")
    return game.new_match(game.default_decks(), seed)


def _play_until(state: State, kind: str, rng: Rng) -> State:
    while (prompt := state.pending) is not None and prompt.kind != kind:
        state.apply(prompt.options[rng.randbelow(len(prompt.options))])
    assert state.pending is not None, f"the match ended before a {kind!r} prompt"
    return state


def test_a_search_from_the_placement_runs_to_the_end_of_the_round() -> None:
    for seed in range(1, 6):
        state = _new_match(seed)
        assert state.pending is not None and state.pending.kind == "place" and turn(state) == 1
        start = turn_key(state)
        world = rollout(state.clone(), Rng(seed), limit=10_000, until=start)
        assert world.pending is not None
        assert (turn(world), phase(world), world.pending.kind) == (3, "strategy", "place")


def test_a_search_from_the_attack_stops_at_the_end_of_its_turn() -> None:
    for seed in range(1, 6):
        rng = Rng(seed)
        state = _play_until(_new_match(seed), "side", rng)
        assert turn(state) == 1
        world = rollout(state.clone(), rng, limit=10_000, until=turn_key(state))
        assert world.pending is not None and turn(world) == 2
        assert phase(world) == "strategy"  # the defence of turn 2 is not played out
