"""AI strength and latency per game: ismcts vs random, ismcts vs greedy, latency at the
default level. Prints one JSON object per match-up (win rates with Wilson 95% intervals).

    .venv/bin/python tests/bench/bench_ai.py [GAME ...] [--games N] [--level normal]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from engine.ai.agents import LEVELS
from engine.ai.selfplay import run_selfplay
from engine.core.registry import get_game, list_games


def matchups(game_id: str, level: str) -> list[list[str]]:
    spec = LEVELS[level]
    players = get_game(game_id).min_players
    if game_id == "usagi":
        return [[spec, "random", "random", "random"], [spec, "greedy:60", "greedy:60", "greedy:60"]]
    return [[spec, "random"] + ["random"] * (players - 2), [spec, "greedy:60"] + ["greedy:60"] * (players - 2)]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("game_ids", nargs="*")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--level", default="normal", choices=sorted(LEVELS))
    args = parser.parse_args()
    for game_id in args.game_ids or list_games():
        for agents in matchups(game_id, args.level):
            summary = run_selfplay(game_id, args.games, agents, seed=2024)
            labels = summary["agents"]
            searcher = summary["per_agent"][labels[0]]
            print(
                json.dumps(
                    {
                        "game": game_id,
                        "agents": agents,
                        "games": summary["games"],
                        "errors": summary["errors"],
                        "draws": summary["draws"],
                        "win_rate": round(searcher["win_rate"], 3),
                        "win_rate_wilson95": searcher["win_rate_wilson95"],
                        "fair_share": round(1 / len(agents), 3),
                        "latency_ms": searcher["latency_ms"],
                    }
                ),
                flush=True,
            )


if __name__ == "__main__":
    main()
