"""Self-play: N full games between agents, every game's record replayed and verified.

Used by `tcgtable selfplay` and the random-play tests. An exception inside a game is
counted in `errors` with its seed, never aborts the run.
"""

from __future__ import annotations

import time
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from engine.ai.agents import Agent, make_agent
from engine.core.game import DeckList
from engine.core.record import MatchRecord
from engine.core.registry import get_game
from engine.core.rng import Rng

MAX_DECISIONS: Final = 20_000  # a game that long is a bug (a loop no player can leave)


@dataclass(slots=True)
class GameOutcome:
    seed: int
    seats: list[str]
    winners: tuple[int, ...]
    decisions: int
    verified: bool | None
    error: str = ""
    latencies: dict[str, list[float]] = field(default_factory=dict)


def play_one(
    game_id: str,
    agents: Sequence[Agent],
    decks: Sequence[DeckList],
    seed: int,
    options: dict[str, Any] | None = None,
    verify: bool = True,
) -> GameOutcome:
    """Play one game; `agents[i]` sits in seat i. Verifies the replay digest unless told not to."""
    names = [agent.name for agent in agents]
    record = MatchRecord.start(game_id, list(decks), seed, options)
    latencies: dict[str, list[float]] = {}
    try:
        state = record.new_state()
        while (prompt := state.prompt()) is not None:
            if len(record.choices) >= MAX_DECISIONS:
                raise RuntimeError(f"no result after {MAX_DECISIONS} decisions")
            agent = agents[prompt.player]
            started = time.perf_counter()
            option = agent.choose(state, prompt.player)
            latencies.setdefault(agent.name, []).append(time.perf_counter() - started)
            state.apply(option)
            record.choices.append(option.id)
        verified: bool | None = None
        if verify:
            verified = record.replay().digest() == state.digest()
        assert state.result is not None
        return GameOutcome(seed, names, state.result.winners, len(record.choices), verified, "", latencies)
    except Exception as exc:
        detail = "".join(traceback.format_exception_only(type(exc), exc)).strip()
        return GameOutcome(seed, names, (), len(record.choices), False, detail, latencies)


def run_selfplay(
    game_id: str,
    games: int,
    agent_specs: Sequence[str],
    seed: int = 1,
    verify: bool = True,
    decks: Sequence[DeckList] | None = None,
    options: dict[str, Any] | None = None,
    on_game: Callable[[GameOutcome], None] | None = None,
) -> dict[str, Any]:
    """Play `games` games, rotating seats every game and decks every `players` games, and
    return the JSON summary."""
    game = get_game(game_id)
    players = len(agent_specs)
    table = list(decks) if decks is not None else game.default_decks(players)
    labels = agent_labels(agent_specs)
    seeds = Rng(seed)
    outcomes: list[GameOutcome] = []
    started = time.perf_counter()
    for index in range(games):
        game_seed = seeds.next64() & 0x7FFF_FFFF
        shift = index % players
        order = [(seat + shift) % players for seat in range(players)]
        # Decks rotate on their own cycle, so every agent plays every deck from every seat.
        deck_shift = (index // players) % len(table)
        seat_decks = [table[(seat + deck_shift) % len(table)] for seat in range(players)]
        agents = [
            make_agent(agent_specs[i], seed=game_seed + seat, game_id=game_id, name=labels[i])
            for seat, i in enumerate(order)
        ]
        outcome = play_one(game_id, agents, seat_decks, game_seed, options, verify)
        outcomes.append(outcome)
        if on_game is not None:
            on_game(outcome)
    seconds = time.perf_counter() - started
    return summarize(game_id, labels, outcomes, seconds)


def seat_score(outcome: GameOutcome, seat: int) -> float:
    """A seat's share of the game: winners split 1 point, a draw gives everyone 1/players."""
    players = len(outcome.seats)
    if not outcome.winners:
        return 1 / players
    return 1 / len(outcome.winners) if seat in outcome.winners else 0.0


def agent_labels(specs: Sequence[str]) -> list[str]:
    """One label per agent: its spec, numbered when the same spec sits more than once."""
    return [spec if specs.count(spec) == 1 else f"{spec}#{i + 1}" for i, spec in enumerate(specs)]


def summarize(game_id: str, agent_specs: Sequence[str], outcomes: list[GameOutcome], seconds: float) -> dict[str, Any]:
    from engine.ai.stats import latency_summary, wilson_interval

    names = list(agent_specs)
    wins = {name: 0 for name in names}
    seats_played = {name: 0 for name in names}
    draws = 0
    errors: list[dict[str, Any]] = []
    decisions = 0
    verified = 0
    latencies: dict[str, list[float]] = {name: [] for name in names}
    for outcome in outcomes:
        decisions += outcome.decisions
        if outcome.error:
            errors.append({"seed": outcome.seed, "error": outcome.error})
            continue
        if outcome.verified:
            verified += 1
        for seat_name in set(outcome.seats):
            seats_played[seat_name] += 1
        if not outcome.winners:
            draws += 1
        for seat in set(outcome.winners):
            wins[outcome.seats[seat]] += 1
        for name, values in outcome.latencies.items():
            latencies.setdefault(name, []).extend(values)
    finished = len(outcomes) - len(errors)
    score_sum = {name: 0.0 for name in names}
    for outcome in outcomes:
        if outcome.error:
            continue
        for seat, seat_name in enumerate(outcome.seats):
            score_sum[seat_name] += seat_score(outcome, seat)
    per_agent = {}
    for name in names:
        low, high = wilson_interval(wins[name], seats_played[name])
        per_agent[name] = {
            "games": seats_played[name],
            "wins": wins[name],
            "win_rate": wins[name] / seats_played[name] if seats_played[name] else 0.0,
            "win_rate_wilson95": [round(low, 4), round(high, 4)],
            "mean_score": round(score_sum[name] / seats_played[name], 4) if seats_played[name] else 0.0,
            "latency_ms": latency_summary(latencies.get(name, [])),
        }
    return {
        "game": game_id,
        "games": len(outcomes),
        "agents": list(agent_specs),
        "wins": wins,
        "draws": draws,
        "errors": len(errors),
        "error_details": errors[:20],
        "decisions": decisions,
        "seconds": round(seconds, 3),
        "games_per_sec": round(len(outcomes) / seconds, 3) if seconds else 0.0,
        "decisions_per_sec": round(decisions / seconds, 1) if seconds else 0.0,
        "replay_verified": verified,
        "finished": finished,
        "per_agent": per_agent,
    }
