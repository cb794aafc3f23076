"""Undo by consent in Discord: `/match undo` asks in the match thread, with Accept and Decline
buttons for the other players (`tcg:undo:M:R:yes|no`); the last acceptance takes the decision
back, redraws the board and tells the thread what was taken back (`bot.services.undo`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from bot.discord_ui.common import reply
from bot.discord_ui.matches import views
from bot.services.matches import seat_index, seats_of

if TYPE_CHECKING:
    from bot.discord_ui.matches.ui import MatchUI
    from bot.services.undo import UndoOutcome

QUOTE_LIMIT = 1200  # of the narration quoted in a request (Discord's message limit is 2000)


def request_text(outcome: UndoOutcome, match_id: int) -> str:
    """The public message asking the others: who asks, what would be taken back, who answers."""
    request = outcome.request or {}
    row = outcome.update.row
    seats = seats_of(row)
    asker = seats[int(request.get("seat", 0))].name
    lines = "; ".join(request.get("lines") or [])
    if len(lines) > QUOTE_LIMIT:
        lines = lines[: QUOTE_LIMIT - 1] + "…"
    what = f": {lines}" if lines else " their last decision"
    mentions = " ".join(f"<@{seat.user}>" for seat in seats if seat.name in outcome.waiting and seat.ai is None)
    return (
        f"{mentions} {asker} asks to take back{what} (match #{match_id}). Everyone else must accept; "
        "one decline, or any decision in the match, ends the request."
    ).strip()


async def request_undo(ui: MatchUI, interaction: discord.Interaction, match_id: int) -> None:
    """`/match undo`: ask the others (a message with buttons in the match thread), or take the
    decision back at once when the others are AI seats."""
    user = str(interaction.user.id)
    await interaction.response.defer(ephemeral=True)
    outcome = await ui.matches.undo.request(match_id, user)
    update = outcome.update
    if outcome.status == "undone":
        seat = seat_index(update.row, user)
        content = update.notice
        view = None
        if seat is not None and update.state is not None:
            content, view = ui.private_parts(update.row, update.state, seat)
            content = f"{update.notice}\n{content}"[:1990]
        await interaction.followup.send(content, view=view or discord.utils.MISSING, ephemeral=True)
        await ui.publish(update)
        return
    if outcome.repeated or outcome.request is None:
        await interaction.followup.send(update.notice, ephemeral=True)
        return
    channel = await ui.channel_for(update.row)
    if channel is None:
        await interaction.followup.send(f"{update.notice} They answer with /match undo.", ephemeral=True)
        return
    await channel.send(
        request_text(outcome, match_id),
        view=views.undo_view(match_id, str(outcome.request["id"])),
        allowed_mentions=discord.AllowedMentions(users=True),
    )
    await interaction.followup.send(update.notice, ephemeral=True)


async def answer_undo(
    ui: MatchUI, interaction: discord.Interaction, match_id: int, request_id: str, accept: bool
) -> None:
    """A click on Accept or Decline: only another player of the match; a second click or a
    closed request gets a private note. The request message shows where it stands."""
    await ui.guard(interaction, match_id)
    outcome = await ui.matches.undo.answer(match_id, str(interaction.user.id), accept, request_id)
    update = outcome.update
    if outcome.repeated:
        await reply(interaction, update.notice)
        return
    message = interaction.message
    asked = message.content if message is not None else ""
    if outcome.status == "asked":
        await interaction.response.edit_message(content=f"{asked}\n{update.notice}"[:2000])
        return
    if outcome.status == "declined":
        await interaction.response.edit_message(content=f"{asked}\n{update.notice}"[:2000], view=None)
        return
    done = "Everyone agreed: taken back." if accept else update.notice
    await interaction.response.edit_message(content=f"{asked}\n{done}"[:2000], view=None)
    await ui.publish(update)
