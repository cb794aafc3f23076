"""`/deck import|list|show|delete`: text deck lists validated by each game's construction rules."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_ui.common import reply, reply_error
from bot.discord_ui.matches.cog import deck_autocomplete, game_autocomplete

if TYPE_CHECKING:
    from bot.app import TcgBot


class DecksCog(commands.Cog):
    group = app_commands.Group(name="deck", description="Your decks: import a list, list, show, delete")

    def __init__(self, bot: TcgBot) -> None:
        self.bot = bot

    async def cog_app_command_error(self, interaction: discord.Interaction, error: Exception) -> None:
        await reply_error(interaction, error)

    @group.command(name="import", description='Import a deck list ("3x Dark Magician" per line or ;)')
    @app_commands.describe(game="which game", name="a name for the deck", list="the deck list; ';' separates lines")
    @app_commands.autocomplete(game=game_autocomplete)
    async def import_deck(self, interaction: discord.Interaction, game: str, name: str, list: str) -> None:
        row = await self.bot.services.decks.import_deck(str(interaction.user.id), game, name, list)
        total = sum(len(codes) for codes in row.sections.values())
        await reply(interaction, f"Saved **{row.name}** for {row.game} ({total} cards).")

    @group.command(name="list", description="Your decks and the preconstructed ones")
    @app_commands.autocomplete(game=game_autocomplete)
    async def list_decks(self, interaction: discord.Interaction, game: str | None = None) -> None:
        listed = await self.bot.services.decks.list_decks(str(interaction.user.id), game)
        lines = [f"{g}: **{n}**" + (" (preconstructed)" if built_in else "") for g, n, built_in in listed]
        await reply(interaction, "\n".join(lines)[:1900] or "No decks yet: /deck import.")

    @group.command(name="show", description="Show a deck's cards")
    @app_commands.autocomplete(game=game_autocomplete, name=deck_autocomplete)
    async def show(self, interaction: discord.Interaction, game: str, name: str) -> None:
        text = await self.bot.services.decks.show(str(interaction.user.id), game, name)
        await reply(interaction, text[:1900])

    @group.command(name="delete", description="Delete one of your decks")
    @app_commands.autocomplete(game=game_autocomplete, name=deck_autocomplete)
    async def delete(self, interaction: discord.Interaction, game: str, name: str) -> None:
        await self.bot.services.decks.delete(str(interaction.user.id), game, name)
        await reply(interaction, f"Deleted **{name}**.")


async def setup(bot: TcgBot) -> None:
    await bot.add_cog(DecksCog(bot))
