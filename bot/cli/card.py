"""`tcgtable card "QUERY" [--game G] [--json]`: look a card up by (misspelt) name, nickname, code or text."""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from typing import Any

from cards.describe import stat_line

GAMES = ("yugioh", "naruto", "inuyasha", "inazuma", "usagi")


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser("card", help="look a card up by name (typos forgiven), nickname, code or text")
    parser.add_argument("query", help='what to look for, e.g. "blue eyes white dragn", "BEWD", "89631139"')
    parser.add_argument("--game", choices=GAMES, help="search one game only")
    parser.add_argument("--json", action="store_true", help="print one JSON object on stdout")
    parser.add_argument("--limit", type=int, default=5, help="how many results (default 5, at most 50)")
    parser.add_argument("--db", help="catalog database URL (default: DATABASE_URL, else sqlite:///tcgtable.db)")
    parser.set_defaults(handler=handle)


def render_text(response: dict[str, Any]) -> str:
    """The human answer: the best card in full, then the runners-up on one line each."""
    results = response["results"]
    if not results:
        where = f" in {response['game']}" if response["game"] else ""
        return f"No card found for {response['query']!r}{where}."
    best = results[0]
    lines = [f"{best['name']}  [{best['game']} {best['code']}]  ({best['match']}, score {best['score']})"]
    kind = " ".join(part for part in (best["type"], best["subtype"]) if part)
    if kind:
        lines.append(f"  {kind}")
    if best["stats"]:
        lines.append(f"  {stat_line(best['stats'])}")
    if best["text"]:
        lines.append(f"  {best['text']}")
    printings = [s.get("number") or s.get("set") for s in best["sets"] if s.get("number") or s.get("set")]
    if printings:
        lines.append(f"  sets: {', '.join(printings[:8])}")
    lines.append(f"  from: {best['provenance']}")
    for version in best["versions"]:
        lines.append(f"  version: {version['name']} [{version['code']}] {stat_line(version['stats'])}")
    if len(results) > 1:
        lines.append("Also: " + "; ".join(f"{r['name']} [{r['game']} {r['code']}]" for r in results[1:]))
    return "\n".join(lines)


def handle(args: argparse.Namespace) -> int:
    from cards.catalog import CardSearch, Catalog, CatalogUnavailableError

    async def run() -> dict[str, Any]:
        catalog = Catalog(args.db)
        try:
            response = await CardSearch(catalog).search(args.query, game=args.game, limit=args.limit)
            return response.as_dict()
        finally:
            await catalog.close()

    if not args.query.strip():
        print("tcgtable card: give a card name, nickname, code or some rules text to look for", file=sys.stderr)
        return 2
    try:
        response = asyncio.run(run())
    except CatalogUnavailableError as exc:
        print(f"tcgtable card: {exc}\nCheck --db or DATABASE_URL.", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(response, ensure_ascii=False))
    else:
        print(render_text(response))
    return 0 if response["results"] else 1
