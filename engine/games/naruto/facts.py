"""Static facts of Naruto cards, precomputed once per code for fast rule checks.

Everything here is read from `cards/data/naruto/cards.json` through `cards.pool`; nothing
here is per-match. Ranks follow rules section 13.6 (with its Interpretation).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from cards.pool import CardDef, load_pool

GAME_ID: Final = "naruto"
SYMBOLS: Final = ("Earth", "Fire", "Lightning", "Void", "Water", "Wind")

RANKS: Final[dict[str, int]] = {
    "Ninja Academy Student": 0,
    "Genin": 1,
    "Chunin": 2,
    "Special Jonin": 3,
    "Anbu": 3,
    "Jonin": 4,
    "Village Leader": 5,
    "Kage": 5,
    "Sannin": 5,
}
NO_RANK: Final = -1
GENDERS: Final = ("Male", "Female")
KEYWORDS: Final = (
    "Ambush",
    "Growth",
    "Mastery",
    "Non-Unique",
    "Platoon",
    "Reinforcement",
    "Sacrifice",
    "Senjutsu",
    "Squad",
    "Surge",
    "Tracking",
    "Permanent",
)


@dataclass(frozen=True, slots=True)
class JutsuCost:
    """A Jutsu cost: Symbol-specific points, generic points, and an optional X."""

    specific: tuple[tuple[str, int], ...] = ()
    generic: int = 0
    x: bool = False
    x_symbol: str = ""

    @property
    def total(self) -> int:
        """Printed total (X counts as 0), each specific Symbol counting 1 (rule 10.4)."""
        return self.generic + sum(n for _, n in self.specific)

    @property
    def has_specific(self) -> bool:
        return bool(self.specific) or bool(self.x_symbol)


@dataclass(frozen=True, slots=True)
class Facts:
    """What the rules need to know about a card, without looking into JSON."""

    code: str
    kind: str  # Ninja, Jutsu, Mission, Client
    name: str
    names: frozenset[str]
    symbols: frozenset[str]
    entrance: int
    hand: int
    combat: int
    support: int
    injured_combat: int
    injured_support: int
    attribute: str
    traits: frozenset[str]
    rank: int
    keywords: frozenset[str]
    valid: bool
    cost: JutsuCost
    counter: bool
    permanent_coins: int
    mental_power: int
    sacrifice: tuple[str, ...]
    squad: tuple[str, ...]

    @property
    def is_ninja(self) -> bool:
        return self.kind == "Ninja"


def _traits(tags: tuple[str, ...]) -> frozenset[str]:
    out: set[str] = set()
    for tag in tags:
        out.add(tag)
        if tag.endswith(")") and "(" in tag:
            base, _, inner = tag[:-1].partition("(")
            out.add(base.strip())
            out.add(inner.strip())
    return frozenset(out)


def _rank(traits: frozenset[str]) -> int:
    return max((RANKS[t] for t in traits if t in RANKS), default=NO_RANK)


def _cost(raw: dict[str, Any] | None) -> JutsuCost:
    if not raw:
        return JutsuCost()
    spec = tuple(sorted((str(k), int(v)) for k, v in dict(raw.get("specific", {})).items()))
    return JutsuCost(spec, int(raw.get("generic", 0)), bool(raw.get("x", False)), str(raw.get("x_symbol", "")))


def build_facts(card: CardDef) -> Facts:
    """Facts of one card definition."""
    stats = card.stats
    extra = card.extra
    traits = _traits(card.tags)
    keywords = frozenset(str(k) for k in extra.get("keywords", ())) | (traits & frozenset(KEYWORDS))
    names = frozenset({card.name, *(str(n) for n in extra.get("also_named", ()))})
    return Facts(
        code=card.code,
        kind=card.type,
        name=card.name,
        names=names,
        symbols=frozenset(stats.get("symbols", ())),
        entrance=int(stats.get("entrance") or 0),
        hand=int(stats.get("hand") or 0),
        combat=int(stats.get("combat") or 0),
        support=int(stats.get("support") or 0),
        injured_combat=int(stats.get("injured_combat") or 0),
        injured_support=int(stats.get("injured_support") or 0),
        attribute=str(stats.get("attribute") or ""),
        traits=traits,
        rank=_rank(traits),
        keywords=keywords,
        valid=bool(extra.get("valid", False)),
        cost=_cost(stats.get("cost")),
        counter=card.subtype == "Counter",
        permanent_coins=int(extra.get("permanent_coins", 0)),
        mental_power=int(stats.get("mental_power") or 0),
        sacrifice=tuple(str(x) for x in extra.get("sacrifice", ())),
        squad=tuple(str(x) for x in extra.get("squad", ())),
    )


_FACTS: Final[dict[str, Facts]] = {}


def all_facts() -> dict[str, Facts]:
    """Facts of every card of the built-in pool, by code (built once per process)."""
    if not _FACTS:
        _FACTS.update((code, build_facts(card)) for code, card in load_pool(GAME_ID).cards.items())
    return _FACTS


def facts(code: str) -> Facts:
    """Facts of a card by code."""
    try:
        return _FACTS[code]
    except KeyError:
        return all_facts()[code]
