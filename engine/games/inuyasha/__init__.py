"""Inuyasha TCG (Score Entertainment) for tcgtable: rules engine and practice card set.

>>> from engine.core import get_game
>>> game = get_game("inuyasha")
>>> state = game.new_match(game.default_decks(), seed=1)
>>> state.prompt().kind
'mulligan'
"""

from __future__ import annotations

from typing import Final

from engine.core.registry import register_game
from engine.games.inuyasha.game import InuyashaGame

GAME: Final = register_game(InuyashaGame())

__all__ = ["GAME", "InuyashaGame"]
