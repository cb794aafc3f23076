"""The same compare-and-set match writes and resume on PostgreSQL (the scale-out backend)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from bot.persistence import Database
from bot.services.errors import StaleChoiceError
from bot.services.matches import MatchService, Seat

pytestmark = pytest.mark.postgres


async def test_two_processes_share_one_postgres_without_forking(postgres_url: str, toy: Any) -> None:
    db_a, db_b = Database(postgres_url), Database(postgres_url)
    await db_a.create_all()
    first, second = MatchService(db_a), MatchService(db_b)
    row = await first.challenge("toy", Seat("pg1", "Ana"), Seat("pg2", "Bo"), None)
    try:
        update = await first.respond(row.id, "pg2", True, None)
        prompt = update.prompt
        user = update.row.seats[prompt.player]["user"]
        step = len(update.row.choices)
        results = await asyncio.gather(
            first.choose(row.id, user, prompt.options[0].id, expected_step=step),
            second.choose(row.id, user, prompt.options[0].id, expected_step=step),
            return_exceptions=True,
        )
        assert sum(isinstance(r, StaleChoiceError) for r in results) == 1, results
        stored, state = await MatchService(db_b).state(row.id)
        assert len(stored.choices) == 1 and state.steps == 1
    finally:
        async with db_a.writing() as session:
            from bot.persistence import MatchRow

            match = await session.get(MatchRow, row.id)
            if match is not None:
                await session.delete(match)
        await db_a.close()
        await db_b.close()
