"""Every page type on PostgreSQL (the scale-out backend): its JSON columns are searched and cast
differently from SQLite's, so the player, leaderboard and league pages are checked there too."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import AsyncIterator, Iterator
from typing import Any
from urllib.parse import urlparse, urlunparse

import pytest
from aiohttp.test_utils import TestClient, TestServer
from webdata import GUILD, SECRET, finished_pod_league, finished_row

from bot.services.hub import Services
from bot.web.app import create_app
from bot.web.links import WebLinks
from bot.web.ratelimit import RateLimit
from bot.web.tokens import Signer

pytestmark = pytest.mark.postgres


async def _admin(url: str, sql: str) -> None:
    import asyncpg

    conn = await asyncpg.connect(url)
    try:
        await conn.execute(sql)
    finally:
        await conn.close()


@pytest.fixture
def pg_url(postgres_url: str) -> Iterator[str]:
    """A new, empty database in the test server, dropped afterwards."""
    name = f"tcgtable_web_{uuid.uuid4().hex[:10]}"
    asyncio.run(_admin(postgres_url, f'CREATE DATABASE "{name}"'))
    yield urlunparse(urlparse(postgres_url)._replace(path=f"/{name}"))
    asyncio.run(_admin(postgres_url, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))


@pytest.fixture
async def pg_client(pg_url: str) -> AsyncIterator[tuple[Services, TestClient[Any, Any]]]:
    services = await Services.from_url(pg_url).open()  # migrates, as the bot does
    app = create_app(services, Signer(SECRET), rate_limit=RateLimit(rate=1000.0, burst=10_000))
    try:
        async with TestClient(TestServer(app)) as client:
            yield services, client
    finally:
        await services.close()


async def test_every_page_type_on_postgres(pg_client: tuple[Services, TestClient[Any, Any]]) -> None:
    services, client = pg_client
    links = WebLinks("", Signer(SECRET))
    rows = [finished_row("naruto", seed, [("11", "Ana"), ("22", "Bo_%")]) for seed in (5, 7)]
    ids = [(await services.db.insert_match(row)).id or 0 for row in rows]
    await finished_pod_league(services, "Pods", [(f"{n}", f"P{n}") for n in range(101, 109)], rounds=2)
    league = (await services.leagues.league(GUILD, "Pods")).id or 0
    pages = [
        links.guild(GUILD),
        links.leaderboard(GUILD, "naruto"),
        links.leaderboard(GUILD, "usagi"),
        links.player(GUILD, "11"),
        links.player(GUILD, "22"),
        links.league(league),
        links.league_csv(league),
        links.match(ids[0]),
        links.match(ids[1], 3),
        links.board(ids[1], 3),
    ]
    for url in pages:
        response = await client.get(url)
        assert response.status == 200, (url, (await response.text())[:300])
    player = await (await client.get(links.player(GUILD, "22"))).text()
    assert player.count("<circle") == 2 and "Bo_%" in player
    board = await (await client.get(links.leaderboard(GUILD, "usagi"))).text()
    assert board.count("<tr>\n  <td>") >= 8  # everyone of the pod league is rated
    assert (await client.get(links.player(GUILD, "2"))).status == 404  # "2" is not "22"
    assert (await client.get(links.match(2**31 + 1))).status == 404
