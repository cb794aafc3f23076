"""Fixtures for bot tests: the kernel's toy game, a fresh database, the services."""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.persistence import Database
from bot.services.decks import DeckService
from bot.services.matches import MatchService

TOY_PATH = Path(__file__).resolve().parent.parent / "kernel" / "toygame.py"
HERE = str(Path(__file__).resolve().parent)
if HERE not in sys.path:  # pytest runs in importlib mode: make `import fakediscord` work in this folder
    sys.path.insert(0, HERE)


def load_toy() -> Any:
    """Import and register the kernel tests' "Duel of Numbers" game (id "toy")."""
    module = sys.modules.get("toygame")
    if module is None:
        spec = importlib.util.spec_from_file_location("toygame", TOY_PATH)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules["toygame"] = module
        spec.loader.exec_module(module)
    return module.ensure_registered()


@pytest.fixture(scope="session")
def toy() -> Any:
    return load_toy()


@pytest.fixture
async def db(tmp_path: Path) -> AsyncIterator[Database]:
    database = Database(f"sqlite:///{tmp_path / 'bot.db'}")
    await database.create_all()
    yield database
    await database.close()


@pytest.fixture
def matches(db: Database, toy: Any) -> MatchService:
    return MatchService(db, DeckService(db))


@pytest.fixture
async def fake_discord() -> AsyncIterator[Any]:
    from fakediscord import FakeDiscord

    fake = FakeDiscord()
    await fake.start()
    yield fake
    await fake.stop()
    assert fake.problems == [], f"real Discord would have refused or risked: {fake.problems}"


class BotRunner:
    """Start and stop the real bot (discord.py client) against the fake Discord."""

    def __init__(self, fake: Any, db_url: str, rules_db: str) -> None:
        self.fake = fake
        self.db_url = db_url
        self.rules_db = rules_db
        self.bot: Any = None
        self.task: Any = None

    async def start(self) -> Any:
        import asyncio

        from bot.app import TcgBot, configure_endpoints
        from bot.services.hub import Services
        from bot.services.rules import RulesAssistant
        from bot.settings import Settings

        settings = Settings(
            discord_api_base=self.fake.api_base,
            discord_gateway_url=self.fake.gateway_url,
            database_url=self.db_url,
            shard_count=1,
            _env_file=None,
        )
        configure_endpoints(settings)
        services = Services.from_url(self.db_url)
        services.rules = RulesAssistant(db_path=self.rules_db)
        self.bot = TcgBot(settings, services, guild_ready_timeout=0.05)
        self.task = asyncio.create_task(self.bot.start("fake-token"))
        await asyncio.wait_for(self.bot.wait_until_ready(), 20)
        return self.bot

    async def stop(self) -> None:
        if self.bot is not None:
            await self.bot.close()
        if self.task is not None:
            await self.task
        self.bot = self.task = None


@pytest.fixture
async def bot_runner(fake_discord: Any, tmp_path: Path, toy: Any) -> AsyncIterator[BotRunner]:
    import discord

    base, gateway = discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY
    runner = BotRunner(fake_discord, f"sqlite:///{tmp_path / 'bot.db'}", str(tmp_path / "rules.sqlite"))
    yield runner
    await runner.stop()
    discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = base, gateway
