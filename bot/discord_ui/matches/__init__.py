"""Matches in Discord: `/match` commands, persistent buttons, the board in a thread, turn clocks."""

from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING

from bot.discord_ui.matches.clock import TurnClock
from bot.discord_ui.matches.cog import MatchesCog
from bot.discord_ui.matches.ui import MatchUI
from bot.discord_ui.matches.views import DYNAMIC_ITEMS, board_view

if TYPE_CHECKING:
    from bot.app import TcgBot

log = logging.getLogger("tcgtable.bot.matches")


async def restore(bot: TcgBot) -> int:
    """Re-attach every open match's board view and warm its state; returns how many were restored."""
    started = time.perf_counter()
    rows = await bot.services.matches.warm_open_matches()
    for row in rows:
        if row.id is not None and row.board_message_id:
            bot.add_view(board_view(row.id), message_id=int(row.board_message_id))
    log.info("restored %d open matches in %.2f s", len(rows), time.perf_counter() - started)
    return len(rows)


async def setup(bot: TcgBot) -> None:
    ui = MatchUI(bot)
    bot.match_ui = ui  # type: ignore[attr-defined]
    bot.add_dynamic_items(*DYNAMIC_ITEMS)
    await bot.add_cog(MatchesCog(bot, ui))
    await restore(bot)
    clock = TurnClock(bot, ui)
    bot.turn_clock = clock  # type: ignore[attr-defined]
    clock.loop.start()


async def teardown(bot: TcgBot) -> None:
    clock = getattr(bot, "turn_clock", None)
    if clock is not None:
        clock.loop.cancel()
