"""Fixtures for bot tests: the kernel's toy game, a fresh database, the services."""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.persistence import Database
from bot.services.decks import DeckService
from bot.services.matches import MatchService

TOY_PATH = Path(__file__).resolve().parent.parent / "kernel" / "toygame.py"


def load_toy() -> Any:
    """Import and register the kernel tests' "Duel of Numbers" game (id "toy")."""
    module = sys.modules.get("kernel_toygame")
    if module is None:
        spec = importlib.util.spec_from_file_location("kernel_toygame", TOY_PATH)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules["kernel_toygame"] = module
        spec.loader.exec_module(module)
    return module.ensure_registered()


@pytest.fixture(scope="session")
def toy() -> Any:
    return load_toy()


@pytest.fixture
async def db(tmp_path: Path) -> AsyncIterator[Database]:
    database = Database(f"sqlite:///{tmp_path / 'bot.db'}")
    await database.create_all()
    yield database
    await database.close()


@pytest.fixture
def matches(db: Database, toy: Any) -> MatchService:
    return MatchService(db, DeckService(db))
