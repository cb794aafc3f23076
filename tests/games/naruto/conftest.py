"""Shared helpers of the Naruto tests: the `testkit` fixture with the test-only cards."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from types import ModuleType

import pytest


@pytest.fixture
def testkit(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    """The test-only cards of `naruto_testkit.py`, installed for this one test (removed afterwards)."""
    here = str(Path(__file__).parent)
    if here not in sys.path:
        sys.path.append(here)
    module = importlib.import_module("naruto_testkit")
    module.install(monkeypatch)
    return module
