"""`/rules ask|section`, and answers when the bot is mentioned with a question.

Context is kept per channel or thread; in a match thread, questions about "now" also list the
asker's current legal options (their own prompt only, so nothing hidden leaks).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs.common import reply, reply_error
from bot.cogs.matches.cog import game_autocomplete
from bot.services.errors import ServiceError
from bot.services.matches import seat_index

if TYPE_CHECKING:
    from bot.app import TcgBot
    from bot.services.rules import RulesReply


class RulesCog(commands.Cog):
    group = app_commands.Group(name="rules", description="Ask the rules assistant")

    def __init__(self, bot: TcgBot) -> None:
        self.bot = bot

    async def cog_app_command_error(self, interaction: discord.Interaction, error: Exception) -> None:
        await reply_error(interaction, error)

    async def answer(self, question: str, channel_id: int | None, user_id: int, game: str | None = None) -> RulesReply:
        """Answer with the channel's context; in a match thread, add the asker's options now."""
        match_game = None
        legal: list[str] | None = None
        if channel_id is not None:
            row = await self.bot.services.db.match_in_thread(str(channel_id))
            if row is not None and row.id is not None and row.status == "active":
                match_game = row.game
                _, state = await self.bot.services.matches.state(row.id)
                prompt = state.prompt() if state is not None else None
                seat = seat_index(row, str(user_id))
                mine = prompt is not None and seat is not None and prompt.player == seat
                legal = [option.label for option in prompt.options] if prompt is not None and mine else []
        try:
            return await self.bot.services.rules.ask(
                question,
                game=game,
                channel=str(channel_id) if channel_id else None,
                match_game=match_game,
                legal_now=legal,
            )
        except ValueError as exc:  # the rules service's RulesError: a message for the asker
            raise ServiceError(str(exc)) from exc

    @group.command(name="ask", description="Ask a rules question; the answer cites the rules sections")
    @app_commands.autocomplete(game=game_autocomplete)
    async def ask(self, interaction: discord.Interaction, question: str, game: str | None = None) -> None:
        await interaction.response.defer()
        answer = await self.answer(question, interaction.channel_id, interaction.user.id, game)
        await interaction.followup.send(answer.text[:1990])

    @group.command(name="section", description="Show one section of our rules reference")
    @app_commands.autocomplete(game=game_autocomplete)
    async def section(self, interaction: discord.Interaction, game: str, id: str) -> None:
        await reply(interaction, (await self.bot.services.rules.section(game, id))[:1990], ephemeral=False)

    @commands.Cog.listener()
    async def on_message(self, message: discord.Message) -> None:
        me = self.bot.user
        if message.author.bot or me is None or me not in message.mentions:
            return
        question = re.sub(rf"<@!?{me.id}>", " ", message.content).strip()
        if not question:
            await message.reply(
                "Ask me a rules question, e.g. “@me can I attack the turn I summon?”", mention_author=False
            )
            return
        try:
            answer = await self.answer(question, message.channel.id, message.author.id)
            text = answer.text
        except ServiceError as exc:
            text = str(exc)
        await message.reply(text[:1990], mention_author=False)


async def setup(bot: TcgBot) -> None:
    await bot.add_cog(RulesCog(bot))
