"""Board images v2: one drawing module per game over a shared kit, drawn from the spectator view.

`model_of(board)` is the game's render model (what the image shows, as data the tests inspect);
`png_of(board)` draws it. Both return None for a game without a module here, and
`bot.render.image.board_png` then draws the generic board. `current_of(game, view)` gives a card's
current stats as the image draws them; the boards in words and the embeds show the same.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from collections.abc import Callable

    from bot.render.model import Board
    from engine.core.game import Game

GAMES = ("yugioh", "naruto", "inuyasha", "inazuma", "usagi")


class GameBoard(Protocol):
    """What a game's module offers: its render model of a board, and the drawing of that model."""

    def build(self, game: Game, board: Board) -> Any: ...

    def draw(self, model: Any) -> bytes: ...

    def current(self, game: Game, view: dict[str, Any]) -> Callable[[dict[str, Any]], dict[str, Any]]: ...


def module_for(game_id: str) -> GameBoard | None:
    if game_id not in GAMES:
        return None
    module: GameBoard = importlib.import_module(f"bot.render.boards.{game_id}")
    return module


def model_of(board: Board) -> Any:
    """The per-game render model of `board` (None when its game has no module or no view)."""
    module = module_for(board.game)
    if module is None or board.view is None:
        return None
    from engine.core import registry

    return module.build(registry.get_game(board.game), board)


def png_of(board: Board) -> bytes | None:
    """PNG bytes of the per-game image of `board`, or None (draw the generic board instead)."""
    module = module_for(board.game)
    model = model_of(board)
    return None if module is None or model is None else module.draw(model)


def current_of(game: Game, view: dict[str, Any]) -> Callable[[dict[str, Any]], dict[str, Any]] | None:
    """A card of `view` in play -> its current stats, keyed as its printed ones ({"atk": 1500, ...};
    a dict stat such as Inuyasha's colors as a dict), worked out from what the view shows the way
    the board image draws them; None for a game without a module here."""
    module = module_for(game.id)
    return None if module is None else module.current(game, view)


Groups = dict[str, list[tuple[str, list[tuple[dict[str, Any], str]]]]]
"""Zone -> its cards by what they belong to: (label, [(card, its part)]), as a board image groups them."""


def groups_of(game: Game, view: dict[str, Any], names: list[str]) -> Groups:
    """The zones a game's board image draws in groups (Usagi: the Event field, Event by Event),
    for the boards in words to group the same way; {} for a game that groups none."""
    module = module_for(game.id)
    hook = getattr(module, "zone_groups", None)
    if hook is None:
        return {}
    groups: Groups = hook(game, view, names)
    return groups
