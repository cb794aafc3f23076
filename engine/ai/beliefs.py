"""What an AI player may assume about cards it cannot see.

Its own deck is its own knowledge (the multiset of its cards, never their hidden order or
places). For an opponent it assumes the game's preconstructed decks (their cards pooled),
unless the caller passes the opponent's published deck list.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engine.core.determinize import ANY_POOL
from engine.core.state import State


def own_cards(state: State, player: int) -> list[str]:
    """The codes of every card `player` owns (they know their deck list)."""
    return [card.code for card in state.cards if card.owner == player]


def sectioned(
    game_section_pools: Mapping[str, str], decks: Sequence[Mapping[str, Sequence[str]]]
) -> dict[str, list[str]]:
    """Codes of `decks` by sampling pool (sections the game does not map go to "*")."""
    pools: dict[str, list[str]] = {}
    for deck in decks:
        for section, codes in deck.items():
            pools.setdefault(game_section_pools.get(section, ANY_POOL), []).extend(codes)
    return pools


def default_beliefs(state: State, player: int) -> dict[int, dict[str, list[str]]]:
    """For each opponent: the cards of the game's preconstructed decks, by sampling pool."""
    game = state.game
    pooled = sectioned(game.section_pools, [deck.as_lists() for deck in game.pool.decks.values()])
    return {seat: pooled for seat in range(state.num_players) if seat != player}


def beliefs_for(
    state: State, player: int, published: Mapping[int, Mapping[str, Sequence[str]]] | None = None
) -> dict[int, dict[str, list[str]]]:
    """Default beliefs, overridden by any published deck lists (deck sections by seat)."""
    beliefs = default_beliefs(state, player)
    for seat, deck in (published or {}).items():
        if seat != player:
            beliefs[seat] = sectioned(state.game.section_pools, [deck])
    return beliefs
