"""The discord.py bot: settings -> endpoints, services, cogs, persistent buttons, command sync.

`DISCORD_API_BASE` and `DISCORD_GATEWAY_URL` point the client at a Discord-compatible server
(self-hosted, or the fake one our tests run on 127.0.0.1).
"""

from __future__ import annotations

import asyncio
import importlib
import logging
import pkgutil
from typing import TYPE_CHECKING, Any

import discord
import yarl
from discord.ext import commands, tasks

from bot.services.hub import Services
from bot.settings import DEFAULT_API_BASE, Settings

if TYPE_CHECKING:
    from aiohttp import web

    from bot.web.links import WebLinks

log = logging.getLogger("tcgtable.bot")


def cog_modules() -> list[str]:
    """Every module or package under `bot/discord_ui/` that defines `setup(bot)` (found, never listed)."""
    import bot.discord_ui

    found = []
    for info in sorted(pkgutil.iter_modules(bot.discord_ui.__path__), key=lambda m: m.name):
        if info.name.startswith("_"):
            continue
        module = importlib.import_module(f"bot.discord_ui.{info.name}")
        if callable(getattr(module, "setup", None)):
            found.append(module.__name__)
    return found


def configure_endpoints(settings: Settings) -> None:
    """Point discord.py at the configured REST base and gateway (process-wide class attributes)."""
    discord.http.Route.BASE = settings.discord_api_base.rstrip("/") or DEFAULT_API_BASE
    if settings.discord_gateway_url:
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(settings.discord_gateway_url)


def _no_prefix(bot: commands.Bot, message: discord.Message) -> list[str]:
    return []  # slash commands only; mentions are handled by the rules cog


class TcgBot(commands.AutoShardedBot):
    """The bot. `services` are shared with the console; cogs stay thin."""

    def __init__(self, settings: Settings, services: Services | None = None, **options: Any) -> None:
        intents = discord.Intents.default()
        intents.message_content = True  # [[card]] look-ups and questions by mention (privileged intent)
        if settings.shard_count is not None:
            options.setdefault("shard_count", settings.shard_count)
        if settings.shard_ids:
            options.setdefault("shard_ids", settings.shard_ids)
        super().__init__(
            command_prefix=_no_prefix,
            intents=intents,
            help_command=None,
            allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=True),
            **options,
        )
        self.settings = settings
        self.services = services or Services.from_settings(settings)
        self.web_links: WebLinks | None = None  # links to the web pages, when PUBLIC_URL is set
        self._web: web.AppRunner | None = None  # the web pages served beside the bot (WEB_PORT)

    async def launch_shards(self) -> None:
        """Connect every shard; a configured `DISCORD_GATEWAY_URL` wins over the one Discord names.

        Without a shard count the auto-sharded client asks `GET /gateway/bot` for the count and the
        URL and would connect to that URL: take only the count from it, so the gateway configured
        for a Discord-compatible server is used in both modes.
        """
        if self.shard_count is None and self.settings.discord_gateway_url:
            self.shard_count, _, _ = await self.http.get_bot_gateway()
        await super().launch_shards()

    async def setup_hook(self) -> None:
        await self.services.open()
        from bot.web.app import links_for, start_site

        self.web_links = await links_for(self.services, self.settings)
        if self.settings.web_port:
            self._web = await start_site(self.services, self.settings)
        for name in cog_modules():
            await self.load_extension(name)
        await self.sync_commands()

    async def sync_commands(self) -> None:
        """Sync slash commands to the dev guild (instant) or globally."""
        if self.settings.dev_guild_id:
            guild = discord.Object(id=self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
        else:
            synced = await self.tree.sync()
        log.info("synced %d slash commands", len(synced))

    def background_loops(self) -> list[tasks.Loop[Any]]:
        """The periodic jobs (turn clock, league housekeeping) that use the database."""
        loops = [getattr(getattr(self, "turn_clock", None), "loop", None)]
        for cog in self.cogs.values():
            loops.extend(value for value in vars(cog).values() if isinstance(value, tasks.Loop))
            loops.extend(
                getattr(cog, name) for name in dir(type(cog)) if isinstance(getattr(cog, name, None), tasks.Loop)
            )
        return [loop for loop in dict.fromkeys(loops) if isinstance(loop, tasks.Loop)]

    async def close(self) -> None:
        """Stop the periodic jobs first (one may be mid-query), then the gateway, then the database."""
        loops = self.background_loops()
        for loop in loops:
            loop.cancel()
        running = [task for loop in loops if (task := loop.get_task()) is not None and not task.done()]
        if running:
            await asyncio.wait(running, timeout=10)
        try:
            await super().close()
        finally:
            if self._web is not None:
                await self._web.cleanup()
            await self.services.close()


def run_bot(token: str) -> int:
    """Run until interrupted; returns the process exit code."""
    settings = Settings()
    logging.basicConfig(level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    configure_endpoints(settings)
    bot = TcgBot(settings)
    try:
        bot.run(token, log_handler=None)
    except discord.LoginFailure:
        log.error("Discord refused the token: check DISCORD_TOKEN (developer portal -> your app -> Bot).")
        return 1
    except discord.PrivilegedIntentsRequired:
        log.error(
            "Enable the Message Content intent for this bot (developer portal -> your app -> Bot -> "
            "Privileged Gateway Intents): it is needed for [[card]] look-ups and questions by mention."
        )
        return 1
    return 0
