"""Card search: the service the bot's `/card` command, its autocomplete and `tcgtable card` call.

>>> service = CardSearch(Catalog())                          # doctest: +SKIP
>>> response = await service.search("blue eyes white dragn")  # doctest: +SKIP
>>> response.results[0].name                                  # doctest: +SKIP
'Blue-Eyes White Dragon'
>>> [s.name for s in await service.autocomplete("dark mag", game="yugioh")]  # doctest: +SKIP
['Dark Magician', 'Dark Magician Girl', ...]

`search(query, game=None, limit=10)` tries, in order: a card code ("89631139", "N-001", an
alternate-art passcode), the exact name, a character without its subtitle ("Raiga"), an alias or
nickname ("BEWD"), fuzzy names (case, punctuation, hyphens, spacing and typos forgiven), and, when no
name fits well, full-text over rules text (SQLite FTS5, or PostgreSQL full-text search). It returns a
`SearchResponse`: `results` best first, one per character, other versions in `versions`; `score` is
100 for a code or name, 99 for a character or alias, at most 98 for a fuzzy name, at most 65 for text.
`autocomplete(prefix, game=None, limit=25)` returns at most 25 distinct names (Discord's limit):
names starting with the prefix first (well-known, then shorter ones), then names the unfinished,
possibly misspelt text may be heading for ("drk magc" -> Dark Magician).
Neither call touches the network; names are matched in an in-memory index rebuilt when the
catalog changes (checked every `refresh_seconds`); only the full-text step queries the database.
"""

from __future__ import annotations

import asyncio
import functools
import re
import time
from dataclasses import dataclass, field
from typing import Any, Literal

from sqlalchemy import select, text

from cards.catalog.db import Catalog
from cards.catalog.index import CardIndex, Entry, normalize_query
from cards.catalog.models import ALIAS, CARD
from cards.pool import PoolError, load_pool

MatchKind = Literal["code", "name", "alias", "fuzzy", "text"]
FUZZY_TEXT_FLOOR = 80.0  # below this best fuzzy score, rules-text search joins in
MAX_LIMIT = 50
TEXT_SCORE = 65.0  # best full-text hit: below a fair fuzzy name match, above a poor one
# Words nearly every rules text holds: they only slow full-text search down.
STOPWORDS = frozenset(
    [
        "a",
        "an",
        "and",
        "are",
        "as",
        "at",
        "be",
        "by",
        "can",
        "card",
        "cards",
        "for",
        "from",
        "if",
        "in",
        "is",
        "it",
        "its",
        "of",
        "on",
        "or",
        "that",
        "the",
        "their",
        "then",
        "this",
        "to",
        "until",
        "when",
        "while",
        "with",
        "you",
        "your",
    ]
)


@dataclass(slots=True)
class CardResult:
    """One answer: a card (the best version of its character), how it matched, and its other versions."""

    name: str
    game: str
    code: str
    score: float
    match: MatchKind
    type: str
    subtype: str
    stats: dict[str, Any]
    text: str
    sets: list[dict[str, Any]]
    image_url: str
    origin: str
    provenance: str
    versions: list[dict[str, Any]] = field(default_factory=list)
    tags: list[str] = field(default_factory=list)
    """Printed traits ("Leaf", "Genin"), which effects refer to."""

    def as_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "game": self.game,
            "code": self.code,
            "score": self.score,
            "match": self.match,
            "type": self.type,
            "subtype": self.subtype,
            "stats": self.stats,
            "text": self.text,
            "sets": self.sets,
            "image_url": self.image_url,
            "origin": self.origin,
            "provenance": self.provenance,
            "versions": self.versions,
            "tags": self.tags,
        }


@dataclass(slots=True)
class SearchResponse:
    """`query`, the `game` filter (None = every game) and the results, best first."""

    query: str
    game: str | None
    results: list[CardResult]

    def as_dict(self) -> dict[str, Any]:
        return {"query": self.query, "game": self.game, "results": [r.as_dict() for r in self.results]}


@dataclass(frozen=True, slots=True)
class Suggestion:
    """One autocomplete choice: the card name to show, and the game and code it stands for."""

    name: str
    game: str
    code: str


class CardSearch:
    """Look cards up in a catalog. Safe to share across tasks; cheap to call thousands of times."""

    def __init__(self, catalog: Catalog, *, refresh_seconds: float = 5.0) -> None:
        self.catalog = catalog
        self.refresh_seconds = refresh_seconds
        self._index: CardIndex | None = None
        self._checked = 0.0
        self._lock = asyncio.Lock()

    def invalidate(self) -> None:
        """Forget the index (the next call rebuilds it), e.g. right after an import."""
        self._index = None

    async def index(self) -> CardIndex:
        """The current index, rebuilt when the catalog generation moved on."""
        now = time.monotonic()
        if self._index is not None and now - self._checked < self.refresh_seconds:
            return self._index
        async with self._lock:  # one rebuild at a time; the others wait for it
            if self._index is not None and now - self._checked < self.refresh_seconds:
                return self._index
            await self.catalog.open()
            generation = await self.catalog.generation()
            if self._index is None or self._index.generation != generation:
                self._index = await self._build(generation)
            self._checked = time.monotonic()
            return self._index

    async def _build(self, generation: int) -> CardIndex:
        columns = (
            CARD.c.id,
            CARD.c.game,
            CARD.c.code,
            CARD.c.name,
            CARD.c.norm_name,
            CARD.c.group_key,
            CARD.c.type,
            CARD.c.subtype,
            CARD.c.stats,
            CARD.c.text,
            CARD.c.sets,
            CARD.c.image_url,
            CARD.c.origin,
            CARD.c.source,
            CARD.c.imported_at,
            CARD.c.extra,
        )
        async with self.catalog.engine.connect() as conn:
            rows = (await conn.execute(select(*columns).order_by(CARD.c.game, CARD.c.code))).all()
            alias_rows = (
                await conn.execute(
                    select(ALIAS.c.game, ALIAS.c.norm_alias, ALIAS.c.kind, ALIAS.c.card_code, ALIAS.c.target_name)
                )
            ).all()
        entries = [Entry(*row) for row in rows]
        aliases = [(str(a), str(b), str(c), str(d), str(e)) for a, b, c, d, e in alias_rows]
        # Building takes a few hundred milliseconds for 10k cards: off the event loop, so a bot
        # keeps answering (and heartbeating) meanwhile.
        return await asyncio.to_thread(CardIndex, entries, aliases, generation)

    async def search(self, query: str, game: str | None = None, limit: int = 10) -> SearchResponse:
        """Find cards for `query` (see the module docstring for the order of steps)."""
        limit = max(1, min(limit, MAX_LIMIT))
        index = await self.index()
        norm = normalize_query(query)
        scored: dict[int, tuple[float, MatchKind]] = {}

        def add(entries: list[Entry], score: float, kind: MatchKind) -> None:
            for entry in entries:
                if entry.id not in scored or scored[entry.id][0] < score:
                    scored[entry.id] = (score, kind)

        add(index.exact_code(query, game), 100.0, "code")
        if norm:
            add(index.exact_name(norm, game), 100.0, "name")
            add(index.exact_character(norm, game), 99.0, "name")
            add(index.exact_alias(norm, game), 99.0, "alias")
            best_fuzzy = 0.0
            for name, score in index.fuzzy(norm, game, limit=limit + 5):
                best_fuzzy = max(best_fuzzy, score)
                add(index.exact_name(name, game), fuzzy_display(score), "fuzzy")
            if not scored or max(s for s, _ in scored.values()) < 99.0:
                for entry, score in index.fuzzy_alias(norm, game):
                    add([entry], round(score, 1), "alias")
            long_query = len(norm.split()) >= 4 and best_fuzzy < FUZZY_TEXT_FLOOR + 10
            exact = any(score >= 99.0 for score, _ in scored.values())
            if not exact and (best_fuzzy < FUZZY_TEXT_FLOOR or long_query):
                hits = [index.by_id[i] for i in await self._full_text(query, game, 40) if i in index.by_id]
                # BM25 barely separates short texts: texts holding the whole phrase come first, the
                # shortest of them (where the phrase is most of the card) first of all.
                hits.sort(key=lambda hit: (0, len(hit.text)) if norm in index.norm_text(hit) else (1, 0))
                for rank, hit in enumerate(hits[:limit]):
                    add([hit], round(max(1.0, TEXT_SCORE - rank * 0.5), 1), "text")
        return SearchResponse(query=query, game=game, results=_group(index, scored, limit))

    async def autocomplete(self, prefix: str, game: str | None = None, limit: int = 25) -> list[Suggestion]:
        """Up to `limit` (≤ 25) distinct card names for a partly typed name."""
        limit = max(1, min(limit, 25))
        index = await self.index()
        norm = normalize_query(prefix)
        names = index.prefix_names(norm, game, limit)
        if len(names) < limit and norm:
            names += [name for name in index.complete(norm, game, limit) if name not in names]
        suggestions: list[Suggestion] = []
        for name in names[:limit]:
            entry = index.exact_name(name, game)[0]
            suggestions.append(Suggestion(entry.name, entry.game, entry.code))
        return suggestions

    async def get(self, game: str, code: str) -> CardResult | None:
        """The card with this code in this game, or None."""
        index = await self.index()
        entry = index.by_key.get((game, code))
        return None if entry is None else _result(index, entry, 100.0, "code")

    async def _full_text(self, query: str, game: str | None, limit: int) -> list[int]:
        words = [w for w in re.findall(r"\w+", query.lower()) if w not in STOPWORDS][:12]
        if not words:
            return []
        async with self.catalog.engine.connect() as conn:
            for joiner in (" ", " OR "):
                if self.catalog.is_sqlite:
                    statement = text(
                        "SELECT c.id FROM catalog_card_fts f JOIN catalog_card c ON c.id = f.rowid "
                        "WHERE catalog_card_fts MATCH :q AND (:game IS NULL OR c.game = :game) "
                        "ORDER BY f.rank LIMIT :n"
                    )
                    match = joiner.join(f'"{word}"' for word in words)
                else:
                    statement = text(
                        "SELECT c.id FROM catalog_card c, websearch_to_tsquery('english', :q) AS query "
                        "WHERE c.search_tsv @@ query AND (CAST(:game AS TEXT) IS NULL OR c.game = :game) "
                        "ORDER BY ts_rank(c.search_tsv, query, 2) DESC LIMIT :n"  # 2: divided by length
                    )
                    match = joiner.lower().join(words)
                rows = (await conn.execute(statement, {"q": match, "game": game, "n": limit})).all()
                if rows:
                    return [int(row[0]) for row in rows]
        return []


def fuzzy_display(score: float) -> float:
    """Map a fuzzy rank score (bonuses can lift it past 100) onto 0-98, keeping the order.

    98 stays below the exact steps (code, name: 100; alias, character: 99).
    """
    return round(min(score, 110.0) * 98.0 / 110.0, 1)


def provenance(entry: Entry) -> str:
    """Where a card's data came from, for people: "built-in" or "imported from cards.cdb (cdb) on 2026-11-21"."""
    if entry.origin == "builtin":
        return "built-in card pool"
    name = entry.source.rstrip("/").rsplit("/", 1)[-1] if "://" not in entry.source else entry.source
    fmt = entry.origin.partition(":")[2] or entry.origin
    when = f" on {entry.imported_at:%Y-%m-%d}" if entry.imported_at else ""
    return f"imported from {name} ({fmt}){when}"


def _result(index: CardIndex, entry: Entry, score: float, kind: MatchKind) -> CardResult:
    versions = [
        {
            "code": other.code,
            "name": other.name,
            "type": other.type,
            "stats": other.stats,
            "sets": other.sets,
            "text": other.text,
        }
        for other in index.versions(entry)
        if other.id != entry.id
    ]
    return CardResult(
        name=entry.name,
        game=entry.game,
        code=entry.code,
        score=score,
        match=kind,
        type=entry.type,
        subtype=entry.subtype,
        stats=entry.stats,
        text=entry.text,
        sets=entry.sets,
        image_url=entry.image_url,
        origin=entry.origin,
        provenance=provenance(entry),
        versions=versions,
        tags=[str(t) for t in (entry.extra or {}).get("tags", []) if isinstance(t, str)],
    )


@functools.cache
def played_codes(game: str) -> frozenset[str]:
    """Codes of the cards in the game's built-in decks: of several versions of a character, the one
    the engine's decks play is shown first."""
    try:
        pool = load_pool(game)
    except (PoolError, OSError, ValueError):
        return frozenset()
    return frozenset(code for deck in pool.decks.values() for codes in deck.sections.values() for code in codes)


def _group(index: CardIndex, scored: dict[int, tuple[float, MatchKind]], limit: int) -> list[CardResult]:
    """One result per character (game, group): its best-scoring card, the others as versions."""
    ranked = sorted(
        scored.items(),
        key=lambda item: (
            -item[1][0],
            len(index.by_id[item[0]].name),
            index.by_id[item[0]].code not in played_codes(index.by_id[item[0]].game),
            index.by_id[item[0]].code,
        ),
    )
    results: list[CardResult] = []
    seen: set[tuple[str, str]] = set()
    for card_id, (score, kind) in ranked:
        entry = index.by_id[card_id]
        key = (entry.game, entry.group)
        if key in seen:
            continue
        seen.add(key)
        results.append(_result(index, entry, score, kind))
        if len(results) >= limit:
            break
    return results
