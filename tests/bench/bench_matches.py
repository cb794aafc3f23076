"""Load benchmark: many concurrent matches driven through the services; prints one JSON object.

Each match is played by a driver that waits a "think" time (uniform in [0, 2 x --think] s), then
answers the current prompt with a random legal option. Latency = from the choice to the state
persisted (compare-and-set write) and the public board rendered (embed + Pillow PNG, drawn in a
worker thread as the bot does). Then `--resume` open matches are stored and a fresh service
loads them all (the bot's restart path: snapshot + later choices for each).

    .venv/bin/python tests/bench/bench_matches.py                       # SQLite (temp file)
    .venv/bin/python tests/bench/bench_matches.py --db postgresql://postgres@127.0.0.1:5432/test
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bot.persistence import Database, MatchRow
from bot.render.embeds import board_embed
from bot.render.image import board_png
from bot.render.model import build_board
from bot.services.games import get_game, list_games
from bot.services.matches import MatchService, Seat, seats_of


async def bench_database(url: str) -> str:
    """For PostgreSQL, a dedicated database next to the given one (created when missing)."""
    if not url.startswith(("postgres://", "postgresql://")):
        return url
    import asyncpg

    base, _, _name = url.rpartition("/")
    conn = await asyncpg.connect(url.replace("postgresql+asyncpg://", "postgresql://"))
    try:
        if not await conn.fetchval("SELECT 1 FROM pg_database WHERE datname = 'tcgtable_bench'"):
            await conn.execute("CREATE DATABASE tcgtable_bench")
    finally:
        await conn.close()
    return f"{base}/tcgtable_bench"


def render(service: MatchService, row: MatchRow, image: bool) -> int:
    """The public board as the bot renders it; returns the PNG size (0 without image)."""
    state = service.load_state(row)
    names = [s.name for s in seats_of(row)]
    board = build_board(get_game(row.game), state.view(None), names, title=f"Match #{row.id}")
    board_embed(board, image_name="board.png")
    return len(board_png(board)) if image else 0


async def drive(
    service: MatchService,
    match_id: int,
    actions: int,
    think: float,
    image: bool,
    rng: random.Random,
    latencies: list[float],
    persisted: list[float],
) -> int:
    done = 0
    for _ in range(actions):
        await asyncio.sleep(rng.uniform(0, 2 * think))
        row, state = await service.state(match_id)
        prompt = state.prompt() if state is not None else None
        if row.status != "active" or prompt is None:
            break
        user = row.seats[prompt.player]["user"]
        option = rng.choice(prompt.options).id
        started = time.perf_counter()
        update = await service.choose(match_id, user, option, expected_step=len(row.choices))
        persisted.append(time.perf_counter() - started)
        await asyncio.to_thread(render, service, update.row, image)
        latencies.append(time.perf_counter() - started)
        done += 1
    return done


async def start_match(service: MatchService, game: str, index: int) -> int:
    row = await service.challenge(game, Seat(f"u{index}a", f"A{index}"), Seat(f"u{index}b", f"B{index}"), None)
    update = await service.respond(row.id or 0, f"u{index}b", True, None)
    return update.row.id or 0


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000 if ordered else 0.0


async def load_phase(db: Database, game: str, args: argparse.Namespace) -> dict[str, Any]:
    service = MatchService(db)
    ids = [await start_match(service, game, i) for i in range(args.matches)]
    latencies: list[float] = []
    persisted: list[float] = []
    rng = random.Random(args.seed)
    started, cpu_started = time.perf_counter(), time.process_time()
    counts = await asyncio.gather(
        *(
            drive(
                service,
                mid,
                args.actions,
                args.think,
                not args.no_image,
                random.Random(rng.random()),
                latencies,
                persisted,
            )
            for mid in ids
        )
    )
    wall = time.perf_counter() - started
    cpu = time.process_time() - cpu_started  # this process only (the database server is not counted)
    return {
        "matches": args.matches,
        "actions": sum(counts),
        "think_s": args.think,
        "image": not args.no_image,
        "persist_p50_ms": round(pct(persisted, 0.50), 1),
        "persist_p95_ms": round(pct(persisted, 0.95), 1),
        "p50_ms": round(pct(latencies, 0.50), 1),
        "p95_ms": round(pct(latencies, 0.95), 1),
        "p99_ms": round(pct(latencies, 0.99), 1),
        "max_ms": round(max(latencies, default=0) * 1000, 1),
        "mean_ms": round(statistics.fmean(latencies) * 1000, 1) if latencies else 0.0,
        "actions_per_s": round(sum(counts) / wall, 1),
        "cpu_ms_per_action": round(1000 * cpu / max(1, sum(counts)), 1),
        "load_avg_1m": round(os.getloadavg()[0], 1),
        "cpus": os.cpu_count(),
        "wall_s": round(wall, 1),
    }


async def resume_phase(db: Database, game: str, args: argparse.Namespace) -> dict[str, Any]:
    """Store `--resume` open matches (copies of a few played ones), then time a cold restart."""
    service = MatchService(db)
    rng = random.Random(args.seed + 1)
    templates = []
    for i in range(10):
        mid = await start_match(service, game, 10_000 + i)
        for _ in range(rng.randint(5, 60)):
            row, state = await service.state(mid)
            prompt = state.prompt() if state is not None else None
            if row.status != "active" or prompt is None:
                break
            await service.choose(mid, row.seats[prompt.player]["user"], rng.choice(prompt.options).id)
        row = await service.row(mid)
        if row.status == "active":
            templates.append(row)
    open_now = len(await db.open_matches(("active",)))
    for i in range(max(0, args.resume - open_now)):
        source = templates[i % len(templates)]
        copy = MatchRow(**{k: v for k, v in source.model_dump().items() if k not in ("id", "board_message_id")})
        await db.insert_match(copy)
    restarted = MatchService(Database(db.url))
    started = time.perf_counter()
    rows = await restarted.warm_open_matches()
    elapsed = time.perf_counter() - started
    await restarted.db.close()
    return {
        "resume_matches": len(rows),
        "resume_s": round(elapsed, 2),
        "resume_mean_choices": round(statistics.fmean(len(r.choices) for r in rows), 1),
    }


async def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", default="", help="database URL (default: a temporary SQLite file)")
    parser.add_argument("--game", default="", help="game id (default: the first registered game)")
    parser.add_argument("--matches", type=int, default=200)
    parser.add_argument("--actions", type=int, default=15, help="choices per match")
    parser.add_argument("--think", type=float, default=5.0, help="mean seconds between a match's choices")
    parser.add_argument("--resume", type=int, default=1000, help="open matches to restore after a restart")
    parser.add_argument("--no-image", action="store_true", help="skip the Pillow board image")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    game = args.game or list_games()[0].id
    with tempfile.TemporaryDirectory() as tmp:
        url = await bench_database(args.db or os.environ.get("BENCH_DATABASE_URL", "") or f"sqlite:///{tmp}/b.db")
        db = Database(url)
        await db.drop_all()
        await db.create_all()
        try:
            result: dict[str, Any] = {
                "backend": "postgresql" if db.url.startswith("postgres") else "sqlite",
                "game": game,
            }
            result.update(await load_phase(db, game, args))
            result.update(await resume_phase(db, game, args))
        finally:
            await db.close()
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(asyncio.run(main()))
