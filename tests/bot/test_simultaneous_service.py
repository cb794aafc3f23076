"""Simultaneous steps through the match service: in a 4-player Usagi match every player may answer
the Initiation's secret steps at once; early answers are held unseen, applied in the engine's
order, double clicks are stale, and the record replays to the same match."""

from __future__ import annotations

import random

import pytest

from bot.services.errors import StaleChoiceError
from bot.services.match_model import decision_for, early_seats, held_of
from bot.services.matches import MatchService, Seat
from bot.services.simultaneous import in_simultaneous_step
from engine.core.record import MatchRecord

PLAYERS = [Seat(str(n), name) for n, name in enumerate(["Ana", "Bo", "Cy", "Di"], start=1)]


async def four_player_usagi(matches: MatchService) -> int:
    lobby = await matches.open_lobby("usagi", PLAYERS[0], 4, None)
    assert lobby.id is not None
    for seat in PLAYERS[1:]:
        await matches.join(lobby.id, seat, None)
    return lobby.id


async def play_until_simultaneous(matches: MatchService, match_id: int, rng: random.Random) -> None:
    for _ in range(400):
        row, state = await matches.state(match_id)
        assert state is not None and row.status == "active"
        if in_simultaneous_step(state) and early_seats(row, state):
            return
        pending = state.prompt()
        assert pending is not None
        decision = decision_for(row, state, pending.player)
        assert decision is not None and not decision.early
        option = rng.choice(decision.prompt.options)
        await matches.choose(match_id, PLAYERS[pending.player].user, option.id, expected_step=decision.step)
    raise AssertionError("no simultaneous step with an early answer in 400 decisions")


async def test_early_answers_are_held_then_applied_in_the_engines_order(matches: MatchService) -> None:
    match_id = await four_player_usagi(matches)
    rng = random.Random(3)
    await play_until_simultaneous(matches, match_id, rng)
    row, state = await matches.state(match_id)
    assert state is not None
    pending = state.prompt()
    assert pending is not None
    early = early_seats(row, state)
    assert early and pending.player not in early
    before = list(row.choices)
    public_events = len(state.events)
    for seat in early:
        decision = decision_for(row, state, seat)
        assert decision is not None and decision.early and decision.step < 0
        option = decision.prompt.options[0]
        update = await matches.choose(match_id, PLAYERS[seat].user, option.id, expected_step=decision.step)
        assert "secret" in update.notice
        with pytest.raises(StaleChoiceError):  # the same button clicked twice
            await matches.choose(match_id, PLAYERS[seat].user, option.id, expected_step=decision.step)
        row, state = await matches.state(match_id)
        assert state is not None
    assert row.choices == before, "nothing is applied before the engine asks"
    assert len(state.events) == public_events, "nobody hears of an early answer"
    assert set(held_of(row)) == set(early)
    held_answers = [answer for answers in held_of(row).values() for answer in answers]
    first = pending.player
    while (now := state.prompt()) is not None and now.player == first and in_simultaneous_step(state):
        decision = decision_for(row, state, first)  # the first player finishes their part
        assert decision is not None and not decision.early
        done = next((o for o in decision.prompt.options if o.group in ("done", "pass")), decision.prompt.options[0])
        await matches.choose(match_id, PLAYERS[first].user, done.id, expected_step=decision.step)
        row, state = await matches.state(match_id)
        assert state is not None
    applied = row.choices[len(before) :]
    assert set(held_answers) & set(applied), "held answers followed once the engine asked for them"
    now = state.prompt()
    if now is not None and in_simultaneous_step(state):
        assert not held_of(row).get(now.player), "a player asked now had their held answers applied"
    record = MatchRecord(row.game, row.engine_version, row.seed, row.decks, row.options, list(row.choices))
    assert record.replay().digest() == state.digest()


async def test_a_typed_early_answer_is_held_and_a_spectator_cannot_answer(matches: MatchService) -> None:
    match_id = await four_player_usagi(matches)
    await play_until_simultaneous(matches, match_id, random.Random(5))
    row, state = await matches.state(match_id)
    assert state is not None
    seat = early_seats(row, state)[0]
    update = await matches.choose(match_id, PLAYERS[seat].user, "1", by_label=True)
    assert "secret" in update.notice
    assert held_of(update.row)[seat]
    from bot.services.errors import NotYourTurnError

    with pytest.raises(NotYourTurnError):
        await matches.choose(match_id, "999", "1", by_label=True)
