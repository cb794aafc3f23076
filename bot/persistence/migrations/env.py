"""Alembic environment: the URL comes from `tcgtable db` (or DATABASE_URL); async drivers."""

from __future__ import annotations

import asyncio

from alembic import context
from sqlalchemy.engine import Connection
from sqlalchemy.ext.asyncio import create_async_engine
from sqlmodel import SQLModel

from bot.persistence.schema import load_all_tables

load_all_tables()
config = context.config
target_metadata = SQLModel.metadata


def include_object(obj: object, name: str | None, type_: str, reflected: bool, compare_to: object) -> bool:
    """Leave alone tables this metadata does not own (e.g. the card catalog's `catalog_*`)."""
    return not (type_ == "table" and reflected and compare_to is None)


def _configure(connection: Connection | None = None) -> None:
    url = config.get_main_option("sqlalchemy.url")
    is_sqlite = (url or "").startswith("sqlite")
    if connection is None:
        context.configure(
            url=url,
            target_metadata=target_metadata,
            literal_binds=True,
            render_as_batch=is_sqlite,
            include_object=include_object,
        )
    else:
        context.configure(
            connection=connection,
            target_metadata=target_metadata,
            render_as_batch=is_sqlite,
            include_object=include_object,
        )


def run_offline() -> None:
    _configure()
    with context.begin_transaction():
        context.run_migrations()


def _run_sync(connection: Connection) -> None:
    _configure(connection)
    with context.begin_transaction():
        context.run_migrations()


async def run_online() -> None:
    engine = create_async_engine(config.get_main_option("sqlalchemy.url") or "")
    try:
        async with engine.connect() as connection:
            await connection.run_sync(_run_sync)
            await connection.commit()
    finally:  # a failed migration or connection must not leave a worker thread behind
        await engine.dispose()


if context.is_offline_mode():
    run_offline()
else:
    existing = config.attributes.get("connection")
    if existing is not None:
        _run_sync(existing)
    else:
        asyncio.run(run_online())
