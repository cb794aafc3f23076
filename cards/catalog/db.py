"""The catalog database: one async engine (SQLite file by default, PostgreSQL when the URL says so).

>>> catalog = Catalog("sqlite:///cards.db")    # doctest: +SKIP
>>> await catalog.open()  # creates tables, loads built-in pools  # doctest: +SKIP
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from sqlalchemy import JSON, Column, Connection, event, inspect, select, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, IntegrityError, InterfaceError, OperationalError, ProgrammingError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine, create_async_engine
from sqlalchemy.pool import StaticPool

from cards.catalog.models import META, CatalogModel

log = logging.getLogger(__name__)
DEFAULT_URL = "sqlite:///tcgtable.db"
GENERATION_KEY = "generation"

_SQLITE_FTS = (
    "CREATE VIRTUAL TABLE IF NOT EXISTS catalog_card_fts USING fts5(name, text, "
    "content='catalog_card', content_rowid='id', tokenize='porter unicode61 remove_diacritics 2')",
    "CREATE TRIGGER IF NOT EXISTS catalog_card_fts_ai AFTER INSERT ON catalog_card BEGIN "
    "INSERT INTO catalog_card_fts(rowid, name, text) VALUES (new.id, new.name, new.text); END",
    "CREATE TRIGGER IF NOT EXISTS catalog_card_fts_ad AFTER DELETE ON catalog_card BEGIN "
    "INSERT INTO catalog_card_fts(catalog_card_fts, rowid, name, text) "
    "VALUES ('delete', old.id, old.name, old.text); END",
    "CREATE TRIGGER IF NOT EXISTS catalog_card_fts_au AFTER UPDATE OF name, text ON catalog_card BEGIN "
    "INSERT INTO catalog_card_fts(catalog_card_fts, rowid, name, text) "
    "VALUES ('delete', old.id, old.name, old.text); "
    "INSERT INTO catalog_card_fts(rowid, name, text) VALUES (new.id, new.name, new.text); END",
)
_POSTGRES_FTS = (
    # A stored tsvector: ranking reads it instead of re-parsing every matching card's text.
    "ALTER TABLE catalog_card ADD COLUMN IF NOT EXISTS search_tsv tsvector GENERATED ALWAYS AS "
    "(to_tsvector('english', coalesce(name, '') || ' ' || coalesce(text, ''))) STORED",
    "CREATE INDEX IF NOT EXISTS ix_catalog_card_tsv ON catalog_card USING GIN (search_tsv)",
)


def async_db_url(url: str) -> str:
    """Return `url` with the async driver SQLAlchemy needs (aiosqlite or asyncpg).

    >>> async_db_url("sqlite:///cards.db")
    'sqlite+aiosqlite:///cards.db'
    >>> async_db_url("postgres://u@h/db")
    'postgresql+asyncpg://u@h/db'
    """
    if url.startswith("sqlite://"):
        return "sqlite+aiosqlite://" + url[len("sqlite://") :]
    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+asyncpg://" + url[len(prefix) :]
    return url


def _default_literal(column: Column[Any]) -> str | None:
    """SQL literal for a new column's default, taken from the model (None when it has none)."""
    default = column.default
    value = getattr(default, "arg", None) if default is not None and default.is_scalar else None
    if value is None:
        for model in CatalogModel.__subclasses__():
            if getattr(model, "__tablename__", None) == column.table.name and column.name in model.model_fields:
                field = model.model_fields[column.name]
                if field.default_factory is not None and isinstance(column.type, JSON):
                    value = json.dumps(field.get_default(call_default_factory=True, validated_data={}))
    if isinstance(value, bool) or not isinstance(value, str | int | float):
        return None
    return str(value) if not isinstance(value, str) else "'" + value.replace("'", "''") + "'"


def _add_missing_columns(sync_conn: Connection) -> list[str]:
    """Add columns the models gained since an existing catalog was created (additive upgrades only)."""
    inspector = inspect(sync_conn)
    added: list[str] = []
    for table in CatalogModel.metadata.sorted_tables:
        if not inspector.has_table(table.name):
            continue
        present = {column["name"] for column in inspector.get_columns(table.name)}
        for column in table.columns:
            if column.name in present:
                continue
            ddl = f"ALTER TABLE {table.name} ADD COLUMN {column.name} {column.type.compile(dialect=sync_conn.dialect)}"
            default = _default_literal(column)
            sync_conn.execute(text(ddl + (f" DEFAULT {default} NOT NULL" if default is not None else "")))
            added.append(f"{table.name}.{column.name}")
    return added


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    cursor = dbapi_conn.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA busy_timeout=10000")
    cursor.close()


def _driver_connect_errors() -> tuple[type[Exception], ...]:
    """What PostgreSQL's driver raises unwrapped while connecting (no such database, bad login)."""
    try:
        import asyncpg
    except ImportError:
        return ()
    return (asyncpg.PostgresError, asyncpg.InterfaceError)


CONNECT_FAILURES: tuple[type[Exception], ...] = (OSError, InterfaceError, *_driver_connect_errors())
"""What connecting to an unreachable or wrong database raises, whatever the driver."""


def shown_url(url: str) -> str:
    """`url` for a message: password hidden, or quoted as given when it doesn't parse."""
    try:
        return make_url(url).render_as_string(hide_password=True)
    except ArgumentError:
        return repr(url[:200])


class CatalogUnavailableError(RuntimeError):
    """The catalog database cannot be reached or opened; the message names it (without password)."""


class Catalog:
    """The card catalog database. `url` defaults to `DATABASE_URL`, else `sqlite:///tcgtable.db`."""

    def __init__(self, url: str | None = None, *, load_builtin: bool = True) -> None:
        raw = url or os.environ.get("DATABASE_URL", "").strip() or DEFAULT_URL
        self.url = async_db_url(raw)
        self.is_sqlite = self.url.startswith("sqlite")
        self.load_builtin = load_builtin
        kwargs: dict[str, Any] = {}
        if self.is_sqlite:
            path = self.url.split(":///", 1)[-1]
            if path in ("", ":memory:"):
                kwargs["poolclass"] = StaticPool
                kwargs["connect_args"] = {"check_same_thread": False}
            elif not path.startswith("file:"):
                Path(path).expanduser().parent.mkdir(parents=True, exist_ok=True)
        try:
            self.engine: AsyncEngine = create_async_engine(self.url, **kwargs)
        except (ArgumentError, ImportError, ValueError) as exc:
            raise CatalogUnavailableError(f"{shown_url(raw)} is not a database URL I can use ({exc})") from exc
        if self.is_sqlite:
            event.listen(self.engine.sync_engine, "connect", _sqlite_pragmas)
        self._tables = False
        self._loaded = False
        self._tables_lock = asyncio.Lock()
        self._load_lock = asyncio.Lock()

    async def open(self) -> Catalog:
        """Create missing tables and full-text indexes, then load the built-in pools (idempotent).

        Safe to call from many tasks, and from several processes sharing one database (bot shards):
        whoever loses a race to create or fill the tables retries once and finds the work done.
        Raises `CatalogUnavailableError` when the database cannot be reached at all.
        """
        try:
            await self.ensure_tables()
        except CONNECT_FAILURES as exc:
            raise CatalogUnavailableError(f"cannot reach the card catalog database {self.safe_url}: {exc}") from exc
        except OperationalError as exc:
            if self._tables:
                raise
            raise CatalogUnavailableError(
                f"cannot open the card catalog database {self.safe_url}: {exc.orig or exc}"
            ) from exc
        if self.load_builtin and not self._loaded:
            async with self._load_lock:
                if not self._loaded:
                    from cards.catalog.builtin import sync_builtin_pools

                    try:
                        await sync_builtin_pools(self)
                    except IntegrityError:
                        await asyncio.sleep(0.5)  # another process loaded the same pool first
                        await sync_builtin_pools(self)
                    self._loaded = True
        return self

    @property
    def safe_url(self) -> str:
        """The database URL with any password hidden, for messages."""
        return make_url(self.url).render_as_string(hide_password=True)

    async def ensure_tables(self) -> None:
        """Create missing tables and full-text indexes (without loading the built-in pools)."""
        if self._tables:
            return
        async with self._tables_lock:
            if self._tables:
                return
            try:
                await self._create_tables()
            except (IntegrityError, OperationalError, ProgrammingError):
                await asyncio.sleep(0.5)  # another process is creating them right now
                await self._create_tables()
            self._tables = True

    async def _create_tables(self) -> None:
        async with self.engine.begin() as conn:
            await conn.run_sync(CatalogModel.metadata.create_all)
            added = await conn.run_sync(_add_missing_columns)
            if added:
                log.info("card catalog: added columns %s to an older catalog", ", ".join(added))
            fresh_fts = self.is_sqlite and not await conn.scalar(
                text("SELECT 1 FROM sqlite_master WHERE name = 'catalog_card_fts'")
            )
            for statement in _SQLITE_FTS if self.is_sqlite else _POSTGRES_FTS:
                await conn.execute(text(statement))
            if fresh_fts:  # cards already present (an older catalog) get indexed too
                await conn.execute(text("INSERT INTO catalog_card_fts(catalog_card_fts) VALUES ('rebuild')"))

    async def close(self) -> None:
        """Release the connections."""
        await self.engine.dispose()

    async def drop(self) -> None:
        """Drop every catalog table (tests and rebuilds only)."""
        async with self.engine.begin() as conn:
            if self.is_sqlite:
                await conn.execute(text("DROP TABLE IF EXISTS catalog_card_fts"))
            await conn.run_sync(CatalogModel.metadata.drop_all)
        self._tables = self._loaded = False

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[AsyncConnection]:
        """One transaction: everything inside commits together or not at all."""
        async with self.engine.begin() as conn:
            yield conn

    async def generation(self) -> int:
        """The catalog's change counter (bumped by every import and pool reload)."""
        async with self.engine.connect() as conn:
            value = await conn.scalar(select(META.c.value).where(META.c.key == GENERATION_KEY))
        return int(value) if value else 0


async def get_meta(conn: AsyncConnection, key: str) -> str | None:
    """Read one bookkeeping value."""
    value = await conn.scalar(select(META.c.value).where(META.c.key == key))
    return None if value is None else str(value)


async def set_meta(conn: AsyncConnection, key: str, value: str) -> None:
    """Write one bookkeeping value (insert or update)."""
    found = await conn.scalar(select(META.c.key).where(META.c.key == key))
    if found is None:
        await conn.execute(META.insert().values(key=key, value=value))
    else:
        await conn.execute(META.update().where(META.c.key == key).values(value=value))


async def bump_generation(conn: AsyncConnection) -> None:
    """Tell every search index (in any process) that the catalog changed."""
    current = await get_meta(conn, GENERATION_KEY)
    await set_meta(conn, GENERATION_KEY, str(int(current or 0) + 1))
