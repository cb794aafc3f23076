"""Board image traffic per match: the PNG bytes a match thread would upload, with and without
skipping byte-identical re-uploads (what `MatchUI.publish` does); prints one JSON object.

    .venv/bin/python tests/bench/bench_board_traffic.py [--games N] [--seed S]

Each game plays random matches with every seat a person (simultaneous steps answered early and
held, so many updates change nothing anyone may see); after every answer the board is rendered as
the thread shows it.
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import json
import random
import tempfile
from pathlib import Path

from bot.render.image import board_png
from bot.render.model import build_board
from bot.services.games import get_game
from bot.services.hub import Services
from bot.services.match_model import decision_for, lens_of, seats_of
from bot.services.matches import Seat

GAMES = {"yugioh": 2, "naruto": 2, "inuyasha": 2, "inazuma": 2, "usagi": 4}
USERS = ("ana", "bo", "cy", "di")


async def one_match(services: Services, game: str, players: int, seed: int) -> dict[str, int]:
    lobby = await services.matches.open_lobby(game, Seat("ana", "ana"), players, None)
    for user in USERS[1:players]:
        await services.matches.join(lobby.id or 0, Seat(user, user), None)
    rng = random.Random(seed)
    uploads = total = skipped_bytes = 0
    last = ""
    for _ in range(400):
        row, state = await services.matches.state(lobby.id or 0)
        if row.status != "active" or state is None:
            break
        names = [s.name for s in seats_of(row)]
        board = build_board(get_game(game), lens_of(row, state, None).view(), names, title=f"Match #{row.id}")
        png = board_png(board)
        digest = hashlib.sha256(png).hexdigest()
        total += len(png)
        if digest == last:
            skipped_bytes += len(png)
        else:
            uploads += 1
        last = digest
        seats = [seat for seat in range(players) if decision_for(row, state, seat) is not None]
        seat = rng.choice(seats)
        decision = decision_for(row, state, seat)
        assert decision is not None
        option = rng.choice(decision.prompt.options).id
        await services.matches.choose(lobby.id or 0, USERS[seat], option, expected_step=decision.step)
    return {"bytes_without_skip": total, "bytes_with_skip": total - skipped_bytes, "uploads": uploads}


async def main_async(games: int, seed: int) -> dict[str, object]:
    out: dict[str, object] = {"benchmark": "board_traffic", "matches_per_game": games, "updates_per_match": 400}
    with tempfile.TemporaryDirectory() as tmp:
        services = await Services.from_url(f"sqlite:///{Path(tmp) / 'traffic.db'}").open()
        try:
            for game, players in GAMES.items():
                runs = [await one_match(services, game, players, seed + n) for n in range(games)]
                before = sum(r["bytes_without_skip"] for r in runs) / games
                after = sum(r["bytes_with_skip"] for r in runs) / games
                out[game] = {
                    "players": players,
                    "mb_per_match_before": round(before / 1e6, 2),
                    "mb_per_match_after": round(after / 1e6, 2),
                    "saved": round(1 - after / before, 3) if before else 0.0,
                }
        finally:
            await services.close()
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    print(json.dumps(asyncio.run(main_async(args.games, args.seed))))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
