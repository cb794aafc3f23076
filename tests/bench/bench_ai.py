"""AI strength and latency per game: ismcts vs random, ismcts vs greedy, latency at the
default level. Prints one JSON object per match-up (win rates with Wilson 95% intervals).

    .venv/bin/python tests/bench/bench_ai.py [GAME ...] [--games N] [--level normal]
        [--iterations N] [--versus random,greedy] [--players N]

`--iterations N` plays the searcher as `ismcts@N` (N iterations per decision, time cap kept)
and greedy as `greedy@4`, so win rates do not depend on how loaded the machine is; latency
is then only meaningful without it. Progress (one line per game) goes to stderr.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from engine.ai.agents import LEVELS
from engine.ai.selfplay import GameOutcome, run_selfplay
from engine.core.registry import get_game, list_games


def matchup(game_id: str, searcher: str, versus: str, players: int) -> list[str]:
    game = get_game(game_id)
    seats = max(game.min_players, min(players, game.max_players)) if players else game.min_players
    if game_id == "usagi" and not players:
        seats = 4
    return [searcher] + [versus] * (seats - 1)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("game_ids", nargs="*")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--level", default="normal", choices=sorted(LEVELS))
    parser.add_argument("--iterations", type=int, default=0, help="fixed ISMCTS iterations (load-independent)")
    parser.add_argument("--versus", default="random,greedy", help="opponents, comma-separated")
    parser.add_argument("--players", type=int, default=0, help="seats (default: 2, Usagi 4)")
    parser.add_argument("--seed", type=int, default=2024)
    args = parser.parse_args()
    searcher = f"ismcts@{args.iterations}" if args.iterations else args.level
    opponents = {"random": "random", "greedy": "greedy@4" if args.iterations else LEVELS["easy"]}
    for game_id in args.game_ids or list_games():
        for versus in args.versus.split(","):
            agents = matchup(game_id, searcher, opponents.get(versus, versus), args.players)

            def progress(outcome: GameOutcome, game_id: str = game_id) -> None:
                won = [outcome.seats[seat] for seat in outcome.winners]
                print(f"{game_id} seed {outcome.seed}: winners {won} {outcome.error}", file=sys.stderr, flush=True)

            summary = run_selfplay(game_id, args.games, agents, seed=args.seed, verify=False, on_game=progress)
            labels = summary["agents"]
            entry = summary["per_agent"][labels[0]]
            print(
                json.dumps(
                    {
                        "game": game_id,
                        "agents": agents,
                        "games": summary["games"],
                        "errors": summary["errors"],
                        "draws": summary["draws"],
                        "win_rate": round(entry["win_rate"], 3),
                        "win_rate_wilson95": entry["win_rate_wilson95"],
                        "fair_share": round(1 / len(agents), 3),
                        "latency_ms": entry["latency_ms"],
                        "seconds": summary["seconds"],
                    }
                ),
                flush=True,
            )


if __name__ == "__main__":
    main()
