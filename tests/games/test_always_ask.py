"""The `always_ask` match option in every game: with it, a player who could only pass is still asked
in response windows (so a skipped window reveals nothing); without it, no person is ever shown
a window they can only pass (the engine skips it, or the bot passes it for them)."""

from __future__ import annotations

import random

import pytest

from bot.services import games as engine_games
from engine.core.game import ALWAYS_ASK
from engine.core.registry import get_game, list_games
from engine.core.state import State

GAMES = list_games()
WINDOW_GAMES = ["inazuma", "inuyasha", "naruto", "usagi", "yugioh"]


def lone_passes(game_id: str, always_ask: bool, seeds: range, *, bot_passes: bool) -> tuple[int, int]:
    """(pass-only prompts a person was shown, decisions) over random two-person matches; with
    `bot_passes` the bot's service loop (`run_ai` with no AI seats) answers the windows it may."""
    game = get_game(game_id)
    shown = decisions = 0
    for seed in seeds:
        state: State = game.new_match(game.default_decks(game.min_players), seed, {ALWAYS_ASK: always_ask})
        rng = random.Random(seed)
        while state.result is None and decisions < 40_000:
            if bot_passes:
                engine_games.run_ai(state, [None] * state.num_players, seed)
                if state.result is not None:
                    break
            prompt = state.prompt()
            assert prompt is not None
            if len(prompt.options) == 1 and prompt.options[0].group == "pass":
                shown += 1
            state.apply(rng.choice(prompt.options).id)
            decisions += 1
    return shown, decisions


def test_every_game_offers_the_option() -> None:
    assert set(WINDOW_GAMES) <= set(GAMES)
    for game_id in WINDOW_GAMES:
        option = get_game(game_id).match_options[ALWAYS_ASK]
        assert option.default is False and set(option.choices) == {True, False}


@pytest.mark.parametrize("game_id", WINDOW_GAMES)
def test_without_the_option_no_person_sees_a_window_they_can_only_pass(game_id: str) -> None:
    shown, decisions = lone_passes(game_id, False, range(6), bot_passes=True)
    assert decisions > 100
    assert shown == 0


@pytest.mark.parametrize("game_id", ["inazuma", "inuyasha", "naruto", "usagi"])
def test_with_the_option_windows_stay_open_for_a_player_who_can_only_pass(game_id: str) -> None:
    shown, decisions = lone_passes(game_id, True, range(6), bot_passes=True)
    assert decisions > 100
    assert shown > 0, "always_ask never kept a window open"


@pytest.mark.parametrize("game_id", ["inazuma", "naruto", "usagi"])
def test_the_option_only_adds_windows(game_id: str) -> None:
    """Asked windows are answered with Pass: the rest of the match is the one without the option."""
    game = get_game(game_id)
    for seed in range(3):
        plain = game.new_match(game.default_decks(2), seed, {ALWAYS_ASK: False})
        asked = game.new_match(game.default_decks(2), seed, {ALWAYS_ASK: True})
        rng = random.Random(seed)
        for _ in range(3_000):
            if plain.result is not None:
                break
            prompt = asked.prompt()
            assert prompt is not None
            while len(prompt.options) == 1 and prompt.options[0].group == "pass" and prompt != plain.prompt():
                asked.apply(prompt.options[0].id)
                prompt = asked.prompt()
                assert prompt is not None
            expected = plain.prompt()
            assert expected is not None
            assert [o.id for o in prompt.options] == [o.id for o in expected.options]
            choice = rng.choice(expected.options).id
            plain.apply(choice)
            asked.apply(choice)
        while asked.result is None and (last := asked.prompt()) is not None and last.options[0].group == "pass":
            asked.apply(last.options[0].id)  # windows still open after the deciding choice
        assert asked.result == plain.result
