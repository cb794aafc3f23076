"""`/match …` slash commands: parse, call the match service, hand the result to the UI."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_ui.common import reply, reply_error, services_of
from bot.discord_ui.matches import views
from bot.services.errors import ServiceError
from bot.services.games import get_game, list_games, options_text, parse_options, preconstructed
from bot.services.match_model import average_times
from bot.services.matches import MatchUpdate, Seat, public_prompt, result_text, seat_index, seats_of

if TYPE_CHECKING:
    from bot.app import TcgBot
    from bot.discord_ui.matches.ui import MatchUI

AI_LEVELS = ("easy", "normal", "hard", "random")  # engine.ai levels (see engine/ai/agents.py)


def seat_of(user: discord.abc.User) -> Seat:
    return Seat(str(user.id), user.display_name)


async def game_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    typed = current.casefold()
    return [
        app_commands.Choice(name=f"{info.name} ({info.id})"[:100], value=info.id)
        for info in list_games()
        if typed in info.id.casefold() or typed in info.name.casefold()
    ][:25]


async def deck_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    game = getattr(interaction.namespace, "game", None)
    if not game:
        return []
    try:
        listed = await services_of(interaction).decks.list_decks(str(interaction.user.id), game)
    except ServiceError:
        return []
    typed = current.casefold()
    return [
        app_commands.Choice(name=(name + (" (preconstructed)" if built_in else ""))[:100], value=name[:100])
        for _, name, built_in in listed
        if typed in name.casefold()
    ][:25]


class MatchesCog(commands.Cog):
    """Thin: each command checks its input, calls the service, renders through MatchUI."""

    group = app_commands.Group(name="match", description="Play matches: challenges, the AI, lobbies")

    def __init__(self, bot: TcgBot, ui: MatchUI) -> None:
        self.bot = bot
        self.ui = ui

    async def cog_app_command_error(self, interaction: discord.Interaction, error: Exception) -> None:
        await reply_error(interaction, error)

    def where(self, interaction: discord.Interaction) -> tuple[str | None, str | None]:
        """(guild id, channel id) of a command; a thread counts as its parent channel."""
        channel = interaction.channel
        parent = getattr(channel, "parent_id", None) if isinstance(channel, discord.Thread) else None
        guild = str(interaction.guild_id) if interaction.guild_id else None
        return guild, (str(parent or interaction.channel_id) if interaction.channel_id else None)

    async def clock_hours(self, interaction: discord.Interaction) -> float | None:
        if interaction.guild_id is None:
            return None
        config = await self.bot.services.db.guild_config(str(interaction.guild_id))
        return config.turn_clock_hours

    async def current_match(self, interaction: discord.Interaction, match_id: int | None) -> int:
        """The match named, else the one whose thread this is, else the user's only open match."""
        if match_id is not None:
            await self.ui.guard(interaction, match_id)
            return match_id
        db = self.bot.services.db
        if interaction.channel_id is not None:
            row = await db.match_in_thread(str(interaction.channel_id))
            if row is not None and row.id is not None:
                return row.id
        mine = await db.matches_for(str(interaction.user.id))
        if len(mine) == 1 and mine[0].id is not None:
            return mine[0].id
        raise ServiceError("Which match? Use this in the match thread or give `match:` (see /match list).")

    async def started(self, interaction: discord.Interaction, update: MatchUpdate) -> None:
        channel = await self.ui.publish(update)
        where = channel.mention if channel is not None else "this channel"
        await reply(
            interaction, f"Match #{update.row.id} ({get_game(update.row.game).name}) is on: {where}.", ephemeral=False
        )

    # ------------------------------------------------------------------ commands
    @group.command(name="challenge", description="Challenge someone to a match")
    @app_commands.describe(
        opponent="who you challenge",
        game="which game",
        deck="your deck (default: a starter)",
        options='match options, e.g. "duels=3" (see /match options)',
    )
    @app_commands.autocomplete(game=game_autocomplete, deck=deck_autocomplete)
    async def challenge(
        self,
        interaction: discord.Interaction,
        opponent: discord.User,
        game: str,
        deck: str | None = None,
        options: str | None = None,
    ) -> None:
        if opponent.bot:
            raise ServiceError("Bots cannot accept challenges; use /match ai to play the AI.")
        row = await self.bot.services.matches.challenge(
            game,
            seat_of(interaction.user),
            seat_of(opponent),
            deck,
            options=parse_options(get_game(game), options),
            clock_hours=await self.clock_hours(interaction),
            guild_id=self.where(interaction)[0],
            channel_id=self.where(interaction)[1],
        )
        await interaction.response.send_message(
            f"{opponent.mention}, {interaction.user.display_name} challenges you to {get_game(row.game).name} "
            f"(match #{row.id}). Accept with the button (your first preconstructed deck) or "
            f"`/match accept match:{row.id} deck:…`.",
            view=views.challenge_view(row.id or 0),
            allowed_mentions=discord.AllowedMentions(users=True),
        )

    @group.command(name="accept", description="Accept a challenge, choosing your deck")
    @app_commands.autocomplete(deck=deck_autocomplete)
    async def accept(self, interaction: discord.Interaction, match: int, deck: str | None = None) -> None:
        await interaction.response.defer()
        update = await self.bot.services.matches.respond(match, str(interaction.user.id), True, deck)
        await self.started(interaction, update)

    @group.command(name="ai", description="Play against the AI")
    @app_commands.describe(
        level="how strong the AI plays (default: normal)",
        players="seats in all (3-6 player games): you and players-1 AIs",
        levels="one level per AI seat instead, e.g. easy,normal,hard",
    )
    @app_commands.choices(level=[app_commands.Choice(name=name, value=name) for name in AI_LEVELS])
    @app_commands.autocomplete(game=game_autocomplete, deck=deck_autocomplete)
    async def ai(
        self,
        interaction: discord.Interaction,
        game: str,
        deck: str | None = None,
        level: str | None = None,
        options: str | None = None,
        players: app_commands.Range[int, 2, 6] = 2,
        levels: str | None = None,
    ) -> None:
        chosen = parse_options(get_game(game), options)
        await interaction.response.defer()
        update = await self.bot.services.matches.start_ai(
            game,
            seat_of(interaction.user),
            deck,
            levels or level,
            players=players,
            options=chosen,
            clock_hours=await self.clock_hours(interaction),
            guild_id=self.where(interaction)[0],
            channel_id=self.where(interaction)[1],
        )
        await self.started(interaction, update)

    @group.command(name="open", description="Open a lobby for a multiplayer game")
    @app_commands.autocomplete(game=game_autocomplete, deck=deck_autocomplete)
    async def open_lobby(
        self,
        interaction: discord.Interaction,
        game: str,
        players: app_commands.Range[int, 2, 6],
        deck: str | None = None,
        options: str | None = None,
    ) -> None:
        row = await self.bot.services.matches.open_lobby(
            game,
            seat_of(interaction.user),
            players,
            deck,
            options=parse_options(get_game(game), options),
            clock_hours=await self.clock_hours(interaction),
            guild_id=self.where(interaction)[0],
            channel_id=self.where(interaction)[1],
        )
        await interaction.response.send_message(
            f"Lobby #{row.id}: {get_game(row.game).name} for {players}. Join with the button or "
            f"`/match join match:{row.id}`; a seated player can fill a seat with an AI (Add AI).",
            view=views.lobby_view(row.id or 0),
        )
        message = await interaction.original_response()  # its Join button goes once the lobby is full
        row = await self.bot.services.matches.remember_lobby_message(row.id or 0, str(message.id))
        if row.status != "lobby":  # filled while the message was being recorded: close it now
            await self.ui.close_lobby(row, self.ui.started_where(row))

    @group.command(name="addai", description="Seat an AI player in a lobby you are in")
    @app_commands.describe(level="easy, normal (default) or hard")
    async def addai(self, interaction: discord.Interaction, match: int, level: str | None = None) -> None:
        await self.ui.add_ai(interaction, match, level)

    @group.command(name="join", description="Take a seat in a lobby")
    @app_commands.autocomplete(deck=deck_autocomplete)
    async def join(self, interaction: discord.Interaction, match: int, deck: str | None = None) -> None:
        await self.ui.join(interaction, match, deck)

    @group.command(name="play", description="Answer your current prompt by typing (for long option lists)")
    @app_commands.describe(choice="start typing an option", match="match number (default: this thread's)")
    async def play(self, interaction: discord.Interaction, choice: str, match: int | None = None) -> None:
        match_id = await self.current_match(interaction, match)
        await interaction.response.defer(ephemeral=True)
        async with self.ui.thinking(await self.bot.services.matches.row(match_id)):
            update = await self.bot.services.matches.choose(match_id, str(interaction.user.id), choice, by_label=True)
        seat = seat_index(update.row, str(interaction.user.id))
        content = "Done."
        if seat is not None and update.state is not None:
            content, _ = self.ui.private_parts(update.row, update.state, seat)
        await interaction.followup.send(content[:1900], ephemeral=True)
        await self.ui.publish(update)

    @play.autocomplete("choice")
    async def play_autocomplete(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        try:
            match_id = await self.current_match(interaction, getattr(interaction.namespace, "match", None))
            row, state = await self.bot.services.matches.state(match_id)
        except ServiceError:
            return []
        seat = seat_index(row, str(interaction.user.id))
        prompt = public_prompt(row, state, seat) if state is not None and seat is not None else None
        if prompt is None:
            return []  # only the player the prompt belongs to sees its options
        typed = current.casefold()
        return [
            app_commands.Choice(name=option.label[:100], value=option.id[:100])
            for option in prompt.options
            if typed in option.label.casefold()
        ][:25]

    @group.command(name="hand", description="See your hand and your decision (only you see it)")
    async def hand(self, interaction: discord.Interaction, match: int | None = None) -> None:
        await self.ui.show_hand(interaction, await self.current_match(interaction, match))

    @group.command(name="list", description="Your open matches")
    async def list_matches(self, interaction: discord.Interaction) -> None:
        rows = await self.bot.services.matches.list_for(str(interaction.user.id))
        lines = []
        for row in rows:
            names = " vs ".join(s.name for s in seats_of(row))
            turn = next((s.name for s in seats_of(row) if s.user == row.turn_user), None)
            waiting = f", waiting for {turn}" if turn else ""
            where = f" <#{row.thread_id}>" if row.thread_id else ""
            times = average_times(row)
            lines.append(
                f"#{row.id} {row.game}: {names} [{row.status}{waiting}]{where}" + (f" — {times}" if times else "")
            )
        await reply(interaction, "\n".join(lines) or "You have no open matches.")

    @group.command(name="concede", description="Concede a match")
    async def concede(self, interaction: discord.Interaction, match: int | None = None) -> None:
        match_id = await self.current_match(interaction, match)
        row = await self.bot.services.matches.row(match_id)
        if seat_index(row, str(interaction.user.id)) is None or row.status != "active":
            raise ServiceError(f"Match #{match_id} is not a match of yours in progress.")
        await reply(
            interaction,
            f"Concede match #{match_id}? You lose it. Press the button to concede; ignore this to keep playing.",
            view=views.concede_view(match_id),
        )

    @group.command(name="abort", description="Abort a match (every player agrees, or a moderator)")
    async def abort(self, interaction: discord.Interaction, match: int | None = None) -> None:
        match_id = await self.current_match(interaction, match)
        perms = getattr(interaction.user, "guild_permissions", None)
        moderator = bool(perms and (perms.manage_threads or perms.manage_guild))
        update = await self.bot.services.matches.abort(match_id, str(interaction.user.id), moderator=moderator)
        await reply(interaction, update.notice or result_text(update.row), ephemeral=False)
        if update.finished:
            await self.ui.publish(update)

    @group.command(name="undo", description="Take back your last decision, if the other players agree")
    @app_commands.describe(
        match="match number (default: this thread's)",
        answer="answer someone's request instead of asking",
    )
    @app_commands.choices(answer=[app_commands.Choice(name=n, value=n) for n in ("accept", "decline")])
    async def undo(self, interaction: discord.Interaction, match: int | None = None, answer: str | None = None) -> None:
        from bot.discord_ui.matches.undo import request_undo

        match_id = await self.current_match(interaction, match)
        if answer is None:
            await request_undo(self.ui, interaction, match_id)
            return
        outcome = await self.bot.services.matches.undo.answer(match_id, str(interaction.user.id), answer == "accept")
        undone = outcome.status == "undone"
        text = "Everyone agreed: taken back." if undone else outcome.update.notice
        await reply(interaction, text, ephemeral=not undone)
        if undone:
            await self.ui.publish(outcome.update)

    @group.command(name="rematch", description="Play a finished match again (seats swapped)")
    async def rematch(self, interaction: discord.Interaction, match: int | None = None) -> None:
        match_id = await self.current_match(interaction, match)
        await interaction.response.defer()
        result = await self.bot.services.matches.rematch(match_id, str(interaction.user.id))
        if isinstance(result, MatchUpdate):
            await self.started(interaction, result)
            return
        opponent = seats_of(result)[1]
        await interaction.followup.send(
            f"<@{opponent.user}>, rematch of #{match_id}: accept match #{result.id}?",
            view=views.challenge_view(result.id or 0),
        )

    @group.command(name="replay", description="Step through a finished match")
    async def replay(self, interaction: discord.Interaction, match: int, step: int = 0) -> None:
        await self.ui.replay(interaction, match, step, edit=False)

    @group.command(name="board", description="Show the public board again")
    async def board(self, interaction: discord.Interaction, match: int | None = None) -> None:
        row, state = await self.bot.services.matches.state(await self.current_match(interaction, match))
        embed, image = self.ui.board_parts(row, state)
        await interaction.response.send_message(embed=embed, file=image)

    @group.command(name="options", description="A game's match options (house rules, interpretations)")
    @app_commands.autocomplete(game=game_autocomplete)
    async def options(self, interaction: discord.Interaction, game: str) -> None:
        await reply(interaction, options_text(get_game(game))[:1990])

    @group.command(name="games", description="The games you can play")
    async def games(self, interaction: discord.Interaction) -> None:
        lines = []
        for info in list_games():
            decks = ", ".join(preconstructed(get_game(info.id))) or "none"
            lines.append(f"**{info.name}** (`{info.id}`, {info.min_players}-{info.max_players} players): {decks}")
        await reply(interaction, "\n".join(lines) or "No games installed.")
