"""Inuyasha engine benchmark: random self-play decisions/s, clone µs, snapshot bytes/ms, replay ms.

    .venv/bin/python tests/bench/bench_inuyasha.py [--games 500] [--seed 1] [--format standard|demo]

Prints one JSON object. Decisions/s counts every applied choice of uniformly random play
(Heroes against Villains, seats alternating), match setup included, no consistency checks.
Clone, snapshot and restore are means over every 25th state of the played games; replay is
the mean time to rebuild a finished game from its record (seed + decks + choices).
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

import engine.games.inuyasha  # noqa: F401  (registers the game)
from engine.core.record import MatchRecord
from engine.core.registry import get_game
from engine.core.rng import Rng
from engine.core.state import State

GAME = get_game("inuyasha")


def decks_for(fmt: str) -> list[dict[str, list[str]]]:
    names = ("Heroes", "Villains") if fmt == "standard" else ("Heroes Demo", "Villains Demo")
    return [GAME.pool.decks[name].as_lists() for name in names]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--format", default="standard", choices=("standard", "demo"))
    args = parser.parse_args()
    decks = decks_for(args.format)
    options = {"format": args.format}
    records: list[MatchRecord] = []
    samples: list[State] = []
    decisions, wins, lengths = 0, [0, 0, 0], []
    wall, cpu = time.perf_counter(), time.process_time()
    for number in range(args.games):
        rng = Rng(args.seed * 104729 + number)
        seats = decks if number % 2 == 0 else decks[::-1]
        record = MatchRecord.start("inuyasha", seats, args.seed + number, options)
        state = record.new_state()
        while (prompt := state.prompt()) is not None:
            option = prompt.options[rng.randbelow(len(prompt.options))]
            state.apply(option)
            record.choices.append(option.id)
            decisions += 1
            if decisions % 25 == 0:
                samples.append(state.clone())
        assert state.result is not None
        heroes_seat = 0 if number % 2 == 0 else 1
        wins[2 if not state.result.winners else int(state.result.winners[0] != heroes_seat)] += 1
        lengths.append(state.vars.get("turn", 0))
        records.append(record)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    replays = records[:50]
    print(
        json.dumps(
            {
                "game": "inuyasha",
                "format": args.format,
                "games": args.games,
                "decisions": decisions,
                "decisions_per_game": round(decisions / args.games, 1),
                "decisions_per_sec": round(decisions / wall),
                "decisions_per_cpu_sec": round(decisions / cpu),
                "turns_per_game_median": statistics.median(lengths),
                "heroes_wins": wins[0],
                "villains_wins": wins[1],
                "draws": wins[2],
                **state_figures(GAME, samples, replays),
            }
        )
    )


if __name__ == "__main__":
    main()
