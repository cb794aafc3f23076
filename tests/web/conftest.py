"""Fixtures for the web companion: a fresh database and the site on a test client."""

from __future__ import annotations

import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from aiohttp.test_utils import TestClient, TestServer

HERE = str(Path(__file__).resolve().parent)
if HERE not in sys.path:  # pytest runs in importlib mode: make `import webdata` work in this folder
    sys.path.insert(0, HERE)

from webdata import SECRET  # noqa: E402

from bot.services.hub import Services  # noqa: E402
from bot.web.app import create_app  # noqa: E402
from bot.web.links import WebLinks  # noqa: E402
from bot.web.ratelimit import RateLimit  # noqa: E402
from bot.web.tokens import Signer  # noqa: E402


@pytest.fixture
async def services(tmp_path: Path) -> AsyncIterator[Services]:
    found = await Services.from_url(f"sqlite:///{tmp_path / 'web.db'}").open()
    yield found
    await found.close()


@pytest.fixture
def signer() -> Signer:
    return Signer(SECRET)


@pytest.fixture
def links(signer: Signer) -> WebLinks:
    return WebLinks("", signer)


@pytest.fixture
async def client(services: Services, signer: Signer) -> AsyncIterator[TestClient[Any, Any]]:
    app = create_app(services, signer, rate_limit=RateLimit(rate=1000.0, burst=10_000))
    async with TestClient(TestServer(app)) as test_client:
        yield test_client
