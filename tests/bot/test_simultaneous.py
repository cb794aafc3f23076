"""Simultaneous steps asked in parallel: every player of the step sees their prompt at once,
answers in any order, and the record is the sequence the engine asked for."""

from __future__ import annotations

import random

import pytest

from bot.services.simultaneous import Held, early_prompt, in_simultaneous_step, take_held
from engine.core.record import MatchRecord
from engine.core.registry import get_game
from engine.core.state import State


def prompt_for(state: State, seat: int, held: Held) -> list[str] | None:
    """The option ids `seat` is shown now: the real prompt or the early one."""
    pending = state.prompt()
    if pending is not None and pending.player == seat:
        return [o.id for o in pending.options]
    early = early_prompt(state, seat, held)
    return [o.id for o in early.options] if early is not None else None


def settle(state: State, held: Held, choices: list[str]) -> None:
    """Apply held answers while the engine asks for them (what the match service does)."""
    while (answer := take_held(state, held)) is not None:
        state.apply(answer)
        choices.append(answer)


def play_in_parallel(game_id: str, players: int, seed: int, decisions: int) -> tuple[State, list[str], int]:
    """Random play where, in simultaneous steps, a random player of the step answers next."""
    game = get_game(game_id)
    state = game.new_match(game.default_decks(players), seed)
    rng = random.Random(seed)
    held: Held = {}
    choices: list[str] = []
    early_answers = 0
    for _ in range(decisions):
        if state.result is not None:
            break
        pending = state.prompt()
        assert pending is not None
        if in_simultaneous_step(state):
            shown = {seat: prompt_for(state, seat, held) for seat in range(players)}
            ready = [seat for seat, ids in shown.items() if ids]
            seat = rng.choice(ready)
            answer = rng.choice(shown[seat] or [])
            if seat != pending.player:
                held.setdefault(seat, []).append(answer)
                early_answers += 1
                continue
        else:
            answer = rng.choice(pending.options).id
        state.apply(answer)
        choices.append(answer)
        settle(state, held, choices)
    return state, choices, early_answers


@pytest.mark.parametrize(("game_id", "players"), [("usagi", 4), ("usagi", 6), ("inazuma", 2)])
def test_answers_in_any_order_replay_as_the_engine_asked(game_id: str, players: int) -> None:
    early_total = 0
    for seed in range(4):
        state, choices, early = play_in_parallel(game_id, players, seed, 600)
        early_total += early
        game = get_game(game_id)
        record = MatchRecord.start(game_id, game.default_decks(players), seed)
        record.choices = choices
        assert record.replay().digest() == state.digest(), "the record replays to the same match"
    assert early_total > 0, "someone answered before their turn in the step"


def test_the_early_prompt_is_the_prompt_the_player_gets() -> None:
    game = get_game("usagi")
    for seed in range(6):
        state = game.new_match(game.default_decks(4), seed)
        rng = random.Random(seed)
        while not in_simultaneous_step(state):
            state.apply(rng.choice(state.prompt().options).id)  # type: ignore[union-attr]
        pending = state.prompt()
        assert pending is not None
        later = [seat for seat in range(4) if seat != pending.player]
        expected = {seat: early_prompt(state, seat, {}) for seat in later}
        while in_simultaneous_step(state):
            prompt = state.prompt()
            assert prompt is not None
            if prompt.player in expected and expected[prompt.player] is not None:
                early = expected.pop(prompt.player)
                assert early is not None
                assert [o.id for o in early.options] == [o.id for o in prompt.options]
                assert early.kind == prompt.kind
            state.apply(next((o for o in prompt.options if o.group in ("done", "pass")), prompt.options[0]).id)


def test_nothing_is_early_outside_a_simultaneous_step_or_for_the_player_asked() -> None:
    game = get_game("yugioh")
    state = game.new_match(game.default_decks(2), 1)
    assert not in_simultaneous_step(state)
    assert early_prompt(state, 0, {}) is None and early_prompt(state, 1, {}) is None
    usagi = get_game("usagi")
    state = usagi.new_match(usagi.default_decks(3), 2)
    rng = random.Random(2)
    while not in_simultaneous_step(state):
        state.apply(rng.choice(state.prompt().options).id)  # type: ignore[union-attr]
    pending = state.prompt()
    assert pending is not None
    assert early_prompt(state, pending.player, {}) is None


def test_a_held_answer_that_no_longer_fits_is_dropped() -> None:
    game = get_game("usagi")
    state = game.new_match(game.default_decks(3), 4)
    rng = random.Random(4)
    while not in_simultaneous_step(state):
        state.apply(rng.choice(state.prompt().options).id)  # type: ignore[union-attr]
    pending = state.prompt()
    assert pending is not None
    held: Held = {pending.player: ["not-an-option", "another"]}
    assert take_held(state, held) is None
    assert pending.player not in held
