"""Inazuma engine benchmark: random self-play decisions/s, clone µs, snapshot bytes/ms, replay ms.

    .venv/bin/python tests/bench/bench_inazuma.py [--games 300] [--seed 1]

Prints one JSON object. Decisions/s counts every applied choice of uniformly random play,
match setup included (no consistency checks). Clone and snapshot figures are means over the
states of the played games; replay is the mean time to rebuild a finished game from its record.
Also reported: CPU seconds (process time), which the machine's load disturbs less than wall time.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import engine.games.inazuma  # noqa: F401  (registers the game)
from engine.core.record import MatchRecord
from engine.core.registry import get_game
from engine.core.rng import Rng
from engine.core.state import State


def play(games: int, seed: int) -> tuple[list[MatchRecord], list[State], int, float, float]:
    game = get_game("inazuma")
    decks = game.default_decks()
    records: list[MatchRecord] = []
    samples: list[State] = []
    decisions = 0
    wall, cpu = time.perf_counter(), time.process_time()
    for number in range(games):
        rng = Rng(seed * 7919 + number)
        record = MatchRecord.start("inazuma", decks if number % 2 else decks[::-1], seed + number)
        state = record.new_state()
        while (prompt := state.prompt()) is not None:
            option = rng.choice(prompt.options)
            state.apply(option.id)
            record.choices.append(option.id)
            decisions += 1
            if decisions % 37 == 0:
                samples.append(state)
        records.append(record)
    return records, samples, decisions, time.perf_counter() - wall, time.process_time() - cpu


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    records, samples, decisions, wall, cpu = play(args.games, args.seed)
    started = time.perf_counter()
    for state in samples:
        state.clone()
    clone_us = (time.perf_counter() - started) / len(samples) * 1e6
    started = time.perf_counter()
    blobs = [json.dumps(state.to_json(), separators=(",", ":")) for state in samples]
    snapshot_ms = (time.perf_counter() - started) / len(samples) * 1e3
    game = get_game("inazuma")
    started = time.perf_counter()
    for blob in blobs:
        game.from_json(json.loads(blob))
    restore_ms = (time.perf_counter() - started) / len(blobs) * 1e3
    replays = records[: min(50, len(records))]
    started = time.perf_counter()
    for record in replays:
        record.replay()
    replay_ms = (time.perf_counter() - started) / len(replays) * 1e3
    print(
        json.dumps(
            {
                "game": "inazuma",
                "games": args.games,
                "decisions": decisions,
                "decisions_per_game": round(decisions / args.games, 1),
                "decisions_per_sec": round(decisions / wall),
                "decisions_per_cpu_sec": round(decisions / cpu),
                "clone_us": round(clone_us, 1),
                "snapshot_bytes": round(sum(len(b) for b in blobs) / len(blobs)),
                "snapshot_ms": round(snapshot_ms, 3),
                "restore_ms": round(restore_ms, 3),
                "replay_ms": round(replay_ms, 2),
            }
        )
    )


if __name__ == "__main__":
    main()
