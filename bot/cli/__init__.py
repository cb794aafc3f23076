"""The `tcgtable` command.

Each subcommand lives in its own module in this package (`bot/cli/`) and exposes
`register(subparsers)`, which adds its parser and sets `handler` (a function
taking the parsed arguments and returning an exit code). Modules are found
automatically, so adding a command never edits this file.

>>> main(["--help"])  # doctest: +SKIP
"""

from __future__ import annotations

import argparse
import importlib
import os
import pkgutil
import sys
from collections.abc import Sequence


def installed_version() -> str:
    """The installed package's version ("0.1.0"), or "unknown" when run from an uninstalled tree."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("tcgtable")
    except PackageNotFoundError:
        return "unknown"


class VersionAction(argparse.Action):
    """`--version`: the package version and the engine build, which only this imports the engine for."""

    def __init__(self, option_strings: Sequence[str], dest: str = argparse.SUPPRESS, **kwargs: object) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, help="show the version and exit")

    def __call__(self, parser: argparse.ArgumentParser, *args: object, **kwargs: object) -> None:
        print(f"{parser.prog} {installed_version()}, engine {engine_build()}")
        parser.exit()


def engine_build() -> str:
    """Which engine build runs: "compiled (109 modules, mypyc 1.20.2)" or "pure Python (why)"."""
    import warnings

    with warnings.catch_warnings():  # a stale build is named in the text itself
        warnings.simplefilter("ignore")
        from engine.build_info import current_build

        return current_build().describe()


def build_parser() -> argparse.ArgumentParser:
    """Return the full `tcgtable` argument parser with every discovered subcommand."""
    parser = argparse.ArgumentParser(
        prog="tcgtable",
        description="tcgtable: trading-card-game matches, AI, rules answers, card lookup and leagues.",
    )
    parser.add_argument("--version", action=VersionAction)
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        if info.name.startswith("_"):
            continue
        module = importlib.import_module(f"{__name__}.{info.name}")
        module.register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run `tcgtable` with `argv` (default: the process arguments) and return the exit code."""
    parser = build_parser()
    args = parser.parse_args(list(argv) if argv is not None else None)
    handler = getattr(args, "handler", None)
    if handler is None:
        parser.print_help(sys.stderr)
        return 2
    from bot.persistence.db import DatabaseUnavailableError
    from bot.terminal import printable_output
    from cards.catalog import CatalogUnavailableError

    try:
        with printable_output():
            return int(handler(args))
    except (DatabaseUnavailableError, CatalogUnavailableError) as exc:
        print(f"tcgtable {args.command}: {exc}\nCheck --db or DATABASE_URL.", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # `tcgtable ... | head`: the reader left; stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # no second error at exit
        return 141


if __name__ == "__main__":
    raise SystemExit(main())
