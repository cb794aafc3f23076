"""Adapter to the card catalog (`cards.catalog`): search, autocomplete, and card facts for embeds."""

from __future__ import annotations

import asyncio
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cards.catalog.search import CardResult, CardSearch, Suggestion

INLINE = re.compile(r"\[\[([^\[\]\n]{1,80})\]\]")
CODE_BLOCK = re.compile(r"```.*?```|`[^`\n]*`", re.DOTALL)
MAX_INLINE = 3


def inline_queries(content: str) -> list[str]:
    """The `[[card name]]` look-ups of a message (at most 3), ignoring code blocks and inline code.

    >>> inline_queries("try [[dark magican]] and `[[not this]]` and [[BEWD]]")
    ['dark magican', 'BEWD']
    """
    stripped = CODE_BLOCK.sub(" ", content)
    found: list[str] = []
    for match in INLINE.finditer(stripped):
        query = " ".join(match.group(1).split())
        if query and query.casefold() not in (q.casefold() for q in found):
            found.append(query)
        if len(found) == MAX_INLINE:
            break
    return found


SHOWN_QUERY_CHARS = 60
"""A query echoed back in a reply is cut to this many characters."""
MATCH_FLOOR = 75.0
"""A fuzzy name match scoring below this (0-98) is offered as a suggestion, never shown as the card."""
SUGGESTIONS = 4
AMBIGUOUS_GAP = 3.0
"""A fuzzy match this close to another is a guess ("dark": Dark Magician 86.1, Dark Hole 85.8): the
look-up lists them instead. A right typo match leads by 19 points or more on the labelled queries."""


def shown_query(query: str) -> str:
    """`query` as a reply may echo it: one line, at most `SHOWN_QUERY_CHARS` characters.

    >>> shown_query("a" * 5000)[-4:], len(shown_query("a" * 5000))
    ('aaa…', 61)
    """
    flat = " ".join(query.split())
    return flat if len(flat) <= SHOWN_QUERY_CHARS else flat[:SHOWN_QUERY_CHARS] + "…"


@dataclass(slots=True)
class CardFind:
    """What a look-up shows: the card (None when no name fits well enough), suggestions (same game
    first), and a note for the reader ("no card matches …", "usagi is a game: …")."""

    card: CardResult | None
    suggestions: list[CardResult] = field(default_factory=list)
    note: str = ""

    def also(self) -> str:
        """ "Also: A (game), B (game)" or "" for the suggestions."""
        return "Also: " + ", ".join(f"{r.name} ({r.game})" for r in self.suggestions) if self.suggestions else ""


CATALOG_TEXT_SCORE = 90.0
"""How closely a name in a rules question must match a catalog card for the card to be shown."""


class CardsService:
    """Opens the catalog on first use (same database as the bot) and answers look-ups."""

    def __init__(self, database_url: str) -> None:
        self.database_url = database_url
        self._search: CardSearch | None = None
        self._lock = asyncio.Lock()

    async def search_service(self) -> CardSearch:
        async with self._lock:
            if self._search is None:
                from cards.catalog.db import Catalog
                from cards.catalog.search import CardSearch

                catalog = await Catalog(self.database_url).open()
                self._search = CardSearch(catalog)
            return self._search

    async def lookup(self, query: str, game: str | None = None, limit: int = 5) -> list[CardResult]:
        """Best matches for a (possibly misspelt) name, code or nickname; empty when nothing fits."""
        query = " ".join(query.split())
        if not query:
            return []
        from bot.services.games import canonical_game_id

        game = canonical_game_id(game)  # any case; an unknown game is named as such, not "no card matches"
        response = await (await self.search_service()).search(query, game=game, limit=limit)
        return list(response.results)

    async def find(self, query: str, game: str | None = None) -> CardFind:
        """The card a look-up shows, with close names to try: a weak fuzzy or rules-text match is
        offered as a suggestion, never as the card; a game's name typed alone says how to search it."""
        from bot.services.games import canonical_game_id

        game = canonical_game_id(game)
        results = await self.lookup(query, game, limit=SUGGESTIONS + 4)
        named = _game_named(query) if game is None else None
        strong = [
            r
            for r in results
            if r.match in ("code", "name", "alias") or (r.match == "fuzzy" and r.score >= MATCH_FLOOR)
        ]

        if named is not None and not any(r.score >= 99.0 for r in results):
            return CardFind(None, [], _game_note(query, named))
        if not strong:
            note = f"No card matches {shown_query(query)!r}."
            if results:
                note += " Did you mean one of these?"
            return CardFind(None, results[:SUGGESTIONS], note)
        best = strong[0]
        others = [r for r in results if r is not best]
        if best.match == "fuzzy" and any(r.match == "fuzzy" and best.score - r.score < AMBIGUOUS_GAP for r in others):
            note = f"Several cards match {shown_query(query)!r}: did you mean one of these?"  # "dark", "monster"
            return CardFind(None, results[:SUGGESTIONS], note)
        others.sort(key=lambda r: (r.game != best.game, -r.score))  # the same game first
        close = [r for r in others if r.game == best.game or r.score >= MATCH_FLOOR]
        return CardFind(best, close[: SUGGESTIONS - 1])

    async def catalog_text(self, name: str, game: str) -> str | None:
        """A card named in a rules question, from the catalog, with where its text comes from; None
        unless a card of `game` matches the name well (an exact, nickname or close fuzzy match)."""
        from bot.render.cards import card_text

        results = await self.lookup(name, game, limit=1)
        if not results or results[0].score < CATALOG_TEXT_SCORE:
            return None
        return f"{card_text(results[0])}\nSource: {results[0].provenance}"

    async def autocomplete(self, prefix: str, game: str | None = None) -> list[Suggestion]:
        from bot.services.errors import ServiceError
        from bot.services.games import canonical_game_id

        try:
            game = canonical_game_id(game)
        except ServiceError:  # still typing the game: suggest from every game
            game = None
        return list(await (await self.search_service()).autocomplete(prefix, game=game, limit=25))

    async def close(self) -> None:
        if self._search is not None:
            await self._search.catalog.close()


def _game_named(query: str) -> str | None:
    """The game a query names when it is nothing but a game's name ("usagi", "Inuyasha TCG")."""
    from bot.services.errors import ServiceError
    from bot.services.games import canonical_game_id

    try:
        return canonical_game_id(query)
    except ServiceError:
        from rulesdocs.conversation import named_game, strip_game_names

        return named_game(query) if not strip_game_names(query).strip(" ?!.") else None


def _game_note(query: str, game: str) -> str:
    return (
        f"{shown_query(query)!r} is a game, not a card. Search its cards with `/card NAME game:{game}` "
        f"(autocomplete lists them as you type), or list its decks with `/deck list game:{game}`."
    )
