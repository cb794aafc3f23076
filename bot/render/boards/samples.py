"""Sample board images of every game, from seeded random play: `python -m bot.render.boards.samples`.

`midgame(game_id, players)` is the position the samples and the tests draw: a seeded random game
played to its end, then the busiest spectator view (most cards in play) of its middle part.
The output is deterministic: the same seeds give the same PNG files.
"""

from __future__ import annotations

import io
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PIL import Image

from bot.render.model import Board, build_board

if TYPE_CHECKING:
    from engine.core.state import State

HERE = Path(__file__).parent / "samples"
SAMPLES: tuple[tuple[str, int, int], ...] = (  # game, players, seed
    ("yugioh", 2, 4),
    ("naruto", 2, 1),
    ("inuyasha", 2, 1),
    ("inazuma", 2, 1),
    ("usagi", 2, 1),
    ("usagi", 4, 1),
    ("usagi", 6, 1),
)
NAMES = ("Alice", "Bob", "Chiyo", "Dmitri", "Emeka", "Fatima")
PILES = frozenset({"deck", "hand", "side", "fusion", "void", "kaitou_deck", "reinforcement"})


def busyness(view: dict[str, Any]) -> int:
    """How much a spectator sees on the table: cards in slots and public zones (piles left out),
    and an attack or chain under way."""
    count = 0
    zones = [z for entry in view["players"] for key, z in entry["zones"].items() if key not in PILES]
    for zone in [*zones, *view["shared"].values()]:
        count += zone["count"] if "slots" in zone else min(len(zone.get("cards", [])), 8)
    under_way = ("attack", "attackers", "battles", "chain")  # an attack or a chain shows the highlights
    return count + sum(6 for key in under_way if view["vars"].get(key))


def midgame(game_id: str, players: int = 2, seed: int = 1) -> State:
    """The busiest state between 30% and 80% of a seeded random game (the true state: tests
    compare what the image shows against it)."""
    from engine.core import registry
    from engine.core.rng import Rng

    game = registry.get_game(game_id)
    state = game.new_match(game.default_decks(players), seed=seed)
    chooser = Rng(seed + 1000)
    history: list[State] = []
    while (prompt := state.prompt()) is not None:
        history.append(state.clone())
        state.apply(prompt.options[chooser.randbelow(len(prompt.options))])
    middle = history[len(history) * 3 // 10 : len(history) * 8 // 10] or history
    return max(middle, key=lambda s: busyness(s.view(None)))


def sample_board(game_id: str, players: int = 2, seed: int = 1) -> tuple[State, Board]:
    """A mid-game state and the spectator's board of it."""
    from engine.core import registry

    state = midgame(game_id, players, seed)
    game = registry.get_game(game_id)
    title = f"Match #{seed} · {game.name}"
    return state, build_board(game, state.view(None), list(NAMES[:players]), title=title)


def file_name(game_id: str, players: int) -> str:
    return f"{game_id}.png" if game_id != "usagi" else f"usagi-{players}p.png"


def main(argv: list[str]) -> int:
    from bot.render.image import board_png

    HERE.mkdir(exist_ok=True)
    wanted = set(argv)
    for game_id, players, seed in SAMPLES:
        if wanted and game_id not in wanted:
            continue
        _, board = sample_board(game_id, players, seed)
        start = time.perf_counter()
        png = board_png(board)
        ms = (time.perf_counter() - start) * 1000
        path = HERE / file_name(game_id, players)
        Image.open(io.BytesIO(png)).save(path, optimize=True)  # smaller to commit; the same pixels
        print(f"{path.name}: {path.stat().st_size // 1024} KB, drawn in {ms:.0f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
