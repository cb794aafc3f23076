"""`tcgtable cards import SOURCE [--format F] [--game G]` and `tcgtable cards stats`: manage the catalog."""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

FORMATS = ("ygoprodeck", "cdb", "naruto", "ydm", "ydm-sets", "archeveque", "json", "csv")
GAMES = ("yugioh", "naruto", "inuyasha", "inazuma", "usagi")


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser("cards", help="import card data into the catalog, show what it holds")
    actions = parser.add_subparsers(dest="cards_action", metavar="ACTION", required=True)
    imp = actions.add_parser("import", help="import a card dump (file or YGOPRODeck URL), in one transaction")
    imp.add_argument("source", help="a file (.cdb, .json, .csv) or a YGOPRODeck API v7 URL")
    imp.add_argument("--format", choices=FORMATS, help="the source's format (guessed when left out)")
    imp.add_argument("--game", choices=GAMES, help="the game (needed for generic files without one)")
    imp.add_argument(
        "--allow-unknown-fields",
        action="store_true",
        help="ignore fields the format does not define instead of refusing the file",
    )
    imp.add_argument("--refresh", action="store_true", help="re-download a URL even if it is cached")
    imp.add_argument("--json", action="store_true", help="print the summary as one JSON object")
    imp.add_argument("--db", help="catalog database URL (default: DATABASE_URL, else sqlite:///tcgtable.db)")
    imp.set_defaults(handler=handle_import)
    stats = actions.add_parser("stats", help="count the catalog's cards per game and origin")
    stats.add_argument("--json", action="store_true", help="print one JSON object")
    stats.add_argument("--db", help="catalog database URL")
    stats.set_defaults(handler=handle_stats)


@contextmanager
def _progress_bar(enabled: bool) -> Iterator[Callable[[str, int], Callable[[int], None]] | None]:
    """A rich progress bar on stderr (nothing when stderr is not a terminal or output is JSON)."""
    if not enabled or not sys.stderr.isatty():
        yield None
        return
    from rich.console import Console
    from rich.progress import Progress

    from bot.terminal import unfiltered

    with Progress(console=Console(file=unfiltered(sys.stderr)), transient=True) as progress:

        def factory(description: str, total: int) -> Callable[[int], None]:
            task = progress.add_task(description, total=total)
            return lambda step: progress.advance(task, step)

        yield factory


def handle_import(args: argparse.Namespace) -> int:
    from cards.catalog import Catalog, CatalogImportError, CatalogUnavailableError
    from cards.importers import import_source

    async def run(factory: Any) -> Any:
        catalog = Catalog(args.db)
        try:
            return await import_source(
                catalog,
                args.source,
                args.format,
                args.game,
                strict=not args.allow_unknown_fields,
                refresh=args.refresh,
                progress=factory,
            )
        finally:
            await catalog.close()

    try:
        with _progress_bar(not args.json) as factory:
            summary = asyncio.run(run(factory))
    except CatalogImportError as exc:
        print(f"tcgtable cards import: {exc}\nNothing was imported; the catalog is unchanged.", file=sys.stderr)
        return 1
    except CatalogUnavailableError as exc:
        print(f"tcgtable cards import: {exc}\nCheck --db or DATABASE_URL.", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(summary.as_dict(), ensure_ascii=False))
    else:
        print(
            f"Imported {Path(args.source).name if '://' not in args.source else args.source} "
            f"({summary.format}):\n{summary.describe()}"
        )
    return 0


def handle_stats(args: argparse.Namespace) -> int:
    from sqlalchemy import func, select

    from cards.catalog import Catalog, CatalogUnavailableError
    from cards.catalog.models import CARD

    async def run() -> dict[str, dict[str, int]]:
        catalog = Catalog(args.db)
        try:
            await catalog.open()
            async with catalog.engine.connect() as conn:
                rows = (
                    await conn.execute(
                        select(CARD.c.game, CARD.c.origin, func.count()).group_by(CARD.c.game, CARD.c.origin)
                    )
                ).all()
        finally:
            await catalog.close()
        counts: dict[str, dict[str, int]] = {}
        for game, origin, count in rows:
            counts.setdefault(str(game), {})[str(origin)] = int(count)
        return counts

    try:
        counts = asyncio.run(run())
    except CatalogUnavailableError as exc:
        print(f"tcgtable cards stats: {exc}\nCheck --db or DATABASE_URL.", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(counts))
    else:
        for game, origins in sorted(counts.items()):
            detail = ", ".join(f"{n} {origin}" for origin, n in sorted(origins.items()))
            print(f"{game}: {sum(origins.values())} cards ({detail})")
    return 0
