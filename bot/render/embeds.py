"""Discord embeds for boards, cards and rules answers (built from the same models as the text)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from bot.render.cards import card_fields
from bot.render.model import Board

if TYPE_CHECKING:
    from cards.catalog.search import CardResult

FIELD_MAX = 1024
COLOR_ACTIVE = 0x3B82F6
COLOR_DONE = 0x6B7280
GAME_COLORS = {"yugioh": 0xB45309, "naruto": 0xEA580C, "inuyasha": 0x7C3AED, "inazuma": 0x0EA5E9, "usagi": 0xDC2626}


def _clip(text: str, limit: int = FIELD_MAX) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def board_embed(board: Board, *, finished: bool = False, image_name: str | None = None) -> discord.Embed:
    """The public board: one field per player (values, zones), the last events, the status line."""
    embed = discord.Embed(title=_clip(board.title, 256), color=COLOR_DONE if finished else COLOR_ACTIVE)
    for panel in board.panels[:20]:
        zones = "\n".join(zone.text() for zone in panel.zones if zone.count or zone.slots) or "—"
        head = ("▶ " if panel.on_turn else "") + panel.name
        embed.add_field(name=_clip(head, 256), value=_clip(f"{panel.values}\n{zones}".strip()), inline=True)
    for zone in board.shared[:3]:
        embed.add_field(name=zone.name, value=_clip(zone.text()), inline=False)
    if board.events:
        embed.add_field(name="Last events", value=_clip("\n".join(f"· {e}" for e in board.events)), inline=False)
    embed.set_footer(text=_clip(f"{board.status}  ·  decision {board.step}", 2048))
    if image_name:
        embed.set_image(url=f"attachment://{image_name}")
    return embed


def card_embed(card: CardResult) -> discord.Embed:
    fields = card_fields(card)
    embed = discord.Embed(
        title=_clip(fields["title"], 256),
        description=_clip(fields["text"], 4000) or None,
        color=GAME_COLORS.get(card.game, COLOR_ACTIVE),
    )
    if fields["kind"]:
        embed.add_field(name="Type", value=_clip(fields["kind"]), inline=True)
    if fields["stats"]:
        embed.add_field(name="Stats", value=_clip(fields["stats"]), inline=True)
    if fields["traits"]:
        name, _, value = fields["traits"].partition(": ")
        embed.add_field(name=name.capitalize(), value=_clip(value), inline=True)
    if fields["sets"]:
        embed.add_field(name="Sets", value=_clip(fields["sets"]), inline=False)
    if fields["versions"]:
        embed.add_field(name="Other versions (/card CODE opens one)", value=_clip(fields["versions"]), inline=False)
    # The image URL stays in the catalog only: card images are never hotlinked from their source.
    embed.set_footer(text=f"{card.game} · {card.code}")
    return embed


def text_embed(title: str, text: str, *, color: int = COLOR_ACTIVE) -> discord.Embed:
    return discord.Embed(title=_clip(title, 256), description=_clip(text, 4000), color=color)
