"""Built-in card pools and preconstructed decks, read from `cards/data/<game>/` (no database).

The engine reads card facts through this module only. Layout of a game's folder:

- `cards.json`: a list of card objects (see `CardDef`): ``{"code", "name", "type", "subtype",
  "stats", "text", "sets", "aliases", "tags", "extra"}``. `code` is unique within the game;
  `text` is written by this project in its own words; `stats` holds the game's numbers and
  symbols (ATK/DEF/level, colors, chakra costs...).
- `decks.json`: a list of ``{"name", "description", "sections": {"main": [[count, code], ...], ...}}``.

>>> pool = load_pool("yugioh")            # doctest: +SKIP
>>> pool.by_name("Dark Magician").stats   # doctest: +SKIP
{'atk': 2500, 'def': 2100, 'level': 7, ...}
"""

from __future__ import annotations

import json
import re
import unicodedata
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, TypeAlias

CardCode: TypeAlias = str
GameId: TypeAlias = str

DATA_DIR = Path(__file__).parent / "data"


class PoolError(ValueError):
    """A built-in data file is malformed; the message names the file and the entry."""


def normalize_name(name: str) -> str:
    """Fold case, accents, punctuation and hyphens so that look-ups forgive them.

    >>> normalize_name("Blue-Eyes White Dragon")
    'blue eyes white dragon'
    """
    text = unicodedata.normalize("NFKD", name)
    text = "".join(ch for ch in text if not unicodedata.combining(ch)).lower()
    text = re.sub(r"[^a-z0-9]+", " ", text)
    return text.strip()


@dataclass(frozen=True, slots=True)
class CardDef:
    """Static facts of one card: shared by every match, never stored in a state."""

    game: GameId
    code: CardCode
    name: str
    type: str
    subtype: str = ""
    stats: dict[str, Any] = field(default_factory=dict)
    text: str = ""
    sets: tuple[str, ...] = ()
    aliases: tuple[str, ...] = ()
    tags: tuple[str, ...] = ()
    extra: dict[str, Any] = field(default_factory=dict)

    def stat(self, key: str, default: Any = None) -> Any:
        """Return one printed stat, or `default` when the card has none."""
        return self.stats.get(key, default)


@dataclass(frozen=True, slots=True)
class DeckDef:
    """A preconstructed deck: sections (e.g. "main", "side", "extra") of card codes."""

    game: GameId
    name: str
    description: str
    sections: dict[str, tuple[CardCode, ...]]

    def as_lists(self) -> dict[str, list[CardCode]]:
        """Return the sections as plain lists (the shape `Game.new_match` takes)."""
        return {name: list(codes) for name, codes in self.sections.items()}


class CardPool:
    """All built-in cards of one game, indexed by code and by normalized name."""

    def __init__(self, game: GameId, cards: list[CardDef], decks: list[DeckDef]) -> None:
        self.game = game
        self.cards: dict[CardCode, CardDef] = {}
        self._by_name: dict[str, CardDef] = {}
        for card in cards:
            if card.code in self.cards:
                raise PoolError(f"{game}: duplicate card code {card.code!r}")
            self.cards[card.code] = card
            self._by_name.setdefault(normalize_name(card.name), card)
        self.decks: dict[str, DeckDef] = {deck.name: deck for deck in decks}

    def __getitem__(self, code: CardCode) -> CardDef:
        return self.cards[code]

    def __contains__(self, code: object) -> bool:
        return code in self.cards

    def __len__(self) -> int:
        return len(self.cards)

    def by_name(self, name: str) -> CardDef:
        """Return the card with this name (case, punctuation and accents ignored); KeyError if none."""
        card = self._by_name.get(normalize_name(name))
        if card is None:
            raise KeyError(f"{self.game}: no card named {name!r}")
        return card

    def resolve(self, code_or_name: str) -> CardDef:
        """Return a card by code, or else by name."""
        card = self.cards.get(code_or_name)
        return card if card is not None else self.by_name(code_or_name)


def _card_from_json(game: GameId, raw: dict[str, Any], where: str) -> CardDef:
    try:
        return CardDef(
            game=game,
            code=str(raw["code"]),
            name=str(raw["name"]),
            type=str(raw["type"]),
            subtype=str(raw.get("subtype", "")),
            stats=dict(raw.get("stats", {})),
            text=str(raw.get("text", "")),
            sets=tuple(raw.get("sets", ())),
            aliases=tuple(raw.get("aliases", ())),
            tags=tuple(raw.get("tags", ())),
            extra=dict(raw.get("extra", {})),
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise PoolError(f"{where}: bad card entry {raw!r}: {exc}") from exc


def _deck_from_json(game: GameId, raw: dict[str, Any], where: str, pool: dict[CardCode, CardDef]) -> DeckDef:
    sections: dict[str, tuple[CardCode, ...]] = {}
    for section, entries in raw.get("sections", {}).items():
        codes: list[CardCode] = []
        for count, code in entries:
            if code not in pool:
                raise PoolError(f"{where}: deck {raw.get('name')!r} names unknown card code {code!r}")
            codes.extend([str(code)] * int(count))
        sections[str(section)] = tuple(codes)
    return DeckDef(game=game, name=str(raw["name"]), description=str(raw.get("description", "")), sections=sections)


@cache
def load_pool(game: GameId) -> CardPool:
    """Load (once per process) the built-in pool and decks of `game`."""
    folder = DATA_DIR / game
    cards_file = folder / "cards.json"
    if not cards_file.exists():
        raise PoolError(f"no built-in card pool for game {game!r} (expected {cards_file})")
    raw_cards = json.loads(cards_file.read_text(encoding="utf-8"))
    cards = [_card_from_json(game, raw, str(cards_file)) for raw in raw_cards]
    by_code = {card.code: card for card in cards}
    decks_file = folder / "decks.json"
    decks: list[DeckDef] = []
    if decks_file.exists():
        raw_decks = json.loads(decks_file.read_text(encoding="utf-8"))
        decks = [_deck_from_json(game, raw, str(decks_file), by_code) for raw in raw_decks]
    return CardPool(game, cards, decks)


def available_pools() -> list[GameId]:
    """Games that ship a built-in pool."""
    return sorted(p.name for p in DATA_DIR.iterdir() if (p / "cards.json").exists())
