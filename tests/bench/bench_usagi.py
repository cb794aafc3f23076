"""Usagi engine benchmark: random self-play decisions/s, clone µs, snapshot bytes/ms, replay ms.

    .venv/bin/python tests/bench/bench_usagi.py [--games 200] [--players 4] [--seed 1]

Prints one JSON object. Decisions/s counts every applied choice of uniformly random play with
the five preconstructed decks (cycled over the seats), match setup included, no consistency
checks; both wall-clock and CPU-time rates are given (the CPU rate is what a quiet machine
reaches). Clone, snapshot and restore are means over every 25th state of the played games;
replay is the mean time to rebuild a finished game from its record (seed + decks + choices).

`--patient P` makes the random players finish only with probability P when they have another
action (uniform random play finishes after ~2.5 actions a turn and leaves most Events without a
contender, see engine/games/usagi/README.md); the end reasons then show how the rules end games.
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

import engine.games.usagi  # noqa: F401  (registers the game)
from engine.core.record import MatchRecord
from engine.core.registry import get_game
from engine.core.rng import Rng
from engine.core.state import State

GAME = get_game("usagi")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=4, choices=range(2, 7))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--patient", type=float, default=None, help="chance to finish while other actions exist")
    parser.add_argument("--option", action="append", default=[], help="match option KEY=VALUE (repeatable)")
    args = parser.parse_args()
    match_options = dict(item.split("=", 1) for item in args.option)
    all_decks = GAME.default_decks(5)
    records: list[MatchRecord] = []
    samples: list[State] = []
    decisions, turns, reasons = 0, [], {"pool empty": 0, "more than half": 0, "turn limit": 0}
    wall, cpu = time.perf_counter(), time.process_time()
    for number in range(args.games):
        rng = Rng(args.seed * 104729 + number)
        decks = [all_decks[(number + seat) % 5] for seat in range(args.players)]
        record = MatchRecord.start("usagi", decks, args.seed + number, match_options)
        state = record.new_state()
        while (prompt := state.prompt()) is not None:
            options = prompt.options
            patient = args.patient is not None and prompt.kind == "action" and len(options) > 1
            if patient and rng.randbelow(1000) >= args.patient * 1000:
                options = [o for o in options if o.id != "finish"]
            option = options[rng.randbelow(len(options))]
            state.apply(option)
            record.choices.append(option.id)
            decisions += 1
            if decisions % 25 == 0:
                samples.append(state.clone())
        assert state.result is not None
        turns.append(state.vars["turn"])
        reason = state.result.reason
        key = "pool empty" if "pool is empty" in reason else "more than half" if "half" in reason else "turn limit"
        reasons[key] += 1
        records.append(record)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    replays = records[:30]
    print(
        json.dumps(
            {
                "game": "usagi",
                "players": args.players,
                "patient": args.patient,
                "options": match_options,
                "games": args.games,
                "decisions": decisions,
                "decisions_per_game": round(decisions / args.games, 1),
                "turns_mean": round(statistics.mean(turns), 1),
                "end_reasons": reasons,
                "decisions_per_sec_wall": round(decisions / wall),
                "decisions_per_sec_cpu": round(decisions / cpu),
                **state_figures(GAME, samples, replays),
                "samples": len(samples),
            }
        )
    )


if __name__ == "__main__":
    main()
