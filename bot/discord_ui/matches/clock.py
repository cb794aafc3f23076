"""Turn clocks: a reminder at half time, a private warning when a quarter is left, a loss by
timeout (checked every minute)."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord
from discord.ext import tasks

from bot.services.errors import ServiceError
from bot.services.match_model import short_duration

if TYPE_CHECKING:
    from bot.app import TcgBot
    from bot.discord_ui.matches.ui import MatchUI
    from bot.persistence import MatchRow

log = logging.getLogger("tcgtable.bot.clock")


class TurnClock:
    def __init__(self, bot: TcgBot, ui: MatchUI) -> None:
        self.bot = bot
        self.ui = ui
        self.loop = tasks.loop(minutes=1)(self.tick)

    async def tick(self) -> None:
        """One pass: remind players at half time, warn them privately when a quarter is left, end
        matches whose clock ran out."""
        matches = self.bot.services.matches
        for row, kind in await matches.due_clocks():
            try:
                if kind == "warn":
                    await matches.mark_warned(row)
                    await self.warn(row, matches.clock_left(row))
                elif kind == "remind":
                    await matches.mark_reminded(row)
                    channel = await self.ui.channel_for(row)
                    if channel is not None:
                        await channel.send(
                            f"<@{row.turn_user}>, reminder: match #{row.id} is waiting for your decision; "
                            "half of your turn clock is gone.",
                            allowed_mentions=discord.AllowedMentions(users=True),
                        )
                else:
                    await self.ui.publish(await matches.timeout(row))
            except (ServiceError, discord.HTTPException) as exc:
                log.warning("clock action %s on match %s failed: %s", kind, row.id, exc)

    async def warn(self, row: MatchRow, left: float) -> None:
        """A direct message to the player on the clock; when their DMs are closed, a mention in the
        match thread (it says only how much clock is left)."""
        text = (
            f"Match #{row.id} is waiting for your decision: {short_duration(left)} left on your turn clock, "
            "then the match counts as lost."
        )
        try:
            user = self.bot.get_user(int(row.turn_user or 0)) or await self.bot.fetch_user(int(row.turn_user or 0))
            await user.send(text)
            return
        except (discord.HTTPException, ValueError) as exc:
            log.info("no direct message for the clock of match %s: %s", row.id, exc)
        channel = await self.ui.channel_for(row)
        if channel is not None:
            await channel.send(f"<@{row.turn_user}>, {text}", allowed_mentions=discord.AllowedMentions(users=True))
