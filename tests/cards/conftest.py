"""Catalog fixtures: a fresh SQLite catalog per test, and one module-wide catalog holding the 9k cdb."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from cards.catalog import CardSearch, Catalog


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
