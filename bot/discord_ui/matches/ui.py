"""Match screens in Discord: the public board in the match thread, the private hand and prompt
(ephemeral only), challenge answers, paging through long option lists, replays.

Public messages are drawn from the spectator view; a player's hand and options are only ever
sent as ephemeral replies to that player's own click or command.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import io
import logging
import time
from collections import OrderedDict
from collections.abc import AsyncIterator
from typing import TYPE_CHECKING, Any

import discord

from bot.discord_ui.common import reply
from bot.discord_ui.matches import views
from bot.discord_ui.matches.story import MatchStory
from bot.discord_ui.weblinks import match_url
from bot.render.embeds import board_embed
from bot.render.image import board_png
from bot.render.labels import detail, fit_labels
from bot.render.model import build_board, name_players
from bot.render.text import hand_text
from bot.services.errors import NotYourTurnError, ServiceError, StaleChoiceError
from bot.services.games import get_game
from bot.services.match_model import average_times, decision_for, early_seats, mine_view, step_of
from bot.services.matches import (
    MatchService,
    MatchUpdate,
    reached_early,
    result_text,
    seat_index,
    seats_of,
)
from bot.services.simultaneous import in_simultaneous_step

if TYPE_CHECKING:
    from bot.app import TcgBot
    from bot.persistence import MatchRow
    from engine.core.prompt import Prompt
    from engine.core.state import State

log = logging.getLogger("tcgtable.bot.matches")
PING_COOLDOWN = 600.0
"""Seconds during which a player who was pinged for a match isn't pinged again for it."""
PAGE_SIZE = 25  # Discord's select-menu limit
MAX_BUTTONS = 20  # up to 4 rows of 5 buttons; the last row is kept for paging and filters
IMAGE_NAME = "board.png"
BUTTON_LABEL = 80  # Discord's limit on a button label
SELECT_LABEL = 100  # ... and on a select option's label (its description line takes 100 more)
Channel = discord.TextChannel | discord.Thread
EARLY_NOTE = "Everyone decides this at once: your answer stays secret until all have chosen."


MAX_REPLY = 1990
UPLOAD_MEMORY = 2000
"""Matches whose last uploaded board image is remembered (to skip identical re-uploads)."""


def times_note(row: MatchRow) -> str:
    """ " (average decision: Ana 12 s, Bo 3 min)" for a match summary, or ""."""
    times = average_times(row)
    return f" ({times})" if times else ""


def image_digest(image: discord.File) -> str:
    """SHA-256 of a file about to be uploaded (its stream is left at the start)."""
    stream = image.fp
    stream.seek(0)
    digest = hashlib.sha256(stream.read()).hexdigest()
    stream.seek(0)
    return digest


PRIVATE_LIMIT = 1900
"""A private reply's length: Discord's 2000 less room for a notice in front."""


def fit_reply(body: str, question: str, limit: int) -> str:
    """`body` then `question`, within `limit` characters: the body is cut at a line end (saying how
    many lines are left out), the question never is.

    >>> fit_reply("\\n".join(f"card {n}" for n in range(9)), "Take which?", 40)
    'card 0\\n… 8 more lines\\nTake which?'
    """
    if len(body) + 1 + len(question) <= limit:
        return f"{body}\n{question}"
    lines = body.split("\n")
    kept: list[str] = []
    used = len(question) + 1
    for n, line in enumerate(lines):
        note = f"… {len(lines) - n} more lines"
        if used + len(line) + 1 + len(note) + 1 > limit:
            return "\n".join([*kept, note, question]) if used + len(note) + 1 <= limit else question[:limit]
        kept.append(line)
        used += len(line) + 1
    return "\n".join([*kept, question])


class MatchUI:
    """Screens and flows; every game rule stays in the engine and every write in the service."""

    def __init__(self, bot: TcgBot) -> None:
        self.bot = bot
        self._pinged: dict[tuple[int, str], float] = {}  # (match, player) -> when they were last pinged
        self.story = MatchStory()
        self._uploaded: OrderedDict[int, tuple[str, str]] = OrderedDict()
        """match -> (board message, SHA-256 of the image it shows), the most recent `UPLOAD_MEMORY`."""

    def _remember_upload(self, match_id: int, message_id: str, digest: str) -> None:
        self._uploaded[match_id] = (message_id, digest)
        self._uploaded.move_to_end(match_id)
        while len(self._uploaded) > UPLOAD_MEMORY:
            self._uploaded.popitem(last=False)

    def should_ping(self, match_id: int, user: str, at: float | None = None) -> bool:
        """Ping a player whose decision it is at most once per `PING_COOLDOWN`: a battle's response
        windows hand the decision back and forth within seconds, and a player who was just pinged is
        at the table. A match that waits longer is covered by the turn clock's reminder."""
        at = time.monotonic() if at is None else at
        last = self._pinged.get((match_id, user))
        if last is not None and at - last < PING_COOLDOWN:
            return False
        self._pinged[(match_id, user)] = at
        return True

    @property
    def matches(self) -> MatchService:
        return self.bot.services.matches

    # ------------------------------------------------------------------ rendering
    def board_parts(
        self, row: MatchRow, state: State | None, *, title: str | None = None, view: dict[str, Any] | None = None
    ) -> tuple[discord.Embed, discord.File]:
        """Embed and image of the public board (spectator view unless a replay view is given)."""
        names = [s.name for s in seats_of(row)]
        if view is not None:
            public = view
        elif state is not None:
            public = self.matches.public_view(row, state)  # as a simultaneous step began, until all chose
        else:
            raise ServiceError(f"Match #{row.id} has no board yet.")
        board = build_board(get_game(row.game), public, names, title=title or self.title(row))
        if row.status in ("finished", "aborted") and view is None:
            board.status = result_text(row)
        embed = board_embed(board, finished=row.status != "active", image_name=IMAGE_NAME)
        return embed, discord.File(io.BytesIO(board_png(board)), filename=IMAGE_NAME)

    def title(self, row: MatchRow) -> str:
        names = " vs ".join(s.name for s in seats_of(row))
        return f"Match #{row.id} · {get_game(row.game).name} · {names}"

    def private_parts(
        self, row: MatchRow, state: State, seat: int, *, page: int = 0, group: str = ""
    ) -> tuple[str, discord.ui.View | None]:
        """The player's hand and, when the prompt is theirs, its options as buttons or a menu."""
        names = [s.name for s in seats_of(row)]
        pending = state.prompt()
        decision = decision_for(row, state, seat)
        content = hand_text(get_game(row.game), mine_view(row, state, seat, decision), names)
        if row.status != "active" or pending is None or decision is None:
            waiting = names[pending.player] if pending is not None and row.status == "active" else None
            tail = f"\nWaiting for {waiting}." if waiting else f"\n{result_text(row)}" if row.status != "active" else ""
            return content + tail, None
        prompt = decision.prompt
        rule = f" (rule {prompt.rule})" if prompt.rule else ""
        question = f"**{name_players(prompt.text, names)}**{rule}"
        if decision.early:
            question += f"\n{EARLY_NOTE}"
        view = self.prompt_view(row, prompt, names, page=page, group=group, step=decision.step)
        return fit_reply(content, question, PRIVATE_LIMIT), view

    def prompt_view(
        self, row: MatchRow, prompt: Prompt, names: list[str], *, page: int, group: str, step: int | None = None
    ) -> discord.ui.View:
        """Buttons for short prompts; a paged select menu with group filters for long ones. The
        buttons carry `step` (default: the choices made so far) so a stale click is recognised."""
        assert row.id is not None
        step = step_of(row) if step is None else step
        view = discord.ui.View(timeout=None)
        indexed = list(enumerate(prompt.options))
        full = [name_players(option.label, names) for option in prompt.options]
        if len(indexed) <= MAX_BUTTONS:
            for (index, option), label in zip(indexed, fit_labels(full, BUTTON_LABEL), strict=True):
                style = discord.ButtonStyle.secondary if option.group == "pass" else discord.ButtonStyle.primary
                view.add_item(views.OptionButton(row.id, step, index, label, style))
            return view
        groups = sorted({o.group for o in prompt.options if o.group})
        shown = [(i, o) for i, o in indexed if not group or o.group[:20] == group]
        pages = max(1, -(-len(shown) // PAGE_SIZE))
        page = max(0, min(page, pages - 1))
        chunk = shown[page * PAGE_SIZE : (page + 1) * PAGE_SIZE]
        labels = fit_labels([full[i] for i, _ in chunk], SELECT_LABEL)
        options = [
            discord.SelectOption(label=label, value=str(i), description=detail(full[i], label))
            for (i, _), label in zip(chunk, labels, strict=True)
        ]
        view.add_item(views.OptionSelect(row.id, step, group, options))
        if page > 0:
            view.add_item(views.PageButton(row.id, step, page - 1, group, f"◀ Page {page}"))
        if page + 1 < pages:
            view.add_item(views.PageButton(row.id, step, page + 1, group, f"Page {page + 2} ▶"))
        for name in (["", *groups])[:4] if len(groups) > 1 else []:
            if name != group:
                view.add_item(views.PageButton(row.id, step, 0, name[:20], f"Show {name or 'all'}"))
        return view

    # ------------------------------------------------------------------ public board
    async def channel_for(self, row: MatchRow) -> Channel | None:
        """The match thread (created on first use in a text channel), else the channel itself."""
        assert row.id is not None
        for raw in (row.thread_id, row.channel_id):
            if not raw:
                continue
            channel = self.bot.get_channel(int(raw))
            if channel is None:
                try:
                    channel = await self.bot.fetch_channel(int(raw))
                except discord.HTTPException:
                    continue
            if raw == row.thread_id and isinstance(channel, discord.Thread):
                return channel
            if isinstance(channel, discord.TextChannel):
                try:
                    thread = await channel.create_thread(
                        name=self.title(row)[:100],
                        type=discord.ChannelType.public_thread,
                        auto_archive_duration=10080,
                    )
                except discord.HTTPException as exc:
                    log.warning("cannot open a thread for match %s: %s", row.id, exc)
                    return channel
                await self.matches.set_location(row.id, thread_id=str(thread.id))
                row.thread_id = str(thread.id)
                return thread
            if isinstance(channel, discord.Thread):
                return channel
        return None

    @contextlib.asynccontextmanager
    async def thinking(self, row: MatchRow) -> AsyncIterator[None]:
        """Show "tcgtable is typing…" in the match thread while AI seats may be thinking."""
        async with contextlib.AsyncExitStack() as stack:
            channel = await self.channel_for(row) if any(seat.ai for seat in seats_of(row)) else None
            if channel is not None:
                try:
                    await stack.enter_async_context(channel.typing())
                except discord.HTTPException as exc:  # an indicator is never worth failing a move
                    log.info("no typing indicator for match %s: %s", row.id, exc)
            yield

    async def publish(self, update: MatchUpdate) -> Channel | None:
        """Edit (or post) the public board in the match thread; ping whoever must decide next."""
        row = update.row
        if row.id is None or not row.decks:
            return None
        channel = await self.channel_for(row)
        if channel is None:
            return None
        state = update.state or self.matches.load_state(row)
        embed, image = await asyncio.to_thread(self.board_parts, row, state)  # Pillow off the loop
        board = views.board_view(row.id, finished=update.finished, web_url=match_url(self.bot, row.id))
        message: discord.Message | None = None
        if row.board_message_id:
            digest = image_digest(image)
            same = self._uploaded.get(row.id) == (row.board_message_id, digest)
            try:
                target = channel.get_partial_message(int(row.board_message_id))
                if same:  # the message keeps its image: no byte-identical re-upload
                    message = await target.edit(embed=embed, view=board)
                else:
                    message = await target.edit(embed=embed, attachments=[image], view=board)
                    self._remember_upload(row.id, row.board_message_id, digest)
            except discord.HTTPException:
                message = None
                embed, image = await asyncio.to_thread(self.board_parts, row, state)  # Pillow off the loop
        if message is None:
            message = await channel.send(embed=embed, file=image, view=board)
            await self.matches.set_location(row.id, board_message_id=str(message.id))
            self._remember_upload(row.id, str(message.id), image_digest(image))
        await self.story.tell(channel, update)
        turn = update.turn_seat
        if update.finished:
            await channel.send(
                f"Match #{row.id} is over: {result_text(row)}{times_note(row)} "
                f"Use `/match rematch {row.id}` to play again."
            )
        elif update.turn_changed and turn is not None and turn.ai is None and self.should_ping(row.id, turn.user):
            await channel.send(
                f"<@{turn.user}>, your decision in match #{row.id}: press **View my hand / decide**.",
                allowed_mentions=discord.AllowedMentions(users=True),
            )
        if not update.finished and in_simultaneous_step(state):
            seats = seats_of(row)
            early = [seats[s].user for s in early_seats(row, state) if self.should_ping(row.id, seats[s].user)]
            if early:
                await channel.send(
                    " ".join(f"<@{user}>" for user in early)
                    + f": everyone decides at once in match #{row.id} (your answer stays secret until all have"
                    " chosen): press **View my hand / decide**.",
                    allowed_mentions=discord.AllowedMentions(users=True),
                )
        return channel

    async def guard(self, interaction: discord.Interaction, match_id: int) -> None:
        """Refuse another server's match to anyone who does not play in it (ids are guessable)."""
        guild = str(interaction.guild_id) if interaction.guild_id else None
        await self.matches.row_in(match_id, str(interaction.user.id), guild)

    # ------------------------------------------------------------------ private screens
    async def show_hand(self, interaction: discord.Interaction, match_id: int) -> None:
        await self.guard(interaction, match_id)
        row, state = await self.matches.state(match_id)
        seat = seat_index(row, str(interaction.user.id))
        if seat is None:
            raise NotYourTurnError("You are not playing in this match, so there is no hand to show; enjoy watching!")
        if state is None:
            raise ServiceError(f"Match #{match_id} has not started yet.")
        content, view = self.private_parts(row, state, seat)
        await interaction.response.send_message(content, view=view or discord.utils.MISSING, ephemeral=True)

    async def show_page(
        self, interaction: discord.Interaction, match_id: int, step: int, page: int, group: str
    ) -> None:
        await self.guard(interaction, match_id)
        row, state = await self.matches.state(match_id)
        seat = seat_index(row, str(interaction.user.id))
        if seat is None or state is None:
            raise NotYourTurnError("These options belong to another player.")
        decision = decision_for(row, state, seat)
        if decision is None or decision.step != step:
            raise StaleChoiceError("That prompt was already answered; press View my hand for the current one.")
        content, view = self.private_parts(row, state, seat, page=page, group=group)
        await interaction.response.edit_message(content=content, view=view)

    async def choose(self, interaction: discord.Interaction, match_id: int, step: int, index: int) -> None:
        """A click on an option; a stale or double click gets the player's current prompt, with its
        buttons, under the reason (not the reason alone)."""
        try:
            await self._choose(interaction, match_id, step, index)
        except StaleChoiceError as exc:
            await self.show_current(interaction, match_id, str(exc))

    async def show_current(self, interaction: discord.Interaction, match_id: int, why: str) -> None:
        """`why` and, for a player of the match, their hand and current prompt (privately)."""
        row, state = await self.matches.state(match_id)
        seat = seat_index(row, str(interaction.user.id))
        if seat is None or state is None or row.status != "active":
            await reply(interaction, why)
            return
        content, view = self.private_parts(row, state, seat)
        text = f"{why.split(';')[0]}. Here is where you are now:\n{content}"
        if len(text) > MAX_REPLY:
            text = text[: MAX_REPLY - 1] + "…"
        await reply(interaction, text, view=view or discord.utils.MISSING)

    async def _choose(self, interaction: discord.Interaction, match_id: int, step: int, index: int) -> None:
        """A click on an option: checked (player, prompt still open), persisted, then the board updated."""
        await self.guard(interaction, match_id)
        user = str(interaction.user.id)
        row, state = await self.matches.state(match_id)
        if state is None or row.status != "active":
            raise StaleChoiceError(f"Match #{match_id} is not in progress.")
        seat = seat_index(row, user)
        prompt = state.prompt()
        decision = decision_for(row, state, seat)  # the buttons were numbered in the order shown
        if seat is not None and step >= 0 and step_of(row) != step:
            raise StaleChoiceError("That prompt was already answered; press View my hand for the current one.")
        if seat is None or decision is None or (step >= 0 and decision.early):
            waiting = seats_of(row)[prompt.player].name if prompt is not None else "nobody"
            raise NotYourTurnError(f"Sorry, this decision is not yours: match #{match_id} is waiting for {waiting}.")
        reached = step < 0 and not decision.early and reached_early(row, state, seat)  # shown early, now real
        if decision.step != step and not reached:
            raise StaleChoiceError("That prompt was already answered; press View my hand for the current one.")
        if not 0 <= index < len(decision.prompt.options):
            raise StaleChoiceError("That option is no longer on offer; press View my hand for the current prompt.")
        await interaction.response.defer()
        async with self.thinking(row):
            update = await self.matches.choose(match_id, user, decision.prompt.options[index].id, expected_step=step)
        content, view = self.private_parts(update.row, update.state or state, seat)
        await interaction.edit_original_response(content=content, view=view)
        await self.publish(update)

    # ------------------------------------------------------------------ starting and joining
    async def answer_challenge(
        self, interaction: discord.Interaction, match_id: int, accept: bool, deck: str | None = None
    ) -> None:
        await self.guard(interaction, match_id)
        row = await self.matches.row(match_id)
        if seat_index(row, str(interaction.user.id)) != 1:
            raise NotYourTurnError("Only the challenged player can answer this challenge.")
        await interaction.response.defer()
        update = await self.matches.respond(match_id, str(interaction.user.id), accept, deck)
        if not accept:
            await interaction.edit_original_response(content=f"Match #{match_id}: challenge declined.", view=None)
            return
        channel = await self.publish(update)
        where = channel.mention if channel is not None else "this channel"
        await interaction.edit_original_response(
            content=f"Match #{match_id} accepted! The board is in {where}.", view=None
        )

    async def join(self, interaction: discord.Interaction, match_id: int, deck: str | None) -> None:
        from bot.services.matches import Seat

        await self.guard(interaction, match_id)
        user = interaction.user
        await interaction.response.defer()
        update = await self.matches.join(match_id, Seat(str(user.id), user.display_name), deck)
        await self.seated(interaction, match_id, update)

    async def add_ai(self, interaction: discord.Interaction, match_id: int, level: str | None) -> None:
        """A lobby player seats an AI; the match starts when that fills the lobby."""
        await self.guard(interaction, match_id)
        await interaction.response.defer()
        update = await self.matches.add_ai(match_id, str(interaction.user.id), level)
        await self.seated(interaction, match_id, update)

    async def seated(self, interaction: discord.Interaction, match_id: int, update: MatchUpdate) -> None:
        """After a seat was taken: the lobby's count, or the match started and the lobby closed."""
        if update.row.status == "lobby":
            await interaction.followup.send(update.notice)
            return
        channel = await self.publish(update)
        where = channel.mention if channel is not None else "this channel"
        await interaction.followup.send(f"Match #{match_id} is full and starts now in {where}.")
        await self.close_lobby(update.row, where)

    @staticmethod
    def started_where(row: MatchRow) -> str:
        """Where a started match is played, as a channel mention."""
        place = row.thread_id or row.channel_id
        return f"<#{place}>" if place else "this channel"

    async def close_lobby(self, row: MatchRow, where: str) -> None:
        """The lobby message loses its Join button once the match has started (the row is read again:
        the lobby message may have been recorded after `row` was loaded)."""
        if row.id is not None:
            row = await self.matches.row(row.id)
        lobby_message, channel_id = row.meta.get("lobby_message"), row.channel_id
        if not lobby_message or not channel_id:
            return
        channel = self.bot.get_channel(int(channel_id))
        if channel is None or not hasattr(channel, "get_partial_message"):
            return
        text = f"Lobby #{row.id} is full: the match started in {where}."
        try:
            await channel.get_partial_message(int(lobby_message)).edit(content=text, view=None)
        except discord.HTTPException as exc:  # deleted by a moderator, or no permission: the match goes on
            log.info("lobby message of match %s not updated: %s", row.id, exc)

    # ------------------------------------------------------------------ replays
    async def replay(self, interaction: discord.Interaction, match_id: int, step: int, *, edit: bool) -> None:
        await self.guard(interaction, match_id)
        row, view, at = await self.matches.replay_view(match_id, step)
        total = len(row.choices)
        embed, image = self.board_parts(row, None, view=view, title=f"Replay of match #{row.id} · step {at}/{total}")
        buttons = discord.ui.View(timeout=None)
        targets: set[int] = {at}  # one button per step: Discord refuses two equal custom_ids in a message
        for label, target in (("◀", at - 1), ("⏮", 0), ("▶", at + 1), ("⏭", total)):
            target = max(0, min(total, target))
            if target not in targets:
                targets.add(target)
                buttons.add_item(views.ReplayButton(match_id, target, label))
        if edit:
            await interaction.response.edit_message(embed=embed, attachments=[image], view=buttons)
        else:
            await interaction.response.send_message(embed=embed, file=image, view=buttons)
