"""Yu-Gi-Oh! TCG, official rulebook v3.0, with the classic pool (SDY, SDK, LOB).

>>> import engine
>>> game = engine.get_game("yugioh")
>>> state = game.new_match(game.default_decks(), seed=1)
>>> state.prompt().kind
'first'
"""

from typing import Final

from engine.core.registry import register_game
from engine.games.yugioh import (  # noqa: F401  (registers procedures and card scripts)
    battle,
    cards_monsters,
    cards_spells,
    cards_traps,
    chain,
    effects,
    main_phase,
    match,
    pick,
    summon,
    turn,
)
from engine.games.yugioh.game import YugiohGame
from engine.games.yugioh.scripts import BOOK

GAME: Final = register_game(YugiohGame())

__all__ = ["BOOK", "GAME", "YugiohGame"]
