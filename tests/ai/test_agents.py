from __future__ import annotations

import time

import pytest
import toygame

from engine.ai.agents import LEVELS, RandomAgent, make_agent
from engine.ai.greedy import GreedyAgent
from engine.ai.ismcts import IsmctsAgent
from engine.ai.search import WorldSampler
from engine.ai.selfplay import run_selfplay
from engine.ai.stats import percentile, wilson_interval
from engine.core import registry
from engine.core.rng import Rng
from engine.core.state import EMPTY, State


def test_specs_and_levels_build_the_right_agents() -> None:
    assert isinstance(make_agent("random"), RandomAgent)
    assert isinstance(make_agent("greedy:80"), GreedyAgent)
    agent = make_agent("ismcts:5000", cap_ms=2000)
    assert isinstance(agent, IsmctsAgent) and 1.5 <= agent.budget < 2.0  # capped, with a margin
    for level in LEVELS:
        assert make_agent(level).name == level
    for bad in ("wizard", "ismcts:fast", "greedy:-5"):
        with pytest.raises(ValueError):
            make_agent(bad)


@pytest.mark.parametrize("spec", ["random", "greedy:5", "ismcts:5"])
def test_every_agent_answers_with_a_legal_option(toy: toygame.ToyGame, spec: str) -> None:
    state = toy.new_match([toygame.DECK, toygame.DECK], seed=3)
    agent = make_agent(spec, seed=1)
    while (prompt := state.prompt()) is not None:
        option = agent.choose(state, prompt.player)
        assert option in prompt.options
        state.apply(option)


def test_the_search_stops_at_its_budget_even_with_many_iterations_possible(toy: toygame.ToyGame) -> None:
    state = toy.new_match([toygame.DECK, toygame.DECK], seed=3)
    agent = IsmctsAgent(seed=1, budget_ms=30)
    started = time.perf_counter()
    agent.choose(state, 0)
    elapsed = time.perf_counter() - started
    assert agent.last_iterations > 0
    assert elapsed < 1.0  # far above the 30 ms budget: only a runaway search fails this


def test_ismcts_and_greedy_beat_random_on_the_toy_game(toy: toygame.ToyGame) -> None:
    for spec in ("ismcts:15", "greedy:10"):
        summary = run_selfplay("toy", 40, [spec, "random"], seed=5)
        assert summary["errors"] == 0
        assert summary["wins"][spec] >= 28, summary["wins"]  # random vs random is about 20 of 40


def test_selfplay_reports_wilson_intervals_and_latencies(toy: toygame.ToyGame) -> None:
    summary = run_selfplay("toy", 10, ["greedy:2", "random"], seed=2)
    entry = summary["per_agent"]["greedy:2"]
    low, high = entry["win_rate_wilson95"]
    assert 0 <= low <= entry["win_rate"] <= high <= 1
    assert set(entry["latency_ms"]) == {"p50", "p95", "max", "count"} and entry["latency_ms"]["count"] > 0
    # Winners split a point per game: the two agents' mean scores add up to 1 in a 2-player game.
    other = summary["per_agent"]["random"]
    assert entry["mean_score"] + other["mean_score"] == pytest.approx(1.0)


def test_wilson_and_percentiles() -> None:
    low, high = wilson_interval(0, 10)
    assert low == 0 and 0.25 < high < 0.35
    assert wilson_interval(0, 0) == (0.0, 1.0)
    assert percentile([1, 2, 3, 4], 50) == 2.5 and percentile([], 95) == 0.0


def _hidden_ids(state: State, player: int) -> list[int]:
    return [
        cid
        for ids in state.zones.values()
        for cid in ids
        if cid != EMPTY and not state.cards[cid].visible_to(player) and state.cards[cid].owner != player
    ]


def _midgame(game_id: str, seed: int, steps: int) -> State:
    game = registry.get_game(game_id)
    state = game.new_match(game.default_decks(), seed)
    rng = Rng(seed)
    for _ in range(steps):
        if state.pending is None:
            break
        state.apply(state.pending.options[rng.randbelow(len(state.pending.options))])
    return state


def _check_sampler_ignores_hidden_truth(state: State) -> None:
    if state.pending is None:
        return
    player = state.pending.player
    sampler = WorldSampler(state, player)
    sample = sampler.sample(state, Rng(99))
    twin = state.clone()
    codes = sorted(state.game.pool.cards)
    for cid in _hidden_ids(twin, player):
        twin.mcard(cid).code = codes[(cid * 7) % len(codes)]
    assert twin.view(player) == state.view(player), "changing hidden cards changed the player's view"
    twin_sampler = WorldSampler(twin, player)
    assert twin_sampler.beliefs == sampler.beliefs
    assert twin_sampler.sample(twin, Rng(99)).digest() == sample.digest()


def test_sampler_never_reads_the_opponents_hidden_cards_toy(toy: toygame.ToyGame) -> None:
    for seed in range(5):
        _check_sampler_ignores_hidden_truth(_midgame("toy", seed, 6))


@pytest.mark.parametrize("game_id", registry.list_games())
def test_sampler_never_reads_the_opponents_hidden_cards(game_id: str) -> None:
    for seed, steps in ((1, 10), (2, 40), (3, 80)):
        _check_sampler_ignores_hidden_truth(_midgame(game_id, seed, steps))


def _usagi_with_secret_pick(seed: int) -> tuple[State, int]:
    """A Usagi position where seat 1 has a secret tie-break pick on an Event (the frame as the
    conclusion leaves it); returns the state and the Event."""
    from engine.games.usagi import board

    state = _midgame("usagi", seed, 0)
    rng = Rng(seed)
    while state.pending is not None:
        for eid in board.events_in_play(state):
            if len(board.involved_with(state, eid, 1)) >= 2:
                state.push("usagi.resolve_event", event=eid)
                return state, eid
        state.apply(state.pending.options[rng.randbelow(len(state.pending.options))])
    raise AssertionError("no Event with two of seat 1's Characters involved")


def test_usagi_worlds_never_carry_another_seats_secret_pick() -> None:
    from engine.games.usagi import board

    for seed in (1, 2, 3):
        state, eid = _usagi_with_secret_pick(seed)
        first, second = board.involved_with(state, eid, 1)[:2]
        twin = state.clone()
        state.secrets[1]["tie_pick"] = first
        twin.secrets[1]["tie_pick"] = second
        worlds = [WorldSampler(s, 0).sample(s, Rng(5)) for s in (state, twin)]
        assert worlds[0].secrets[1] == worlds[1].secrets[1]
        assert worlds[0].digest() == worlds[1].digest()


@pytest.mark.parametrize("game_id", registry.list_games())
def test_searching_agents_answer_legally_and_on_time_in_every_game(game_id: str) -> None:
    agents = [make_agent("ismcts@30", seed=1), make_agent("greedy@2", seed=1), make_agent("ismcts:40", seed=2)]
    for seed, steps in ((1, 5), (2, 30), (3, 70)):
        state = _midgame(game_id, seed, steps)
        for agent in agents:
            if state.pending is None:
                break
            started = time.perf_counter()
            option = agent.choose(state, state.pending.player)
            assert time.perf_counter() - started < 2.0  # the hard cap, far above these budgets
            assert option in state.pending.options
            state.apply(option)


def test_the_subtree_is_kept_only_for_the_same_players_next_decision(toy: toygame.ToyGame) -> None:
    state = toy.new_match([toygame.DECK, toygame.DECK], seed=4)
    agent = IsmctsAgent(seed=1, budget_ms=1000, max_iterations=200)
    while (prompt := state.prompt()) is not None and len(prompt.options) < 2:
        state.apply(prompt.options[0])
    assert prompt is not None
    me = prompt.player
    option = agent.choose(state, me)
    kept = agent._kept
    assert kept is not None and kept[1] == state.steps + 1 and kept[3].visits > 0
    later = state.clone()
    later.apply(option)
    assert agent._reused_root(later, me) is kept[3]  # my next decision right after this one
    assert agent._reused_root(later, me).visits == 0  # used once, then dropped
    agent._kept = kept
    assert agent._reused_root(state, me) is not kept[3]  # not one decision later: a fresh tree
    agent._kept = kept
    assert agent._reused_root(later, 1 - me) is not kept[3]  # another player's decision


def test_yugioh_evaluation_is_zero_sum_and_counts_the_coming_attack() -> None:
    from engine.ai.evaluators import evaluate
    from engine.ai.evaluators.yugioh import battle_threat

    threats = 0
    for seed in range(1, 6):
        for steps in (20, 60, 120):
            state = _midgame("yugioh", seed, steps)
            if state.result is not None:
                continue
            mine, theirs = evaluate(state, 0), evaluate(state, 1)
            assert -1 <= mine <= 1 and abs(mine + theirs) < 1e-9
            threats += battle_threat(state, 0) > 0 or battle_threat(state, 1) > 0
    assert threats > 0  # some of these positions have an attack to fear


@pytest.mark.parametrize("game_id", ["naruto", "yugioh", "usagi"])
def test_ai_evaluations_stay_in_range_and_two_player_ones_are_zero_sum(game_id: str) -> None:
    from engine.ai.evaluators import evaluate, knowledge

    assert knowledge(game_id).evaluate is not None or knowledge(game_id).turn_key is not None
    for seed, steps in ((1, 15), (2, 50), (3, 110)):
        state = _midgame(game_id, seed, steps)
        values = [evaluate(state, seat) for seat in range(state.num_players)]
        assert all(-1 <= value <= 1 for value in values)
        if state.num_players == 2 and state.result is None and knowledge(game_id).evaluate is not None:
            assert abs(values[0] + values[1]) < 1e-9


def test_naruto_evaluation_prefers_one_more_battle_reward() -> None:
    from engine.ai.evaluators.naruto import evaluate

    state = _midgame("naruto", 4, 30)
    before = evaluate(state, 0)
    state.move(state.zones["deck:0"][-1], "rewards:0")
    assert evaluate(state, 0) > before + 0.05


def _naruto_hand_card(state: State, player: int, ninja: bool) -> int | None:
    from engine.games.naruto.facts import facts

    for cid in state.zones[f"hand:{player}"]:
        card = facts(state.cards[cid].code)
        if (card.kind == "Ninja") == ninja and (not ninja or card.combat + card.support >= 2):
            return cid
    return None


def test_naruto_evaluation_keeps_ninjas_in_hand_and_charges_only_what_jutsus_need() -> None:
    from engine.ai.evaluators.naruto import CHAKRA_READY, evaluate

    checked = 0
    for seed in range(1, 40):
        state = _midgame("naruto", seed, 6 + seed % 20)
        if state.result is not None:
            continue
        ninja = _naruto_hand_card(state, 0, ninja=True)
        other = _naruto_hand_card(state, 0, ninja=False)
        if ninja is None or other is None or len(state.zones["hand:0"]) > 6:
            continue
        for cid in list(state.zones["chakra:0"]):  # start from an empty Chakra area
            state.move(cid, "discard:0")
        before = evaluate(state, 0)
        charged_ninja = state.clone()
        charged_ninja.move(ninja, "chakra:0")
        assert evaluate(charged_ninja, 0) < before  # a Ninja charged is a deployment lost
        state.move(other, "chakra:0")
        assert evaluate(state, 0) > before  # the first Chakra pays for Jutsus: worth charging
        for cid in state.zones["deck:0"][: CHAKRA_READY - 1]:
            state.move(cid, "chakra:0")
        assert len(state.zones["chakra:0"]) == CHAKRA_READY
        ready = evaluate(state, 0)
        spare = _naruto_hand_card(state, 0, ninja=False) or _naruto_hand_card(state, 0, ninja=True)
        assert spare is not None
        state.move(spare, "chakra:0")
        assert evaluate(state, 0) < ready  # beyond what Jutsus need, a card is worth more in hand
        checked += 1
    assert checked >= 3


@pytest.mark.parametrize("game_id", ["naruto", "usagi", "inuyasha"])
def test_the_search_uses_the_games_exploration_unless_told_otherwise(game_id: str) -> None:
    from engine.ai.evaluators import knowledge
    from engine.ai.ismcts import EXPLORATION

    known = knowledge(game_id)
    expected = known.exploration
    state = _midgame(game_id, 3, 8)
    rng = Rng(3)
    # a prompt the search answers: a real choice, and not one the game's plan takes
    while (prompt := state.pending) is not None and (
        len(prompt.options) < 2 or (known.plan is not None and known.plan(state, prompt.player) is not None)
    ):
        state.apply(prompt.options[rng.randbelow(len(prompt.options))])
    assert state.pending is not None
    seat = state.pending.player
    searcher = IsmctsAgent(seed=1, budget_ms=1000, max_iterations=5)
    searcher.choose(state, seat)
    assert searcher._exploration == (EXPLORATION if expected is None else expected)
    told = IsmctsAgent(seed=1, budget_ms=1000, max_iterations=5, exploration=0.7)
    told.choose(state, seat)
    assert told._exploration == 0.7


def test_yugioh_search_values_a_card_in_hand_above_500_life_points() -> None:
    from engine.ai.evaluators import evaluate

    checked = 0
    for seed in range(1, 10):
        state = _midgame("yugioh", seed, 12)
        if state.result is not None or not 0 < len(state.zones["hand:0"]) <= 6:
            continue  # a card beyond the hand limit of 6 is discarded anyway and counts nothing
        lost_card = state.clone()
        lost_card.move(lost_card.zones["hand:0"][0], "grave:0")
        lost_life = state.clone()
        lost_life.players[0]["lp"] = int(lost_life.players[0]["lp"]) - 500
        assert evaluate(lost_card, 0) < evaluate(lost_life, 0)  # card advantage counts
        assert state.game.evaluate(lost_card, 0) > state.game.evaluate(lost_life, 0)  # the game's own weighs less
        checked += 1
    assert checked >= 5
