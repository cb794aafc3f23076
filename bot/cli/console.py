"""`tcgtable console`: the offline chat (no token needed): same commands typed as text."""

from __future__ import annotations

import argparse


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "console",
        help="play and look things up offline: the bot's commands typed in a terminal (no token needed)",
        description="Offline chat with the bot: type /help. Reads commands from stdin, so it is scriptable: "
        "printf '/match ai game:yugioh\\n1\\n' | tcgtable console",
    )
    parser.add_argument("--db", help="database URL (default: DATABASE_URL, else sqlite:///tcgtable.db)")
    parser.add_argument("--user", help="your player name (default: your login name)")
    parser.add_argument("--strict", action="store_true", help="stop with exit code 1 at the first error")
    parser.add_argument("--echo", action="store_true", help="print each command before its output")
    parser.set_defaults(handler=handle)


def handle(args: argparse.Namespace) -> int:
    import asyncio

    from bot.console.loop import run_console

    return asyncio.run(run_console(db_url=args.db, user=args.user, strict=args.strict, echo=args.echo))
