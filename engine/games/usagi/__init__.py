"""Usagi Yojimbo CCG (fan design, rules v0.3.x): 2-6 players, simultaneous turns.

Importing this package registers the game, its procedures and its card scripts.
"""

from __future__ import annotations

from typing import Final

from engine.core.registry import register_game
from engine.games.usagi import actions, cards_playtest, conclusion, effects, turn
from engine.games.usagi.game import UsagiGame

GAME: Final = register_game(UsagiGame())

__all__ = ["GAME", "UsagiGame", "actions", "cards_playtest", "conclusion", "effects", "turn"]
