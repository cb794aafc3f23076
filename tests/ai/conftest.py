"""AI tests use the kernel's toy game as well as every registered game."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "kernel"))

import toygame

from engine.core import registry


@pytest.fixture
def toy() -> Iterator[toygame.ToyGame]:
    game = toygame.ensure_registered()
    yield game
    registry._GAMES.pop(game.id, None)
