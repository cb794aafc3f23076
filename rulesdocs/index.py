"""The rules index: chunks of every rules reference and extra document in SQLite FTS5 (BM25).

The index lives in one SQLite file (default `~/.cache/tcgtable/rules-index.sqlite`, or
`$TCGTABLE_CACHE_DIR`). It is built on first use and rebuilt when any source text, the synonym
table or the schema changes (a SHA-256 fingerprint of all of them is stored in the file).
Each game's reference gets its own FTS5 table, so term rarity (IDF) is measured within that
game; extra documents share one table filtered by a scope column.

>>> index = RulesIndex.open(db_path=":memory:")
>>> index.search(Query.parse("how many tributes for a level 7 monster"), "yugioh")[0].chunk.section
'10.2'
"""

from __future__ import annotations

import hashlib
import logging
import math
import os
import sqlite3
import threading
import time
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from rulesdocs import text as textmod
from rulesdocs.model import Chunk, GameId, Hit, RulesError
from rulesdocs.parse import (
    document_files,
    game_of_path,
    parse_extra,
    parse_reference,
    read_document,
    reference_games,
)
from rulesdocs.scoring import FieldIndex

logger = logging.getLogger(__name__)
SCHEMA_VERSION = "3"
DEFAULT_TEXTS_DIR = Path(__file__).resolve().parent / "texts"

# bm25() column weights: scope, title, keywords, parents, body.
COLUMN_WEIGHTS = (0.0, 6.0, 4.0, 1.5, 1.0)


def default_db_path() -> Path:
    """Where the index file lives unless told otherwise."""
    base = os.environ.get("TCGTABLE_CACHE_DIR") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.join(Path.home(), ".cache"), "tcgtable"
    )
    return Path(base) / "rules-index.sqlite"


@dataclass(frozen=True, slots=True)
class Query:
    """Weighted search terms (normalized stems -> weight, a small positive integer)."""

    weights: dict[str, int]
    raw: str = ""
    added: frozenset[str] = frozenset()
    """Terms only the chat-phrasing rewrites brought in: they rank, but do not count towards the
    answer's confidence (the question did not say them)."""

    @classmethod
    def parse(cls, question: str, *, context: str = "", game: GameId | None = None) -> Query:
        """Terms of `question` plus the words its chat phrasings stand for (`text.rewrite`), weight 1,
        or 3 when a previous turn's `context` is given, whose own terms then get weight 1;
        normalized with `game`'s synonyms."""
        weights: dict[str, int] = {}
        for term in textmod.terms(context, game):
            weights[term] = 1
        own = textmod.terms(question, game)
        added = [t for t in textmod.terms(textmod.rewrite(question), game) if t not in own]
        for term in own + added:
            weights[term] = 3 if context else 1
        return cls(weights, question, frozenset(added))

    def match_expression(self) -> str:
        """An FTS5 MATCH expression: every term OR-ed, repeated by weight."""
        parts = [f'"{term}"' for term, weight in self.weights.items() for _ in range(weight)]
        return " OR ".join(parts)

    def __bool__(self) -> bool:
        return bool(self.weights)


@dataclass(slots=True)
class GameStats:
    """Document frequencies of a game's reference, for confidence and game inference."""

    docs: int = 0
    df: Counter[str] = field(default_factory=Counter)

    def idf(self, term: str) -> float:
        """Smoothed inverse document frequency; unseen terms get the highest value."""
        return math.log(1.0 + (self.docs + 1) / (self.df.get(term, 0) + 0.5))


@dataclass(slots=True)
class BuildInfo:
    """What opening the index did: rebuilt or reused, and how long it took."""

    rebuilt: bool
    seconds: float
    chunks: int
    fingerprint: str


class RulesIndex:
    """Chunks in memory for lookups; candidates and BM25 through SQLite FTS5, BM25F re-scoring."""

    def __init__(self, conn: sqlite3.Connection, chunks: list[Chunk], info: BuildInfo) -> None:
        self._conn = conn
        self._lock = threading.Lock()  # one connection shared by the bot's worker threads
        self.chunks = chunks
        self.info = info
        self.sections: dict[GameId, dict[str, Chunk]] = {}
        self.glossary: dict[GameId, dict[str, Chunk]] = {}
        self.stats: dict[GameId, GameStats] = {}
        self.chunk_terms: list[frozenset[str]] = []
        self._title_terms: list[frozenset[str]] = []
        self._parent_terms: dict[tuple[GameId | None, str], frozenset[str]] = {}
        for chunk in chunks:
            game = chunk.game
            terms = frozenset(textmod.terms(f"{chunk.title} {chunk.keywords} {chunk.text}", game))
            self.chunk_terms.append(terms)
            self._title_terms.append(frozenset(textmod.terms(f"{chunk.title} {chunk.keywords}", game)))
            if (game, chunk.parents) not in self._parent_terms:
                self._parent_terms[(game, chunk.parents)] = frozenset(textmod.terms(chunk.parents, game))
            if not chunk.is_reference or chunk.game is None:
                continue
            stats = self.stats.setdefault(chunk.game, GameStats())
            stats.docs += 1
            stats.df.update(terms)
            if chunk.kind == "section":
                self.sections.setdefault(chunk.game, {})[chunk.section] = chunk
            else:
                self.glossary.setdefault(chunk.game, {})[textmod.fold(chunk.title)] = chunk
        self._row = {id(c): i + 1 for i, c in enumerate(chunks)}
        self._reference_text: dict[GameId, str] = {}
        self.fields = FieldIndex(chunks)

    # ----- opening and building ----------------------------------------------------------------

    @classmethod
    def open(
        cls,
        texts_dir: Path | None = None,
        extra_dirs: Sequence[Path | str] = (),
        db_path: Path | str | None = None,
    ) -> RulesIndex:
        """Open the index, building it first when missing or out of date."""
        start = time.perf_counter()
        fingerprint, sources = source_fingerprint(texts_dir, extra_dirs)
        path = default_db_path() if db_path is None else db_path
        if str(path) != ":memory:":
            existing = _try_load(Path(path), fingerprint)
            if existing is not None:
                conn, chunks = existing
                return cls(conn, chunks, BuildInfo(False, time.perf_counter() - start, len(chunks), fingerprint))
        chunks = _chunk_sources(sources)
        conn = _build(path, chunks, fingerprint)
        info = BuildInfo(True, time.perf_counter() - start, len(chunks), fingerprint)
        return cls(conn, chunks, info)

    def close(self) -> None:
        self._conn.close()

    # ----- lookups -----------------------------------------------------------------------------

    @property
    def games(self) -> list[GameId]:
        """Games that have a rules reference in the index."""
        return list(self.sections)

    def section(self, game: GameId, number: str) -> Chunk | None:
        """The section `number` ("10.2") of `game`'s reference, if it exists."""
        return self.sections.get(game, {}).get(number.strip().rstrip("."))

    def cited(self, game: GameId, section: str) -> Chunk | None:
        """The chunk a citation names: a section number ("10.2") or a glossary entry ("G:Tribute")."""
        if section.startswith("G:"):
            return self.term(game, section[2:])
        return self.section(game, section)

    def term(self, game: GameId, term: str) -> Chunk | None:
        """The glossary entry for `term` (case and accents ignored), if it exists."""
        return self.glossary.get(game, {}).get(textmod.fold(term).strip())

    def mentions(self, game: GameId, phrase: str) -> bool:
        """True when `game`'s rules reference uses `phrase` (its index terms, in order) anywhere."""
        wanted = textmod.term_text(phrase, game)
        if not wanted:
            return True
        if game not in self._reference_text:
            parts = [
                textmod.term_text(f"{c.title} {c.text}", game) for c in self.chunks if c.game == game and c.is_reference
            ]
            self._reference_text[game] = f" {' '.join(parts)} "
        return f" {wanted} " in self._reference_text[game]

    def terms_of(self, chunk: Chunk) -> frozenset[str]:
        """The normalized terms of `chunk` (title, keywords and text)."""
        return self.chunk_terms[self._row[id(chunk)] - 1]

    def title_terms_of(self, chunk: Chunk) -> frozenset[str]:
        """The normalized terms of `chunk`'s title and keywords."""
        return self._title_terms[self._row[id(chunk)] - 1]

    def terms_of_parents(self, chunk: Chunk) -> frozenset[str]:
        """The normalized terms of `chunk`'s parent section title."""
        found = self._parent_terms.get((chunk.game, chunk.parents))
        return found if found is not None else frozenset(textmod.terms(chunk.parents, chunk.game))

    # ----- ranking -----------------------------------------------------------------------------

    def search(self, query: Query, game: GameId, *, limit: int = 10) -> list[Hit]:
        """Reference chunks of `game` ranked by BM25 (best first)."""
        if not query or game not in self.sections:
            return []
        sql = f"SELECT rowid, bm25({_ref_table(game)}, ?, ?, ?, ?, ?) AS s FROM {_ref_table(game)} "
        sql += f"WHERE {_ref_table(game)} MATCH ? ORDER BY s LIMIT ?"
        with self._lock:
            rows = self._conn.execute(sql, (*COLUMN_WEIGHTS, query.match_expression(), limit)).fetchall()
        return [Hit(self.chunks[rowid - 1], -score) for rowid, score in rows]

    def search_extra(self, query: Query, game: GameId | None, *, limit: int = 5) -> list[Hit]:
        """Passages of extra documents for `game` (and documents of no game) ranked by BM25."""
        if not query:
            return []
        scope = "gany" if game is None else f"(g{game} OR gany)"
        expression = f"scope : {scope} AND ({query.match_expression()})"
        with self._lock:
            rows = self._conn.execute(
                "SELECT rowid, bm25(fts_extra, ?, ?, ?, ?, ?) AS s FROM fts_extra "
                "WHERE fts_extra MATCH ? ORDER BY s LIMIT ?",
                (*COLUMN_WEIGHTS, expression, limit),
            ).fetchall()
        return [Hit(self.chunks[rowid - 1], -score) for rowid, score in rows]


# ----- helpers ---------------------------------------------------------------------------------


def _ref_table(game: GameId) -> str:
    if not game.isidentifier() or not game.isascii():
        raise RulesError(f"game id {game!r} must be a plain identifier")
    return f"fts_ref_{game}"


@dataclass(frozen=True, slots=True)
class _Source:
    path: Path
    game: GameId | None
    reference: bool


def source_fingerprint(
    texts_dir: Path | None = None, extra_dirs: Sequence[Path | str] = ()
) -> tuple[str, list[_Source]]:
    """The fingerprint of the current sources (cheap: hashes about 0.5 MB), and the sources."""
    texts = Path(texts_dir) if texts_dir is not None else DEFAULT_TEXTS_DIR
    sources = _sources(texts, [Path(d) for d in extra_dirs])
    return _fingerprint(sources), sources


def _sources(texts_dir: Path, extra_dirs: Iterable[Path]) -> list[_Source]:
    if not texts_dir.is_dir():
        raise RulesError(f"rules texts directory {texts_dir} does not exist")
    sources = [_Source(texts_dir / f"{g}.md", g, True) for g in reference_games(texts_dir)]
    for directory in extra_dirs:
        sources.extend(_Source(p, game_of_path(p), False) for p in document_files(directory))
    return sources


def _fingerprint(sources: list[_Source]) -> str:
    digest = hashlib.sha256(f"schema {SCHEMA_VERSION}\n".encode())
    digest.update(Path(textmod.__file__).with_name("synonyms.yaml").read_bytes())
    for source in sources:
        digest.update(f"{source.path.name}|{source.game}|{source.reference}\n".encode())
        try:
            digest.update(hashlib.sha256(source.path.read_bytes()).digest())
        except OSError as exc:  # an unreadable extra document is skipped when the index is built
            digest.update(f"unreadable {exc.errno}".encode())
    return digest.hexdigest()


_warned: set[tuple[str, str]] = set()
_warned_lock = threading.Lock()


def _skip_document(path: Path, reason: str) -> None:
    """Log (once per file and reason in this process) that an extra document is left out of the index."""
    key = (str(path), reason)
    with _warned_lock:
        if key in _warned:
            return
        _warned.add(key)
    logger.warning("rules document %s skipped: %s; answers use the other documents", path, reason)


def _chunk_sources(sources: list[_Source]) -> list[Chunk]:
    """Chunks of every source. An extra document (from RULES_DIRS) that cannot be read (a corrupt
    PDF, say) is skipped with a warning: one bad file must not stop every rules answer."""
    chunks: list[Chunk] = []
    for source in sources:
        if source.reference and source.game is not None:
            body = source.path.read_text(encoding="utf-8")
            chunks.extend(parse_reference(body, source.game, source.path.name))
            continue
        try:
            text = read_document(source.path)
        except RulesError as exc:
            _skip_document(source.path, str(exc.__cause__ or exc))
            continue
        chunks.extend(parse_extra(text, source.path.name, source.game))
    return chunks


_CHUNK_COLUMNS = "doc, game, kind, section, title, text, parents, keywords"


def _build(path: Path | str, chunks: list[Chunk], fingerprint: str) -> sqlite3.Connection:
    """Write a fresh index (to a temporary file, then renamed) and return a connection to it."""
    if str(path) == ":memory:":
        conn = sqlite3.connect(":memory:", check_same_thread=False)
        _fill(conn, chunks, fingerprint)
        return conn
    target = Path(path)
    tmp = target.with_name(f"{target.name}.{os.getpid()}.{threading.get_ident()}.tmp")
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        tmp.unlink(missing_ok=True)
        conn = sqlite3.connect(tmp)
    except (OSError, sqlite3.Error):
        return _build(":memory:", chunks, fingerprint)  # read-only cache dir: keep it in memory
    try:
        _fill(conn, chunks, fingerprint)
    finally:
        conn.close()
    os.replace(tmp, target)
    return sqlite3.connect(f"file:{target}?mode=ro", uri=True, check_same_thread=False)


def _fill(conn: sqlite3.Connection, chunks: list[Chunk], fingerprint: str) -> None:
    conn.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
    conn.execute(f"CREATE TABLE chunks (id INTEGER PRIMARY KEY, {_CHUNK_COLUMNS})")
    games = sorted({c.game for c in chunks if c.is_reference and c.game is not None})
    columns = "scope, title, keywords, parents, body"
    for game in games:
        conn.execute(f"CREATE VIRTUAL TABLE {_ref_table(game)} USING fts5({columns}, content='')")
    conn.execute(f"CREATE VIRTUAL TABLE fts_extra USING fts5({columns}, content='')")
    for rowid, chunk in enumerate(chunks, start=1):
        conn.execute(
            f"INSERT INTO chunks (id, {_CHUNK_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (rowid, chunk.doc, chunk.game, chunk.kind, chunk.section, chunk.title, chunk.text,
             chunk.parents, chunk.keywords),
        )  # fmt: skip
        table = _ref_table(chunk.game) if chunk.is_reference and chunk.game else "fts_extra"
        scope = f"g{chunk.game}" if chunk.game else "gany"
        conn.execute(
            f"INSERT INTO {table} (rowid, {columns}) VALUES (?, ?, ?, ?, ?, ?)",
            (rowid, scope, textmod.term_text(chunk.title, chunk.game),
             textmod.term_text(chunk.keywords, chunk.game), textmod.term_text(chunk.parents, chunk.game),
             textmod.term_text(chunk.text, chunk.game)),
        )  # fmt: skip
    conn.executemany(
        "INSERT INTO meta (key, value) VALUES (?, ?)",
        [("schema", SCHEMA_VERSION), ("fingerprint", fingerprint)],
    )
    conn.commit()


def _try_load(path: Path, fingerprint: str) -> tuple[sqlite3.Connection, list[Chunk]] | None:
    """Open an existing index file if it matches `fingerprint`; None when it must be rebuilt."""
    if not path.is_file():
        return None
    try:
        conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True, check_same_thread=False)
        row = conn.execute("SELECT value FROM meta WHERE key = 'fingerprint'").fetchone()
        if row is None or row[0] != fingerprint:
            conn.close()
            return None
        rows = conn.execute(f"SELECT {_CHUNK_COLUMNS} FROM chunks ORDER BY id").fetchall()
    except sqlite3.DatabaseError:
        return None
    return conn, [Chunk(*row) for row in rows]
