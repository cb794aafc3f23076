"""Adapter to the card catalog (`cards.catalog`): search, autocomplete, and card facts for embeds."""

from __future__ import annotations

import asyncio
import re
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
