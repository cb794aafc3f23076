"""Backends for reliability tests: every `db` test runs on SQLite and on a throwaway PostgreSQL database."""

from __future__ import annotations

import asyncio
import sys
import uuid
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlparse, urlunparse

import pytest

HERE = str(Path(__file__).resolve().parent)
if HERE not in sys.path:  # importlib mode: make `import support` work in this folder
    sys.path.insert(0, HERE)

from support import TESTS, load_module, load_toy  # noqa: E402

from bot.persistence import Database  # noqa: E402
from bot.services.decks import DeckService  # noqa: E402
from bot.services.matches import MatchService  # noqa: E402

_admin = load_module(TESTS / "persistence" / "conftest.py", "persistence_conftest")._admin  # CREATE/DROP DATABASE
BACKENDS = ["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)]


@pytest.fixture(scope="session")
def pg_database(postgres_url: str) -> Iterator[str]:
    """A new PostgreSQL database for this session, migrated to the newest schema; dropped afterwards."""
    from bot.persistence import schema

    name = f"tcgtable_rel_{uuid.uuid4().hex[:10]}"
    asyncio.run(_admin(postgres_url, f'CREATE DATABASE "{name}"'))
    url = urlunparse(urlparse(postgres_url)._replace(path=f"/{name}"))
    try:
        schema.upgrade(url)
        yield url
    finally:
        asyncio.run(_admin(postgres_url, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))


@pytest.fixture(params=BACKENDS)
def backend_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A database URL: a fresh SQLite file, or the session's PostgreSQL database (emptied per test)."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'bot.db'}"
    url: str = request.getfixturevalue("pg_database")
    return url


async def empty_tables(db: Database) -> None:
    """Delete every row (PostgreSQL tests share one database per session)."""
    from sqlalchemy import text
    from sqlmodel import SQLModel

    from bot.persistence import schema

    schema.load_all_tables()
    names = ", ".join(f'"{t.name}"' for t in SQLModel.metadata.sorted_tables)
    async with db.engine.begin() as conn:
        await conn.execute(text(f"TRUNCATE {names} RESTART IDENTITY CASCADE"))


@pytest.fixture
async def db(backend_url: str) -> AsyncIterator[Database]:
    database = Database(backend_url)
    await database.create_all()
    if not database.is_sqlite:
        await empty_tables(database)
    yield database
    await database.close()


@pytest.fixture(scope="session")
def toy() -> Any:
    return load_toy()


@pytest.fixture
def matches(db: Database, toy: Any) -> MatchService:
    return MatchService(db, DeckService(db))
