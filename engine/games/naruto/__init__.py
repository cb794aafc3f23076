"""Naruto CCG (Bandai), first set "The Path to Hokage": rules engine and card scripts.

Importing this package registers the game: `engine.get_game("naruto")`.
"""

from __future__ import annotations

from typing import Final

from engine.core.registry import register_game
from engine.dsl import flow  # noqa: F401  (core.choose_cards and friends)
from engine.games.naruto import battle, cards_jutsu, cards_mission, cards_ninja, chain, costs, deploy, keywords, turn  # noqa: F401  (procedures)  # noqa: F401  (card scripts)
from engine.games.naruto.book import BOOK
from engine.games.naruto.game import NarutoGame

GAME: Final = register_game(NarutoGame())

__all__ = ["BOOK", "GAME", "NarutoGame"]
