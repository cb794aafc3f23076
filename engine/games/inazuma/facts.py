"""Static facts of Inazuma cards, read once from the card pool into small records.

The state never holds these; look them up by card code with `facts(code)`.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Final, Literal, TypeAlias

from cards.pool import load_pool

GAME_ID: Final = "inazuma"
CardType: TypeAlias = Literal["goalkeeper", "starting", "reserve", "technique"]

# Field slots: index = line * 2 + side. Lines: FW (front), MF (middle), DF (rear); sides: L, R.
POSITIONS: Final = ("FW", "MF", "DF")
SIDES: Final = ("L", "R")
SLOT_NAMES: Final = tuple(f"{pos}-{side}" for pos in POSITIONS for side in SIDES)
SLOT_INDEX: Final = {name: i for i, name in enumerate(SLOT_NAMES)}
SIDE_NAMES: Final = {"L": "left", "R": "right"}


POSITION_SLOTS: Final = {pos: (i * 2, i * 2 + 1) for i, pos in enumerate(POSITIONS)}


def slot_of(position: str, side: str) -> int:
    return POSITIONS.index(position) * 2 + SIDES.index(side)


def slot_position(slot: int) -> str:
    return POSITIONS[slot // 2]


def slot_side(slot: int) -> str:
    return SIDES[slot % 2]


@dataclass(frozen=True, slots=True)
class Facts:
    """What the engine needs from one printed card."""

    code: str
    name: str
    type: str
    attribute: str | None
    team: str | None
    position: str | None
    sp: int
    fsp: int
    ap: int
    level: int
    icons: tuple[str, ...]
    keywords: tuple[tuple[str, int], ...]
    tags: frozenset[str]

    def keyword(self, name: str) -> int:
        """The X of [Name: X], or 0 when the card lacks the keyword."""
        for key, value in self.keywords:
            if key == name:
                return value
        return 0

    @property
    def is_character(self) -> bool:
        return self.type in ("starting", "reserve", "goalkeeper")


def _int(value: object) -> int:
    return int(value) if isinstance(value, int | str) and str(value).strip() else 0


@cache
def all_facts() -> dict[str, Facts]:
    """Every card of the pool, by code."""
    out: dict[str, Facts] = {}
    for code, card in load_pool(GAME_ID).cards.items():
        stats = card.stats
        keywords = tuple(sorted((str(k), int(v)) for k, v in card.extra.get("keywords", {}).items()))
        out[code] = Facts(
            code=code,
            name=card.name,
            type=card.type,
            attribute=stats.get("attribute"),
            team=stats.get("team"),
            position=stats.get("position"),
            sp=_int(stats.get("sp")),
            fsp=_int(stats.get("fsp")),
            ap=_int(stats.get("ap")),
            level=_int(stats.get("level")),
            icons=tuple(stats.get("icons") or ()),
            keywords=keywords,
            tags=frozenset(card.tags),
        )
    return out


_TABLE: Final[dict[str, Facts]] = {}


def facts(code: str) -> Facts:
    """Facts of one card by code (a compiled-fast copy of `all_facts`, filled on first use)."""
    found = _TABLE.get(code)
    if found is None:
        _TABLE.update(all_facts())
        found = _TABLE[code]
    return found
