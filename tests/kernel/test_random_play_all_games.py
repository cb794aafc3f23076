"""Random play of every registered game (and the kernel's toy game) with consistency checks
at every step: clone, JSON round trip, hidden information, clone isolation, unique options,
replay digest, and determinism with the global `random` module disturbed."""

from __future__ import annotations

import random

import pytest
import toygame

from engine.ai.selfplay import MAX_DECISIONS
from engine.core import registry
from engine.core.checks import check_all
from engine.core.record import MatchRecord
from engine.core.rng import Rng

GAMES_PER_ID = 4
DENSE_CHECKS = 60  # every one of the first decisions is checked ...
SPARSE_EVERY = 7  # ... then every 7th (a full check costs about as much as 30 decisions)


def _game_ids() -> list[str]:
    return registry.list_games()


def play_checked(
    game_id: str, seed: int, players: int | None = None, *, checks: bool = True
) -> tuple[MatchRecord, str]:
    game = registry.get_game(game_id)
    decks = game.default_decks(players)
    record = MatchRecord.start(game_id, decks, seed)
    state = record.new_state()
    chooser = Rng(seed + 1000)
    checker = Rng(seed + 2000)
    while (prompt := state.prompt()) is not None:
        assert len(record.choices) < MAX_DECISIONS, f"{game_id} seed {seed}: no end after {MAX_DECISIONS} decisions"
        done = len(record.choices)
        if checks and (done < DENSE_CHECKS or done % SPARSE_EVERY == 0):
            problems = check_all(state, checker)
            assert not problems, f"{game_id} seed {seed} decision {len(record.choices)}: {problems}"
        random.seed(chooser.next64())  # disturb the global RNG: the engine must not use it
        option = prompt.options[chooser.randbelow(len(prompt.options))]
        state.apply(option)
        record.choices.append(option.id)
    assert state.result is not None
    if checks:
        assert not check_all(state, checker), f"{game_id} seed {seed}: final state inconsistent"
    assert record.replay().digest() == state.digest(), f"{game_id} seed {seed}: replay differs"
    return record, state.digest()


@pytest.mark.parametrize("game_id", _game_ids())
def test_random_games_stay_consistent(game_id: str) -> None:
    game = registry.get_game(game_id)
    counts = sorted({game.min_players, game.max_players})
    for index in range(GAMES_PER_ID):
        play_checked(game_id, seed=100 + index, players=counts[index % len(counts)])


@pytest.mark.parametrize("game_id", _game_ids())
def test_same_seed_same_game_whatever_the_global_random_does(game_id: str) -> None:
    record_a, digest_a = play_checked(game_id, seed=7, checks=False)
    random.seed(12345)
    record_b, digest_b = play_checked(game_id, seed=7, checks=False)
    assert record_a.choices == record_b.choices and digest_a == digest_b


def test_toy_game_random_play(toy: toygame.ToyGame) -> None:
    for seed in range(30):
        play_checked("toy", seed, players=2 + seed % 2)


def test_every_game_package_imports() -> None:
    assert registry.discovery_errors() == {}
