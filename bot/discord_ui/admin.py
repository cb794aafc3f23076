"""`/settings`: per-server switches (inline card look-ups, turn clock, web pages); needs Manage Server."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_ui.common import reply, reply_error
from bot.services.errors import ServiceError

if TYPE_CHECKING:
    from bot.app import TcgBot


@app_commands.guild_only()
@app_commands.default_permissions(manage_guild=True)
class SettingsGroup(app_commands.Group, name="settings", description="Server settings for tcgtable"):
    def __init__(self, bot: TcgBot) -> None:
        super().__init__()
        self.bot = bot

    async def on_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        await reply_error(interaction, error)

    @app_commands.command(name="inline", description="Turn [[card name]] look-ups on or off here")
    @app_commands.describe(enabled="look cards up in messages", channel_only="only for this channel")
    async def inline(self, interaction: discord.Interaction, enabled: bool, channel_only: bool = False) -> None:
        guild = str(interaction.guild_id)
        channel = str(interaction.channel_id) if channel_only else ""
        await self.bot.services.db.set_guild_config(guild, channel, inline_lookups=enabled)
        where = "in this channel" if channel_only else "on this server"
        await reply(interaction, f"Inline card look-ups are {'on' if enabled else 'off'} {where}.")

    @app_commands.command(name="clock", description="Turn clock for new matches, in hours (default 24)")
    async def clock(self, interaction: discord.Interaction, hours: app_commands.Range[float, 0.1, 720.0]) -> None:
        if hours <= 0:
            raise ServiceError("The clock needs a positive number of hours.")
        await self.bot.services.db.set_guild_config(str(interaction.guild_id), "", turn_clock_hours=hours)
        await reply(interaction, f"New matches on this server get a {hours:g} h turn clock.")

    @app_commands.command(name="web", description="This server's web pages: on or off, public or by link only")
    @app_commands.describe(
        enabled="show this server's leagues, players and matches on the web pages",
        public="list the server on the site's front page (otherwise only the bot's signed links open pages)",
    )
    async def web(self, interaction: discord.Interaction, enabled: bool, public: bool = False) -> None:
        guild = str(interaction.guild_id)
        await self.bot.services.db.set_guild_config(guild, "", web_enabled=enabled, web_public=enabled and public)
        if not enabled:
            text = "The web pages of this server are off: its links show nothing."
        elif public:
            text = "The web pages of this server are on and listed publicly."
        else:
            text = "The web pages of this server are on; only the links the bot posts open them."
        await reply(interaction, text)


class AdminCog(commands.Cog):
    def __init__(self, bot: TcgBot) -> None:
        self.bot = bot


async def setup(bot: TcgBot) -> None:
    bot.tree.add_command(SettingsGroup(bot))
    await bot.add_cog(AdminCog(bot))
