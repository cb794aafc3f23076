"""Shared builder for Yu-Gi-Oh! test positions: the `build` fixture."""

from __future__ import annotations

from collections.abc import Callable
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
