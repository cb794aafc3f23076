"""The drawing kit every game's board image shares: fonts, colors, card frames, text fitting, piles.

Sizes are for an image about 960 px wide that Discord shows ~400 px wide on a phone: no text is
drawn smaller than `SMALL` (22 px), so it stays readable there. A game module fills `CardBox`es
(its render model) and draws them with `Canvas`.

>>> canvas = Canvas(200, 100)
>>> canvas.card(4, 4, CardBox("Dark Magician", "normal", stats=("2500", "2100")), 90, 90)
>>> canvas.png()[:4]
b'\\x89PNG'
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, fields, is_dataclass
from functools import lru_cache
from typing import Any, Final

from PIL import Image, ImageDraw, ImageFont

Color = tuple[int, int, int]
CardId = int | str  # a card's id in a view: a number, or an opaque handle (engine.core.handles)
NO_CARD: CardId = -1
Font = ImageFont.FreeTypeFont | ImageFont.ImageFont

WIDTH = 960
MARGIN = 12
GAP = 8
SMALL = 22  # the smallest text drawn
BODY = 24
LARGE = 30
HUGE = 40

BG: Color = (22, 24, 30)
PANEL: Color = (36, 40, 50)
PANEL_TURN: Color = (34, 54, 88)
TEXT: Color = (240, 240, 240)
MUTED: Color = (168, 174, 186)
DARK: Color = (18, 18, 22)
ACCENT: Color = (255, 204, 64)  # the last action
TARGET: Color = (240, 90, 70)  # what the last action aimed at
GOOD: Color = (90, 200, 120)
BAD: Color = (235, 90, 80)
SLOT: Color = (74, 80, 94)
BACK: Color = (112, 72, 44)
BACK_MARK: Color = (214, 180, 120)

SEAT_COLORS: tuple[Color, ...] = (
    (90, 160, 255),
    (255, 120, 110),
    (110, 210, 130),
    (230, 180, 70),
    (200, 130, 230),
    (90, 210, 210),
)

FRAMES: dict[str, Color] = {
    # a card's frame color by kind; games add their own keys through `frame_color`
    "card": (222, 214, 190),
    "back": BACK,
    "token": (160, 160, 160),
}

_FONT_FILES = {
    True: ("DejaVuSansCondensed-Bold.ttf", "/usr/share/fonts/truetype/dejavu/DejaVuSansCondensed-Bold.ttf"),
    False: ("DejaVuSansCondensed.ttf", "/usr/share/fonts/truetype/dejavu/DejaVuSansCondensed.ttf"),
}


@lru_cache(maxsize=32)
def font(size: int, bold: bool = True) -> Font:
    """DejaVu Sans Condensed (narrow, so names fit), or Pillow's own font at that size."""
    for name in _FONT_FILES[bold]:
        try:
            return ImageFont.truetype(name, size)
        except OSError:
            continue
    return ImageFont.load_default(size)


@lru_cache(maxsize=4096)
def text_width(text: str, size: int, bold: bool = True) -> int:
    return int(font(size, bold).getlength(text))


MIN_CARRIED: Final = 3  # letters of a hyphenated word carried to the next line, at least
_TOKENS = re.compile(r"[^ -]+-+|[^ -]+|-+")  # a no-break space (\xa0) keeps words together


@lru_cache(maxsize=4096)
def fit(
    text: str, width: int, size: int = SMALL, lines: int = 2, bold: bool = True, *, keep_end: bool = False
) -> tuple[str, ...]:
    """`text` wrapped into at most `lines` lines of `width` px; the last one ends in "…" if cut
    (`keep_end`: the last word stays on the last line and the line before it ends in "…", so
    names that differ only at their end stay apart).

    >>> fit("Blue-Eyes White Dragon", 400, 22)
    ('Blue-Eyes White Dragon',)
    >>> fit("Winged Dragon, Guardian of the Fortress #1", 100, 22, 2)[-1].endswith("…")
    True
    >>> fit("Spymaster", 100, 22)  # a word wider than the line is hyphenated, 3+ letters carried
    ('Spymas-', 'ter')
    >>> fit("The Demon Brothers Meizu", 110, 22, 3, keep_end=True)
    ('The', 'Demon…', 'Meizu')
    >>> fit("Castle Gatehouse", 100, 22, 2, keep_end=True)  # a hyphenated last word is cut as usual
    ('Castle', 'Gateho…')
    """
    out: list[str] = []
    words = _TOKENS.findall(text)  # words, split after hyphens too ("Half-" "Demon")

    def join(line: str, word: str) -> str:
        return f"{line}{word}" if line.endswith("-") else f"{line} {word}"

    while words and len(out) < lines:
        line = words.pop(0)
        while text_width(line, size, bold) > width:  # a word longer than the line: hyphenate it
            cut = len(line) - 1
            while cut > 1 and text_width(line[:cut] + "-", size, bold) > width:
                cut -= 1
            cut = max(1, min(cut, len(line) - MIN_CARRIED))  # never carry a lone letter or two over
            words.insert(0, line[cut:])
            line = line[:cut] + "-"
        while words and text_width(join(line, words[0]), size, bold) <= width:
            line = join(line, words.pop(0))
        out.append(line)
    if words and out:
        whole = text.split()[-1] == words[-1]  # not the tail of a hyphenated word ("Gateho-" "use")
        if keep_end and whole and len(out) > 1 and text_width(words[-1], size, bold) <= width:
            out[-1] = words[-1]  # "The Demon… / Meizu": the end tells "Meizu" from "Gouzu"
            cut = -2
        else:
            cut = -1
        last = out[cut]
        while last and text_width(last + "…", size, bold) > width:
            last = last[:-1]
        out[cut] = last.rstrip(" ,-") + "…"
    return tuple(out)


CARD_PAD = 6


def _stats_height(box: CardBox, w: int) -> int:
    """Height of a card's stats band: its stat lines and its rows of chips."""
    height = sum(LARGE + 4 if i == 0 else SMALL + 4 for i in range(len(box.stats)))
    return height + -(-len(box.chips) // chips_per_row(box.chips, w)) * (LARGE + 8)


def tag_lines(tag: str, w: int, lines: int) -> tuple[tuple[str, ...], bool]:
    """A badge's lines on a card `w` px wide, and whether bold: a word a little too wide in bold
    ("Permanent") is set regular on one line rather than hyphenated."""
    room = w - 14
    if " " not in tag and text_width(tag, SMALL) > room >= text_width(tag, SMALL, bold=False):
        return (tag,), False
    return fit(tag, room, SMALL, lines), True


def _tags_height(box: CardBox, w: int) -> int:
    lines = len(tag_lines(box.tags[0], w, 2)[0]) if len(box.tags) == 1 else min(len(box.tags), 2)
    return (SMALL + 8) * lines


def title_lines(box: CardBox, w: int, h: int) -> tuple[str, ...]:
    """The lines of a card's name as a w x h card face draws them (the last ends in "…" when
    the name does not fit above its stats and tags)."""
    room = max(1, (h - _stats_height(box, w) - _tags_height(box, w) - 10) // (SMALL + 3))
    inner = w - 2 * CARD_PAD
    lines = fit(box.title, inner, SMALL, min(3, room), keep_end=True)
    corner_w = text_width(box.corner, SMALL) + 8 if box.corner else 0
    if box.corner and len(lines) >= room and text_width(lines[-1], SMALL) + corner_w > inner:
        lines = fit(box.title, inner, SMALL, max(1, room - 1), keep_end=True)  # keep a line for the corner
    return lines


def shorten(text: str, width: int, size: int = SMALL, bold: bool = True) -> str:
    """`text` on one line of `width` px, ending in "…" when cut."""
    lines = fit(text, width, size, 1, bold)
    return lines[0] if lines else ""


@dataclass(slots=True)
class CardBox:
    """One card as the image draws it (a game's render model is made of these).

    `hidden` cards are backs and carry no name; `sideways` cards are drawn landscape (Defense
    Position, expended); `dim` ones are greyed (injured, stricken); `mark` is "last", "attacker"
    or "target" for the last action; `tags` are short badges ("Injured", "Head"); `under` is a
    caption below the card ("FW-L", "GY 12").
    """

    title: str
    kind: str = "card"
    corner: str = ""
    stats: tuple[str, ...] = ()
    tags: tuple[str, ...] = ()
    hidden: bool = False
    sideways: bool = False
    dim: bool = False
    mark: str = ""
    under: str = ""
    cid: CardId = NO_CARD
    color: Color | None = None  # overrides the frame color of `kind`
    stat_colors: tuple[Color, ...] = ()  # per stat line (e.g. raised ATK in green)
    chips: tuple[tuple[str, Color], ...] = ()  # colored values drawn as tiles at the bottom (colors, ratings)


def back(cid: CardId = NO_CARD, *, sideways: bool = False, under: str = "", tags: tuple[str, ...] = ()) -> CardBox:
    """A face-down card: nothing but that it is there."""
    return CardBox("", "back", hidden=True, sideways=sideways, cid=cid, under=under, tags=tags)


NOT_SHOWN = frozenset({"cid", "attack", "links"})  # card ids or handles: where to draw, never drawn


def strings(model: object) -> list[str]:
    """Every string the image may draw from a render model (dataclasses, lists, tuples, dicts), for
    the tests' leak checks; card ids and handles (`NOT_SHOWN` fields) are left out."""
    out: list[str] = []

    def walk(node: object) -> None:
        if isinstance(node, str):
            out.append(node)
        elif is_dataclass(node) and not isinstance(node, type):
            for f in fields(node):
                if f.name not in NOT_SHOWN:
                    walk(getattr(node, f.name))
        elif isinstance(node, dict):
            for key, value in node.items():
                walk(key)
                walk(value)
        elif isinstance(node, list | tuple):
            for item in node:
                walk(item)

    walk(model)
    return out


def chips_per_row(chips: Sequence[tuple[str, Color]], w: int) -> int:
    """How many value tiles fit across a card `w` wide (each wide enough for the longest value)."""
    widest = max((text_width(value, SMALL) for value, _ in chips), default=20) + 6
    return max(1, min(len(chips), (w - 8 + 4) // (max(widest, 30) + 4)))


def luminance(color: Color) -> float:
    return 0.299 * color[0] + 0.587 * color[1] + 0.114 * color[2]


def ink_on(color: Color) -> Color:
    """Dark or light text, whichever reads on `color`."""
    return DARK if luminance(color) > 140 else TEXT


def shade(color: Color, factor: float) -> Color:
    return (int(color[0] * factor), int(color[1] * factor), int(color[2] * factor))


MARK_COLORS = {"last": ACCENT, "attacker": ACCENT, "target": TARGET}


@dataclass(slots=True)
class LastAction:
    """What just happened, for the caption and the marks: the event and the cards it names."""

    text: str
    actor: str = ""
    target: str = ""


_SKIP = re.compile(r"^(Turn \d+|.* draws? |.*'s (End|Draw|Standby) Phase|Main Phase|End of turn)", re.I)
_ATTACK = re.compile(r"^(?P<a>.+?) attacks (?P<t>.+?)(?: in \w+)?(?: \(.*\))?(?: directly)?\.?$")
_PLAY = re.compile(r"(?:plays|activates the \w+ card|Summons|summons|Sets|uses) (?P<a>[^(.,:]+)")


def last_action(events: Sequence[str], known: Iterable[str]) -> LastAction | None:
    """The latest event worth a caption, with the card names (of `known`) it names.

    >>> last_action(["Turn 3: Bo's turn.", "Dark Magician attacks Mystical Elf (800 ATK)."], ["Dark Magician"])
    LastAction(text='Dark Magician attacks Mystical Elf (800 ATK).', actor='Dark Magician', target='Mystical Elf')
    """
    names = sorted(set(known), key=len, reverse=True)
    for raw in reversed(events[-8:]):
        text = strip_ids(raw, names)
        if _SKIP.match(text):
            continue
        attack = _ATTACK.match(text)
        if attack:
            return LastAction(text, attack.group("a").strip(), attack.group("t").strip())
        play = _PLAY.search(text)
        actor = next((n for n in names if n and n in text), "")
        if play and not actor:
            actor = play.group("a").strip()
        return LastAction(text, actor)
    return None


_GONE = re.compile(
    r"(?: receives \d+ damage and)? (?:is|are) (?:defeated|discarded|destroyed|killed|removed from the game)"
)


def mark_boxes(
    boxes: Iterable[CardBox], action: LastAction | None, prefer: Callable[[str, CardBox], bool] | None = None
) -> None:
    """Mark the shown card named by the last action (attacker in gold, target in red). Of copies
    alike, the first one `prefer(mark, box)` picks (the one the action changed, when the game
    can tell: the expended one, the one with the new modifier, the one just played), else the
    first; none when the action took the named card out of play (a copy still in play did not change)."""
    if action is None:
        return
    shown = list(boxes)
    wanted = {"attacker" if action.target else "last": action.actor, "target": action.target}
    for mark, name in wanted.items():
        if not name or (mark == "last" and re.search(re.escape(name) + _GONE.pattern, action.text)):
            continue
        same = [b for b in shown if b.title and not b.mark and (b.title == name or name.startswith(b.title + " #"))]
        fitting = [b for b in same if prefer is not None and prefer(mark, b)] or same
        if fitting:
            fitting[0].mark = mark


class Canvas:
    """An RGB image with the kit's drawing helpers; `png()` crops and palettes it."""

    def __init__(self, width: int = WIDTH, height: int = 2400, background: Color = BG) -> None:
        self.width = width
        self.image = Image.new("RGB", (width, height), background)
        self.draw = ImageDraw.Draw(self.image)
        self.bottom = 0  # lowest pixel drawn, for the crop

    # ------------------------------------------------------------------ primitives
    def _used(self, y: int) -> None:
        self.bottom = max(self.bottom, y)

    def rect(
        self,
        box: tuple[int, int, int, int],
        fill: Color | None,
        outline: Color | None = None,
        *,
        radius: int = 8,
        width: int = 2,
    ) -> None:
        self.draw.rounded_rectangle(box, radius=radius, fill=fill, outline=outline, width=width)
        self._used(box[3])

    def text(
        self, x: int, y: int, text: str, size: int = BODY, color: Color = TEXT, *, bold: bool = True, anchor: str = "la"
    ) -> int:
        """Draw one line; returns its width."""
        self.draw.text((x, y), text, fill=color, font=font(size, bold), anchor=anchor)
        self._used(y + size + 4)
        return text_width(text, size, bold)

    def line(self, points: Sequence[tuple[int, int]], color: Color, width: int = 4) -> None:
        self.draw.line(list(points), fill=color, width=width, joint="curve")

    def arrow(self, start: tuple[int, int], end: tuple[int, int], color: Color = ACCENT) -> None:
        """A thick arrow from the attacker to its target."""
        self.line([start, end], color, 6)
        (x0, y0), (x1, y1) = start, end
        length = max(1.0, ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5)
        ux, uy = (x1 - x0) / length, (y1 - y0) / length
        head = [
            (x1, y1),
            (int(x1 - 22 * ux + 12 * uy), int(y1 - 22 * uy - 12 * ux)),
            (int(x1 - 22 * ux - 12 * uy), int(y1 - 22 * uy + 12 * ux)),
        ]
        self.draw.polygon(head, fill=color)

    def pill(self, x: int, y: int, text: str, fill: Color, size: int = SMALL, *, color: Color | None = None) -> int:
        """A rounded badge; returns its width."""
        w = text_width(text, size) + 14
        self.rect((x, y, x + w, y + size + 8), fill, radius=(size + 8) // 2, width=0)
        self.text(x + 7, y + 3, text, size, color or ink_on(fill))
        return w

    def pills(self, x: int, y: int, items: Iterable[tuple[str, Color]], right: int, size: int = SMALL) -> int:
        """Badges left to right, wrapping under `right`; returns the y below them."""
        left = x
        for text, fill in items:
            w = text_width(text, size) + 14
            if x + w > right and x > left:
                x, y = left, y + size + 14
            x += self.pill(x, y, text, fill, size) + 6
        return y + size + 14

    def bar(self, x: int, y: int, w: int, h: int, fraction: float, color: Color) -> None:
        """A gauge (LP, shards): filled to `fraction` (0..1)."""
        fraction = min(1.0, max(0.0, fraction))
        self.rect((x, y, x + w, y + h), SLOT, radius=h // 2, width=0)
        if fraction > 0:
            self.rect((x, y, x + max(h, int(w * fraction)), y + h), color, radius=h // 2, width=0)

    def wrapped(
        self,
        x: int,
        y: int,
        text: str,
        width: int,
        size: int = BODY,
        color: Color = TEXT,
        lines: int = 2,
        *,
        bold: bool = True,
    ) -> int:
        """Wrapped text; returns the y below it."""
        for line in fit(text, width, size, lines, bold):
            self.text(x, y, line, size, color, bold=bold)
            y += size + 5
        return y

    # ------------------------------------------------------------------ cards
    def card(self, x: int, y: int, box: CardBox, w: int, h: int) -> None:
        """A card frame `w`×`h` (portrait); sideways cards turn landscape, centred in the same cell."""
        if box.sideways:
            x, y, w, h = x - (h - w) // 2, y + (h - w) // 2, h, w
        frame = box.color or FRAMES.get(box.kind, FRAMES["card"])
        outline = MARK_COLORS.get(box.mark, shade(frame, 0.6) if not box.hidden else BACK_MARK)
        thick = 6 if box.mark else 2
        if box.hidden:
            self.rect((x, y, x + w, y + h), BACK, outline, width=thick)
            r = min(w, h) // 4
            self.draw.ellipse(
                (x + w // 2 - r, y + h // 2 - r, x + w // 2 + r, y + h // 2 + r), outline=BACK_MARK, width=3
            )
        else:
            fill = shade(frame, 0.55) if box.dim else frame
            self.rect((x, y, x + w, y + h), fill, outline, width=thick)
            self._card_face(x, y, w, h, box, fill)
        if box.hidden:
            self.tags(x, y + h - (SMALL + 8) * min(len(box.tags), 2) - 4, box.tags, w)
        if box.under:
            self.text(x + w // 2, y + h + 4, shorten(box.under, w + 40), SMALL, MUTED, anchor="ma")

    def _card_face(self, x: int, y: int, w: int, h: int, box: CardBox, fill: Color) -> None:
        ink = ink_on(fill)
        pad = CARD_PAD
        stats_h, tags_h = _stats_height(box, w), _tags_height(box, w)
        per_row = chips_per_row(box.chips, w)
        chip_rows = -(-len(box.chips) // per_row)
        corner_w = text_width(box.corner, SMALL) + 8 if box.corner else 0
        lines = title_lines(box, w, h)
        ty = y + pad - 2
        for line in lines:
            self.text(x + pad, ty, line, SMALL, ink)
            ty += SMALL + 3
        if box.corner:  # after the title's last line, or on a line of its own
            last = text_width(lines[-1], SMALL) if lines else w
            cy = ty - SMALL - 3 if last + corner_w <= w - 2 * pad else ty
            self.text(x + w - pad, cy, box.corner, SMALL, ink, anchor="ra")
        sy = y + h - stats_h - 6
        if box.stats:
            self.rect((x + 3, sy - 2, x + w - 3, y + h - 3), shade(fill, 0.35), radius=6, width=0)
        for i, stat in enumerate(box.stats):
            size = LARGE if i == 0 else SMALL
            color = box.stat_colors[i] if i < len(box.stat_colors) else TEXT
            fitted = size
            while fitted > SMALL and text_width(stat, fitted) > w - 8:
                fitted -= 2  # a big stat shrinks to fit rather than lose digits
            self.text(x + w // 2, sy + size - fitted, shorten(stat, w - 8, fitted), fitted, color, anchor="ma")
            sy += size + 4
        if box.chips:
            self._chips(x + 4, y + h - chip_rows * (LARGE + 8) - 4, box.chips, w - 8, per_row)
        self.tags(x, y + h - stats_h - 8 - tags_h, box.tags, w)

    def _chips(self, x: int, y: int, chips: Sequence[tuple[str, Color]], w: int, per_row: int) -> None:
        """Colored tiles with a number each: an Inuyasha character's colors, a Usagi rating."""
        size = min(len(chips), per_row)
        tile = (w - (size - 1) * 4) // size
        for i, (value, color) in enumerate(chips):
            cx, cy = x + (i % per_row) * (tile + 4), y + (i // per_row) * (LARGE + 8)
            edge = shade(color, 0.5) if luminance(color) > 60 else MUTED
            self.rect((cx, cy, cx + tile, cy + LARGE + 4), color, edge, radius=6, width=2)
            fitted = LARGE - 2
            while fitted > SMALL and text_width(value, fitted) > tile - 4:
                fitted -= 2
            self.text(cx + tile // 2, cy + 2 + (LARGE - 2 - fitted), value, fitted, ink_on(color), anchor="ma")

    def tags(self, x: int, y: int, tags: Sequence[str], w: int) -> None:
        """Up to two badges stacked inside a card ("→" ones, links, in gold)."""
        for tag in tags[:2]:
            lines, bold = tag_lines(tag, w, 2 if len(tags) == 1 else 1)
            for line in lines:
                tw = min(text_width(line, SMALL, bold) + 10, w - 6)
                self.rect((x + 3, y, x + 3 + tw, y + SMALL + 6), DARK, radius=6, width=0)
                self.text(x + 8, y + 2, line, SMALL, ACCENT if tag.startswith("→") else TEXT, bold=bold)
                y += SMALL + 8

    def pile(self, x: int, y: int, w: int, h: int, name: str, count: int, top: CardBox | None = None) -> None:
        """A deck or discard pile: its top card (or a back, or an empty outline) and "Name N" under it."""
        if top is not None:
            self.card(x, y, top, w, h)
        elif count:
            self.card(x, y, back(), w, h)
        else:
            self.rect((x, y, x + w, y + h), None, SLOT, width=2)
        self.pill(x + 4, y + h - SMALL - 14, str(count), DARK, SMALL, color=TEXT) if top is None and count else None
        self.text(x + w // 2, y + h + 4, f"{name} {count}" if top is not None else name, SMALL, MUTED, anchor="ma")

    def stack(self, x: int, y: int, w: int, h: int, name: str, count: int, names: Sequence[str] = ()) -> None:
        """A face-up discard pile (a Graveyard): offset edges of a stack, its count large, the
        names of its top cards small, "Name" under it; it never looks like a card in play."""
        if not count:
            self.rect((x, y, x + w, y + h), DARK, SLOT, radius=6, width=2)  # filled: not a zone's empty slot
            self.text(x + w // 2, y + h // 2 - SMALL, "0", LARGE, MUTED, anchor="ma")
        else:
            edges = min(count, 3)
            for i in reversed(range(edges)):
                self.rect((x + 6 * i, y + 6 * i, x + w - 6 * (edges - 1 - i), y + h), DARK, SLOT, radius=6, width=2)
            top = y + 6 * (edges - 1)
            self.text(x + w // 2, top + 8, str(count), LARGE, TEXT, anchor="ma")
            ty = top + LARGE + 16
            for card in names[:3]:
                for line in fit(card, w - 12 - 6 * (edges - 1), SMALL, 2, bold=False):
                    if ty + SMALL > y + h - 4:
                        break
                    self.text(x + 6 * (edges - 1) + 6, ty, line, SMALL, MUTED, bold=False)
                    ty += SMALL + 2
                ty += 4
        self.text(x + w // 2, y + h + 4, name, SMALL, MUTED, anchor="ma")

    def row(
        self, x: int, y: int, boxes: Sequence[CardBox], w: int, h: int, right: int, *, gap: int = GAP
    ) -> dict[CardId, tuple[int, int, int, int]]:
        """Cards left to right; if they don't fit before `right`, the last cell says "+N more".

        Returns each drawn card's box by card id (for links and arrows).
        """
        placed: dict[CardId, tuple[int, int, int, int]] = {}
        widths = [cell_width(box, w, h) for box in boxes]
        shown = list(boxes)
        if x + sum(widths) + gap * (len(boxes) - 1) > right:  # keep a cell for "+N more"
            used, shown = 0, []
            for box, width in zip(boxes, widths, strict=True):
                if x + used + width + gap + w > right and shown:
                    break
                shown.append(box)
                used += width + gap
        for box in shown:
            cell = cell_width(box, w, h)
            self.card(x + (cell - w) // 2, y, box, w, h)
            placed[box.cid] = (x, y, x + cell, y + h)
            x += cell + gap
        if len(shown) < len(boxes):
            self.more(x, y, w, h, len(boxes) - len(shown))
        return placed

    def more(self, x: int, y: int, w: int, h: int, count: int) -> None:
        """The cell that says how many cards did not fit."""
        self.rect((x, y, x + w, y + h), PANEL, SLOT, width=2)
        self.text(x + w // 2, y + h // 2 - LARGE, f"+{count}", LARGE, TEXT, anchor="ma")
        self.text(x + w // 2, y + h // 2 + 4, "more", SMALL, MUTED, anchor="ma")

    def backs(self, x: int, y: int, count: int, right: int, label: str = "Hand") -> int:
        """A hand as small card backs with its count; returns the x after it."""
        w, h, step = 26, 36, 18
        shown = min(count, max(0, (right - x - 120) // step))
        for i in range(shown):
            self.rect((x + i * step, y, x + i * step + w, y + h), BACK, BACK_MARK, radius=4, width=2)
        x += (shown - 1) * step + w + 8 if shown else 0
        return x + self.text(x, y + 4, f"{label} {count}", SMALL, TEXT) + 16

    # ------------------------------------------------------------------ output
    def png(self, *, colors: int = 64) -> bytes:
        """The image cropped below its lowest drawing, with a palette of `colors` (small files)."""
        height = min(self.image.height, self.bottom + MARGIN)
        image = self.image.crop((0, 0, self.width, height))
        paletted = image.quantize(colors=colors, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
        buffer = io.BytesIO()
        paletted.save(buffer, format="PNG", compress_level=3)  # level 6: +25% time for -15% bytes; optimize: 5x
        return buffer.getvalue()


@dataclass(slots=True)
class Header:
    """A player's band header: name, whose turn, the headline values."""

    name: str
    seat: int
    on_turn: bool = False
    values: list[tuple[str, str]] = field(default_factory=list)  # (label, value) pairs, most important first


CAPTION_LINES = 3  # a text of the caption wraps to this many lines before it is cut


def caption_rows(width: int, lines: Sequence[tuple[str, Color]]) -> list[tuple[str, Color]]:
    """The rows a caption `width` px wide draws: each text wrapped (a result such as "Alice won.
    Game over: the turn limit … Alice wins with 8 chronicle tokens" is read whole)."""
    return [(row, color) for text, color in lines for row in fit(text, width - 2 * MARGIN, BODY, CAPTION_LINES)]


def caption(canvas: Canvas, y: int, lines: Sequence[tuple[str, Color]], *, fill: Color = PANEL) -> int:
    """A full-width band of texts (turn, phase, the last action, the status); returns the y below."""
    rows = caption_rows(canvas.width, lines)
    if not rows:
        return y
    h = len(rows) * (BODY + 8) + 10
    canvas.rect((0, y, canvas.width, y + h), fill, radius=0, width=0)
    ty = y + 8
    for text, color in rows:
        canvas.text(MARGIN, ty, text, BODY, color)
        ty += BODY + 8
    return y + h + GAP


def view_names(view: dict[str, Any]) -> list[str]:
    """Names of every card shown face up in a view (the names a caption may point at)."""
    out: list[str] = []
    for entry in view.get("players", []):
        for zone in entry.get("zones", {}).values():
            out.extend(str(c["name"]) for c in zone.get("slots", zone.get("cards", [])) if c and "name" in c)
    for zone in view.get("shared", {}).values():
        out.extend(str(c["name"]) for c in zone.get("slots", zone.get("cards", [])) if c and "name" in c)
    return out


@dataclass(slots=True)
class Scene:
    """The band every board has: whose turn and which phase, the last action, what is awaited."""

    turn: str
    last: LastAction | None = None
    status: str = ""

    def lines(self) -> list[tuple[str, Color]]:
        out = [(self.turn, TEXT)]
        if self.last is not None and self.last.text not in self.status:  # a result tells its last event
            out.append(("Last: " + self.last.text, ACCENT))
        if self.status:
            out.append((self.status, MUTED))
        return out


def ref(value: object) -> CardId | None:
    """A card id found in a view (a card's `attached_to`, a var), or None for "no card" (absent, -1)."""
    if isinstance(value, bool) or value is None or value == NO_CARD or value == "":
        return None
    return value if isinstance(value, int | str) else None


def seat_name(names: Sequence[str], seat: object) -> str:
    """The name of a seat number from the view (or "" if it is not one)."""
    if isinstance(seat, int) and 0 <= seat < len(names):
        return names[seat]
    return ""


def slots_of(zone: dict[str, Any] | None) -> list[dict[str, Any] | None]:
    """The cards of a view zone, slot by slot (None = an empty slot)."""
    if not zone:
        return []
    slots: list[dict[str, Any] | None] = zone.get("slots", zone.get("cards", []))
    return slots


@dataclass(slots=True)
class Group:
    """Cards drawn together in a labelled frame: a Team, a character and what it carries, an Event."""

    label: str
    boxes: list[CardBox]
    color: Color = SLOT


Rect = tuple[int, int, int, int]


def cell_width(box: CardBox, w: int, h: int) -> int:
    """The room a card takes in a row: a sideways card is as wide as a card is tall."""
    return h if box.sideways else w


def group_width(group: Group, w: int, h: int) -> int:
    """Wide enough for its cards and its label."""
    cards = sum(cell_width(b, w, h) + GAP for b in group.boxes) - GAP + 2 * GAP if group.boxes else w + 2 * GAP
    return max(cards, text_width(group.label, SMALL) + 2 * GAP)


def _rows(groups: Sequence[Group], widths: Sequence[int], room: int, *, pack: bool) -> list[list[int]]:
    """Which groups (by index) share each row: in order, or (`pack`) each, widest first, in the
    first row with room for it, so narrow groups fill the gaps wide ones leave."""
    order = sorted(range(len(groups)), key=lambda i: -widths[i]) if pack else range(len(groups))
    rows: list[list[int]] = []
    used: list[int] = []
    for index in order:
        width = widths[index]
        spot = next((n for n, taken in enumerate(used) if taken + GAP + width <= room), None) if pack else None
        if spot is None and not pack and rows and used[-1] + GAP + width <= room:
            spot = len(rows) - 1
        if spot is None:
            rows.append([index])
            used.append(width)
        else:
            rows[spot].append(index)
            used[spot] += GAP + width
    return rows


def flow(
    canvas: Canvas,
    x: int,
    y: int,
    right: int,
    groups: Sequence[Group],
    w: int,
    h: int,
    *,
    max_rows: int = 3,
    pack: bool = False,
) -> tuple[int, dict[CardId, Rect]]:
    """Groups left to right, wrapping into rows (`pack`: narrow groups fill the gaps wide ones
    leave, so more fit); a group too wide for a row ends in "+N more", and groups past `max_rows`
    rows are counted in a "+N more" line. Returns the y below and each card's box."""
    placed: dict[CardId, Rect] = {}
    left = x
    row_h = SMALL + 10 + h + GAP + (SMALL + 6 if any(b.under for g in groups for b in g.boxes) else 0)
    widths = [min(group_width(group, w, h), right - left) for group in groups]
    rows = _rows(groups, widths, right - left, pack=pack)
    for number, row in enumerate(rows):
        if number == max_rows:
            left_out = sum(len(rest) for rest in rows[number:])
            canvas.text(left, y, f"+{left_out} more not shown", BODY, TEXT)
            return y - GAP + BODY + 10, placed
        x = left
        for index in row:
            group, width = groups[index], widths[index]
            canvas.rect((x, y, x + width, y + row_h), None, group.color, radius=10, width=2)
            if group.label:
                canvas.text(
                    x + GAP,
                    y + 4,
                    shorten(group.label, width - 2 * GAP),
                    SMALL,
                    group.color if group.color != SLOT else MUTED,
                )
            placed.update(canvas.row(x + GAP, y + SMALL + 10, group.boxes, w, h, x + width - GAP))
            x += width + GAP
        y += row_h + GAP
    return y, placed


def strip_ids(text: str, names: Iterable[str]) -> str:
    """Narration without the engine's card numbers after a name ("Tobi #17" -> "Tobi").

    >>> strip_ids("Kiba Inuzuka #67 attacks", ["Kiba Inuzuka"])
    'Kiba Inuzuka attacks'
    """
    for name in set(names):
        if name in text:
            text = re.sub(re.escape(name) + r" #\d+\b", name, text)
    return text


def pending(canvas: Canvas, y: int, label: str, boxes: Sequence[CardBox], color: Color, w: int, h: int) -> int:
    """Cards waiting to resolve (a chain, a response stack) as one labelled row; returns the y below."""
    if not boxes:
        return y
    bottom, _ = flow(canvas, MARGIN, y, canvas.width - MARGIN, [Group(label, list(boxes), color)], w, h, max_rows=1)
    return bottom


def player_name(canvas: Canvas, x: int, y: int, header: Header, width: int = 240) -> int:
    """A player's name in their seat color ("▶" when it is their turn); returns the x after it."""
    name = ("▶ " if header.on_turn else "") + shorten(header.name, width, LARGE)
    return x + canvas.text(x, y, name, LARGE, SEAT_COLORS[header.seat % len(SEAT_COLORS)]) + 14
