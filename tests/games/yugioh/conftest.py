"""Shared helpers of the Yu-Gi-Oh! tests: the `build` position fixture and the `testkit` cards."""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from engine.core.scenario import build_state
from engine.core.state import State

Builder = Callable[..., State]


def position(p0: dict[str, Any], p1: dict[str, Any] | None = None, **state: Any) -> State:
    """A position at player 1's Main Phase 1 of turn 3 (override with `state` keys)."""
    where = {"active": 0, "turn": 3, "phase": "main1", **state}
    players = [{"zones": p0}, {"zones": p1 or {"deck": ["5x Dark Gray"]}}]
    return build_state({"game": "yugioh", "setup": {"players": players, "state": where}})


@pytest.fixture
def build() -> Builder:
    """`build(p0_zones, p1_zones=None, **state)`: a position at Main Phase 1 of turn 3 by default."""
    return position


def _load_testkit() -> ModuleType:
    name = "yugioh_testkit"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, Path(__file__).with_name("testkit.py"))
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]


@pytest.fixture
def testkit(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    """The test-only cards of `testkit.py`, installed for this one test (removed afterwards)."""
    module = _load_testkit()
    module.install(monkeypatch)
    return module
