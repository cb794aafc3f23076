"""`tcgtable scenario run FILE...`: run YAML rule scenarios; exit 0 when every assertion holds."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser("scenario", help="run rule scenarios (YAML)")
    actions = parser.add_subparsers(dest="scenario_command", metavar="ACTION", required=True)
    run = actions.add_parser("run", help="run scenario files (folders are searched for *.yaml)")
    run.add_argument("paths", nargs="+", type=Path, metavar="FILE")
    run.add_argument("-q", "--quiet", action="store_true", help="print only failures and the total")
    run.set_defaults(handler=handle)


def _files(paths: list[Path]) -> list[Path]:
    found: list[Path] = []
    for path in paths:
        if path.is_dir():
            found.extend(sorted(path.rglob("*.yaml")) + sorted(path.rglob("*.yml")))
        else:
            found.append(path)
    return found


def handle(args: argparse.Namespace) -> int:
    from engine.core.scenario import run_file

    files = _files(args.paths)
    missing = [f for f in files if not f.exists()]
    if missing or not files:
        print(f"tcgtable scenario: no such file: {', '.join(map(str, missing)) or args.paths}", file=sys.stderr)
        return 2
    passed = failed = 0
    for path in files:
        for result in run_file(path):
            if result.ok:
                passed += 1
                if not args.quiet:
                    print(f"ok    {result.file}: {result.title}")
            else:
                failed += 1
                print(f"FAIL  {result.file}: {result.title}")
                for failure in result.failures:
                    print(f"      {failure}")
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 else 1
