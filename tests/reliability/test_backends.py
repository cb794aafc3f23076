"""The bot's match-service tests and the league-service tests, run again on SQLite and PostgreSQL.

The test functions are imported from tests/bot/test_matches.py and tests/leagues/test_league_service.py
unchanged; only the `db` fixture differs (see conftest.py: parametrized over both backends).
"""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from support import TESTS, load_module

from bot.persistence import Database
from bot.services.leagues.service import LeagueService

_SOURCES = {
    "reliability_bot_matches": TESTS / "bot" / "test_matches.py",
    "reliability_league_service": TESTS / "leagues" / "test_league_service.py",
}
for _name, _path in _SOURCES.items():
    for _attr, _value in vars(load_module(_path, _name)).items():
        if _attr.startswith("test_") and callable(_value):
            globals()[_attr] = _value


@pytest.fixture
async def leagues(db: Database) -> AsyncIterator[LeagueService]:
    """The league service over the parametrized backend (replaces the module's in-memory fixture)."""
    import bot.persistence.league_models  # noqa: F401  (registers the league tables)

    await db.create_all()
    yield LeagueService(db)
