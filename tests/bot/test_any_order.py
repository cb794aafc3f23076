"""Whole matches (4-player Usagi, Inazuma) with people answering in any order, each from the prompt
they were last shown (as buttons in Discord work): no answer given in a simultaneous step is
refused, and nothing the step's answers did is told before everyone has chosen."""

from __future__ import annotations

import random
import re
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.services.errors import StaleChoiceError
from bot.services.hub import Services
from bot.services.match_model import decision_for
from bot.services.matches import Seat
from bot.services.simultaneous import in_simultaneous_step

PLAYERS = ("ana", "bo", "cy", "di")


@pytest.fixture
async def services(tmp_path: Path) -> AsyncIterator[Services]:
    hub = await Services.from_url(f"sqlite:///{tmp_path / 'order.db'}").open()
    yield hub
    await hub.close()


async def _play(services: Services, game: str, players: int, seed: int) -> tuple[int, int, str]:
    lobby = await services.matches.open_lobby(game, Seat("ana", "Ana"), players, None)
    for user in PLAYERS[1:players]:
        await services.matches.join(lobby.id or 0, Seat(user, user.title()), None)
    match_id = lobby.id or 0
    rng = random.Random(seed)
    shown: dict[int, tuple[int, str, bool]] = {}  # seat -> (step, option id, shown in a simultaneous step)
    refused = answered = 0
    for _ in range(3000):
        row, state = await services.matches.state(match_id)
        if row.status != "active" or state is None:
            return refused, answered, row.status
        for seat in range(players):
            if seat not in shown and (decision := decision_for(row, state, seat)) is not None:
                option = rng.choice(decision.prompt.options).id
                shown[seat] = (decision.step, option, in_simultaneous_step(state))
        if not shown:
            raise AssertionError("nobody can answer")
        seat = rng.choice(sorted(shown))
        step, option, simultaneous = shown.pop(seat)
        began = (row.meta or {}).get("public_at")  # where the simultaneous step under way began
        try:
            update = await services.matches.choose(match_id, PLAYERS[seat], option, expected_step=step)
            answered += 1
        except StaleChoiceError:
            refused += simultaneous
            continue
        still = (update.row.meta or {}).get("public_at")
        if update.state is not None and in_simultaneous_step(update.state) and still == began is not None:
            # the same step goes on: nothing its answers did is told before all have chosen (a step that
            # completed is told, even when the answer also began the next simultaneous step)
            early = [e for e in update.events if re.search(r"discard|propos|places?\b|formation", e, re.I)]
            assert not early, early
    raise AssertionError("the match did not end")


@pytest.mark.parametrize(("game", "players", "seed"), [("usagi", 4, 1), ("usagi", 4, 2), ("inazuma", 2, 3)])
async def test_no_answer_in_a_simultaneous_step_is_refused(
    services: Services, game: str, players: int, seed: int
) -> None:
    refused, answered, status = await _play(services, game, players, seed)
    assert status == "finished" and answered > 50
    assert refused == 0, f"{refused} answers refused of {answered + refused}"
