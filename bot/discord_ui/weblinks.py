"""Link buttons to the web companion's pages (when `PUBLIC_URL` is set): "Watch / replay on the
web" under a match's board, "Standings on the web" under league standings."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord

if TYPE_CHECKING:
    from bot.web.links import WebLinks

WATCH_LABEL = "Watch / replay on the web"
LEAGUE_LABEL = "Standings on the web"


def links_of(bot: Any) -> WebLinks | None:
    links: WebLinks | None = getattr(bot, "web_links", None)
    return links


def match_url(bot: Any, match_id: int) -> str | None:
    """The address of a match's page, or None when the bot has no PUBLIC_URL."""
    links = links_of(bot)
    return links.match(match_id) if links is not None else None


def link_button(label: str, url: str) -> discord.ui.Button[Any]:
    """A button that opens `url` (a link button: no custom id, nothing for the bot to answer)."""
    return discord.ui.Button(label=label, style=discord.ButtonStyle.link, url=url)


def league_link(bot: Any, league_id: int | None) -> dict[str, Any]:
    """`view=` keyword arguments with a link to the league's page, or none without PUBLIC_URL."""
    links = links_of(bot)
    if links is None or league_id is None:
        return {}
    view = discord.ui.View(timeout=None)
    view.add_item(link_button(LEAGUE_LABEL, links.league(league_id)))
    return {"view": view}
