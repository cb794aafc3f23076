"""Yu-Gi-Oh! engine benchmark: random self-play decisions/s on one core, clone time, snapshot
size and time, replay time. Prints one JSON object.

    .venv/bin/python tests/bench/bench_yugioh.py [--games N] [--duels 1|3]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from engine.core.record import MatchRecord
from engine.core.registry import get_game
from engine.core.rng import Rng


def play(game_id: str, seed: int, options: dict[str, object]) -> tuple[MatchRecord, list[object], float]:
    game = get_game(game_id)
    record = MatchRecord.start(game_id, game.default_decks(), seed, options)
    state = record.new_state()
    chooser = Rng(seed + 7)
    samples: list[object] = []
    started = time.perf_counter()
    while (prompt := state.prompt()) is not None:
        option = prompt.options[chooser.randbelow(len(prompt.options))]
        state.apply(option)
        record.choices.append(option.id)
        if len(record.choices) % 50 == 0:
            samples.append(state)
    elapsed = time.perf_counter() - started
    samples.append(state)
    return record, samples, elapsed


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--duels", type=int, default=1, choices=(1, 3))
    args = parser.parse_args()
    options: dict[str, object] = {"duels": args.duels}
    decisions = 0
    seconds = 0.0
    records: list[MatchRecord] = []
    states: list[object] = []
    for index in range(args.games):
        record, samples, elapsed = play("yugioh", 1000 + index, options)
        decisions += len(record.choices)
        seconds += elapsed
        records.append(record)
        states.extend(samples[::4])
    clone_us: list[float] = []
    snap_bytes: list[int] = []
    snap_ms: list[float] = []
    for state in states[:400]:
        started = time.perf_counter()
        for _ in range(20):
            state.clone()  # type: ignore[attr-defined]
        clone_us.append((time.perf_counter() - started) / 20 * 1e6)
        started = time.perf_counter()
        blob = json.dumps(state.to_json(), separators=(",", ":"))  # type: ignore[attr-defined]
        snap_ms.append((time.perf_counter() - started) * 1000)
        snap_bytes.append(len(blob))
    replay_ms: list[float] = []
    for record in records[:50]:
        started = time.perf_counter()
        record.replay()
        replay_ms.append((time.perf_counter() - started) * 1000)
    print(
        json.dumps(
            {
                "game": "yugioh",
                "games": args.games,
                "duels_per_match": args.duels,
                "decisions": decisions,
                "decisions_per_sec": round(decisions / seconds, 1),
                "mean_decisions_per_game": round(decisions / args.games, 1),
                "clone_us_median": round(statistics.median(clone_us), 1),
                "snapshot_bytes_median": int(statistics.median(snap_bytes)),
                "snapshot_ms_median": round(statistics.median(snap_ms), 3),
                "replay_ms_median": round(statistics.median(replay_ms), 1),
            }
        )
    )


if __name__ == "__main__":
    main()
