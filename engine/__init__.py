"""tcgtable's rules engine: a game-agnostic kernel (`engine.core`), effect building blocks
(`engine.dsl`), one package per game (`engine.games.<id>`) and the AI players (`engine.ai`).

>>> import engine
>>> game = engine.get_game("inuyasha")                            # doctest: +SKIP
>>> state = game.new_match(decks=game.default_decks(), seed=7)   # doctest: +SKIP
>>> state.prompt().options[0].label                              # doctest: +SKIP
"""

from engine.build_info import select_build

BUILD = select_build()  # compiled by mypyc, or pure Python; must run before any other engine import

from engine.core.registry import get_game, list_games, register_game  # noqa: E402

__all__ = ["BUILD", "get_game", "list_games", "register_game"]
