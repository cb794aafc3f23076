"""With PUBLIC_URL set, the bot links to the web companion: the match board's "Watch / replay on
the web" button and league standings' "Standings on the web"; with WEB_PORT set, `tcgtable run`'s
bot serves those pages itself."""

from __future__ import annotations

import socket
from typing import Any

import aiohttp
import pytest
from fakediscord import GUILD_ID

PUBLIC = "https://tcg.example.org"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def components(message: dict[str, Any]) -> list[dict[str, Any]]:
    return [c for row in message.get("components", []) for c in row.get("components", [])]


async def run(fake: Any, user: str, sub: str, **options: Any) -> dict[str, Any]:
    start = len(fake.calls)
    _, token = await fake.slash(user, "league", sub, **options)
    return await fake.reply_to(token, start=start)


async def test_board_and_standings_link_to_pages_the_bot_serves(
    bot_runner: Any, fake_discord: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    port = free_port()
    monkeypatch.setenv("PUBLIC_URL", PUBLIC)
    monkeypatch.setenv("WEB_PORT", str(port))
    monkeypatch.setenv("WEB_HOST", "127.0.0.1")
    fake = fake_discord
    await bot_runner.start()

    _, token = await fake.slash("ana", "match", "challenge", opponent={"user": "bo"}, game="toy")
    challenge = await fake.reply_to(token)
    accept = next(c["custom_id"] for c in components(challenge) if c.get("custom_id", "").startswith("tcg:accept"))
    start = len(fake.calls)
    _, token = await fake.click("bo", challenge, accept)
    await fake.reply_to(token, start=start)
    board_call = await fake.wait_for(
        lambda c: c.method == "POST" and c.path.endswith("/messages") and bool((c.body or {}).get("embeds")),
        start=start,
        timeout=30,
    )
    links = [c for c in components(board_call.body) if c.get("style") == 5]
    assert [c["label"] for c in links] == ["Watch / replay on the web"]
    url = links[0]["url"]
    assert url.startswith(f"{PUBLIC}/m/1.")

    await run(fake, "ana", "create", name="Cup <b>", game="toy", format="swiss")
    for user in ("ana", "bo"):
        await run(fake, user, "join", name="Cup <b>", game="toy", deck="Numbers")
    table = await run(fake, "bo", "standings", name="Cup <b>")
    [league_link] = [c for c in components(table) if c.get("style") == 5]
    assert league_link["label"] == "Standings on the web" and league_link["url"].startswith(f"{PUBLIC}/l/")

    async with aiohttp.ClientSession() as http:
        for link in (url, league_link["url"]):
            local = f"http://127.0.0.1:{port}" + link.removeprefix(PUBLIC)
            async with http.get(local) as response:
                page = await response.text()
                assert response.status == 200, (local, page[:300])
        async with http.get(f"http://127.0.0.1:{port}" + league_link["url"].removeprefix(PUBLIC)) as response:
            assert "Cup &lt;b&gt;" in await response.text()
        async with http.get(f"http://127.0.0.1:{port}/g/{GUILD_ID}") as response:
            assert response.status == 404  # not listed publicly: only signed links open it


async def test_settings_web_turns_a_servers_pages_off_and_lists_them_publicly(
    bot_runner: Any, fake_discord: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    port = free_port()
    monkeypatch.setenv("WEB_PORT", str(port))
    monkeypatch.setenv("WEB_HOST", "127.0.0.1")
    fake = fake_discord
    await bot_runner.start()
    base = f"http://127.0.0.1:{port}"
    async with aiohttp.ClientSession() as http:
        _, token = await fake.slash("cy", "settings", "web", enabled=True, public=True)
        assert "listed publicly" in (await fake.reply_to(token))["content"]
        async with http.get(f"{base}/g/{GUILD_ID}") as response:
            assert response.status == 200
        async with http.get(f"{base}/") as response:
            assert f"/g/{GUILD_ID}" in await response.text()
        _, token = await fake.slash("cy", "settings", "web", enabled=False)
        assert "off" in (await fake.reply_to(token))["content"]
        async with http.get(f"{base}/g/{GUILD_ID}") as response:
            assert response.status == 404
