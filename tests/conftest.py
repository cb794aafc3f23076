"""Shared test fixtures: where ../shared lives, and the PostgreSQL URL for `postgres` tests."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parent.parent
SHARED_DIR = Path(os.environ.get("TCGTABLE_SHARED_DIR", REPO_ROOT.parent / "shared"))
SHARED_REASON = f"needs the project's shared data at {SHARED_DIR} (present in CI; set TCGTABLE_SHARED_DIR elsewhere)"


@pytest.fixture(scope="session")
def shared_dir() -> Path:
    """The ../shared folder (rulebooks, card data); skips the test with a clear reason if absent."""
    if not SHARED_DIR.is_dir():
        pytest.skip(SHARED_REASON)
    return SHARED_DIR


@pytest.fixture(scope="session")
def postgres_url() -> str:
    """A PostgreSQL URL for tests marked `postgres`; skips with a clear reason if none is reachable."""
    url = os.environ.get("TCGTABLE_TEST_POSTGRES_URL", "")
    if not url:
        pytest.skip("needs PostgreSQL: set TCGTABLE_TEST_POSTGRES_URL (CI sets it and starts the server)")
    import socket
    from urllib.parse import urlparse

    parsed = urlparse(url)
    try:
        socket.create_connection((parsed.hostname or "127.0.0.1", parsed.port or 5432), timeout=2).close()
    except OSError:
        pytest.skip(f"needs PostgreSQL at {parsed.hostname}:{parsed.port or 5432}, which is not reachable")
    return url
