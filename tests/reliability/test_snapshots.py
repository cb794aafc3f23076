"""A corrupt, missing, stale or ahead-of-the-record snapshot is rebuilt from the record, on both backends."""

from __future__ import annotations

from typing import Any

import pytest
from support import record_digest

from bot.persistence import Database
from bot.services.decks import DeckService
from bot.services.matches import MatchService, Seat, turn_prompt

DAMAGE = {
    "garbage": {"snapshot": "{not json"},
    "wrong shape": {"snapshot": '{"game": "toy"}'},
    "missing": {"snapshot": None},
    "behind its step count": {"snapshot_choices": 1},
    "ahead of the record": {"snapshot_choices": 10_000},
}


async def a_match_with_choices(matches: MatchService, count: int) -> int:
    row = await matches.challenge("toy", Seat("a", "Ana"), Seat("b", "Bo"), None)
    update = await matches.respond(row.id, "b", True, None)
    for _ in range(count):
        prompt = update.prompt
        update = await matches.choose(row.id, update.row.seats[prompt.player]["user"], prompt.options[-1].id)
    assert update.row.id is not None and update.row.status == "active"
    return update.row.id


@pytest.mark.parametrize("damage", sorted(DAMAGE))
async def test_a_damaged_snapshot_is_rebuilt_from_the_record(db: Database, toy: Any, damage: str) -> None:
    match_id = await a_match_with_choices(MatchService(db), 10)
    row = await db.get_match(match_id)
    assert row is not None and row.snapshot
    await db.update_match(match_id, row.version, **DAMAGE[damage])

    restarted = MatchService(db, DeckService(db))  # a new process: empty cache
    stored, state = await restarted.state(match_id)
    assert state is not None and state.steps == len(stored.choices) == 10
    assert state.digest() == record_digest(stored)

    prompt = turn_prompt(stored, state)
    update = await restarted.choose(match_id, stored.seats[prompt.player]["user"], prompt.options[0].id)
    healed = await db.get_match(match_id)
    assert healed is not None and healed.snapshot_choices == len(healed.choices) == 11
    fresh = MatchService(db)._from_snapshot(healed)
    assert fresh is not None and fresh.digest() == record_digest(healed) == update.state.digest()
