"""Sharding: two bot processes (SHARD_COUNT=2, SHARD_IDS=0 / 1) over one PostgreSQL database.

The same prompt is answered with different options through both shards at once (one click routed to
each process); exactly one answer is applied, the other player-facing reply says it came too late.
"""

from __future__ import annotations

import asyncio
import json
import multiprocessing
from typing import Any

import pytest
from shardbot import run_shard
from strictdiscord import StrictDiscord
from support import record_digest

from bot.persistence import Database
from bot.services.matches import MatchService, Seat

pytestmark = pytest.mark.postgres

TRIALS = 100
SHARDS = 2


class ShardedDiscord(StrictDiscord):
    """Remembers which gateway connection identified as which shard, to route events to one shard."""

    def __init__(self) -> None:
        super().__init__()
        self.shards: dict[int, Any] = {}

    async def _ready(self, ws: Any, shard: list[int]) -> None:
        self.shards[shard[0]] = ws
        await super()._ready(ws, shard)

    async def click_on(self, shard: int, user: str, message: dict[str, Any], custom_id: str) -> str:
        data = {"custom_id": custom_id, "component_type": 2}
        _, token, payload = self.interaction(user, 3, data, message=message)
        await self._send(self.shards[shard], "INTERACTION_CREATE", payload)
        return token


async def answers(fake: ShardedDiscord, tokens: list[str], start: int) -> list[str]:
    """The text each interaction finally answered with (a refusal, or the player's updated screen)."""
    texts = []
    for token in tokens:
        call = await fake.wait_for(
            lambda c, t=token: (
                (t in c.path and "/callback" not in c.path) or (t in c.path and (c.body or {}).get("type") == 4)
            ),
            start=start,
            timeout=30,
        )
        body = call.body or {}
        texts.append(str((body.get("data") or body).get("content") or ""))
    return texts


async def race_one_prompt(fake: ShardedDiscord, db: Database, match_id: int) -> None:
    """Click two different options of the current prompt, one click through each shard, at once."""
    from fakediscord import USERS

    stored, state = await MatchService(db).state(match_id)
    prompt = state.prompt()
    step = len(stored.choices)
    user = next(n for n, u in USERS.items() if u["id"] == stored.seats[prompt.player]["user"])
    ids = [f"tcg:opt:{match_id}:{step}:{i}" for i in (0, len(prompt.options) - 1)]
    items = [{"type": 2, "custom_id": i, "label": "x", "style": 1} for i in ids]
    message = fake._message(
        "900000000000000200", {"content": "hand", "components": [{"type": 1, "components": items}]}, []
    )
    start = len(fake.calls)
    tokens = await asyncio.gather(*(fake.click_on(s, user, message, ids[s]) for s in range(SHARDS)))
    texts = await answers(fake, list(tokens), start)
    after = await db.get_match(match_id)
    assert after is not None and len(after.choices) == step + 1, f"step {step}: {after and after.choices}"
    # the later click is refused; when the earlier one ended the game, it is refused as finished
    refusals = ("already answered", "changed", "no longer", "is not in progress")
    late = [t for t in texts if any(refusal in t for refusal in refusals)]
    assert len(late) == 1, f"step {step}: replies {texts}"
    winner = 1 - texts.index(late[0])
    assert after.choices[step] == prompt.options[0 if winner == 0 else -1].id


@pytest.mark.slow
async def test_two_shard_processes_apply_exactly_one_choice(pg_database: str, toy: Any) -> None:
    from fakediscord import USERS

    fake = ShardedDiscord()
    await fake.start()
    context = multiprocessing.get_context("spawn")
    shards = [
        context.Process(target=run_shard, args=(fake.api_base, fake.gateway_url, pg_database, SHARDS, i), daemon=True)
        for i in range(SHARDS)
    ]
    for process in shards:
        process.start()
    db = Database(pg_database)
    try:
        for _ in range(600):
            if len(fake.shards) == SHARDS:
                break
            assert all(p.is_alive() for p in shards), "a shard process died while starting"
            await asyncio.sleep(0.1)
        assert sorted(fake.shards) == list(range(SHARDS)), f"shards that connected: {sorted(fake.shards)}"
        service = MatchService(db)
        ana, bo = (Seat(USERS[n]["id"], n) for n in ("ana", "bo"))
        applied, match_ids = 0, []
        while applied < TRIALS:
            stored = await db.get_match(match_ids[-1]) if match_ids else None
            if stored is None or stored.status != "active":
                row = await service.challenge("toy", ana, bo, None, guild_id="900000000000000100")
                await service.respond(row.id or 0, bo.user, True, None)
                match_ids.append(row.id or 0)
            await race_one_prompt(fake, db, match_ids[-1])
            applied += 1
        for match_id in match_ids:
            final = await db.get_match(match_id)
            assert final is not None and record_digest(final) == MatchService(db).load_state(final).digest()
        assert fake.problems == []
        print(json.dumps({"shard_trials": applied, "applied_exactly_once": applied, "matches": len(match_ids)}))
    finally:
        for process in shards:
            process.terminate()
            process.join(10)
        await db.close()
        await fake.stop()
