"""`/rating` and `/leaderboard`: OpenSkill per game and server, from casual (2-6 players) and league results."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_ui.common import reply, reply_error
from bot.discord_ui.matches.cog import game_autocomplete
from bot.render.leagues import leaderboard_text, rating_text
from bot.services.errors import ServiceError
from bot.services.ratings import RatingService

if TYPE_CHECKING:
    from bot.app import TcgBot


class RatingsCog(commands.Cog):
    def __init__(self, bot: TcgBot) -> None:
        self.bot = bot
        self.ratings = RatingService(bot.services.db)

    async def cog_app_command_error(self, interaction: discord.Interaction, error: Exception) -> None:
        await reply_error(interaction, error)

    @staticmethod
    def guild(interaction: discord.Interaction) -> str:
        if interaction.guild_id is None:
            raise ServiceError("Ratings are per server: use this command in a server channel.")
        return str(interaction.guild_id)

    @app_commands.command(name="rating", description="A player's rating for a game on this server")
    @app_commands.autocomplete(game=game_autocomplete)
    async def rating(self, interaction: discord.Interaction, game: str, player: discord.User | None = None) -> None:
        who = player or interaction.user
        found = await self.ratings.of(self.guild(interaction), game, str(who.id))
        await reply(interaction, rating_text(who.display_name, game, found))

    @app_commands.command(name="leaderboard", description="The best-rated players of a game on this server")
    @app_commands.autocomplete(game=game_autocomplete)
    async def leaderboard(self, interaction: discord.Interaction, game: str, public: bool = False) -> None:
        table = await self.ratings.table(self.guild(interaction), game)
        await reply(
            interaction,
            leaderboard_text(game, table),
            ephemeral=not public,
            allowed_mentions=discord.AllowedMentions.none(),
        )


async def setup(bot: TcgBot) -> None:
    await bot.add_cog(RatingsCog(bot))
