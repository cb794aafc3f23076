"""Catalog fixtures: a fresh SQLite catalog per test, and the labelled-query hit-rate check."""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path

import pytest
import yaml

from cards.catalog import CardSearch, Catalog
from cards.importers import import_source
from cards.pool import normalize_name


@pytest.fixture
async def catalog(tmp_path: Path) -> AsyncIterator[Catalog]:
    """An empty catalog (built-in pools loaded) in a temporary SQLite file."""
    cat = Catalog(f"sqlite:///{tmp_path / 'catalog.db'}")
    await cat.open()
    yield cat
    await cat.close()


@pytest.fixture
def search(catalog: Catalog) -> CardSearch:
    return CardSearch(catalog, refresh_seconds=0)


DATA = Path(__file__).parent / "data"


async def _labelled_hit_rate(catalog: Catalog, shared_dir: Path, name: str = "queries.yaml") -> None:
    """Import the 9k cdb into `catalog`, replay a labelled query file, require hit@1 ≥ 95 %, hit@3 ≥ 97 %."""
    await import_source(catalog, str(shared_dir / "carddata" / "yugioh" / "ygopro_pc-english_2018_cards.cdb"))
    search = CardSearch(catalog, refresh_seconds=60)
    queries = yaml.safe_load((DATA / name).read_text(encoding="utf-8"))
    assert len(queries) >= 50
    hit1 = hit3 = 0
    misses = []
    for case in queries:
        results = (await search.search(case["q"], game=case.get("game"), limit=3)).results
        names = [normalize_name(r.name) for r in results]
        expected = normalize_name(case["expect"])
        hit1 += names[:1] == [expected]
        hit3 += expected in names
        if names[:1] != [expected]:
            misses.append((case["q"], [r.name for r in results]))
    print(f"hit@1 {hit1}/{len(queries)}  hit@3 {hit3}/{len(queries)}  misses {misses}")
    assert hit1 / len(queries) >= 0.95, misses
    assert hit3 / len(queries) >= 0.97, misses


@pytest.fixture
def labelled_hit_rate() -> Callable[..., Awaitable[None]]:
    """The labelled-query check, shared by the SQLite and PostgreSQL tests."""
    return _labelled_hit_rate
