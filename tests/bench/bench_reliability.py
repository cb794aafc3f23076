"""Reliability benchmark: conflicting choices from two processes, and SIGKILLs mid-play; one JSON object.

Part 1 runs two worker processes that answer the same prompts at the same moment with different
options (tests/reliability/hammer.py) and counts prompts with exactly one answer applied, and the
contested prompts per second. Part 2 SIGKILLs a bot process playing matches (crashdriver.py) at
random points and counts acknowledged choices lost or doubled, and how long a fresh process takes
to load every open match again (the restart path).

    .venv/bin/python tests/bench/bench_reliability.py                    # SQLite (temp file)
    .venv/bin/python tests/bench/bench_reliability.py --db postgresql://postgres@127.0.0.1:5432/test
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import random
import signal
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "reliability"), str(ROOT / "tests" / "bench")]

from bench_matches import bench_database  # noqa: E402
from crashdriver import drive  # noqa: E402
from hammer import hammer  # noqa: E402
from support import load_toy, record_digest  # noqa: E402

from bot.persistence import Database  # noqa: E402
from bot.services.matches import MatchService, Seat  # noqa: E402


async def fresh(url: str) -> None:
    """Empty the benchmark's tables (PostgreSQL) or create them (a new SQLite file)."""
    from bot.persistence import schema

    await schema.upgrade_on_start(url)  # the bench database may predate migrations
    db = Database(url)
    from sqlalchemy import delete

    from bot.persistence import MatchRow

    async with db.writing() as session:
        await session.execute(delete(MatchRow))
    await db.close()


async def start_matches(url: str, count: int) -> list[int]:
    db = Database(url)
    service, ids = MatchService(db), []
    for n in range(count):
        row = await service.challenge("toy", Seat(f"a{n}", "A"), Seat(f"b{n}", "B"), None)
        await service.respond(row.id or 0, f"b{n}", True, None)
        ids.append(row.id or 0)
    await db.close()
    return ids


def conflicts(url: str, trials: int, tmp: Path) -> dict[str, Any]:
    ids = asyncio.run(start_matches(url, trials // 15 + 5))
    context = multiprocessing.get_context("fork")
    barrier = context.Barrier(2)
    outs = [tmp / f"w{w}.jsonl" for w in range(2)]
    started = time.perf_counter()
    workers = [context.Process(target=hammer, args=(url, w, ids, trials, barrier, str(outs[w]))) for w in range(2)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    seconds = time.perf_counter() - started
    first, second = ([json.loads(line) for line in out.read_text().splitlines()] for out in outs)
    once = sum(a["applied"] + b["applied"] == 1 for a, b in zip(first, second, strict=True))
    return {
        "contested_prompts": len(first),
        "applied_exactly_once": once,
        "prompts_per_s": round(len(first) / seconds, 1),
    }


async def check(url: str, acks: list[tuple[int, int, str]]) -> tuple[int, int, float]:
    """(acknowledged choices lost, digest mismatches, seconds to load every open match afresh)."""
    db = Database(url)
    rows = {r.id: r for r in await db.open_matches(("active", "finished"))}
    lost = sum(1 for m, s, o in acks if s >= len(rows[m].choices) or rows[m].choices[s] != o)
    started = time.perf_counter()
    service = MatchService(db)
    await service.warm_open_matches()
    seconds = time.perf_counter() - started
    mismatched = sum(service.load_state(r).digest() != record_digest(r) for r in rows.values())
    await db.close()
    return lost, mismatched, seconds


def kills(url: str, count: int, tmp: Path) -> dict[str, Any]:
    rng = random.Random(7)
    ack_path = tmp / "acks.txt"
    ack_path.touch()
    context = multiprocessing.get_context("fork")
    lost = mismatched = doubled = 0
    reloads = []
    for _ in range(count):
        child = context.Process(target=drive, args=(url, str(ack_path), rng.randrange(2**32)))
        child.start()
        time.sleep(rng.uniform(0.05, 0.5))
        os.kill(child.pid or 0, signal.SIGKILL)
        child.join()
        lines = ack_path.read_text().splitlines()
        doubled = sum(line.startswith("DOUBLE") for line in lines)
        acks = [(int(m), int(s), o) for m, s, o in (line.split(" ", 2) for line in lines if not line.startswith("D"))]
        lost, mismatched, seconds = asyncio.run(check(url, acks))
        reloads.append(seconds)
    return {
        "kills": count,
        "acknowledged": len(acks),
        "lost": lost,
        "doubled": doubled,
        "digest_mismatches": mismatched,
        "reload_all_open_ms_max": round(max(reloads) * 1000, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", help="database URL (default: a temporary SQLite file)")
    parser.add_argument("--trials", type=int, default=1_000)
    parser.add_argument("--kills", type=int, default=30)
    args = parser.parse_args()
    load_toy()
    with tempfile.TemporaryDirectory() as tmp:
        url = asyncio.run(bench_database(args.db)) if args.db else f"sqlite:///{tmp}/bench.db"
        asyncio.run(fresh(url))
        result = {"db": "postgresql" if args.db else "sqlite", **conflicts(url, args.trials, Path(tmp))}
        asyncio.run(fresh(url))
        result.update(kills(url, args.kills, Path(tmp)))
    print(json.dumps(result))


if __name__ == "__main__":
    main()
