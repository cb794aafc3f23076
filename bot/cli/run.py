"""`tcgtable run`: start the Discord bot."""

from __future__ import annotations

import argparse
import os
import sys


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser("run", help="run the Discord bot (needs DISCORD_TOKEN)")
    parser.set_defaults(handler=handle)


def handle(args: argparse.Namespace) -> int:
    token = os.environ.get("DISCORD_TOKEN", "").strip()
    if not token:
        print(
            "tcgtable run: no Discord token.\n"
            "Set DISCORD_TOKEN to your bot's token (Discord developer portal -> your application -> Bot),\n"
            "or try everything offline with `tcgtable console`.",
            file=sys.stderr,
        )
        return 2
    from bot.app import run_bot  # imported late: discord.py is only needed here

    return run_bot(token)
