"""A small run of the AI benchmark (tests/bench/bench_ai.py) for every game, as CI's smoke version.

The full figures (400 games against random, 200 against greedy) come from running the benchmark
by hand; here two seeded games per game check that it runs end to end, that its JSON carries
what the issue asks for, and that the searcher beats random players.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from engine.core.registry import list_games

BENCH = Path(__file__).resolve().parents[1] / "bench" / "bench_ai.py"


def test_bench_ai_smoke_for_every_game() -> None:
    command = [sys.executable, str(BENCH), "--games", "2", "--iterations", "20", "--versus", "random"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=900, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    rows = [json.loads(line) for line in done.stdout.splitlines() if line.strip()]
    assert sorted(row["game"] for row in rows) == sorted(list_games())
    wins = 0
    for row in rows:
        assert row["games"] == 2 and row["errors"] == 0, row
        assert row["agents"][0] == "ismcts@20" and set(row["agents"][1:]) == {"random"}
        low, high = row["win_rate_wilson95"]
        assert 0.0 <= low <= row["win_rate"] <= high <= 1.0
        assert row["latency_ms"]["count"] > 0 and row["latency_ms"]["p50"] <= row["latency_ms"]["max"]
        wins += round(row["win_rate"] * row["games"])
    assert wins >= len(rows) * 2 - 2, rows  # the searcher loses at most two of the ten games
