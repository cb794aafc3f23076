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


def _planned_formation(state: State) -> dict[str, str | None]:
    """Let the plan place for the player to move; return their formation (space -> position)."""
    from engine.ai.evaluators.inazuma import plan
    from engine.games.inazuma.facts import SLOT_NAMES, facts

    prompt = state.pending
    assert prompt is not None and prompt.kind == "place"
    player = prompt.player
    while (prompt := state.pending) is not None and prompt.kind == "place" and prompt.player == player:
        choice = plan(state, player)
        assert choice is not None and choice in prompt.options
        state.apply(choice)
    pile = [state.cards[c] for c in state.zones[f"starting:{player}"]]
    return {SLOT_NAMES[card.flags["slot"]]: facts(card.code).position for card in pile if "slot" in card.flags}


def test_the_planned_first_formation_attacks_on_one_side_and_defends_both() -> None:
    for seed in range(1, 5):  # both starter teams, each from both seats
        formation = _planned_formation(_new_match(seed))
        assert len(formation) == 3  # 10 starting characters over 3 rounds: 3, 3, then 4
        assert any(f"FW-{s}" in formation and f"MF-{s}" in formation for s in "LR")
        assert all(f"MF-{s}" in formation or f"DF-{s}" in formation for s in "LR")


def test_the_plan_keeps_a_share_and_each_position_for_the_last_round() -> None:
    from engine.ai.evaluators.inazuma import plan
    from engine.games.inazuma.facts import facts

    for seed in range(1, 5):
        state = _new_match(seed)
        rng = Rng(seed)
        while turn(state) < 5:
            prompt = state.pending
            assert prompt is not None
            planned = plan(state, prompt.player) if prompt.kind == "place" else None
            state.apply(planned or prompt.options[rng.randbelow(len(prompt.options))])
        for player in (0, 1):
            left = [facts(state.cards[c].code).position for c in state.zones[f"starting:{player}"]]
            assert len(left) == 4 and {"FW", "MF", "DF"} <= set(left)


def test_ismcts_plays_the_plan_at_a_placement_and_searches_elsewhere() -> None:
    from engine.ai.evaluators.inazuma import plan
    from engine.ai.ismcts import IsmctsAgent

    state = _new_match(3)
    assert state.pending is not None
    player = state.pending.player
    agent = IsmctsAgent(seed=1, budget_ms=2000, max_iterations=30)
    assert agent.choose(state, player) == plan(state, player)
    assert agent.last_iterations == 0
    rng = Rng(3)
    state = _play_until(state, "side", rng)
    assert state.pending is not None
    attacker = state.pending.player
    assert plan(state, attacker) is None
    agent.choose(state, attacker)
    assert agent.last_iterations == 30
