"""Prompts shown to players in a whole match, before and after the one-option auto-apply, per game.

    .venv/bin/python tests/bench/bench_prompts.py [GAME ...] [--matches 5] [--players N]

Every seat is a person playing random legal options (seeded). "before" is the match option
`always_ask` on: every prompt is shown, even one with a single option ("End the Battle Phase",
"Finish"). "after" is the default: a prompt with one option is answered for the player
(`bot.services.games.run_ai` with no AI seat, as the bot does after every answer). Prints one
JSON object per game: prompts shown per match, how many of them had one option, decisions per
match.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bot.services import games as engine_games
from engine.core.registry import get_game, list_games

LIMIT = 20_000  # prompts in one match before it is called unfinished


def play(game_id: str, seed: int, players: int, *, always_ask: bool) -> tuple[int, int, int, bool]:
    """(prompts shown, of them with one option, choices recorded, finished) of one random match."""
    game = get_game(game_id)
    options = {engine_games.ALWAYS_ASK: True} if always_ask else {}
    state = engine_games.new_state(game, game.default_decks(players), seed, options)
    rng = random.Random(seed)
    shown = single = recorded = 0
    while shown < LIMIT:
        if not always_ask:
            recorded += len(engine_games.run_ai(state, [None] * players, seed))  # one-option prompts
        prompt = state.prompt()
        if prompt is None or state.result is not None:
            break
        shown += 1
        single += len(prompt.options) == 1
        state.apply(rng.choice(prompt.options).id)
        recorded += 1
    return shown, single, recorded, state.result is not None


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("game_ids", nargs="*")
    parser.add_argument("--matches", type=int, default=5)
    parser.add_argument("--players", type=int, default=0, help="players per match (default: the game's fewest)")
    args = parser.parse_args()
    for game_id in args.game_ids or list_games():
        game = get_game(game_id)
        players = args.players or game.min_players
        if not game.min_players <= players <= game.max_players:
            continue
        figures: dict[str, Any] = {"game": game_id, "players": players, "matches": args.matches}
        for label, always_ask in (("before", True), ("after", False)):
            runs = [play(game_id, seed, players, always_ask=always_ask) for seed in range(args.matches)]
            shown, single, recorded = (sum(run[i] for run in runs) for i in range(3))
            figures[f"{label}_prompts_shown_per_match"] = round(shown / len(runs), 1)
            figures[f"{label}_one_option_prompts_shown_per_match"] = round(single / len(runs), 1)
            figures[f"{label}_one_option_share"] = round(single / max(1, shown), 3)
            figures[f"{label}_choices_per_match"] = round(recorded / len(runs), 1)
            figures[f"{label}_unfinished"] = sum(not run[3] for run in runs)
        print(json.dumps(figures), flush=True)


if __name__ == "__main__":
    main()
