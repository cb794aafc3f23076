"""A worker process for the concurrency tests: answers the same prompts as its twin, at the same moment.

Both workers walk the same list of matches. For each prompt they read the match, meet at a barrier,
then both answer it with different options (worker 0 the first option, worker 1 the last) and
report whether their answer was applied. The test checks that exactly one was, every time.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from support import load_toy

from bot.persistence import Database
from bot.services.errors import StaleChoiceError
from bot.services.matches import MatchService, lens_of, turn_prompt

BARRIER_TIMEOUT = 30.0


def hammer(url: str, worker: int, match_ids: list[int], trials: int, barrier: Any, out_path: str) -> None:
    """Process entry point: up to `trials` contested prompts; results as JSON lines in `out_path`."""
    load_toy()
    asyncio.run(_hammer(url, worker, match_ids, trials, barrier, out_path))


async def _hammer(url: str, worker: int, match_ids: list[int], trials: int, barrier: Any, out_path: str) -> None:
    db = Database(url)
    service = MatchService(db)
    results: list[dict[str, Any]] = []
    pending = list(match_ids)
    try:
        while pending and len(results) < trials:
            row, state = await service.state(pending[0])
            prompt = turn_prompt(row, state) if state is not None and row.status == "active" else None
            if prompt is None:
                pending.pop(0)
                continue
            step = len(row.choices)
            option = prompt.options[0 if worker == 0 else -1].id
            engine_option = lens_of(row, state, prompt.player).choice(option)  # what the record stores
            user = row.seats[prompt.player]["user"]
            await asyncio.to_thread(barrier.wait, BARRIER_TIMEOUT)
            try:
                await service.choose(row.id or 0, user, option, expected_step=step)
                applied = True
            except StaleChoiceError:
                applied = False
            results.append({"match": row.id, "step": step, "option": engine_option, "applied": applied})
            await asyncio.to_thread(barrier.wait, BARRIER_TIMEOUT)
    finally:
        await db.close()
        with open(out_path, "w", encoding="utf-8") as out:
            out.writelines(json.dumps(r) + "\n" for r in results)
