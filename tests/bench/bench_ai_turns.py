"""How long a person waits for the AI: the longest whole AI turn (every AI decision until a person
must answer, `bot.services.games.run_ai`, with its turn cap) at each level, per game.

    .venv/bin/python tests/bench/bench_ai_turns.py [GAME ...] [--levels easy,normal,hard] [--turns 12]

The person's seat plays random legal options. Prints one JSON object per game and level:
AI runs measured, decisions, the longest and the p95 run in seconds, and how many runs hurried
(reached the cap and finished with the quick level).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bot.services import games as engine_games
from engine.core.registry import get_game, list_games


def measure(game_id: str, level: str, turns: int, seed: int) -> dict[str, object]:
    game = get_game(game_id)
    seats = game.min_players
    state = game.new_match(game.default_decks(seats), seed=seed)
    levels: list[str | None] = [None] + [level] * (seats - 1)
    person = random.Random(seed)
    runs: list[float] = []
    decisions = 0
    while len(runs) < turns and state.result is None:
        prompt = state.prompt()
        assert prompt is not None
        if levels[prompt.player] is None:
            state.apply(person.choice(prompt.options).id)
            continue
        started = time.monotonic()
        decisions += len(engine_games.run_ai(state, levels, seed))
        runs.append(time.monotonic() - started)
        if state.result is not None and len(runs) < turns:  # play on in a new match
            seed += 1
            state = game.new_match(game.default_decks(seats), seed=seed)
    runs.sort()
    return {
        "game": game_id,
        "level": level,
        "ai_runs": len(runs),
        "decisions": decisions,
        "longest_s": round(runs[-1], 2) if runs else 0.0,
        "p95_s": round(runs[int(0.95 * (len(runs) - 1))], 2) if runs else 0.0,
        "hurried": sum(1 for r in runs if r > engine_games.AI_TURN_SECONDS),
        "turn_cap_s": engine_games.AI_TURN_SECONDS,
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("game_ids", nargs="*")
    parser.add_argument("--levels", default="easy,normal,hard")
    parser.add_argument("--turns", type=int, default=12, help="AI runs measured per game and level")
    parser.add_argument("--seed", type=int, default=11)
    args = parser.parse_args()
    for game_id in args.game_ids or list_games():
        for level in args.levels.split(","):
            print(json.dumps(measure(game_id, level, args.turns, args.seed)), flush=True)


if __name__ == "__main__":
    main()
