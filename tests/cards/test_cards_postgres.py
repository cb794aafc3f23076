"""The same catalog on PostgreSQL: import, exact/fuzzy search, PostgreSQL full-text, rollback."""

from __future__ import annotations

import json
import uuid
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import text

from cards.catalog import CardSearch, Catalog, CatalogImportError
from cards.importers import import_source

pytestmark = [pytest.mark.postgres, pytest.mark.shared]


@pytest.fixture
async def pg_catalog(postgres_url: str) -> AsyncIterator[Catalog]:
    """A catalog in a fresh, throw-away PostgreSQL database."""
    name = f"tcgtable_cards_{uuid.uuid4().hex[:10]}"
    admin = Catalog(postgres_url, load_builtin=False)
    autocommit = admin.engine.execution_options(isolation_level="AUTOCOMMIT")
    async with autocommit.connect() as conn:
        await conn.execute(text(f"CREATE DATABASE {name}"))
    base, _, query = postgres_url.partition("?")
    catalog = Catalog(base.rsplit("/", 1)[0] + f"/{name}" + (f"?{query}" if query else ""))
    try:
        yield catalog
    finally:
        await catalog.close()
        async with autocommit.connect() as conn:
            await conn.execute(text(f"DROP DATABASE IF EXISTS {name}"))
        await admin.close()


async def test_postgres_labelled_queries(pg_catalog: Catalog, shared_dir: Path, labelled_hit_rate: Any) -> None:
    """The labelled query set on PostgreSQL (its own full-text ranking)."""
    await labelled_hit_rate(pg_catalog, shared_dir)


async def test_postgres_catalog(pg_catalog: Catalog, shared_dir: Path, tmp_path: Path) -> None:
    sample = shared_dir / "carddata" / "yugioh" / "ygoprodeck_v7_sample_162cards.json"
    summary = await import_source(pg_catalog, str(sample))
    assert summary.added + summary.updated == 162
    search = CardSearch(pg_catalog, refresh_seconds=0)
    assert (await search.search("BEWD")).results[0].name == "Blue-Eyes White Dragon"
    assert (await search.search("aleister the invokr")).results[0].name == "Aleister the Invoker"
    hits = (await search.search("send this card from your hand to the GY fusion", game="yugioh")).results
    assert any(r.match == "text" for r in hits)
    bad = tmp_path / "dup.json"
    cards = [{"id": 1, "name": "A", "type": "Spell Card"}, {"id": 1, "name": "B", "type": "Spell Card"}]
    bad.write_text(json.dumps({"data": cards}))
    before = await pg_catalog.generation()
    with pytest.raises(CatalogImportError):
        await import_source(pg_catalog, str(bad))
    assert await pg_catalog.generation() == before
