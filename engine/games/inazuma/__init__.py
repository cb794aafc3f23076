"""Inazuma Eleven TCG (Football Frontier): the rules engine for game id "inazuma".

Rules reference: rulesdocs/texts/inazuma.md (sections cited as "inazuma 7.5").
"""

from __future__ import annotations

from typing import Final

from engine.core.registry import register_game
from engine.games.inazuma.game import InazumaGame

GAME: Final = register_game(InazumaGame())

__all__ = ["GAME", "InazumaGame"]
