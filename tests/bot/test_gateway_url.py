"""`DISCORD_GATEWAY_URL` is honoured with and without a configured shard count."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from fakediscord import FakeDiscord


class MisdirectingDiscord(FakeDiscord):
    """Names a gateway nobody listens on in `/gateway/bot`: only the configured URL works."""

    def serve(self, method: str, path: str, body: Any, files: list[str]) -> tuple[Any, int]:
        answer, status = super().serve(method, path, body, files)
        if path in ("/gateway", "/gateway/bot"):
            answer = {**answer, "url": "ws://127.0.0.1:9/not-the-configured-gateway", "shards": 2}
        return answer, status


@pytest.mark.parametrize("shard_count", [None, 1])
async def test_configured_gateway_url_wins(shard_count: int | None, tmp_path: Path, toy: Any) -> None:
    import discord

    from bot.app import TcgBot, configure_endpoints
    from bot.services.hub import Services
    from bot.settings import Settings

    fake = MisdirectingDiscord()
    await fake.start()
    base, gateway = discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY
    url = f"sqlite:///{tmp_path / 'bot.db'}"
    settings = Settings(
        discord_api_base=fake.api_base,
        discord_gateway_url=fake.gateway_url,
        database_url=url,
        shard_count=shard_count,
        _env_file=None,
    )
    configure_endpoints(settings)
    bot = TcgBot(settings, Services.from_url(url), guild_ready_timeout=0.05)
    task = asyncio.create_task(bot.start("fake-token"))
    try:
        await asyncio.wait_for(fake.identified.wait(), 15)
        await asyncio.wait_for(bot.wait_until_ready(), 15)
        expected = 1 if shard_count == 1 else 2  # the count still comes from Discord when not configured
        assert bot.shard_count == expected
    finally:
        await bot.close()
        task.cancel()  # a bot stuck reconnecting to the wrong gateway would never finish by itself
        await asyncio.gather(task, return_exceptions=True)
        await fake.stop()
        discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = base, gateway
    assert fake.problems == []
