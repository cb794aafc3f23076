"""What an AI player may assume about cards it cannot see.

Its own deck is its own knowledge (the multiset of its cards, never their hidden order or
places). For an opponent it assumes the game's preconstructed decks (their cards pooled),
unless the caller passes the opponent's published deck list.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engine.core.state import State


def own_cards(state: State, player: int) -> list[str]:
    """The codes of every card `player` owns (they know their deck list)."""
    return [card.code for card in state.cards if card.owner == player]


def default_beliefs(state: State, player: int) -> dict[int, list[str]]:
    """For each opponent: the pooled cards of the game's preconstructed decks."""
    pooled: list[str] = []
    for deck in state.game.pool.decks.values():
        for codes in deck.sections.values():
            pooled.extend(codes)
    return {seat: pooled for seat in range(state.num_players) if seat != player}


def beliefs_for(
    state: State, player: int, published: Mapping[int, Sequence[str]] | None = None
) -> dict[int, list[str]]:
    """Default beliefs, overridden by any published deck lists."""
    beliefs = default_beliefs(state, player)
    for seat, codes in (published or {}).items():
        if seat != player:
            beliefs[seat] = list(codes)
    return beliefs
