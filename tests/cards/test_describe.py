"""Cards as words: every built-in card's stats read as words, never as raw data."""

from __future__ import annotations

import doctest

import pytest

import cards.describe
from cards.describe import stat_line
from cards.pool import load_pool

GAMES = ("yugioh", "naruto", "inuyasha", "inazuma", "usagi")


def test_docstring_examples() -> None:
    result = doctest.testmod(cards.describe)
    assert result.attempted > 0 and result.failed == 0


@pytest.mark.parametrize("game", GAMES)
def test_no_stat_line_shows_raw_data(game: str) -> None:
    raw = [(c.name, stat_line(c.stats)) for c in load_pool(game).cards.values()]
    shown = [(name, line) for name, line in raw if any(mark in line for mark in "{}[]'")]
    assert not shown, shown[:3]


def test_a_jutsu_cost_reads_as_symbols_and_any() -> None:
    blade = load_pool("naruto").by_name("Lightning Blade")
    assert blade is not None
    assert "cost 2 (1 Fire + 1 of any symbol)" in stat_line(blade.stats)
