"""The registry of games: `register_game` at the end of each game module, `get_game` anywhere.

Game packages under `engine/games/` are imported on first use, so adding a game never
edits a central list.
"""

from __future__ import annotations

import importlib
import pkgutil
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from engine.core.game import Game

_GAMES: Final[dict[str, Game]] = {}
_BROKEN: Final[dict[str, str]] = {}  # game package -> why it failed to import
_DISCOVERED = False


def register_game(game: Game) -> Game:
    """Make `game` available by its id."""
    if not game.id:
        raise ValueError("a game needs an id")
    _GAMES[game.id] = game
    return game


def _discover() -> None:
    global _DISCOVERED
    if _DISCOVERED:
        return
    _DISCOVERED = True
    import engine.games

    for info in pkgutil.iter_modules(engine.games.__path__):
        if info.name.startswith("_"):
            continue
        try:
            importlib.import_module(f"engine.games.{info.name}")
        except Exception as exc:
            _BROKEN[info.name] = f"{type(exc).__name__}: {exc}"


def discovery_errors() -> dict[str, str]:
    """Game packages that failed to import, with the error (tests assert this is empty)."""
    _discover()
    return dict(_BROKEN)


def get_game(game_id: str) -> Game:
    """The registered game with this id; KeyError naming the known ids otherwise."""
    if game_id not in _GAMES:
        _discover()
    try:
        return _GAMES[game_id]
    except KeyError:
        if game_id in _BROKEN:
            raise KeyError(f"game {game_id!r} failed to load: {_BROKEN[game_id]}") from None
        known = ", ".join(sorted(_GAMES)) or "none"
        raise KeyError(f"unknown game {game_id!r} (known: {known})") from None


def list_games() -> list[str]:
    """Ids of every registered game, sorted."""
    _discover()
    return sorted(_GAMES)
