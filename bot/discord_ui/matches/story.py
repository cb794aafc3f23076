"""The match thread's story: one message per game turn with the public narration, edited while
the turn runs, so a spectator can scroll back through the match (the board message above it
always shows the position now)."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING

import discord

from bot.render.model import collapse, name_players

if TYPE_CHECKING:
    from bot.services.matches import MatchUpdate

log = logging.getLogger("tcgtable.bot.matches")
MESSAGE_LIMIT = 1900  # below Discord's 2,000 characters per message
NO_MENTIONS = discord.AllowedMentions.none()


@dataclass(slots=True)
class TurnMessage:
    message_id: int
    turn: object
    text: str


def turn_header(turn: object) -> str:
    return f"**Turn {turn}**" if turn is not None else "**Match story**"


def story_lines(update: MatchUpdate) -> list[str]:
    """The update's public events as the thread tells them: players by name, repeats folded."""
    names = [seat.name for seat in update.seats]
    return [f"· {line}" for line in collapse([name_players(text, names) for text in update.events])]


def _cut(line: str) -> str:
    return line if len(line) <= MESSAGE_LIMIT - 200 else line[: MESSAGE_LIMIT - 201] + "…"


class MatchStory:
    """Remembers each match's current turn message (a restart starts a new one: nothing is lost)."""

    def __init__(self) -> None:
        self._current: dict[int, TurnMessage] = {}

    async def tell(self, channel: discord.abc.Messageable, update: MatchUpdate) -> None:
        """Append this update's events to the turn's message, or start the next turn's message."""
        match_id = update.row.id
        lines = [_cut(line) for line in story_lines(update)]
        if match_id is None or not lines:
            return
        state = update.state
        turn = state.vars.get("turn") if state is not None else None
        current = self._current.get(match_id)
        if current is not None and current.turn == turn:
            lines = await self._append(channel, current, lines)
            if not lines:
                return
        while lines:
            text = turn_header(turn) if current is None or current.turn != turn else "…"
            while lines and len(text) + 1 + len(lines[0]) <= MESSAGE_LIMIT:
                text += "\n" + lines.pop(0)
            message = await channel.send(text, allowed_mentions=NO_MENTIONS)
            current = self._current[match_id] = TurnMessage(message.id, turn, text)

    async def _append(self, channel: discord.abc.Messageable, current: TurnMessage, lines: list[str]) -> list[str]:
        """Edit what fits into the current message; return the lines that did not fit."""
        text = current.text
        while lines and len(text) + 1 + len(lines[0]) <= MESSAGE_LIMIT:
            text += "\n" + lines.pop(0)
        if text == current.text:
            return lines
        partial = getattr(channel, "get_partial_message", None)  # a thread or a text channel
        if partial is None:
            return lines
        try:
            await partial(current.message_id).edit(content=text, allowed_mentions=NO_MENTIONS)
        except discord.HTTPException as exc:  # deleted by a moderator, say: the story goes on below
            log.info("story message %s of a match could not be edited: %s", current.message_id, exc)
            return text[len(current.text) :].strip("\n").split("\n") + lines
        current.text = text
        return lines
