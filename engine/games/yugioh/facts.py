"""Static card facts of the Yu-Gi-Oh! pool as fast look-up tables (never stored in a state)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Final

from cards.pool import load_pool

GAME_ID: Final = "yugioh"


@dataclass(frozen=True, slots=True)
class Facts:
    """What the rules need of a card: kind ("monster", "spell", "trap"), subtype, numbers."""

    code: str
    name: str
    kind: str
    sub: str
    level: int
    atk: int
    dfn: int
    race: str
    attribute: str
    materials: tuple[str, ...]

    @property
    def is_monster(self) -> bool:
        return self.kind == "monster"

    @property
    def is_token(self) -> bool:
        return self.sub == "token"

    @property
    def is_fusion(self) -> bool:
        return self.sub == "fusion"

    @property
    def is_flip(self) -> bool:
        return self.kind == "monster" and self.sub == "effect" and self.flip

    @property
    def flip(self) -> bool:
        return self.code in FLIP_CODES

    @property
    def speed(self) -> int:
        """Spell Speed of activating this card (rule 8.4)."""
        if self.kind == "spell":
            return 2 if self.sub == "quick-play" else 1
        if self.kind == "trap":
            return 3 if self.sub == "counter" else 2
        return 1

    @property
    def tributes(self) -> int:
        """Tributes a Normal Summon or Set of this monster needs (rule 10.2)."""
        if self.level >= 7:
            return 2
        return 1 if self.level >= 5 else 0


FLIP_CODES: Final = frozenset(
    {"87557188", "46461247", "54652250", "07089711", "33066139", "09076207"}
)  # the FLIP monsters of the pool (tags say "flip" too)


_TABLE: Final[dict[str, Facts]] = {}


def table() -> dict[str, Facts]:
    """Facts of every card of the built-in pool, by code (built on first use; one dict per process)."""
    if not _TABLE:
        _TABLE.update(_build_table())
    return _TABLE


def _build_table() -> dict[str, Facts]:
    out: dict[str, Facts] = {}
    for code, card in load_pool(GAME_ID).cards.items():
        stats = card.stats
        out[code] = Facts(
            code=code,
            name=card.name,
            kind=card.type,
            sub=card.subtype,
            level=int(stats.get("level", 0)),
            atk=int(stats.get("atk", 0)),
            dfn=int(stats.get("def", 0)),
            race=str(stats.get("race", "")),
            attribute=str(stats.get("attribute", "")),
            materials=tuple(card.extra.get("fusion_materials", ())),
        )
    return out


def facts(code: str) -> Facts:
    found = _TABLE.get(code)
    return found if found is not None else table()[code]


@cache
def code_by_name(name: str) -> str:
    return load_pool(GAME_ID).by_name(name).code


EXODIA_PIECES: Final = ("33396948", "08124921", "44519536", "70903634", "07902349")
