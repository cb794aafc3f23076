"""Two real OS processes on one PostgreSQL database answer the same prompts with conflicting choices.

Target: 1,000 contested prompts, each with exactly one answer applied, and every match's record
replaying to the digest of the state the bot resumes from.
"""

from __future__ import annotations

import asyncio
import json
import multiprocessing
import time
from pathlib import Path
from typing import Any

import pytest
from hammer import hammer
from support import record_digest

from bot.persistence import Database
from bot.services.matches import MatchService, Seat

pytestmark = pytest.mark.postgres

TRIALS = 1_000
MATCHES = 60  # a toy match lasts ~30 prompts when both sides race


async def start_matches(url: str, count: int) -> list[int]:
    db = Database(url)
    service = MatchService(db)
    ids = []
    try:
        for n in range(count):
            row = await service.challenge("toy", Seat(f"a{n}", "Ana"), Seat(f"b{n}", "Bo"), None)
            await service.respond(row.id or 0, f"b{n}", True, None)
            ids.append(row.id or 0)
    finally:
        await db.close()
    return ids


async def stored_rows(url: str, ids: list[int]) -> dict[int, Any]:
    db = Database(url)
    try:
        rows = {}
        for match_id in ids:
            rows[match_id] = await db.get_match(match_id)
        resumed = MatchService(db)
        digests = {i: (record_digest(r), resumed.load_state(r).digest()) for i, r in rows.items()}
        return {"rows": rows, "digests": digests}
    finally:
        await db.close()


def run_workers(url: str, ids: list[int], trials: int, tmp_path: Path) -> list[list[dict[str, Any]]]:
    context = multiprocessing.get_context("fork")
    barrier = context.Barrier(2)
    outs = [tmp_path / f"worker{w}.jsonl" for w in range(2)]
    workers = [
        context.Process(target=hammer, args=(url, w, ids, trials, barrier, str(outs[w])), daemon=True) for w in range(2)
    ]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(240)
        assert worker.exitcode == 0, f"a worker process failed (exit code {worker.exitcode})"
    return [[json.loads(line) for line in out.read_text().splitlines()] for out in outs]


@pytest.mark.slow
def test_two_processes_conflicting_choices_apply_exactly_once(pg_database: str, toy: Any, tmp_path: Path) -> None:
    started = time.monotonic()
    ids = asyncio.run(start_matches(pg_database, MATCHES))
    first, second = run_workers(pg_database, ids, TRIALS, tmp_path)
    assert len(first) == len(second) == TRIALS, "not enough prompts to contest: start more matches"
    stored = asyncio.run(stored_rows(pg_database, ids))
    conflicting = once = 0
    for a, b in zip(first, second, strict=True):
        assert (a["match"], a["step"]) == (b["match"], b["step"]), "the workers drifted apart"
        assert a["applied"] + b["applied"] == 1, f"prompt {a['match']}:{a['step']}: {a} / {b}"
        once += 1
        winner = a if a["applied"] else b
        assert stored["rows"][a["match"]].choices[a["step"]] == winner["option"]
        conflicting += a["option"] != b["option"]
    assert sum(len(r.choices) for r in stored["rows"].values()) == TRIALS  # nothing else got in
    for match_id, (recorded, resumed) in stored["digests"].items():
        assert recorded == resumed, f"match {match_id}: the record and the resumed state differ"
    print(
        json.dumps(
            {
                "contested_prompts": TRIALS,
                "different_options": conflicting,
                "applied_exactly_once": once,
                "wins": [sum(r["applied"] for r in first), sum(r["applied"] for r in second)],
                "seconds": round(time.monotonic() - started, 1),
            }
        )
    )
