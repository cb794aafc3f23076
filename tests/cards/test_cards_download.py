"""YGOPRODeck URL imports against a local HTTP server: pagination, the 20 req/s limit, the disk cache."""

from __future__ import annotations

import json
import time
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from aiohttp import web

from cards.catalog import Catalog, CatalogImportError
from cards.importers import import_source
from cards.importers.ygoprodeck import RateLimiter

pytestmark = pytest.mark.shared


@pytest.fixture
async def api(shared_dir: Path) -> AsyncIterator[tuple[str, list[float]]]:
    """A fake cardinfo.php serving the 162-card sample in pages of 40, logging request times."""
    cards = json.loads((shared_dir / "carddata" / "yugioh" / "ygoprodeck_v7_sample_162cards.json").read_text())["data"]
    seen: list[float] = []

    async def cardinfo(request: web.Request) -> web.Response:
        seen.append(time.monotonic())
        offset, num = int(request.query.get("offset", 0)), int(request.query.get("num", 40))
        page: dict[str, object] = {"data": cards[offset : offset + num]}
        if offset + num < len(cards):
            page["meta"] = {"next_page": f"{base}/cardinfo.php?num={num}&offset={offset + num}"}
        return web.json_response(page)

    async def broken(_: web.Request) -> web.Response:
        return web.Response(status=503, text="maintenance")

    app = web.Application()
    app.router.add_get("/cardinfo.php", cardinfo)
    app.router.add_get("/broken.php", broken)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    base = f"http://127.0.0.1:{port}"
    yield base, seen
    await runner.cleanup()


async def test_download_paginates_respects_rate_and_caches(
    catalog: Catalog, api: tuple[str, list[float]], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    base, seen = api
    monkeypatch.setenv("TCGTABLE_CACHE_DIR", str(tmp_path / "cache"))
    url = f"{base}/cardinfo.php?num=40&offset=0"
    summary = await import_source(catalog, url)
    assert summary.format == "ygoprodeck" and summary.added + summary.updated == 162
    assert len(seen) == 5  # 162 cards in pages of 40
    # 20 requests per second at most: 5 requests span at least 4 intervals of 50 ms (a little less on
    # arrival, when the first request's trip to the server was slower than the last one's).
    assert seen[-1] - seen[0] >= 4 * 0.05 - 0.02
    again = await import_source(catalog, url)
    assert len(seen) == 5 and again.unchanged == 162  # served from the disk cache
    await import_source(catalog, url, refresh=True)
    assert len(seen) == 10


async def test_http_error_is_clear(
    catalog: Catalog, api: tuple[str, list[float]], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TCGTABLE_CACHE_DIR", str(tmp_path / "cache"))
    with pytest.raises(CatalogImportError, match="HTTP 503: maintenance"):
        await import_source(catalog, f"{api[0]}/broken.php")


async def test_rate_limiter_spacing() -> None:
    limiter = RateLimiter(rate=50)
    start = time.monotonic()
    for _ in range(11):
        await limiter.acquire()
    assert time.monotonic() - start >= 10 / 50 - 0.01
