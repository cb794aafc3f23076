"""`tcgtable db`: bring the database to the newest schema, or write a migration."""

from __future__ import annotations

import argparse
import sys


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser("db", help="database schema: upgrade, downgrade, current, revision")
    parser.add_argument("--url", help="database URL (default: DATABASE_URL, else the local SQLite file)")
    actions = parser.add_subparsers(dest="db_command", metavar="ACTION", required=True)
    up = actions.add_parser("upgrade", help="migrate to the newest schema (or REVISION)")
    up.add_argument("revision", nargs="?", default="head")
    down = actions.add_parser("downgrade", help="migrate back to REVISION")
    down.add_argument("revision")
    actions.add_parser("current", help="show the database's schema revision")
    rev = actions.add_parser("revision", help="autogenerate a migration after a model change")
    rev.add_argument("-m", "--message", required=True)
    parser.set_defaults(handler=handle)


def handle(args: argparse.Namespace) -> int:
    from alembic.util.exc import CommandError
    from sqlalchemy.exc import SQLAlchemyError

    from bot.persistence import schema
    from bot.settings import Settings

    url = args.url or Settings().database_url
    try:
        if args.db_command == "upgrade":
            schema.upgrade(url, args.revision)
            print(f"database at {url} is at schema {args.revision}", file=sys.stderr)
        elif args.db_command == "downgrade":
            schema.downgrade(url, args.revision)
        elif args.db_command == "current":
            schema.current(url)
        else:
            schema.revision(url, args.message)
    except (CommandError, SQLAlchemyError, OSError) as exc:
        print(f"tcgtable db: {exc}", file=sys.stderr)
        return 1
    return 0
