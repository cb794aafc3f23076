"""The web companion's pages over a small database: every page type answers, names are escaped,
security headers are on every response, bad input is a 404 page, a failure is a 500 page without
a traceback, and a server's switches (off, public listing) are obeyed."""

from __future__ import annotations

import re
from typing import Any

import pytest
from aiohttp.test_utils import TestClient
from webdata import GUILD, finished_row, site_of

from bot.services.hub import Services
from bot.web.links import WebLinks

EVIL = "<script>alert('x')</script>"


async def stored(services: Services, *rows: Any) -> list[int]:
    return [(await services.db.insert_match(row)).id or 0 for row in rows]


def check_headers(headers: Any) -> None:
    csp = headers["Content-Security-Policy"]
    assert "script-src 'self'" in csp and "unsafe-inline" not in csp and "frame-ancestors 'none'" in csp
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert headers["Referrer-Policy"] == "no-referrer"


async def test_every_page_type_answers_with_headers_and_escaped_names(
    services: Services, client: TestClient[Any, Any], links: WebLinks
) -> None:
    [match_id] = await stored(services, finished_row("naruto", 3, [("11", EVIL), ("22", "Bo & Co")]))
    pages = [
        "/",
        links.guild(GUILD),
        links.leaderboard(GUILD, "naruto"),
        links.player(GUILD, "11"),
        links.match(match_id),
        links.match(match_id, 0),
        links.match(match_id, 3),
    ]
    for url in pages:
        response = await client.get(url)
        text = await response.text()
        assert response.status == 200, (url, text[:500])
        check_headers(response.headers)
        assert EVIL not in text, url
        if url != "/":
            assert "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;" in text, url
    image = await client.get(links.board(match_id, 3))
    assert image.status == 200 and image.content_type == "image/png"
    assert (await image.read()).startswith(b"\x89PNG")
    check_headers(image.headers)
    script = await client.get("/static/replay.js")
    assert script.status == 200 and "javascript" in script.content_type
    check_headers(script.headers)


@pytest.mark.parametrize(
    "path",
    [
        "/m/1.AAAAAAAAAAAAAAAA",  # a forged token
        "/m/1",  # no signature at all
        "/m/../../etc/passwd",
        "/m/%00%ff",
        "/m/1.x/step/1",
        "/l/%E2%98%83.abc",
        "/p/900~11.AAAAAAAAAAAAAAAA",
        "/g/900",  # a server that did not opt into a public listing
        "/g/900.AAAAAAAAAAAAAAAA/leaderboard/yugioh",
        "/static/../web/site.py",
        "/static/",
        "/nothing/here",
        "/m/" + "9" * 150,
    ],
)
async def test_bad_addresses_get_a_404_page(client: TestClient[Any, Any], path: str) -> None:
    response = await client.get(path)
    text = await response.text()
    assert response.status == 404, (path, text[:300])
    assert "Traceback" not in text and "<html" in text
    check_headers(response.headers)


async def test_unknown_ids_huge_steps_and_wrong_kinds_are_404s(
    services: Services, client: TestClient[Any, Any], links: WebLinks
) -> None:
    [match_id] = await stored(services, finished_row("inazuma", 1, [("11", "Ana"), ("22", "Bo")]))
    row = await services.db.get_match(match_id)
    assert row is not None
    signer = links.signer
    bad = [
        links.match(match_id + 50),  # signed, but no such match
        links.match(2**31 + 5),
        links.match(match_id, len(row.choices) + 1),
        links.match(match_id, 999_999_999),
        links.board(match_id, len(row.choices) + 1),
        f"/l/{signer.sign('m', str(match_id))}",  # a match's token does not open a league
        links.league(77),
        links.player(GUILD, "nobody"),
        links.leaderboard(GUILD, "chess"),
        f"/p/{signer.sign('p', 'no-tilde')}",
    ]
    for url in bad:
        response = await client.get(url)
        assert response.status == 404, (url, response.status)
    response = await client.post(links.match(match_id))
    assert response.status == 405 and "Traceback" not in await response.text()


async def test_a_failure_is_a_500_page_without_a_traceback(
    services: Services, client: TestClient[Any, Any], links: WebLinks, monkeypatch: pytest.MonkeyPatch
) -> None:
    from bot.web import queries

    async def broken(*args: Any) -> Any:
        raise RuntimeError("secret internals /work/main/bot")

    monkeypatch.setattr(queries, "guild_page", broken)
    response = await client.get(links.guild(GUILD))
    text = await response.text()
    assert response.status == 500
    assert "Traceback" not in text and "secret internals" not in text and "RuntimeError" not in text
    check_headers(response.headers)


async def test_a_server_can_turn_its_pages_off_or_list_them_publicly(
    services: Services, client: TestClient[Any, Any], links: WebLinks
) -> None:
    [match_id] = await stored(services, finished_row("inazuma", 2, [("11", "Ana"), ("22", "Bo")]))
    assert (await client.get(links.match(match_id))).status == 200
    assert GUILD not in await (await client.get("/")).text()

    await services.db.set_guild_config(GUILD, "", web_public=True)
    index = await (await client.get("/")).text()
    assert f'href="/g/{GUILD}"' in index
    assert (await client.get(f"/g/{GUILD}")).status == 200

    await services.db.set_guild_config(GUILD, "", web_enabled=False)
    for url in (links.match(match_id), links.guild(GUILD), f"/g/{GUILD}", links.player(GUILD, "11")):
        assert (await client.get(url)).status == 404, url
    assert GUILD not in await (await client.get("/")).text()


async def test_clients_are_rate_limited(services: Services, client: TestClient[Any, Any]) -> None:
    from bot.web.ratelimit import RateLimit

    site_of(client).rate_limit = RateLimit(rate=0.001, burst=5)
    statuses = [(await client.get("/")).status for _ in range(8)]
    assert statuses[:5] == [200] * 5 and statuses[5:] == [429] * 3
    # behind a proxy on this machine, each client is the address the proxy appended last
    other = {"X-Forwarded-For": "203.0.113.9, 198.51.100.7"}
    assert [(await client.get("/", headers=other)).status for _ in range(6)] == [200] * 5 + [429]
    forged = {"X-Forwarded-For": "203.0.113.10, 198.51.100.7"}  # only the first entry changed: same client
    assert (await client.get("/", headers=forged)).status == 429


async def test_a_live_match_stops_before_a_step_everyone_decides_unseen(
    services: Services, client: TestClient[Any, Any], links: WebLinks
) -> None:
    """Inazuma's starting formations are placed by both players at once: while they place, the page
    shows the match as it was before, as the thread does."""
    [placing, playing] = await stored(
        services,
        finished_row("inazuma", 6, [("11", "Ana"), ("22", "Bo")], upto=8),
        finished_row("inazuma", 6, [("11", "Ana"), ("22", "Bo")], upto=20),
    )
    page = await client.get(links.match(placing))
    html = await page.text()
    assert page.status == 200 and 'data-follow="1"' in html and 'class="live"' in html
    assert 'data-total="0"' in html and 'data-step="1"' not in html
    assert "Everyone is choosing at once now" in html
    for url in (links.match(placing, 1), links.board(placing, 8), links.board(placing, 1)):
        assert (await client.get(url)).status == 404, url
    html = await (await client.get(links.match(playing))).text()
    assert 'data-total="20"' in html and 'data-step="12"' in html
    assert (await client.get(links.board(playing, 20))).status == 200


async def test_a_player_page_counts_head_to_head_and_plots_ratings(
    services: Services, client: TestClient[Any, Any], links: WebLinks
) -> None:
    rows = [finished_row("inazuma", seed, [("11", "Ana"), ("22", "Bo")]) for seed in (1, 2, 5, 6)]
    rows.append(finished_row("inazuma", 8, [("33", "Cy"), ("11", "Ana")]))
    await stored(services, *rows)
    tally = {"22": [0, 0, 0], "33": [0, 0, 0]}
    for row in rows:
        me = 0 if row.seats[0]["user"] == "11" else 1
        other = row.seats[1 - me]["user"]
        winners = (row.result or {}).get("winners", [])
        tally[other][0 if winners == [me] else 1 if winners == [1 - me] else 2] += 1
    html = await (await client.get(links.player(GUILD, "11"))).text()
    for user, (won, lost, drawn) in tally.items():
        assert f'{links.player(GUILD, user)}">' in html
        assert re.search(
            rf'{re.escape(links.player(GUILD, user))}">[^<]+</a></td><td>{won}</td><td>{lost}</td><td>{drawn}</td>',
            html,
        )
    assert html.count("<circle") == len(rows)  # one dot per rated result
    assert "Average decision: 10 s over 50 decisions" in html  # 4 x 120 s + 30 s (seat 2 once) over 50


async def test_the_site_prepares_the_latest_replays_and_each_finished_match(services: Services) -> None:
    """With `prepare`, the latest matches are replayed while the site starts, and a match finishing in
    this process is replayed at once: their first view needn't wait for it."""
    import asyncio

    from aiohttp.test_utils import TestServer

    from bot.web import queries
    from bot.web.app import SITE, create_app
    from bot.web.ratelimit import RateLimit
    from bot.web.tokens import Signer

    await stored(services, *(finished_row("inazuma", seed, [("11", "Ana"), ("22", "Bo")]) for seed in (1, 2)))
    app = create_app(services, Signer(b"k" * 32), rate_limit=RateLimit(), prepare=True)
    async with TestClient(TestServer(app)):
        site = app[SITE]
        for _ in range(200):
            if len(site.replays.timelines) == 2:
                break
            await asyncio.sleep(0.05)
        assert len(site.replays.timelines) == 2
        row = await services.db.insert_match(finished_row("naruto", 7, [("11", "Ana"), ("22", "Bo")]))
        for hook in services.matches.finish_hooks:
            await hook(row)
        await asyncio.gather(*site.background)
        assert len(site.replays.timelines) == 3
        stamps = await queries.ratings_stamps(services.db, GUILD)
        assert ("ratings", GUILD, "naruto", stamps["naruto"]) in site.computed  # its leaderboard too


async def test_a_decision_taken_back_never_shows_in_later_pages(
    services: Services, client: TestClient[Any, Any], links: WebLinks
) -> None:
    """`/match undo` removes choices from the record: pages and images follow the record, not the
    number of its steps."""
    from bot.services import games as engine_games

    [match_id] = await stored(services, finished_row("naruto", 7, [("11", "Ana"), ("22", "Bo")], upto=30))
    before = await (await client.get(links.board(match_id, 30))).read()
    page_before = await (await client.get(links.match(match_id, 30))).text()
    row = await services.db.get_match(match_id)
    assert row is not None
    state = engine_games.new_state(engine_games.get_game("naruto"), row.decks, row.seed, {})
    for choice in row.choices[:29]:
        state.apply(choice)
    prompt = state.prompt()
    assert prompt is not None
    other = next(o.id for o in prompt.options if o.id != row.choices[29])  # the last decision, taken back and made anew
    await services.db.update_match(match_id, row.version, choices=[*row.choices[:29], other])
    after = await (await client.get(links.board(match_id, 30))).read()
    page_after = await (await client.get(links.match(match_id, 30))).text()
    assert after != before and page_after != page_before


async def test_a_record_that_does_not_replay_is_said_so_not_a_500(
    services: Services, client: TestClient[Any, Any], links: WebLinks
) -> None:
    row = finished_row("naruto", 7, [("11", "Ana"), ("22", "Bo")])
    row.choices = [*row.choices[:10], "no-such-option", *row.choices[11:]]
    old = finished_row("naruto", 5, [("11", "Ana"), ("22", "Bo")])
    old.engine_version = "0.0.1-older"
    broken, older = await stored(services, row, old)
    for match_id in (broken, older):
        response = await client.get(links.match(match_id))
        text = await response.text()
        assert response.status == 200 and "replay" in text and "Traceback" not in text
        assert 'id="stepper"' not in text
        assert (await client.get(links.board(match_id, 3))).status == 404


async def test_concurrent_first_views_compute_once(
    services: Services, client: TestClient[Any, Any], links: WebLinks, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Twenty people opening the same leaderboard and match at once: one rating, one replay."""
    import asyncio

    from bot.web import replay
    from bot.web.site import Site

    [match_id] = await stored(services, finished_row("naruto", 7, [("11", "Ana"), ("22", "Bo")]))
    counts = {"rate": 0, "replay": 0}
    rate, build = Site._rate, replay.build_timeline

    async def counted_rate(self: Site, guild_id: str, game: str) -> Any:
        counts["rate"] += 1
        return await rate(self, guild_id, game)

    def counted_build(row: Any) -> Any:
        counts["replay"] += 1
        return build(row)

    monkeypatch.setattr(Site, "_rate", counted_rate)
    monkeypatch.setattr(replay, "build_timeline", counted_build)
    urls = [links.leaderboard(GUILD, "naruto"), links.match(match_id)] * 10
    statuses = await asyncio.gather(*(client.get(url) for url in urls))
    assert [r.status for r in statuses] == [200] * 20
    assert counts == {"rate": 1, "replay": 1}


async def test_new_results_are_rated_on_top_of_the_last_ratings(
    services: Services, client: TestClient[Any, Any], links: WebLinks, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Results only added since the last rating: only they are rated, and the table is exactly the
    one rating everything from the start gives; an edited result rates everything again."""
    from bot.services.ratings import RatingService
    from bot.web import site as site_module

    rated: list[int] = []
    real = site_module.standings_of

    def counting(results: Any, after: Any = None) -> Any:
        rated.append(len(results))
        return real(results, after)

    monkeypatch.setattr(site_module, "standings_of", counting)
    players = [("11", "Ana"), ("22", "Bo"), ("33", "Cy")]
    first = [finished_row("naruto", seed, [players[seed % 3], players[(seed + 1) % 3]]) for seed in (1, 2, 3)]
    await stored(services, *first)
    assert (await client.get(links.leaderboard(GUILD, "naruto"))).status == 200
    more = [finished_row("naruto", seed, [players[seed % 3], players[(seed + 2) % 3]]) for seed in (4, 5)]
    await stored(services, *more)
    html = await (await client.get(links.leaderboard(GUILD, "naruto"))).text()
    assert rated == [3, 2]
    table, history = await RatingService(services.db).table_and_history(GUILD, "naruto")
    for entry in table:
        assert f"{entry.rating:.0f}" in html
    last = site_of(client).rated.get((GUILD, "naruto"))
    assert last is not None
    _, (shown, shown_history) = last
    assert [(r.player, r.skill.mu, r.skill.sigma, r.games, r.wins) for r in shown] == [
        (r.player, r.skill.mu, r.skill.sigma, r.games, r.wins) for r in table
    ]
    assert shown_history == history

    row = await services.db.get_match(1)
    assert row is not None
    await services.db.update_match(1, row.version, result={"winners": [], "reason": "Draw by agreement."})
    await client.get(links.leaderboard(GUILD, "naruto"))
    assert rated == [3, 2, 5]  # an older result changed: all of them again
