"""`/rules ask|section`, and answers when the bot is mentioned with a question.

Context is kept per channel or thread. In a match thread, questions about "now" also get the
asker's current legal options, which name cards in their hand or face down: the rule is posted in
the channel, the options only to the asker (an ephemeral follow-up of `/rules ask`; under a mention,
the "View my hand / decide" button, which shows whoever presses it their own hand and options).
"""

from __future__ import annotations

import re
from functools import partial
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_ui.common import reply, reply_error
from bot.discord_ui.matches import views
from bot.discord_ui.matches.cog import game_autocomplete
from bot.services.errors import ServiceError
from bot.services.matches import public_prompt, seat_index
from bot.services.why import why_not

if TYPE_CHECKING:
    from bot.app import TcgBot
    from bot.services.rules import Explain, RulesReply


class PickButton(discord.ui.DynamicItem[Any], template=r"tcg:rpick:(?P<n>[1-9])"):
    """One rule of a "did you mean": pressing it answers with that rule (the channel's pending
    question; after 30 minutes, or once picked, the choice has expired and the reply says so)."""

    def __init__(self, number: int, label: str = "") -> None:
        self.number = number
        text = f"{number}. {label}" if label else str(number)
        super().__init__(
            discord.ui.Button(label=text[:80], style=discord.ButtonStyle.secondary, custom_id=f"tcg:rpick:{number}")
        )

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any, match: re.Match[str]) -> PickButton:
        return cls(int(match["n"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        bot: TcgBot = interaction.client  # type: ignore[assignment]
        try:
            reply_ = await bot.services.rules.pick(str(interaction.channel_id), self.number)
        except ServiceError as exc:
            await reply_error(interaction, exc)
            return
        await interaction.response.send_message(reply_.text[:1990])


def pick_view(options: tuple[str, ...]) -> discord.ui.View | None:
    """Buttons for a "did you mean" (None when the reply offers no choice)."""
    if not options:
        return None
    view = discord.ui.View(timeout=None)
    for number, label in enumerate(options[:5], 1):
        view.add_item(PickButton(number, label))
    return view


class RulesCog(commands.Cog):
    group = app_commands.Group(name="rules", description="Ask the rules assistant")

    def __init__(self, bot: TcgBot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(PickButton)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(PickButton)

    async def cog_app_command_error(self, interaction: discord.Interaction, error: Exception) -> None:
        await reply_error(interaction, error)

    async def answer(
        self, question: str, channel_id: int | None, user_id: int, game: str | None = None
    ) -> tuple[RulesReply, int | None]:
        """Answer with the channel's context; in a match thread, add the asker's options now (the
        reply's private part) and say which match it is."""
        match_game, match_id = None, None
        legal: list[str] | None = None
        explain: Explain | None = None
        if channel_id is not None:
            row = await self.bot.services.db.match_in_thread(str(channel_id))
            if row is not None and row.id is not None and row.status == "active":
                match_game, match_id = row.game, row.id
                _, state = await self.bot.services.matches.state(row.id)
                seat = seat_index(row, str(user_id))
                prompt = public_prompt(row, state, seat) if state is not None and seat is not None else None
                legal = [option.label for option in prompt.options] if prompt is not None else []
                if state is not None and seat is not None:
                    explain = partial(_why_not, row.game, state, seat, prompt)
        try:
            answer = await self.bot.services.rules.ask(
                question,
                game=game,
                channel=str(channel_id) if channel_id else None,
                match_game=match_game,
                legal_now=legal,
                explain=explain,
            )
        except ValueError as exc:  # the rules service's RulesError: a message for the asker
            raise ServiceError(str(exc)) from exc
        return answer, match_id

    @group.command(name="ask", description="Ask a rules question; the answer cites the rules sections")
    @app_commands.autocomplete(game=game_autocomplete)
    async def ask(self, interaction: discord.Interaction, question: str, game: str | None = None) -> None:
        await interaction.response.defer()
        answer, _ = await self.answer(question, interaction.channel_id, interaction.user.id, game)
        view = pick_view(answer.options)
        await interaction.followup.send(answer.text[:1990], view=view or discord.utils.MISSING)
        if answer.private is not None:  # the first follow-up is the public answer; this one is the asker's
            await interaction.followup.send(answer.private[:1990], ephemeral=True)

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
        view: discord.ui.View | None = None
        try:
            answer, match_id = await self.answer(question, message.channel.id, message.author.id)
            text = answer.text
            view = pick_view(answer.options)
            if answer.private is not None and match_id is not None:
                text = f"{text[:1800]}\n\n{PRIVATE_OPTIONS_NOTE}"
                view = views.board_view(match_id)
        except ServiceError as exc:
            text = str(exc)
        await message.reply(text[:1990], mention_author=False, view=view or discord.utils.MISSING)


def _why_not(game: str, state: Any, seat: int, prompt: Any, question: str, name: str) -> str | None:
    return why_not(game, state, seat, question, name, prompt)


PRIVATE_OPTIONS_NOTE = "Your options right now name your own cards, so they are shown only to you: press the button."


async def setup(bot: TcgBot) -> None:
    await bot.add_cog(RulesCog(bot))
