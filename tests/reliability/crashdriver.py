"""A scripted bot process for the crash tests: plays random toy matches and acknowledges each choice.

`drive(url, ack_path, seed)` keeps a few matches going on the database at `url`, answers their
prompts with random options through the match service, and appends "match step option" to
`ack_path` after each choice is persisted (that line is the acknowledgement a player would see).
It never stops by itself: the test SIGKILLs it.
"""

from __future__ import annotations

import asyncio
import os
import random

from support import load_toy

from bot.persistence import Database
from bot.services.errors import StaleChoiceError
from bot.services.matches import MatchService, Seat, lens_of, turn_prompt

OPEN_MATCHES = 4


def drive(url: str, ack_path: str, seed: int) -> None:
    """Process entry point (forked by the test)."""
    load_toy()
    asyncio.run(_drive(url, ack_path, seed))


async def _drive(url: str, ack_path: str, seed: int) -> None:
    rng = random.Random(seed)
    db = Database(url)
    service = MatchService(db)
    fd = os.open(ack_path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
    while True:
        active = await db.open_matches(("active",))
        if len(active) < OPEN_MATCHES:
            a, b = f"u{rng.randrange(1000)}", f"v{rng.randrange(1000)}"
            row = await service.challenge("toy", Seat(a, a), Seat(b, b), None)
            await service.respond(row.id or 0, b, True, None)
            continue
        row, state = await service.state(rng.choice(active).id or 0)
        prompt = turn_prompt(row, state) if state is not None else None
        if prompt is None:
            continue
        user = row.seats[prompt.player]["user"]
        option = rng.choice(prompt.options).id
        chosen = lens_of(row, state, prompt.player).choice(option)  # the engine's id, as the record keeps it
        step = len(row.choices)
        await service.choose(row.id or 0, user, option, expected_step=step)
        os.write(fd, f"{row.id} {step} {chosen}\n".encode())
        if rng.random() < 0.25:  # a double click on the same prompt must be refused
            try:
                await service.choose(row.id or 0, user, option, expected_step=step)
            except StaleChoiceError:
                continue
            os.write(fd, f"DOUBLE {row.id} {step} {chosen}\n".encode())
