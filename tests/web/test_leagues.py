"""League pages: standings with their tie-breakers exactly as the service ranks them, every round's
pairings or pods with results, ratings, and the CSV download (the service's export)."""

from __future__ import annotations

import re
from typing import Any

from aiohttp.test_utils import TestClient
from webdata import GUILD, finished_pod_league, finished_swiss_league

from bot.services.hub import Services
from bot.services.leagues.export import csv_bytes
from bot.services.leagues.pod_standings import show_points
from bot.web.links import WebLinks

ROW = re.compile(r'<td>(\d+)</td>\s*<td class="player" data-user="([^"]+)">')


async def league_id(services: Services, name: str) -> int:
    return (await services.leagues.league(GUILD, name)).id or 0


async def test_a_finished_pod_league_page_matches_the_service(
    services: Services, client: TestClient[Any, Any], links: WebLinks
) -> None:
    players = [(f"{n}", f"Player {n}") for n in range(101, 111)]
    await finished_pod_league(services, "Pods & <Friends>", players, rounds=3)
    page = await client.get(links.league(await league_id(services, "Pods & <Friends>")))
    html = await page.text()
    assert page.status == 200 and "Pods &amp; &lt;Friends&gt;" in html
    expected = await services.leagues.pod_standings(GUILD, "Pods & <Friends>")
    assert [(int(rank), user) for rank, user in ROW.findall(html)] == [(r.rank, r.player) for r in expected]
    for row in expected:
        assert f"<td>{show_points(row.points)}</td>" in html
    info = await services.leagues.info(GUILD, "Pods & <Friends>")
    for number in range(1, info.league.current_round + 1):
        assert f"Round {number}" in html
    assert html.count('class="status status-confirmed"') == sum(1 for p in info.pods if p.status == "confirmed")
    assert "opponents' average points" in html and "Ratings in this league" in html


async def test_a_swiss_league_page_shows_the_tiebreakers_and_the_csv_is_the_export(
    services: Services, client: TestClient[Any, Any], links: WebLinks
) -> None:
    players = [(f"{n}", f'=HYPERLINK("x") {n}') for n in range(201, 209)]
    await finished_swiss_league(services, "Spring Cup", players, rounds=3)
    league = await league_id(services, "Spring Cup")
    html = await (await client.get(links.league(league))).text()
    expected = await services.leagues.standings(GUILD, "Spring Cup")
    assert [user for _, user in ROW.findall(html)] == [r.player for r in expected]
    for head in ("OMW", "GW", "OGW"):
        assert f"<th>{head}</th>" in html
    assert f"<td>{expected[0].omw:.1%}</td>" in html
    page = await client.get(links.league(league), headers={"Accept-Encoding": "gzip"})
    assert page.headers.get("Content-Encoding") == "gzip" and "Spring Cup" in await page.text()
    response = await client.get(links.league_csv(league))
    assert response.status == 200 and response.content_type == "text/csv"
    assert 'filename="Spring-Cup.csv"' in response.headers["Content-Disposition"]
    assert await response.read() == csv_bytes(await services.leagues.export_csv(GUILD, "Spring Cup"))


async def test_a_server_page_lists_its_leagues(
    services: Services, client: TestClient[Any, Any], links: WebLinks
) -> None:
    await finished_swiss_league(services, "Cup A", [(f"{n}", f"P{n}") for n in range(301, 305)], rounds=2)
    html = await (await client.get(links.guild(GUILD))).text()
    assert links.league(await league_id(services, "Cup A")) in html and "finished" in html


async def test_pages_follow_every_change_of_a_result(
    services: Services, client: TestClient[Any, Any], links: WebLinks
) -> None:
    """League pages and ratings are cached; an organizer's edit shows at once all the same."""
    players = [(f"{n}", f"P{n}") for n in range(401, 405)]
    await finished_swiss_league(services, "Edits", players, rounds=2, seed=3)
    url = links.league(await league_id(services, "Edits"))
    before = await (await client.get(url)).text()
    board_before = await (await client.get(links.leaderboard(GUILD, "naruto"))).text()
    info = await services.leagues.info(GUILD, "Edits")
    match = next(m for m in info.matches if m.player_b is not None)
    flipped = (match.games_b, match.games_a) if match.games_a != match.games_b else (2, 0)
    await services.leagues.edit(match.id or 0, "org", *flipped, 0, "score sheet misread", is_organizer=True)
    after = await (await client.get(url)).text()
    expected = await services.leagues.standings(GUILD, "Edits")
    assert after != before and [user for _, user in ROW.findall(after)] == [r.player for r in expected]
    assert f"{flipped[0]}-{flipped[1]}" in after
    assert await (await client.get(links.leaderboard(GUILD, "naruto"))).text() != board_before
