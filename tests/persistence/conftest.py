"""A throwaway PostgreSQL database per test session (created in the server of `postgres_url`)."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import Iterator
from urllib.parse import urlparse, urlunparse

import pytest


async def _admin(url: str, sql: str) -> None:
    import asyncpg

    conn = await asyncpg.connect(url)
    try:
        await conn.execute(sql)
    finally:
        await conn.close()


@pytest.fixture(scope="session")
def fresh_postgres(postgres_url: str) -> Iterator[str]:
    """The URL of a new, empty PostgreSQL database, dropped after the session."""
    name = f"tcgtable_test_{uuid.uuid4().hex[:10]}"
    asyncio.run(_admin(postgres_url, f'CREATE DATABASE "{name}"'))
    parsed = urlparse(postgres_url)
    yield urlunparse(parsed._replace(path=f"/{name}"))
    asyncio.run(_admin(postgres_url, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
