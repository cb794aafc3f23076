"""`tcgtable web`: serve the read-only web pages (leagues, players, leaderboards, match replays)."""

from __future__ import annotations

import argparse
import sys


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser("web", help="serve the read-only web pages (WEB_PORT, default 8080)")
    parser.add_argument("--port", type=int, help="port (default: WEB_PORT, else 8080)")
    parser.add_argument("--host", help="address to listen on (default: WEB_HOST, else 0.0.0.0)")
    parser.add_argument("--db", help="database URL (default: DATABASE_URL, else the local SQLite file)")
    parser.set_defaults(handler=handle)


def handle(args: argparse.Namespace) -> int:
    import asyncio
    import logging

    from bot.settings import Settings

    overrides = {k: v for k, v in (("database_url", args.db), ("web_host", args.host)) if v}
    settings = Settings(**overrides)
    logging.basicConfig(level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    if args.port is not None and not 0 < args.port < 65536:
        print(f"tcgtable web: --port must be 1-65535, got {args.port}", file=sys.stderr)
        return 2
    return asyncio.run(serve(settings, args.port))


async def serve(settings: object, port: int | None) -> int:
    """Open the database, serve until interrupted (or SIGTERM), then close everything."""
    import asyncio
    import contextlib
    from signal import SIGINT, SIGTERM

    from bot.services.hub import Services
    from bot.settings import Settings
    from bot.web.app import start_site

    assert isinstance(settings, Settings)
    services = await Services.from_settings(settings).open()
    try:
        runner = await start_site(services, settings, port)
    except OSError as exc:
        await services.close()
        print(f"tcgtable web: cannot listen: {exc}", file=sys.stderr)
        return 1
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signal in (SIGINT, SIGTERM):  # a platform stops a process by SIGTERM: close cleanly
        with contextlib.suppress(NotImplementedError):  # Windows
            loop.add_signal_handler(signal, stop.set)
    try:
        await stop.wait()
    finally:
        await runner.cleanup()
        await services.close()
    return 0
