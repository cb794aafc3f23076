"""Static facts of Usagi Yojimbo cards, read once from the card pool into fast records.

The state stores only card codes; everything printed on a card (type, cost, ratings,
produced currency, score) is looked up here by code.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any, Final

from cards.pool import load_pool

GAME_ID: Final = "usagi"
RATINGS: Final[tuple[str, ...]] = ("combat", "diplomacy", "intrigue", "ceremony", "labor")
CURRENCIES: Final[tuple[str, ...]] = ("honor", "ryo")
HAND_SIZE: Final = 6
MIN_DECK: Final = 30
MAX_COPIES: Final = 3
TOKEN_POOL: Final[dict[int, int]] = {2: 19, 3: 26, 4: 31, 5: 34, 6: 35}

CHARACTER: Final = "Character"
EVENT: Final = "Event"
ATTACHMENT: Final = "Attachment"
MOMENT: Final = "Moment"
HERO: Final = "Hero"
ALLY: Final = "Ally"
STORY: Final = "Story"
POSSESSION: Final = "Possession"
EXPERIENCE: Final = "Experience"
SETTING: Final = "Setting"
ACTION: Final = "Action"
HELD: Final = "Held"

TYPES: Final[dict[str, tuple[str, ...]]] = {
    CHARACTER: (HERO, ALLY),
    EVENT: ("", STORY),
    ATTACHMENT: (POSSESSION, EXPERIENCE, SETTING),
    MOMENT: ("", ACTION, HELD),
}


@dataclass(frozen=True, slots=True)
class Facts:
    """What is printed on one card, in the shape the rules need."""

    code: str
    name: str
    type: str
    subtype: str
    cost: tuple[tuple[str, int], ...]
    ratings: dict[str, int]
    produces: tuple[tuple[str, int], ...]
    score: int
    restricted: int
    unique: bool
    descriptors: frozenset[str]
    is_character: bool = False
    is_hero: bool = False
    is_ally: bool = False
    is_event: bool = False
    is_story: bool = False
    is_attachment: bool = False
    is_setting: bool = False
    is_moment: bool = False
    is_held: bool = False
    single_in_play: bool = False  # Characters and Unique cards: one of a name in play (rule 1.6)

    def cost_text(self) -> str:
        return " + ".join(f"{n} {cur.capitalize()}" for cur, n in self.cost) or "free"


def _pairs(raw: Any, where: str) -> tuple[tuple[str, int], ...]:
    values = dict(raw or {})
    for key in values:
        if key not in CURRENCIES:
            raise ValueError(f"usagi card {where}: unknown currency {key!r} (use honor or ryo)")
    return tuple((cur, int(values[cur])) for cur in CURRENCIES if int(values.get(cur, 0)) > 0)


@cache
def all_facts() -> dict[str, Facts]:
    """Facts of every card of the built-in pool, by code (read once per process)."""
    table: dict[str, Facts] = {}
    for code, card in load_pool(GAME_ID).cards.items():
        if card.type not in TYPES or card.subtype not in TYPES[card.type]:
            raise ValueError(f"usagi card {code}: unknown type {card.type!r} / subtype {card.subtype!r}")
        ratings = {k: int(v) for k, v in dict(card.stats.get("ratings", {})).items()}
        bad = set(ratings) - set(RATINGS)
        if bad:
            raise ValueError(f"usagi card {code}: unknown ratings {sorted(bad)}")
        words = {w.casefold() for w in card.tags}
        kind, sub = card.type, card.subtype
        unique = bool(card.stats.get("unique", False))
        table[code] = Facts(
            code=code,
            name=card.name,
            type=card.type,
            subtype=card.subtype,
            cost=_pairs(card.stats.get("cost"), code),
            ratings={r: ratings[r] for r in RATINGS if r in ratings},
            produces=_pairs(card.stats.get("produces"), code),
            score=int(card.stats.get("score", 0)),
            restricted=int(card.stats.get("restricted", 0)),
            unique=unique,
            descriptors=frozenset(words),
            is_character=kind == CHARACTER,
            is_hero=kind == CHARACTER and sub == HERO,
            is_ally=kind == CHARACTER and sub == ALLY,
            is_event=kind == EVENT,
            is_story=kind == EVENT and sub == STORY,
            is_attachment=kind == ATTACHMENT,
            is_setting=kind == ATTACHMENT and sub == SETTING,
            is_moment=kind == MOMENT,
            is_held=kind == MOMENT and sub == HELD,
            single_in_play=kind == CHARACTER or unique,
        )
    return table


_TABLE: Final[dict[str, Facts]] = {}


def facts(code: str) -> Facts:
    """Facts of one card by code."""
    try:
        return _TABLE[code]
    except KeyError:
        _TABLE.update(all_facts())
        return _TABLE[code]
