"""Async database access: engine, schema creation, and the repositories the services use.

Every match write is a compare-and-set on `matches.version`: `update_match(row_id, expected, ...)`
changes the row only if nobody wrote it since it was read, so two clicks or two processes acting on
the same prompt apply exactly one choice.

>>> db = Database("sqlite+aiosqlite:///:memory:")   # doctest: +SKIP
>>> await db.create_all()                           # doctest: +SKIP
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from sqlalchemy import Text, cast, event
from sqlalchemy.exc import ArgumentError
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker, create_async_engine
from sqlalchemy.pool import StaticPool
from sqlmodel import SQLModel, col, select

from bot.persistence.models import OPEN_STATUSES, DeckRow, GuildConfig, MatchRow, now
from bot.settings import async_url
from cards.catalog.db import shown_url


class DatabaseUnavailableError(RuntimeError):
    """The database URL can't be parsed or the server can't be reached; the message names it
    (password hidden) and says why."""


class StaleWriteError(RuntimeError):
    """Someone else changed the match first (double click, second process): reload and retry."""


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    cursor = dbapi_conn.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA busy_timeout=10000")
    cursor.close()


class Database:
    """One async engine plus typed helpers for matches, decks and server settings."""

    def __init__(self, url: str, *, echo: bool = False) -> None:
        self.url = async_url(url)
        self.is_sqlite = self.url.startswith("sqlite")
        kwargs: dict[str, Any] = {"echo": echo}
        if self.is_sqlite:
            path = self.url.split(":///", 1)[-1]
            if path and path != ":memory:" and not path.startswith("file:"):
                Path(path).expanduser().parent.mkdir(parents=True, exist_ok=True)
            if path in ("", ":memory:"):
                kwargs["poolclass"] = StaticPool
                kwargs["connect_args"] = {"check_same_thread": False}
        else:
            kwargs.update(pool_size=10, max_overflow=20)
        try:
            self.engine: AsyncEngine = create_async_engine(self.url, **kwargs)
        except (ArgumentError, ImportError, ValueError) as exc:
            raise DatabaseUnavailableError(f"{shown_url(url)} is not a database URL I can use ({exc})") from exc
        if self.is_sqlite:
            event.listen(self.engine.sync_engine, "connect", _sqlite_pragmas)
        self._sessions = async_sessionmaker(self.engine, expire_on_commit=False)
        # SQLite has one writer at a time; queue writers here instead of spinning on SQLITE_BUSY.
        self._write_lock = asyncio.Lock() if self.is_sqlite else None

    async def create_all(self) -> None:
        """Create missing tables (idempotent)."""
        async with self.engine.begin() as conn:
            await conn.run_sync(SQLModel.metadata.create_all)

    async def drop_all(self) -> None:
        """Drop every table (tests and `db reset` only)."""
        async with self.engine.begin() as conn:
            await conn.run_sync(SQLModel.metadata.drop_all)

    async def close(self) -> None:
        await self.engine.dispose()

    @asynccontextmanager
    async def session(self) -> AsyncIterator[AsyncSession]:
        async with self._sessions() as session:
            yield session

    @asynccontextmanager
    async def _write_guard(self) -> AsyncIterator[None]:
        if self._write_lock is None:
            yield
            return
        async with self._write_lock:
            yield

    @asynccontextmanager
    async def writing(self) -> AsyncIterator[AsyncSession]:
        """A session for a write transaction, committed on success."""
        if self._write_lock is None:
            async with self._sessions() as session, session.begin():
                yield session
            return
        async with self._write_lock, self._sessions() as session, session.begin():
            yield session

    # -- matches ---------------------------------------------------------------------------------

    async def insert_match(self, row: MatchRow) -> MatchRow:
        async with self.writing() as session:
            session.add(row)
            await session.flush()
            await session.refresh(row)
        return row

    async def get_match(self, match_id: int) -> MatchRow | None:
        """One match row (a plain Core select: this is on every click's path)."""
        table = MatchRow.__table__  # type: ignore[attr-defined]
        async with self.engine.connect() as conn:
            found = (await conn.execute(table.select().where(table.c.id == match_id))).mappings().first()
        return MatchRow(**found) if found is not None else None

    async def update_match(self, match_id: int, expected_version: int, **fields: Any) -> int:
        """Write `fields` if the row is still at `expected_version`; return the new version.

        Raises StaleWriteError when another writer got there first.
        """
        fields["version"] = expected_version + 1
        fields["updated_at"] = now()
        table = MatchRow.__table__  # type: ignore[attr-defined]
        stmt = table.update().where(table.c.id == match_id, table.c.version == expected_version).values(**fields)
        async with self._write_guard(), self.engine.begin() as conn:
            result = await conn.execute(stmt)
            if result.rowcount != 1:
                raise StaleWriteError(f"match {match_id} changed since version {expected_version}")
        return expected_version + 1

    async def open_matches(self, statuses: Iterable[str] = OPEN_STATUSES) -> list[MatchRow]:
        async with self.session() as session:
            rows = await session.execute(select(MatchRow).where(col(MatchRow.status).in_(list(statuses))))
            return list(rows.scalars())

    async def matches_for(self, user: str, *, open_only: bool = True, limit: int = 25) -> list[MatchRow]:
        """Matches where `user` holds a seat (most recent first).

        The database narrows the rows down by the seat text (JSON is stored as written, on SQLite
        and PostgreSQL alike); the exact check is done here.
        """
        needle = json.dumps({"user": user})[1:-1]  # '"user": "123"', as the seats column is written
        escaped = needle.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
        stmt = (
            select(MatchRow)
            .where(cast(col(MatchRow.seats), Text).like(f"%{escaped}%", escape="\\"))
            .order_by(col(MatchRow.id).desc())
        )
        if open_only:
            stmt = stmt.where(col(MatchRow.status).in_(list(OPEN_STATUSES)))
        async with self.session() as session:
            rows = list((await session.execute(stmt)).scalars())
        mine = [r for r in rows if any(seat.get("user") == user for seat in r.seats)]
        return mine[:limit]

    async def match_in_thread(self, thread_id: str) -> MatchRow | None:
        stmt = select(MatchRow).where(col(MatchRow.thread_id) == thread_id).order_by(col(MatchRow.id).desc())
        async with self.session() as session:
            return (await session.execute(stmt)).scalars().first()

    # -- decks -----------------------------------------------------------------------------------

    async def save_deck(
        self, owner: str, game: str, name: str, sections: dict[str, list[str]], source: str = ""
    ) -> DeckRow:
        """Insert or replace the deck `name` of `owner` for `game`."""
        async with self.writing() as session:
            stmt = select(DeckRow).where(DeckRow.owner == owner, DeckRow.game == game, DeckRow.name == name)
            row = (await session.execute(stmt)).scalars().first()
            if row is None:
                row = DeckRow(owner=owner, game=game, name=name, sections=sections, source=source)
                session.add(row)
            else:
                row.sections = sections
                row.source = source
            await session.flush()
            await session.refresh(row)
        return row

    async def decks_of(self, owner: str, game: str | None = None) -> list[DeckRow]:
        stmt = select(DeckRow).where(DeckRow.owner == owner).order_by(col(DeckRow.game), col(DeckRow.name))
        if game:
            stmt = stmt.where(DeckRow.game == game)
        async with self.session() as session:
            return list((await session.execute(stmt)).scalars())

    async def get_deck(self, owner: str, game: str, name: str) -> DeckRow | None:
        stmt = select(DeckRow).where(DeckRow.owner == owner, DeckRow.game == game, DeckRow.name == name)
        async with self.session() as session:
            return (await session.execute(stmt)).scalars().first()

    async def delete_deck(self, owner: str, game: str, name: str) -> bool:
        async with self.writing() as session:
            stmt = select(DeckRow).where(DeckRow.owner == owner, DeckRow.game == game, DeckRow.name == name)
            row = (await session.execute(stmt)).scalars().first()
            if row is None:
                return False
            await session.delete(row)
        return True

    # -- server settings -------------------------------------------------------------------------

    async def guild_config(self, guild_id: str, channel_id: str = "") -> GuildConfig:
        """The settings for a channel (falling back to its server), defaults when none are stored."""
        async with self.session() as session:
            stmt = select(GuildConfig).where(GuildConfig.guild_id == guild_id)
            rows = {r.channel_id: r for r in (await session.execute(stmt)).scalars()}
        return rows.get(channel_id) or rows.get("") or GuildConfig(guild_id=guild_id)

    async def set_guild_config(self, guild_id: str, channel_id: str = "", **values: Any) -> GuildConfig:
        async with self.writing() as session:
            stmt = select(GuildConfig).where(GuildConfig.guild_id == guild_id, GuildConfig.channel_id == channel_id)
            row = (await session.execute(stmt)).scalars().first()
            if row is None:
                row = GuildConfig(guild_id=guild_id, channel_id=channel_id)
                session.add(row)
            for key, value in values.items():
                setattr(row, key, value)
            await session.flush()
            await session.refresh(row)
        return row
