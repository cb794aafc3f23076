"""Naruto engine benchmark: random self-play decisions/s, clone µs, snapshot bytes/ms, replay ms.

    .venv/bin/python tests/bench/bench_naruto.py [--games 500] [--seed 1]

Prints one JSON object. Decisions/s counts every applied choice of uniformly random play
between the two preconstructed decks (seats alternating), match setup included, no checks.
Clone and snapshot figures are means over every 25th state; replay is the mean time to
rebuild a finished game from its record (seed + decks + choices).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from benchlib import state_figures

from engine.core.record import MatchRecord
from engine.core.registry import get_game
from engine.core.rng import Rng
from engine.core.state import State

GAME = get_game("naruto")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    decks = GAME.default_decks()
    names = list(GAME.pool.decks)
    records: list[MatchRecord] = []
    samples: list[State] = []
    decisions, wins, turns = 0, {name: 0 for name in names}, []
    wall, cpu = time.perf_counter(), time.process_time()
    for number in range(args.games):
        rng = Rng(args.seed * 7919 + number)
        order = [0, 1] if number % 2 == 0 else [1, 0]
        record = MatchRecord.start("naruto", [decks[i] for i in order], args.seed + number)
        state = record.new_state()
        while (prompt := state.prompt()) is not None:
            option = prompt.options[rng.randbelow(len(prompt.options))]
            state.apply(option)
            record.choices.append(option.id)
            decisions += 1
            if decisions % 25 == 0:
                samples.append(state.clone())
        assert state.result is not None and state.result.winners
        wins[names[order[state.result.winners[0]]]] += 1
        turns.append(state.vars["turn"])
        records.append(record)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    print(
        json.dumps(
            {
                "game": "naruto",
                "games": args.games,
                "decisions": decisions,
                "decisions_per_game": round(decisions / args.games, 1),
                "decisions_per_sec": round(decisions / wall),
                "decisions_per_cpu_sec": round(decisions / cpu),
                "turns_per_game_median": statistics.median(turns),
                "deck_wins": wins,
                **state_figures(GAME, samples, records[:50]),
            }
        )
    )


if __name__ == "__main__":
    main()
