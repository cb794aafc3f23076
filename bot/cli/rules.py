"""`tcgtable rules ask "QUESTION" [--game G] [--json]`: answer a rules question with citations."""

from __future__ import annotations

import argparse
import json
import os
import sys


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser("rules", help="ask the rules assistant a question")
    actions = parser.add_subparsers(dest="rules_command", metavar="ACTION")
    ask = actions.add_parser("ask", help="answer a rules question, citing the rules sections")
    ask.add_argument("question", help='the question, e.g. "can I attack the turn I summon?"')
    ask.add_argument("--game", help="yugioh, naruto, inuyasha, inazuma or usagi (default: inferred)")
    ask.add_argument("--json", action="store_true", help="print one JSON object")
    ask.add_argument(
        "--docs",
        action="append",
        default=[],
        metavar="DIR",
        help="also search the .txt/.md/.pdf rulebooks in DIR (repeatable; default: RULES_DIRS setting)",
    )
    ask.add_argument("--semantic", action="store_true", help="add embedding search if the extra is installed")
    ask.set_defaults(handler=handle_ask)
    build = actions.add_parser("index", help="build the rules index now (e.g. at deploy), print what it holds")
    build.add_argument("--docs", action="append", default=[], metavar="DIR", help="extra rulebook directory")
    build.add_argument("--semantic", action="store_true", help="also compute the embeddings (semantic extra)")
    build.add_argument("--json", action="store_true", help="print one JSON object")
    build.set_defaults(handler=handle_index)
    parser.set_defaults(handler=lambda args: _usage(parser))


def _usage(parser: argparse.ArgumentParser) -> int:
    parser.print_help(sys.stderr)
    return 2


def _rules_dirs(explicit: list[str]) -> list[str]:
    if explicit:
        return explicit
    raw = os.environ.get("RULES_DIRS", "").strip()
    if not raw:
        return []
    if raw.startswith("["):
        return [str(item) for item in json.loads(raw)]
    return [part for part in raw.split(os.pathsep if os.pathsep in raw else ",") if part.strip()]


def handle_ask(args: argparse.Namespace) -> int:
    from rulesdocs.answer import format_answer
    from rulesdocs.model import RulesError
    from rulesdocs.service import RulesService

    try:
        service = RulesService(extra_dirs=_rules_dirs(args.docs), semantic=args.semantic)
        if args.semantic and not service.enable_semantic():
            print("semantic extra not installed (pip install .[semantic]); using BM25 only", file=sys.stderr)
        answer = service.ask(args.question, game=args.game.lower() if args.game else None)
    except RulesError as exc:
        print(f"tcgtable rules ask: {exc}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(answer.to_json(), ensure_ascii=False))
    else:
        print(format_answer(answer))
    if answer.clarify:
        print(f"tcgtable rules ask: add --game with one of: {', '.join(answer.clarify)}", file=sys.stderr)
    return 0 if answer.found else 1


def handle_index(args: argparse.Namespace) -> int:
    from rulesdocs.model import RulesError
    from rulesdocs.service import RulesService

    try:
        service = RulesService(extra_dirs=_rules_dirs(args.docs), semantic=args.semantic)
        index = service.index
        semantic = service.enable_semantic() if args.semantic else False
    except RulesError as exc:
        print(f"tcgtable rules index: {exc}", file=sys.stderr)
        return 2
    info = index.info
    sections = {game: len(index.sections.get(game, {})) for game in index.games}
    extra = sorted({c.doc for c in index.chunks if not c.is_reference})
    report = {
        "rebuilt": info.rebuilt,
        "seconds": round(info.seconds, 3),
        "chunks": info.chunks,
        "games": sections,
        "extra_documents": extra,
        "semantic": semantic,
    }
    if args.json:
        print(json.dumps(report))
        return 0
    verb = "built" if info.rebuilt else "up to date"
    counts = ", ".join(f"{game} {count}" for game, count in sections.items())
    print(f"Rules index {verb} in {info.seconds:.3f} s: {info.chunks} passages; sections: {counts}.")
    if extra:
        print(f"Extra rulebooks: {', '.join(extra)}.")
    if args.semantic:
        print("Semantic search: " + ("ready." if semantic else "not installed (pip install '.[semantic]')."))
    return 0
