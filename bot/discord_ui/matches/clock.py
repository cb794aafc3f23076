"""Turn clocks: a reminder at half time, a loss by timeout (checked every minute)."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord
from discord.ext import tasks

from bot.services.errors import ServiceError

if TYPE_CHECKING:
    from bot.app import TcgBot
    from bot.discord_ui.matches.ui import MatchUI

log = logging.getLogger("tcgtable.bot.clock")


class TurnClock:
    def __init__(self, bot: TcgBot, ui: MatchUI) -> None:
        self.bot = bot
        self.ui = ui
        self.loop = tasks.loop(minutes=1)(self.tick)

    async def tick(self) -> None:
        """One pass: remind players at half time, end matches whose clock ran out."""
        matches = self.bot.services.matches
        for row, kind in await matches.due_clocks():
            try:
                if kind == "remind":
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
