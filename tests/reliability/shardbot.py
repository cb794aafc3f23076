"""A shard process for the sharding test: the real bot with SHARD_COUNT/SHARD_IDS over one database."""

from __future__ import annotations

import asyncio
import os
import tempfile


def run_shard(api_base: str, gateway_url: str, db_url: str, shard_count: int, shard_id: int) -> None:
    """Process entry point (spawned): run the bot for one shard until the test terminates it."""
    from support import load_toy

    load_toy()
    os.environ.update(SHARD_COUNT=str(shard_count), SHARD_IDS=str(shard_id))  # as a deployment sets them
    asyncio.run(_run(api_base, gateway_url, db_url))


async def _run(api_base: str, gateway_url: str, db_url: str) -> None:
    from bot.app import TcgBot, configure_endpoints
    from bot.services.hub import Services
    from bot.services.rules import RulesAssistant
    from bot.settings import Settings

    settings = Settings(discord_api_base=api_base, discord_gateway_url=gateway_url, database_url=db_url)
    configure_endpoints(settings)
    services = Services.from_url(db_url)
    services.rules = RulesAssistant(db_path=os.path.join(tempfile.mkdtemp(), "rules.sqlite"))
    bot = TcgBot(settings, services, guild_ready_timeout=0.05)
    await bot.start("fake-token")
