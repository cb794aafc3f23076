"""tcgtable's rules engine: a game-agnostic kernel (`engine.core`), effect building blocks
(`engine.dsl`), one package per game (`engine.games.<id>`) and the AI players (`engine.ai`).

>>> import engine
>>> game = engine.get_game("inuyasha")                            # doctest: +SKIP
>>> state = game.new_match(decks=game.default_decks(), seed=7)   # doctest: +SKIP
>>> state.prompt().options[0].label                              # doctest: +SKIP
"""

from engine.core.registry import get_game, list_games, register_game

__all__ = ["get_game", "list_games", "register_game"]
