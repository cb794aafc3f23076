"""What every cog shares: polite error replies and the services behind the bot."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord

from bot.services.errors import ServiceError

if TYPE_CHECKING:
    from bot.app import TcgBot
    from bot.services.hub import Services

log = logging.getLogger("tcgtable.bot")
MAX_CONTENT = 2000  # Discord's limit for a message's text
ERROR_TEXT = "Something went wrong on our side; the error was logged. Please try again."


def services_of(interaction: discord.Interaction) -> Services:
    bot: TcgBot = interaction.client  # type: ignore[assignment]
    return bot.services


async def reply(interaction: discord.Interaction, content: str = "", *, ephemeral: bool = True, **kwargs: Any) -> None:
    """Answer an interaction whether or not it was already answered or deferred."""
    if len(content) > MAX_CONTENT:  # Discord refuses longer messages; user text echoed back can be huge
        content = content[: MAX_CONTENT - 1] + "…"
    if interaction.response.is_done():
        await interaction.followup.send(content or discord.utils.MISSING, ephemeral=ephemeral, **kwargs)
    else:
        await interaction.response.send_message(content or None, ephemeral=ephemeral, **kwargs)


async def reply_error(interaction: discord.Interaction, error: BaseException) -> None:
    """A player's mistake gets its message; anything else is logged and answered generically."""
    original = getattr(error, "original", None) or error
    if isinstance(original, ServiceError):
        text = str(original)
    else:
        log.error("command failed", exc_info=original)
        text = ERROR_TEXT
    try:
        await reply(interaction, text[:1900], ephemeral=True)
    except discord.HTTPException:
        log.warning("could not deliver an error reply: %s", text)
