"""The AI's world sampler reads nothing its player cannot see (issue 21).

Two states that differ only in which card each hidden place holds (the cards hidden from the
player swapped among themselves, place for place) look the same to the player, so the worlds the
AI samples from them must be identical: the deal depends neither on the hidden cards nor on
card ids (which follow deck-list order).
"""

from __future__ import annotations

import pytest

from engine.ai.agents import RandomAgent
from engine.ai.search import WorldSampler
from engine.core.determinize import hidden_groups
from engine.core.registry import get_game
from engine.core.rng import Rng
from engine.core.state import State

GAMES = ("yugioh", "naruto", "inuyasha", "inazuma", "usagi")


def swapped(state: State, player: int, rng: Rng) -> State:
    """`state` with the cards hidden from `player` shuffled among their places (same owner and pool)."""
    twin = state.clone()
    for ids in hidden_groups(twin, player).values():
        codes = [twin.cards[cid].code for cid in ids]
        rng.shuffle(codes)
        for cid, code in zip(ids, codes, strict=True):
            twin.mcard(cid).code = code
    return twin


@pytest.mark.parametrize("game_id", GAMES)
def test_sampled_worlds_do_not_depend_on_the_hidden_cards(game_id: str) -> None:
    game = get_game(game_id)
    state = game.new_match(game.default_decks(), 3)
    agent = RandomAgent(3)
    checked = 0
    for step in range(200):
        prompt = state.pending
        if prompt is None:
            break
        if step % 10 == 0:
            player = prompt.player
            twin = swapped(state, player, Rng(step))
            world = WorldSampler(state, player).sample(state, Rng(1))
            twin_world = WorldSampler(twin, player).sample(twin, Rng(1))
            assert world.digest() == twin_world.digest(), f"{game_id} decision {step}"
            checked += 1
        state.apply(agent.choose(state, prompt.player))
    assert checked >= 5
