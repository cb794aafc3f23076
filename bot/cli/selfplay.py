"""`tcgtable selfplay`: play N full games between agents and report figures."""

from __future__ import annotations

import argparse
import json
import sys


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser("selfplay", help="play N games between AI agents and print figures")
    parser.add_argument("--game", help="game id (see `tcgtable selfplay --list`)")
    parser.add_argument("--list", action="store_true", help="list the game ids and the agents, then stop")
    parser.add_argument("--games", type=int, default=100, help="number of games (default 100)")
    parser.add_argument("--agents", default="random,random", help="one agent per seat, comma-separated")
    parser.add_argument("--seed", type=int, default=1, help="master seed (default 1)")
    parser.add_argument("--json", action="store_true", help="print one JSON object on stdout")
    parser.add_argument("--no-verify", action="store_true", help="skip replaying each record")
    parser.set_defaults(handler=handle)


def handle(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    from bot.terminal import unfiltered
    from engine.ai.selfplay import run_selfplay
    from engine.core.registry import get_game, list_games

    if args.list:
        from engine.ai.agents import AGENT_SPECS

        print("games: " + ", ".join(list_games()))
        print("agents: " + ", ".join(AGENT_SPECS))
        return 0
    if not args.game:
        print(f"tcgtable selfplay: --game is required; available: {', '.join(list_games())}", file=sys.stderr)
        return 2
    try:
        get_game(args.game)
    except KeyError as exc:
        print(f"tcgtable selfplay: {exc.args[0]}; available: {', '.join(list_games())}", file=sys.stderr)
        return 2
    if args.games < 1:
        print("tcgtable selfplay: --games must be at least 1", file=sys.stderr)
        return 2
    agents = [a.strip() for a in args.agents.split(",") if a.strip()]
    progress = Progress(
        TextColumn(f"{args.game}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        transient=True,
        console=Console(file=unfiltered(sys.stderr)),
        disable=not sys.stderr.isatty(),
    )
    errors: list[str] = []

    def on_game(outcome: object) -> None:
        progress.advance(task)
        error = getattr(outcome, "error", "")
        if error:
            message = f"game with seed {getattr(outcome, 'seed', '?')} failed: {error}"
            errors.append(message)
            print(message, file=sys.stderr)

    with progress:
        task = progress.add_task("games", total=args.games)
        try:
            summary = run_selfplay(args.game, args.games, agents, args.seed, not args.no_verify, on_game=on_game)
        except ValueError as exc:
            print(f"tcgtable selfplay: {exc}", file=sys.stderr)
            return 2
    from engine.build_info import current_build

    build = current_build()
    if args.json:
        print(json.dumps({**summary, "engine_build": build.as_json()}))
    else:
        wins = ", ".join(f"{agent} {count}" for agent, count in summary["wins"].items())
        print(
            f"{summary['game']}: {summary['games']} games, wins: {wins}; draws {summary['draws']}, "
            f"errors {summary['errors']}, {summary['decisions_per_sec']} decisions/s, "
            f"replay verified {summary['replay_verified']}; engine {build.describe()}"
        )
    return 1 if summary["errors"] else 0
