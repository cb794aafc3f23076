"""Pings per game turn in a two-person match, before and after, per game.

    .venv/bin/python tests/bench/bench_pings.py [GAME ...] [--matches 10] [--seconds-per-decision 20]

Both seats play random legal options. "before" is the old bot: every hand-off of the decision
to the other person pinged them, and every window was asked. "after" is today's: windows a
person can only pass are passed for them (`always_ask` off), and a hand-off pings at most once
per `PING_COOLDOWN` per player and match (`MatchUI.should_ping`), on a simulated clock where
each decision takes `--seconds-per-decision`. Prints one JSON object per game.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bot.discord_ui.matches.ui import PING_COOLDOWN, MatchUI
from bot.services import games as engine_games
from engine.core.registry import get_game, list_games
from engine.core.state import State

TURN_KEYS = ("turn", "turn_number", "game_turn", "round")


def game_turn(state: State) -> int:
    """The game's own turn counter, where it keeps one in its public variables."""
    for key in TURN_KEYS:
        value = state.vars.get(key)
        if isinstance(value, int) and not isinstance(value, bool):
            return value
    return 0


def play(game_id: str, seed: int, *, after: bool, seconds: float) -> tuple[int, int, int]:
    """(pings, decisions shown to people, game turns) of one random two-person match."""
    game = get_game(game_id)
    state = game.new_match(game.default_decks(2), seed)
    ui: Any = MatchUI.__new__(MatchUI)
    ui._pinged = {}
    rng = random.Random(seed)
    clock = 0.0
    pings = shown = 0
    last_player: int | None = None
    turns = {game_turn(state)}
    while state.result is None and shown < 20_000:
        if after:
            engine_games.run_ai(state, [None, None], seed)
            if state.result is not None:
                break
        prompt = state.prompt()
        assert prompt is not None
        if prompt.player != last_player and (not after or ui.should_ping(1, str(prompt.player), clock)):
            pings += 1
        last_player = prompt.player
        shown += 1
        clock += seconds
        state.apply(rng.choice(prompt.options).id)
        turns.add(game_turn(state))
    return pings, shown, max(1, len(turns))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("game_ids", nargs="*")
    parser.add_argument("--matches", type=int, default=10)
    parser.add_argument("--seconds-per-decision", type=float, default=20.0)
    args = parser.parse_args()
    for game_id in args.game_ids or list_games():
        figures: dict[str, Any] = {"game": game_id, "cooldown_s": PING_COOLDOWN}
        for label, after in (("before", False), ("after", True)):
            runs = [play(game_id, seed, after=after, seconds=args.seconds_per_decision) for seed in range(args.matches)]
            pings, shown, turns = (sum(run[i] for run in runs) for i in range(3))
            figures[f"{label}_pings_per_turn"] = round(pings / turns, 2)
            figures[f"{label}_decisions_per_turn"] = round(shown / turns, 2)
        print(json.dumps(figures), flush=True)


if __name__ == "__main__":
    main()
