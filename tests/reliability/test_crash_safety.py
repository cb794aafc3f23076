"""Crash safety: a bot process playing matches is SIGKILLed at random points, 100 times.

After every kill a new process takes over the same database. Each time the test checks that every
match replays from its record to the digest of the state the bot would resume from (snapshot plus
later choices), that every acknowledged choice is in the record at its step, and that no choice was
applied twice. Every tenth restart a snapshot is damaged first; it must be rebuilt from the record.
"""

from __future__ import annotations

import asyncio
import json
import multiprocessing
import os
import random
import signal
import time
from pathlib import Path
from typing import Any

import pytest
from conftest import empty_tables
from crashdriver import drive
from support import record_digest

from bot.persistence import Database
from bot.services.matches import MatchService

KILLS = {"sqlite": 100, "postgres": 25}  # PostgreSQL: fewer, to stay within the suite's time budget


def read_acks(path: Path) -> list[tuple[int, int, str]]:
    acks = []
    for line in path.read_text().splitlines():
        assert not line.startswith("DOUBLE"), f"a second click on an answered prompt was applied: {line}"
        match_id, step, option = line.split(" ", 2)
        acks.append((int(match_id), int(step), option))
    return acks


async def check_database(url: str, acks: list[tuple[int, int, str]], damaged: dict[int, int]) -> dict[str, int]:
    """Every match against its acknowledgements and its record; returns counts."""
    db = Database(url)
    try:
        rows = {row.id: row for row in await db.open_matches(("active", "finished"))}
        for match_id, step, option in acks:
            row = rows[match_id]
            assert step < len(row.choices), f"acknowledged choice {step} of match {match_id} was lost"
            assert row.choices[step] == option, f"match {match_id} step {step}: {row.choices[step]} != {option}"
        assert len({(m, s) for m, s, _ in acks}) == len(acks), "two acknowledgements for one prompt"
        resumed = MatchService(db)
        for row in rows.values():
            expected = record_digest(row)
            assert resumed.load_state(row).digest() == expected, f"match {row.id} resumes to another state"
            if row.id in damaged and row.version <= damaged[row.id]:
                continue  # not written since the damage: its snapshot is still the broken one
            snapshot = MatchService(db)._from_snapshot(row)
            assert snapshot is not None, f"match {row.id} has no usable snapshot after a write"
        rebuilt = sum(1 for m, v in damaged.items() if m in rows and rows[m].version > v)
        return {"matches": len(rows), "choices": sum(len(r.choices) for r in rows.values()), "rebuilt": rebuilt}
    finally:
        await db.close()


async def damage_a_snapshot(url: str, rng: random.Random) -> tuple[int, int] | None:
    db = Database(url)
    try:
        active = await db.open_matches(("active",))
        if not active:
            return None
        row = rng.choice(active)
        assert row.id is not None
        damage: dict[str, Any] = rng.choice([{"snapshot": None}, {"snapshot": '{"trunc'}, {"snapshot_choices": 0}])
        return row.id, await db.update_match(row.id, row.version, **damage)
    finally:
        await db.close()


@pytest.mark.slow
def test_sigkill_at_random_points_loses_nothing(backend_url: str, tmp_path: Path, toy: Any) -> None:
    url = backend_url
    kills = KILLS["sqlite" if url.startswith("sqlite") else "postgres"]
    asyncio.run(_create(url))
    ack_path = tmp_path / "acks.txt"
    rng = random.Random(2026)
    context = multiprocessing.get_context("fork")
    damaged: dict[int, int] = {}
    runs_with_acks = 0
    started = time.monotonic()
    for run in range(kills):
        before = len(read_acks(ack_path)) if ack_path.exists() else 0
        child = context.Process(target=drive, args=(url, str(ack_path), rng.randrange(2**32)), daemon=True)
        child.start()
        time.sleep(rng.uniform(0.05, 0.45))
        assert child.is_alive(), f"run {run}: the bot process died by itself (exit code {child.exitcode})"
        assert child.pid is not None
        os.kill(child.pid, signal.SIGKILL)
        child.join(10)
        assert child.exitcode == -signal.SIGKILL
        acks = read_acks(ack_path)
        runs_with_acks += len(acks) > before
        counts = asyncio.run(check_database(url, acks, damaged))
        if run % 10 == 9:
            hit = asyncio.run(damage_a_snapshot(url, rng))
            if hit is not None:
                damaged[hit[0]] = hit[1]
    summary = {"kills": kills, "runs_with_acks": runs_with_acks, "acknowledged": len(acks), **counts}
    summary["seconds"] = round(time.monotonic() - started, 1)
    print(json.dumps(summary))
    assert runs_with_acks >= kills // 2, summary  # most kills land in the middle of play
    assert counts["rebuilt"] >= 1, summary  # a damaged snapshot was played on and replaced


async def _create(url: str) -> None:
    db = Database(url)
    await db.create_all()
    if not db.is_sqlite:
        await empty_tables(db)  # the session's PostgreSQL database: start without other tests' matches
    await db.close()
