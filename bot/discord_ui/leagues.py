"""`/league …`: sign-ups, rounds, results with confirmation buttons, standings, export.

Pod leagues (3-6 player games) report a pod's finishing order with `/league finish` (the other
players confirm with buttons), organizers settle it with `/league settle`, and `/league play`
says you are ready to play your pod here (it starts when the whole pod is ready).

Thin: every command parses, calls `LeagueService`, and renders text. Organizers are members
with the Manage Server permission or the server's configured organizer (moderator) role.
"""

from __future__ import annotations

import io
import re
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands, tasks

from bot.discord_ui.common import log, reply, reply_error
from bot.discord_ui.matches.cog import deck_autocomplete, game_autocomplete
from bot.discord_ui.matches.views import challenge_view
from bot.discord_ui.weblinks import league_link
from bot.render.leagues import league_summary, match_line, players_of, pod_line, result_line, standings_table
from bot.services.decks import deck_to_text
from bot.services.errors import ServiceError
from bot.services.games import get_game
from bot.services.leagues.export import csv_bytes, export_file_name
from bot.services.leagues.pod_service import parse_order, parse_points
from bot.services.leagues.service import names_of

if TYPE_CHECKING:
    from bot.app import TcgBot

FORMATS = [app_commands.Choice(name=f, value=f) for f in ("swiss", "round_robin", "ladder", "pods")]
POLICIES = [app_commands.Choice(name=p.replace("_", " "), value=p) for p in ("none", "double_loss", "draw")]
NO_MENTIONS = discord.AllowedMentions.none()


def answer_button(kind: str, target: int, accept: bool) -> discord.ui.Button[Any]:
    """A Confirm or Dispute button whose custom id carries what it answers (survives restarts)."""
    return discord.ui.Button(
        label="Confirm" if accept else "Dispute",
        style=discord.ButtonStyle.success if accept else discord.ButtonStyle.danger,
        custom_id=f"league:{kind}:{target}:{'y' if accept else 'n'}",
    )


class ConfirmButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"league:confirm:(?P<id>\d+):(?P<ok>[yn])"
):
    """Confirm or dispute a reported result; survives restarts (the custom id carries the data)."""

    def __init__(self, match_id: int, accept: bool) -> None:
        super().__init__(answer_button("confirm", match_id, accept))
        self.match_id = match_id
        self.accept = accept

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ConfirmButton:
        return cls(int(match["id"]), match["ok"] == "y")

    async def callback(self, interaction: discord.Interaction) -> None:
        bot: TcgBot = interaction.client  # type: ignore[assignment]
        try:
            row = await bot.services.leagues.confirm(self.match_id, str(interaction.user.id), self.accept)
        except ServiceError as exc:
            await reply(interaction, str(exc))
            return
        verdict = "confirmed" if row.status == "confirmed" else "disputed: the organizers will decide"
        await reply(
            interaction, f"League match #{row.id}: result {verdict}.", ephemeral=False, allowed_mentions=NO_MENTIONS
        )


class PodConfirmButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"league:pod:(?P<id>\d+):(?P<ok>[yn])"):
    """Confirm or dispute a pod's reported finishing order (a majority of the pod confirms it)."""

    def __init__(self, pod_id: int, accept: bool) -> None:
        super().__init__(answer_button("pod", pod_id, accept))
        self.pod_id = pod_id
        self.accept = accept

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> PodConfirmButton:
        return cls(int(match["id"]), match["ok"] == "y")

    async def callback(self, interaction: discord.Interaction) -> None:
        bot: TcgBot = interaction.client  # type: ignore[assignment]
        try:
            row = await bot.services.leagues.pods.confirm(
                self.pod_id, str(interaction.user.id), self.accept, is_organizer=await is_organizer(interaction, bot)
            )
        except ServiceError as exc:
            await reply(interaction, str(exc))
            return
        verdict = {
            "confirmed": "confirmed",
            "disputed": "disputed: the organizers will settle it",
            "reported": f"confirmed by {len(row.confirmed_by)} of {len(row.players)}; a majority confirms it",
        }[row.status]
        await reply(
            interaction, f"League pod #{row.id}: result {verdict}.", ephemeral=False, allowed_mentions=NO_MENTIONS
        )


def only_user(user: str | None) -> discord.AllowedMentions:
    """Mentions that can ping this one user and nobody else (never @everyone or roles)."""
    if user and user.isdigit():
        return discord.AllowedMentions(users=[discord.Object(int(user))], everyone=False, roles=False)
    return NO_MENTIONS


def only_users(users: list[str]) -> discord.AllowedMentions:
    """Mentions that can ping these users and nobody else."""
    ids = [discord.Object(int(u)) for u in users if u.isdigit()]
    return discord.AllowedMentions(users=ids, everyone=False, roles=False) if ids else NO_MENTIONS


def pings(users: list[str]) -> str:
    return " ".join(f"<@{u}>" for u in users if u.isdigit())


def confirm_view(match_id: int, button: type[ConfirmButton | PodConfirmButton] = ConfirmButton) -> discord.ui.View:
    """Confirm and Dispute buttons for a reported match (or, with PodConfirmButton, a pod)."""
    view = discord.ui.View(timeout=None)
    view.add_item(button(match_id, True))
    view.add_item(button(match_id, False))
    return view


async def is_organizer(interaction: discord.Interaction, bot: TcgBot) -> bool:
    member = interaction.user
    if isinstance(member, discord.Member):
        if member.guild_permissions.manage_guild:
            return True
        config = await bot.services.db.guild_config(str(interaction.guild_id))
        role = config.moderator_role
        return bool(role) and any(str(r.id) == role or r.name == role for r in member.roles)
    return False


def guild_of(interaction: discord.Interaction) -> str:
    if interaction.guild_id is None:
        raise ServiceError("Leagues live in a server: use this command in a server channel.")
    return str(interaction.guild_id)


class LeaguesCog(commands.Cog):
    group = app_commands.Group(name="league", description="Leagues: sign-ups, pairings, results and standings")
    round_group = app_commands.Group(name="round", description="League rounds", parent=group)

    def __init__(self, bot: TcgBot) -> None:
        self.bot = bot
        self.leagues = bot.services.leagues

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(ConfirmButton, PodConfirmButton)
        self.housekeeping.start()

    async def cog_unload(self) -> None:
        self.housekeeping.cancel()
        self.bot.remove_dynamic_items(ConfirmButton, PodConfirmButton)

    async def cog_app_command_error(self, interaction: discord.Interaction, error: Exception) -> None:
        await reply_error(interaction, error)

    @tasks.loop(minutes=5)
    async def housekeeping(self) -> None:
        """Confirm results whose confirmation time passed; remind before round ends; apply deadlines."""
        try:
            await self.leagues.auto_confirm()
            for league, matches in await self.leagues.due_reminders():
                players = sorted({p for m in matches for p in players_of(m)})
                await self.announce(
                    league.channel_id,
                    f"{pings(players)} round {league.current_round} of "
                    f"**{discord.utils.escape_markdown(league.name)}** ends "
                    f"<t:{int(self.leagues.deadline(league))}:R>: please play and report your match.",
                    only_users(players),
                )
            for league, resolved in await self.leagues.apply_deadlines():
                info = await self.leagues.info(league.guild_id, league.name)
                lines = "\n".join(result_line(m, names_of(info.entries)) for m in resolved)
                await self.announce(
                    league.channel_id,
                    f"Round {league.current_round} of **{discord.utils.escape_markdown(league.name)}** reached its "
                    f"deadline; unplayed matches ({league.deadline_policy.replace('_', ' ')}):\n{lines}",
                    NO_MENTIONS,
                )
        except Exception:  # a failed sweep is logged and retried next time
            log.exception("league housekeeping failed")

    @housekeeping.before_loop
    async def before_housekeeping(self) -> None:
        await self.bot.wait_until_ready()

    async def announce(self, channel_id: str, text: str, mentions: discord.AllowedMentions) -> None:
        channel = self.bot.get_channel(int(channel_id)) if channel_id.isdigit() else None
        if isinstance(channel, discord.abc.Messageable):
            await channel.send(text[:1900], allowed_mentions=mentions)

    async def league_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        if interaction.guild_id is None:
            return []
        typed = current.casefold()
        rows = await self.leagues.leagues(str(interaction.guild_id))
        return [app_commands.Choice(name=r.name[:100], value=r.name[:100]) for r in rows if typed in r.name.casefold()][
            :25
        ]

    @group.command(name="create", description="Create a league (organizers)")
    @app_commands.describe(
        round_length="hours per round",
        best_of="games per match",
        top_cut="players in the top cut (pods: the final table, 3-6)",
        deadline="what happens to matches unplayed at a round's end",
        pod_size="pods: players per pod",
        points="pods: points by finishing position, best first (default 3,2,1,0 for pods of 4)",
        small_pods="pods: allow pods of 2 rather than byes when the field can't be seated otherwise",
        allow_undo="players may take back a decision when their opponents agree (/match undo)",
    )
    @app_commands.choices(format=FORMATS, deadline=POLICIES)
    @app_commands.autocomplete(game=game_autocomplete)
    async def create(
        self,
        interaction: discord.Interaction,
        name: app_commands.Range[str, 1, 60],
        game: str,
        format: str = "swiss",
        rounds: app_commands.Range[int, 0, 30] = 0,
        best_of: app_commands.Range[int, 1, 5] = 3,
        round_length: app_commands.Range[float, 1, 1440] = 168.0,
        top_cut: app_commands.Range[int, 0, 8] = 0,
        deadline: str = "none",
        pod_size: app_commands.Range[int, 3, 5] = 4,
        points: app_commands.Range[str, 0, 40] = "",
        small_pods: bool = False,
        allow_undo: bool = False,
    ) -> None:
        row = await self.leagues.create(
            guild_of(interaction),
            str(interaction.user.id),
            name,
            game,
            format,
            rounds=rounds,
            best_of=best_of,
            round_length_hours=round_length,
            top_cut=top_cut,
            deadline_policy=deadline,
            channel_id=str(interaction.channel_id or ""),
            is_organizer=await is_organizer(interaction, self.bot),
            pod_size=pod_size,
            points=parse_points(points),
            small_pods=small_pods,
            allow_undo=allow_undo,
        )
        kind = f"pods of {row.pod_size}" if row.format == "pods" else row.format
        await reply(
            interaction,
            f"League **{discord.utils.escape_markdown(row.name)}** created ({row.game}, "
            f"{kind}). Players sign up with `/league join`.",
            ephemeral=False,
            allowed_mentions=NO_MENTIONS,
        )

    @group.command(name="join", description="Sign up with one of your decks (checked against the game's rules)")
    @app_commands.autocomplete(name=league_autocomplete, deck=deck_autocomplete)
    async def join(self, interaction: discord.Interaction, name: str, game: str, deck: str) -> None:
        league = await self.leagues.league(guild_of(interaction), name)
        if league.game != game:
            raise ServiceError(f"This league plays {league.game}, not {game}.")
        deck_name, sections = await self.bot.services.decks.resolve(str(interaction.user.id), league.game, deck)
        await self.leagues.join(
            league.guild_id, name, str(interaction.user.id), interaction.user.display_name, sections, deck_name
        )
        await reply(
            interaction,
            f"You are in **{discord.utils.escape_markdown(league.name)}** with "
            f"**{discord.utils.escape_markdown(deck_name)}** (hidden from opponents).",
        )

    @group.command(name="drop", description="Leave a league (your results stay)")
    @app_commands.autocomplete(name=league_autocomplete)
    async def drop(self, interaction: discord.Interaction, name: str) -> None:
        await self.leagues.drop(guild_of(interaction), name, str(interaction.user.id))
        await reply(interaction, "You dropped from the league.")

    @group.command(name="start", description="Close sign-ups and pair round 1 (organizers)")
    @app_commands.autocomplete(name=league_autocomplete)
    async def start(self, interaction: discord.Interaction, name: str) -> None:
        info = await self.leagues.start(
            guild_of(interaction), name, is_organizer=await is_organizer(interaction, self.bot)
        )
        await reply(interaction, league_summary(info), ephemeral=False, allowed_mentions=NO_MENTIONS)

    @round_group.command(name="next", description="Pair the next round (organizers)")
    @app_commands.autocomplete(name=league_autocomplete)
    async def next_round(self, interaction: discord.Interaction, name: str, force: bool = False) -> None:
        info = await self.leagues.next_round(
            guild_of(interaction), name, is_organizer=await is_organizer(interaction, self.bot), force=force
        )
        await reply(interaction, league_summary(info), ephemeral=False, allowed_mentions=NO_MENTIONS)

    @group.command(name="info", description="A league's settings, round and pairings")
    @app_commands.autocomplete(name=league_autocomplete)
    async def info(self, interaction: discord.Interaction, name: str) -> None:
        info = await self.leagues.info(guild_of(interaction), name)
        await reply(interaction, league_summary(info), **league_link(self.bot, info.league.id))

    @group.command(name="standings", description="Standings with tiebreakers (or ladder ratings)")
    @app_commands.autocomplete(name=league_autocomplete)
    async def standings(self, interaction: discord.Interaction, name: str, public: bool = False) -> None:
        info = await self.leagues.info(guild_of(interaction), name)
        if info.league.format == "ladder":
            text = standings_table(info, ratings=await self.leagues.ratings(info.league.guild_id, name))
        elif info.is_pods:
            text = standings_table(info, pod_rows=await self.leagues.pod_standings(info.league.guild_id, name))
        else:
            text = standings_table(info, rows=await self.leagues.standings(info.league.guild_id, name))
        link = league_link(self.bot, info.league.id)
        await reply(interaction, text, ephemeral=not public, allowed_mentions=NO_MENTIONS, **link)

    @group.command(name="export", description="Standings and matches as a CSV file")
    @app_commands.autocomplete(name=league_autocomplete)
    async def export(self, interaction: discord.Interaction, name: str) -> None:
        text = await self.leagues.export_csv(guild_of(interaction), name)
        file = discord.File(io.BytesIO(csv_bytes(text)), filename=export_file_name(name))
        await reply(interaction, "Here is the export.", file=file)

    @group.command(name="report", description="Report your match result (your opponent confirms)")
    @app_commands.autocomplete(name=league_autocomplete)
    async def report(
        self,
        interaction: discord.Interaction,
        name: str,
        won: app_commands.Range[int, 0, 5],
        lost: app_commands.Range[int, 0, 5],
        draws: app_commands.Range[int, 0, 5] = 0,
    ) -> None:
        user = str(interaction.user.id)
        match = await self.leagues.match_for(guild_of(interaction), name, user)
        row = await self.leagues.report(match.id or 0, user, won, lost, draws)
        opponent = row.player_b if user == row.player_a else row.player_a
        await reply(
            interaction,
            f"<@{opponent}>: {interaction.user.display_name} reports {match_line(row)}. Confirm or dispute:",
            ephemeral=False,
            view=confirm_view(row.id or 0),
            allowed_mentions=only_user(opponent),
        )

    @group.command(name="edit", description="Set a match result, keeping its history (organizers)")
    @app_commands.autocomplete(name=league_autocomplete)
    async def edit(
        self,
        interaction: discord.Interaction,
        name: str,
        match: int,
        games_a: app_commands.Range[int, 0, 5],
        games_b: app_commands.Range[int, 0, 5],
        reason: app_commands.Range[str, 1, 200],
        draws: app_commands.Range[int, 0, 5] = 0,
    ) -> None:
        await self.leagues.league(guild_of(interaction), name)
        row = await self.leagues.edit(
            match,
            str(interaction.user.id),
            games_a,
            games_b,
            draws,
            reason,
            is_organizer=await is_organizer(interaction, self.bot),
        )
        await reply(interaction, f"Match #{row.id} set to {match_line(row)}.", allowed_mentions=NO_MENTIONS)

    @group.command(name="finish", description="Pods: report your pod's finishing order (the others confirm)")
    @app_commands.describe(order="best first, e.g. @Ana > @Bo = @Cy > @Di (= for a tie)")
    @app_commands.autocomplete(name=league_autocomplete)
    async def finish(self, interaction: discord.Interaction, name: str, order: app_commands.Range[str, 1, 400]) -> None:
        user = str(interaction.user.id)
        info = await self.leagues.info(guild_of(interaction), name)
        pod = self.leagues.pods.pod_for(info, user)
        names = names_of(info.entries)
        row = await self.leagues.pods.report(pod.id or 0, user, parse_order(order, pod.players, names))
        others = [p for p in row.players if p != user]
        await reply(
            interaction,
            f"{pings(others)}: {interaction.user.display_name} reports {pod_line(row, names)}. "
            "Confirm or dispute (a majority of the pod confirms it):",
            ephemeral=False,
            view=confirm_view(row.id or 0, PodConfirmButton),
            allowed_mentions=only_users(others),
        )

    @group.command(name="settle", description="Pods: set a pod's finishing order, keeping its history (organizers)")
    @app_commands.describe(pod="the pod's number", order="best first, e.g. @Ana > @Bo = @Cy > @Di")
    @app_commands.autocomplete(name=league_autocomplete)
    async def settle(
        self,
        interaction: discord.Interaction,
        name: str,
        pod: int,
        order: app_commands.Range[str, 1, 400],
        reason: app_commands.Range[str, 1, 200],
    ) -> None:
        info = await self.leagues.info(guild_of(interaction), name)
        target = next((p for p in info.pods if p.id == pod), None)
        if target is None:
            raise ServiceError(f"League {name} has no pod #{pod}.")
        names = names_of(info.entries)
        row = await self.leagues.pods.settle(
            pod,
            str(interaction.user.id),
            parse_order(order, target.players, names),
            reason,
            is_organizer=await is_organizer(interaction, self.bot),
        )
        await reply(interaction, f"Pod set to {pod_line(row, names)}.", ephemeral=False, allowed_mentions=NO_MENTIONS)

    @group.command(name="play", description="Play your league match here; its result counts by itself")
    @app_commands.autocomplete(name=league_autocomplete)
    async def play(self, interaction: discord.Interaction, name: str) -> None:
        league = await self.leagues.league(guild_of(interaction), name)
        if league.format == "pods":
            await self.play_pod(interaction, name)
            return
        row = await self.leagues.play(
            guild_of(interaction),
            name,
            str(interaction.user.id),
            self.bot.services.matches,
            channel_id=str(interaction.channel_id) if interaction.channel_id else None,
        )
        opponent = row.seats[1]["user"]
        if opponent == str(interaction.user.id):  # the opponent offered first: point to their offer
            await reply(
                interaction,
                f"{row.seats[0]['name']} already offered your league match (match #{row.id}): accept it here.",
                view=challenge_view(row.id or 0),
            )
            return
        await reply(
            interaction,
            f"<@{opponent}>: {interaction.user.display_name} is ready to play your league match of "
            f"**{discord.utils.escape_markdown(name)}** with your league decks (match #{row.id}). "
            "Accept with the button; the result counts for the league by itself.",
            ephemeral=False,
            view=challenge_view(row.id or 0),
            allowed_mentions=only_user(opponent),
        )

    async def play_pod(self, interaction: discord.Interaction, name: str) -> None:
        await interaction.response.defer()
        pod, update = await self.leagues.play_pod(
            guild_of(interaction),
            name,
            str(interaction.user.id),
            self.bot.services.matches,
            channel_id=str(interaction.channel_id) if interaction.channel_id else None,
        )
        if update is None:
            waiting = [p for p in pod.players if p not in pod.ready]
            await reply(
                interaction,
                f"{pings(waiting)}: {interaction.user.display_name} is ready to play your pod #{pod.id} of "
                f"**{discord.utils.escape_markdown(name)}** here ({len(pod.ready)}/{len(pod.players)} ready). "
                f"Use `/league play name:{name}` too; the match starts when the whole pod is ready.",
                ephemeral=False,
                allowed_mentions=only_users(waiting),
            )
            return
        ui = getattr(self.bot, "match_ui", None)
        channel = await ui.publish(update) if ui is not None else None
        where = channel.mention if channel is not None else "this channel"
        await reply(
            interaction,
            f"The whole pod #{pod.id} is ready: match #{update.row.id} is on, {where}, with your league decks. "
            "Its finishing order counts for the league by itself.",
            ephemeral=False,
            allowed_mentions=NO_MENTIONS,
        )

    @group.command(name="challenge", description="Ladder: challenge another player")
    @app_commands.autocomplete(name=league_autocomplete)
    async def challenge(self, interaction: discord.Interaction, name: str, opponent: discord.User) -> None:
        row = await self.leagues.challenge(guild_of(interaction), name, str(interaction.user.id), str(opponent.id))
        await reply(
            interaction,
            f"{interaction.user.display_name} challenges {opponent.display_name} "
            f"(league match #{row.id}). Play it, then `/league report`.",
            ephemeral=False,
            allowed_mentions=NO_MENTIONS,
        )

    @group.command(name="deck", description="See a player's league deck (yours, or all once published)")
    @app_commands.autocomplete(name=league_autocomplete)
    async def deck(self, interaction: discord.Interaction, name: str, player: discord.User) -> None:
        entry = await self.leagues.deck_of(
            guild_of(interaction),
            name,
            str(interaction.user.id),
            str(player.id),
            is_organizer=await is_organizer(interaction, self.bot),
        )
        league = await self.leagues.league(guild_of(interaction), name)
        title = discord.utils.escape_markdown(entry.deck_name or "deck")
        text = deck_to_text(get_game(league.game), entry.deck)
        await reply(interaction, f"**{title}** ({discord.utils.escape_markdown(entry.name)})\n{text}"[:1900])

    @group.command(name="publish", description="Publish every deck list (organizers)")
    @app_commands.autocomplete(name=league_autocomplete)
    async def publish(self, interaction: discord.Interaction, name: str) -> None:
        await self.leagues.publish_decklists(
            guild_of(interaction), name, is_organizer=await is_organizer(interaction, self.bot)
        )
        await reply(interaction, "Deck lists are now public.", ephemeral=False)


async def setup(bot: TcgBot) -> None:
    await bot.add_cog(LeaguesCog(bot))
