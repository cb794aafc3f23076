"""The board as a PNG drawn with Pillow: a band per player, a card frame per card in play.

Drawn from the spectator view only: face-down cards are backs, hands and decks are counts.
"""

from __future__ import annotations

import io
from functools import cache

from PIL import Image, ImageDraw, ImageFont

from bot.render.model import Board, CardFace, Panel, ZoneShow

CARD_W, CARD_H = 92, 128
GAP = 8
BAND_H = CARD_H + 64
WIDTH = 980
BG = (24, 26, 32)
BAND = (36, 40, 50)
BAND_TURN = (40, 56, 84)
FRAME = (226, 220, 200)
BACK = (92, 62, 40)
TEXT = (235, 235, 235)
MUTED = (160, 164, 172)
MAX_CARDS_PER_BAND = 9
INK = (
    BG,
    BAND,
    BAND_TURN,
    FRAME,
    BACK,
    TEXT,
    MUTED,
    (250, 246, 235),
    (20, 20, 20),
    (60, 60, 60),
    (160, 30, 30),
    (70, 74, 84),
)
PALETTE = [channel for color in INK for channel in color] + [0] * (768 - 3 * len(INK))


@cache
def _font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    for name in ("DejaVuSans.ttf", "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"):
        try:
            return ImageFont.truetype(name, size)
        except OSError:
            continue
    return ImageFont.load_default()


def _wrap(text: str, width: int) -> list[str]:
    words, lines, line = text.split(), [], ""
    for word in words:
        candidate = f"{line} {word}".strip()
        if len(candidate) <= width:
            line = candidate
        else:
            if line:
                lines.append(line)
            line = word[:width]
    if line:
        lines.append(line)
    return lines


SIDEWAYS = frozenset({"def", "defense", "exhausted", "rest", "rested", "tapped", "bowed", "sideways", "horizontal"})


def _width(card: CardFace) -> int:
    return CARD_H if card.orientation in SIDEWAYS else CARD_W


def _draw_card(draw: ImageDraw.ImageDraw, x: int, y: int, card: CardFace) -> None:
    """A card frame; cards turned sideways (defense, exhausted, ...) are drawn landscape."""
    w, h = (CARD_H, CARD_W) if card.orientation in SIDEWAYS else (CARD_W, CARD_H)
    y += (CARD_H - h) // 2
    if card.empty_slot:
        draw.rounded_rectangle((x, y, x + w, y + h), radius=6, outline=(70, 74, 84), width=2)
        return
    if card.hidden:
        draw.rounded_rectangle((x, y, x + w, y + h), radius=6, fill=BACK, outline=FRAME, width=2)
        draw.ellipse((x + w // 2 - 14, y + h // 2 - 14, x + w // 2 + 14, y + h // 2 + 14), outline=FRAME, width=2)
        return
    draw.rounded_rectangle((x, y, x + w, y + h), radius=6, fill=(250, 246, 235), outline=FRAME, width=2)
    for i, line in enumerate(_wrap(card.label, 13)[:4]):
        draw.text((x + 5, y + 5 + i * 13), line, fill=(20, 20, 20), font=_font(11))
    if card.stats:
        for i, line in enumerate(_wrap(card.stats, 14)[:3]):
            draw.text((x + 5, y + h - 44 + i * 13), line, fill=(60, 60, 60), font=_font(10))
    if card.counters:
        draw.text((x + 5, y + h - 58), card.counters[:16], fill=(160, 30, 30), font=_font(10))


def _in_play(zones: list[ZoneShow]) -> list[CardFace]:
    cards: list[CardFace] = []
    for zone in zones:
        if zone.in_play:
            cards.extend(c for c in zone.cards if not c.empty_slot)
    return cards


def _band(draw: ImageDraw.ImageDraw, top: int, panel: Panel) -> None:
    draw.rectangle((0, top, WIDTH, top + BAND_H - GAP), fill=BAND_TURN if panel.on_turn else BAND)
    header = ("▶ " if panel.on_turn else "") + panel.name + (f" — {panel.values}" if panel.values else "")
    draw.text((12, top + 8), header[:110], fill=TEXT, font=_font(15))
    piles = "  ".join(f"{z.name} {z.count}" for z in panel.zones if not z.in_play)
    draw.text((12, top + 28), piles[:140], fill=MUTED, font=_font(12))
    cards = _in_play(panel.zones)
    x = 12
    for card in cards[:MAX_CARDS_PER_BAND]:
        _draw_card(draw, x, top + 48, card)
        x += _width(card) + GAP
    if len(cards) > MAX_CARDS_PER_BAND:
        draw.text((x, top + 48 + CARD_H // 2), f"+{len(cards) - MAX_CARDS_PER_BAND}", fill=TEXT, font=_font(15))


def board_png(board: Board) -> bytes:
    """PNG bytes of the board: the game's own drawing (bot/render/boards) when it has one and the
    board carries its view, else the generic one (a band per player, the status line at the bottom)."""
    from bot.render.boards import png_of

    drawn = png_of(board)
    if drawn is not None:
        return drawn
    return generic_png(board)


def generic_png(board: Board) -> bytes:
    """The generic drawing: one band per player, card frames for cards in play."""
    height = BAND_H * len(board.panels) + 40
    image = Image.new("P", (WIDTH, height), 0)  # a palette image: a third of the bytes to compress
    image.putpalette(PALETTE)
    draw = ImageDraw.Draw(image)
    for index, panel in enumerate(board.panels):
        _band(draw, index * BAND_H, panel)
    draw.text((12, height - 30), board.status[:140], fill=TEXT, font=_font(14))
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", optimize=False, compress_level=6)
    return buffer.getvalue()
