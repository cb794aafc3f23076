"""Static facts of Inuyasha cards, read once from the card pool and cached by code."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from cards.pool import load_pool

GAME_ID: Final = "inuyasha"
COLORS: Final[tuple[str, ...]] = ("red", "blue", "purple", "black", "white")
CHARACTER: Final = "character"
ITEM: Final = "item"
LOCATION: Final = "location"
EVENT: Final = "event"
KAITOU: Final = "kaitou"


@dataclass(frozen=True, slots=True, eq=False)
class Facts:
    """What the engine needs to know about one printed card."""

    code: str
    title: str
    type: str
    cost: int
    colors: tuple[tuple[str, int], ...]
    traits: frozenset[str]
    keywords: frozenset[str]
    name: str  # a character's name without surname; the full title for other cards
    limit: int  # copies allowed per deck (0: no limit)
    kaitou_size: int
    values: dict[str, int]  # the printed colors as a mapping, for quick look-ups

    @property
    def unique(self) -> bool:
        return "Unique" in self.traits

    def color(self, color: str) -> int:
        """The printed value of `color` (0 when the card lacks it)."""
        return self.values.get(color, 0)

    def has_color(self, color: str) -> bool:
        return color in self.values


_TABLE: Final[dict[str, Facts]] = {}


def facts(code: str) -> Facts:
    """Facts of the card with this code (KeyError names the code when unknown), built once."""
    found = _TABLE.get(code)
    if found is None:
        found = _TABLE[code] = _build(code)
    return found


def _build(code: str) -> Facts:
    pool = load_pool(GAME_ID)
    if code not in pool:
        raise KeyError(f"inuyasha: unknown card code {code!r}")
    card = pool[code]
    colors = tuple((c, int(card.stats.get("colors", {})[c])) for c in COLORS if c in card.stats.get("colors", {}))
    name = str(card.extra.get("character_name") or card.name) if card.type == CHARACTER else card.name
    return Facts(
        code=card.code,
        title=card.name,
        type=card.type,
        cost=int(card.stats.get("cost", 0)),
        colors=colors,
        traits=frozenset(card.tags),
        keywords=frozenset(card.extra.get("keywords", ())),
        name=name,
        limit=int(card.extra.get("limit_per_deck", 0)),
        kaitou_size=int(card.stats.get("kaitou_size", 0)),
        values=dict(colors),
    )
