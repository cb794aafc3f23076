"""`/card name [game] [public]` with autocomplete, and inline `[[card name]]` look-ups in messages.

Inline look-ups read message text, so the bot needs Discord's Message Content intent; servers
can turn them off with `/settings inline enabled:false`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_ui.common import reply, reply_error
from bot.discord_ui.matches.cog import game_autocomplete
from bot.render.embeds import card_embed
from bot.services.cards import inline_queries

if TYPE_CHECKING:
    from bot.app import TcgBot


class CardsCog(commands.Cog):
    def __init__(self, bot: TcgBot) -> None:
        self.bot = bot

    async def cog_app_command_error(self, interaction: discord.Interaction, error: Exception) -> None:
        await reply_error(interaction, error)

    @app_commands.command(name="card", description="Look a card up by name (typos and nicknames forgiven)")
    @app_commands.describe(name="the card's name", game="limit to one game", public="show it to the channel")
    @app_commands.autocomplete(game=game_autocomplete)
    async def card(
        self, interaction: discord.Interaction, name: str, game: str | None = None, public: bool = False
    ) -> None:
        found = await self.bot.services.cards.find(name, game)
        if found.card is None:
            await reply(interaction, "\n".join(p for p in (found.note, found.also()) if p))
            return
        await reply(interaction, found.also(), embed=card_embed(found.card), ephemeral=not public)

    @card.autocomplete("name")
    async def card_autocomplete(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        if not current.strip():
            return []
        game = getattr(interaction.namespace, "game", None)
        suggestions = await self.bot.services.cards.autocomplete(current, game)
        return [app_commands.Choice(name=f"{s.name} ({s.game})"[:100], value=s.name[:100]) for s in suggestions]

    @commands.Cog.listener()
    async def on_message(self, message: discord.Message) -> None:
        if message.author.bot or "[[" not in message.content:
            return
        if message.guild is not None:
            config = await self.bot.services.db.guild_config(str(message.guild.id), str(message.channel.id))
            if not config.inline_lookups:
                return
        embeds = []
        for query in inline_queries(message.content):
            found = await self.bot.services.cards.find(query)
            if found.card is not None:
                embeds.append(card_embed(found.card))
        if embeds:
            await message.reply(embeds=embeds, mention_author=False)


async def setup(bot: TcgBot) -> None:
    await bot.add_cog(CardsCog(bot))
