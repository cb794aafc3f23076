"""Schema management: every table module in one place, and Alembic migrations.

`tcgtable db upgrade` (and the bot at start-up) brings a database to the newest schema;
`tcgtable db revision -m "..."` writes a new migration after a model change.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from alembic import command
from alembic.config import Config

from bot.settings import async_url

MIGRATIONS = Path(__file__).parent / "migrations"


def load_all_tables() -> None:
    """Import every module that defines tables, so the metadata knows them all."""
    import bot.persistence.league_models
    import bot.persistence.models  # noqa: F401


def check_sqlite_folder(url: str) -> None:
    """Refuse a SQLite file in a folder that does not exist, before any driver connects.

    The driver would fail to open it anyway, but aiosqlite then answers its closing call on a
    worker thread after the migration's event loop has closed (a stray thread exception).
    """
    from sqlalchemy.engine import make_url

    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite" or not parsed.database or parsed.database == ":memory:":
        return
    folder = Path(parsed.database).expanduser().parent
    if not folder.is_dir():
        raise FileNotFoundError(f"the folder of the SQLite file does not exist: {folder}")


def alembic_config(url: str) -> Config:
    check_sqlite_folder(url)
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.set_main_option("sqlalchemy.url", async_url(url))
    return config


def upgrade(url: str, revision: str = "head") -> None:
    """Migrate the database at `url` to `revision` (run outside an event loop)."""
    command.upgrade(alembic_config(url), revision)


def downgrade(url: str, revision: str) -> None:
    command.downgrade(alembic_config(url), revision)


def current(url: str) -> None:
    command.current(alembic_config(url), verbose=True)


def revision(url: str, message: str) -> None:
    """Autogenerate a migration from the difference between the models and the database."""
    command.revision(alembic_config(url), message=message, autogenerate=True)


async def upgrade_async(url: str, revision: str = "head") -> None:
    """`upgrade` from inside a running event loop (the bot's start-up)."""
    await asyncio.to_thread(upgrade, url, revision)


async def _unversioned(url: str) -> bool:
    """True when the database has our tables but no Alembic version (made by an older bot)."""
    from sqlalchemy import inspect
    from sqlalchemy.ext.asyncio import create_async_engine

    engine = create_async_engine(async_url(url))
    try:
        async with engine.connect() as conn:
            names = await conn.run_sync(lambda sync: set(inspect(sync).get_table_names()))
    finally:
        await engine.dispose()
    return "matches" in names and "alembic_version" not in names


async def upgrade_on_start(url: str) -> None:
    """Bring the database to the newest schema as the bot or console starts.

    A database made by an older bot with `create_all` (tables but no version) gets the missing
    tables the same way and is stamped at the newest revision, which is what `create_all` builds
    now (tests/persistence checks that models and migrations never drift). When another shard
    migrates at the same moment, the loser waits and finds the schema current.
    """
    from sqlalchemy.exc import SQLAlchemyError
    from sqlalchemy.ext.asyncio import create_async_engine
    from sqlmodel import SQLModel

    if await _unversioned(url):
        load_all_tables()
        engine = create_async_engine(async_url(url))
        try:
            async with engine.begin() as conn:
                await conn.run_sync(SQLModel.metadata.create_all)
        finally:
            await engine.dispose()
        await asyncio.to_thread(command.stamp, alembic_config(url), "head")
    try:
        await upgrade_async(url)
    except SQLAlchemyError:
        await asyncio.sleep(2.0)
        await upgrade_async(url)
