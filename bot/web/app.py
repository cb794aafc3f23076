"""The web companion as an aiohttp application: routes, static files, security headers, rate
limits and error pages.

    tcgtable web                      # serves on WEB_PORT (default 8080)
    WEB_PORT=8080 tcgtable run        # the bot serves the pages too

>>> app = create_app(services, signer)              # doctest: +SKIP
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import logging
import os
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

from aiohttp import web

from bot.persistence import MatchRow
from bot.services.hub import Services
from bot.settings import Settings
from bot.web import queries
from bot.web.links import OFFLINE_GUILD, WebLinks
from bot.web.ratelimit import RateLimit
from bot.web.site import STATIC, Site
from bot.web.tokens import Signer, site_secret

log = logging.getLogger("tcgtable.web")
SITE: web.AppKey[Site] = web.AppKey("site", Site)
DEFAULT_PORT = 8080
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]

TEXT = frozenset({"text/html", "text/csv"})
SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
        "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",  # page tokens never leave in a Referer
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
}


async def _headers(request: web.Request, response: web.StreamResponse) -> None:
    """Every response, error pages and static files included, carries the security headers."""
    response.headers.update(SECURITY_HEADERS)
    if request.path.startswith("/static/"):
        response.headers.setdefault("Cache-Control", "public, max-age=3600")
    else:
        response.headers.setdefault("Cache-Control", "no-cache")


def client_key(request: web.Request) -> str:
    """Whom a request counts against: its address; behind a reverse proxy on a private or loopback
    address (a PaaS router, nginx), the address that proxy appended last to X-Forwarded-For (a
    client can forge the entries before it, never that one)."""
    remote = request.remote or "unknown"
    forwarded = request.headers.get("X-Forwarded-For", "")
    if not forwarded:
        return remote
    try:
        proxied = ipaddress.ip_address(remote)
    except ValueError:
        return remote
    if not (proxied.is_private or proxied.is_loopback):
        return remote
    last = forwarded.split(",")[-1].strip()
    return last[:64] or remote


@web.middleware
async def limits_and_errors(request: web.Request, handler: Handler) -> web.StreamResponse:
    """Rate limit per client; 404 and 500 as pages (a failure is logged, never shown)."""
    site = request.app[SITE]
    if not site.rate_limit.allow(client_key(request)):
        return site.page("error.html", 429, title="Slow down", message="Too many requests; try again in a moment.")
    try:
        response = await handler(request)
        body = response.body if isinstance(response, web.Response) else None
        if isinstance(body, bytes) and len(body) > 2048 and response.content_type in TEXT:
            response.enable_compression()  # gzip when the client takes it: a league page is 300 KB, 35 gzipped
        return response
    except (web.HTTPNotFound, web.HTTPForbidden) as exc:  # a folder of static files is "not found" too
        return site.page("error.html", 404, title="Not found", message=page_text(exc))
    except web.HTTPMethodNotAllowed:
        return site.page("error.html", 405, title="Read only", message="These pages can only be read.")
    except web.HTTPException:
        raise
    except Exception:
        log.exception("web page %s failed", request.path)
        return site.page("error.html", 500, title="Error", message="Something went wrong on our side; it was logged.")


def page_text(exc: web.HTTPException) -> str:
    """What a 404 page says: the handler's reason, or a plain "no such page" (never aiohttp's own)."""
    text = exc.text or ""
    return "There is no such page." if not text or text.startswith(f"{exc.status}:") else text


WARM = 16
"""Matches whose replay is prepared when the site starts (the latest ones) and when one finishes."""


async def warm(site: Site, match_ids: list[int]) -> None:
    """Replay these matches ahead of their first view, and rate their servers' games (leaderboards,
    player pages); a match that can't be replayed is skipped."""
    rated: dict[str, set[str]] = {}
    for match_id in match_ids:
        row = await site.services.db.get_match(match_id)
        if row is None or not row.decks:
            continue
        rated.setdefault(row.guild_id or OFFLINE_GUILD, set()).add(row.game)
        try:
            await site.replays.timeline(row)
        except Exception as exc:  # a record this engine can't replay: its page says so when opened
            log.info("match %s not prepared for the web: %s", match_id, exc)
    for guild_id, games in rated.items():
        await site.ratings_of(guild_id, sorted(games))


def _warming(app: web.Application) -> Any:
    """Prepare the latest matches in the background while the site starts serving (aiohttp cleanup
    context: the task is cancelled when the site stops)."""

    async def context(app: web.Application) -> AsyncIterator[None]:
        site = app[SITE]

        async def latest() -> None:
            await warm(site, await queries.recent_match_ids(site.services.db, WARM))

        task = asyncio.create_task(latest())
        yield
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await task

    return context


def create_app(
    services: Services, signer: Signer, *, rate_limit: RateLimit | None = None, prepare: bool = False
) -> web.Application:
    """The site over `services` (which the caller opens and closes); `prepare` replays the latest
    matches in the background at start, and every match that finishes in this process."""
    from bot.web.routes import routes

    app = web.Application(middlewares=[limits_and_errors], client_max_size=64 * 1024)
    site = app[SITE] = Site(services, signer, rate_limit=rate_limit or RateLimit())
    app.add_routes(routes)
    app.router.add_static("/static/", STATIC, show_index=False, follow_symlinks=False)
    app.on_response_prepare.append(_headers)
    if prepare:
        app.cleanup_ctx.append(_warming(app))

        async def finished(row: MatchRow) -> None:  # the bot's finish hook: never wait on the replay
            if row.id is not None and row.status == "finished":
                site.background.add(task := asyncio.create_task(warm(site, [row.id])))
                task.add_done_callback(site.background.discard)

        services.matches.finish_hooks.append(finished)
    return app


async def start_site(services: Services, settings: Settings, port: int | None = None) -> web.AppRunner:
    """Serve the pages on `port` (else WEB_PORT, else 8080) beside whatever else runs in this loop."""
    signer = Signer(await site_secret(services.db, settings.web_secret))
    runner = web.AppRunner(create_app(services, signer, prepare=True), access_log=None)
    await runner.setup()
    chosen = port or settings.web_port or int(os.environ.get("PORT") or DEFAULT_PORT)  # PORT: set by PaaS hosts
    await web.TCPSite(runner, settings.web_host, chosen).start()
    log.info("web pages on http://%s:%d (public address: %s)", settings.web_host, chosen, settings.public_url or "-")
    return runner


async def links_for(services: Services, settings: Settings) -> WebLinks | None:
    """The bot's links to pages, or None when PUBLIC_URL is not set."""
    if not settings.public_url:
        return None
    return WebLinks(settings.public_url, Signer(await site_secret(services.db, settings.web_secret)))
