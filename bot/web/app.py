"""The web companion as an aiohttp application: routes, static files, security headers, rate
limits and error pages.

    tcgtable web                      # serves on WEB_PORT (default 8080)
    WEB_PORT=8080 tcgtable run        # the bot serves the pages too

>>> app = create_app(services, signer)              # doctest: +SKIP
"""

from __future__ import annotations

import logging
import os
from collections.abc import Awaitable, Callable

from aiohttp import web

from bot.services.hub import Services
from bot.settings import Settings
from bot.web.links import WebLinks
from bot.web.ratelimit import RateLimit
from bot.web.site import STATIC, Site
from bot.web.tokens import Signer, site_secret

log = logging.getLogger("tcgtable.web")
SITE: web.AppKey[Site] = web.AppKey("site", Site)
DEFAULT_PORT = 8080
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]

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
    """Whom a request counts against: its address (a proxy's X-Forwarded-For is not trusted)."""
    return request.remote or "unknown"


@web.middleware
async def limits_and_errors(request: web.Request, handler: Handler) -> web.StreamResponse:
    """Rate limit per client; 404 and 500 as pages (a failure is logged, never shown)."""
    site = request.app[SITE]
    if not site.rate_limit.allow(client_key(request)):
        return site.page("error.html", 429, title="Slow down", message="Too many requests; try again in a moment.")
    try:
        return await handler(request)
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


def create_app(services: Services, signer: Signer, *, rate_limit: RateLimit | None = None) -> web.Application:
    """The site over `services` (which the caller opens and closes)."""
    from bot.web.routes import routes

    app = web.Application(middlewares=[limits_and_errors], client_max_size=64 * 1024)
    app[SITE] = Site(services, signer, rate_limit=rate_limit or RateLimit())
    app.add_routes(routes)
    app.router.add_static("/static/", STATIC, show_index=False, follow_symlinks=False)
    app.on_response_prepare.append(_headers)
    return app


async def start_site(services: Services, settings: Settings, port: int | None = None) -> web.AppRunner:
    """Serve the pages on `port` (else WEB_PORT, else 8080) beside whatever else runs in this loop."""
    signer = Signer(await site_secret(services.db, settings.web_secret))
    runner = web.AppRunner(create_app(services, signer), access_log=None)
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
