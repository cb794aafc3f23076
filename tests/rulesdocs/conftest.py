"""Fixtures for the rules assistant: one in-memory index over the shipped references."""

from __future__ import annotations

import pytest

from rulesdocs.index import RulesIndex
from rulesdocs.service import RulesService


@pytest.fixture(scope="session")
def service() -> RulesService:
    """A BM25-only service over rulesdocs/texts, index in memory (no files written)."""
    return RulesService(db_path=":memory:")


@pytest.fixture
def fresh_service(service: RulesService) -> RulesService:
    """A service sharing the session index but with its own, empty conversation memory."""
    return RulesService(index=service.index)


@pytest.fixture(scope="session")
def service_index(service: RulesService) -> RulesIndex:
    """The shared index of `service`."""
    return service.index
