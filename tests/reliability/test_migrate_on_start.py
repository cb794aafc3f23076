"""The bot and console migrate the database as they start (the Procfile's release step does it too).

A database an older bot made with `create_all` (tables, no Alembic version) is adopted instead of
breaking every later `tcgtable db upgrade`; two shards starting together on a new PostgreSQL
database both come up on the newest schema.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import uuid
from pathlib import Path
from urllib.parse import urlparse, urlunparse

import pytest
from conftest import _admin
from sqlalchemy import text

from bot.persistence import Database, schema
from bot.services.hub import Services


async def revision(url: str) -> str | None:
    db = Database(url)
    try:
        async with db.engine.connect() as conn:
            return (await conn.execute(text("SELECT version_num FROM alembic_version"))).scalar()
    finally:
        await db.close()


def head() -> str:
    from alembic.script import ScriptDirectory

    return str(ScriptDirectory.from_config(schema.alembic_config("sqlite://")).get_current_head())


async def test_a_database_made_before_migrations_is_adopted(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'old.db'}"
    older = Database(url)
    await older.create_all()  # what the bot did before it ran migrations
    async with older.engine.begin() as conn:  # ... with fewer tables than today's models
        await conn.execute(text("DROP TABLE guild_config"))
    await older.close()
    services = await Services.from_url(url).open()
    assert (await services.db.guild_config("g1")).inline_lookups  # the missing table was created
    await services.close()
    assert await revision(url) == head()
    await asyncio.to_thread(schema.upgrade, url)  # the release step keeps working afterwards
    assert await revision(url) == head()


def _start(url: str) -> None:
    """A shard process starting: open (and so migrate) the database, then stop."""

    async def run() -> None:
        services = await Services.from_url(url).open()
        await services.close()

    asyncio.run(run())


@pytest.mark.postgres
def test_two_shards_starting_together_both_get_the_newest_schema(postgres_url: str) -> None:
    name = f"tcgtable_start_{uuid.uuid4().hex[:10]}"
    asyncio.run(_admin(postgres_url, f'CREATE DATABASE "{name}"'))
    url = urlunparse(urlparse(postgres_url)._replace(path=f"/{name}"))
    try:
        context = multiprocessing.get_context("fork")
        shards = [context.Process(target=_start, args=(url,), daemon=True) for _ in range(2)]
        for shard in shards:
            shard.start()
        for shard in shards:
            shard.join(60)
        assert [shard.exitcode for shard in shards] == [0, 0]
        assert asyncio.run(revision(url)) == head()
    finally:
        for shard in shards:
            if shard.is_alive():
                shard.kill()
        asyncio.run(_admin(postgres_url, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
