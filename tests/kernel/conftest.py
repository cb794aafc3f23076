"""Kernel test fixtures: the toy game, registered only while a test uses it."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

import toygame

from engine.core import registry


@pytest.fixture
def toy() -> Iterator[toygame.ToyGame]:
    game = toygame.ensure_registered()
    yield game
    registry._GAMES.pop(game.id, None)


@pytest.fixture
def toy_state(toy: toygame.ToyGame):  # type: ignore[no-untyped-def]
    return toy.new_match([toygame.DECK, toygame.DECK], seed=11)
