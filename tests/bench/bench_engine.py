"""Engine benchmark for every registered game: clone time, snapshot size and time, replay
time per decision, random self-play decisions/s. Prints one JSON object per game.

    .venv/bin/python tests/bench/bench_engine.py [GAME ...] [--games N] [--compare]

`--compare` runs each game twice in fresh processes, the pure engine (TCGTABLE_PURE=1) and then
the compiled one, back to back, and prints both with the compiled/pure ratios (issue 23: every game
≥ 60k random decisions/s compiled).

Mid-game = the state after half the decisions of a random game (seeded). Targets (issue 2):
clone ≤ 100 µs, JSON snapshot ≤ 1 ms and ≤ 32 KB, replay of a 300-choice record ≤ 100 ms.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from engine.build_info import PURE_ENV, current_build
from engine.core.record import MatchRecord
from engine.core.registry import get_game, list_games
from engine.core.rng import Rng


def random_record(game_id: str, seed: int) -> MatchRecord:
    game = get_game(game_id)
    record = MatchRecord.start(game_id, game.default_decks(), seed)
    state = record.new_state()
    rng = Rng(seed)
    while (prompt := state.prompt()) is not None:
        option = prompt.options[rng.randbelow(len(prompt.options))]
        state.apply(option)
        record.choices.append(option.id)
    return record


def timed(func, repeat: int) -> float:  # type: ignore[no-untyped-def]
    """Median seconds of one call."""
    samples = []
    for _ in range(repeat):
        start = time.perf_counter()
        func()
        samples.append(time.perf_counter() - start)
    return statistics.median(samples)


def bench(game_id: str, games: int) -> dict[str, object]:
    records = [random_record(game_id, seed) for seed in range(1, games + 1)]
    decisions = sum(len(r.choices) for r in records)
    start = time.perf_counter()
    for r in records:
        random_record(game_id, r.seed)
    play_seconds = time.perf_counter() - start

    clone_us, json_ms, size_kb, replay_ms_per_300 = [], [], [], []
    for record in records:
        mid = record.replay(len(record.choices) // 2)
        clone_us.append(timed(mid.clone, 200) * 1e6)
        json_ms.append(timed(lambda m=mid: json.dumps(m.to_json()), 50) * 1e3)
        size_kb.append(len(json.dumps(mid.to_json())) / 1024)
        replay = timed(record.replay, 3)
        replay_ms_per_300.append(replay * 1e3 * 300 / max(1, len(record.choices)))
    return {
        "game": game_id,
        "engine_build": current_build().describe(),
        "games": games,
        "decisions_per_game_mean": round(decisions / games, 1),
        "random_selfplay_decisions_per_sec": round(decisions / play_seconds),
        "clone_us_median": round(statistics.median(clone_us), 1),
        "clone_us_max": round(max(clone_us), 1),
        "snapshot_ms_median": round(statistics.median(json_ms), 3),
        "snapshot_kb_median": round(statistics.median(size_kb), 1),
        "snapshot_kb_max": round(max(size_kb), 1),
        "replay_ms_per_300_choices_median": round(statistics.median(replay_ms_per_300), 1),
    }


def bench_in_process(game_id: str, games: int, pure: bool) -> dict[str, object]:
    """One game's figures from a fresh interpreter running the pure or the compiled engine."""
    env = {**os.environ, PURE_ENV: "1" if pure else "0"}
    done = subprocess.run(
        [sys.executable, "-W", "ignore", __file__, game_id, "--games", str(games)],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    figures: dict[str, object] = json.loads(done.stdout.splitlines()[-1])
    return figures


def compare(game_id: str, games: int) -> dict[str, object]:
    pure, compiled = bench_in_process(game_id, games, True), bench_in_process(game_id, games, False)
    ratios = {
        key: round(float(compiled[key]) / float(pure[key]), 2)  # type: ignore[arg-type]
        for key in ("random_selfplay_decisions_per_sec",)
    } | {
        key: round(float(pure[key]) / float(compiled[key]), 2)  # type: ignore[arg-type]
        for key in ("clone_us_median", "snapshot_ms_median", "replay_ms_per_300_choices_median")
    }
    return {"game": game_id, "speedup": ratios, "pure": pure, "compiled": compiled}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("games_ids", nargs="*")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--compare", action="store_true", help="pure and compiled builds back to back")
    args = parser.parse_args()
    for game_id in args.games_ids or list_games():
        figures = compare(game_id, args.games) if args.compare else bench(game_id, args.games)
        print(json.dumps(figures), flush=True)


if __name__ == "__main__":
    main()
