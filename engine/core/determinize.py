"""Sampling what a player cannot see, consistently with what they have seen (for the AI).

`determinize(state, player, rng, beliefs)` returns a clone in which every card hidden from
`player` gets a code drawn from what `player` may believe, never from the truth:
- the player's own hidden cards are dealt from their own deck list minus their own cards they
  can see (they know their deck);
- another player's hidden cards are dealt from `beliefs[seat]` (a deck list the AI assumes,
  e.g. a published deck list or a preconstructed deck), minus that player's visible cards; if
  that runs short, from the codes of the game's pool.
Positions (which zone holds how many hidden cards) are public and stay as they are.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from engine.core.rng import Rng
from engine.core.state import EMPTY, State


def hidden_positions(state: State, player: int) -> dict[int, list[int]]:
    """Ids of the cards hidden from `player`, by owner, in a fixed zone order."""
    positions: dict[int, list[int]] = {seat: [] for seat in range(state.num_players)}
    cards = state.cards
    for ids in state.zones.values():
        for cid in ids:
            if cid != EMPTY and not cards[cid].visible_to(player):
                positions[cards[cid].owner].append(cid)
    return positions


def visible_codes(state: State, player: int, owner: int) -> Counter[str]:
    """Codes of `owner`'s cards that `player` can see right now."""
    return Counter(
        c.code
        for ids in state.zones.values()
        for cid in ids
        if cid != EMPTY and (c := state.cards[cid]).owner == owner and c.visible_to(player)
    )


def _deal(codes: Counter[str], minus: Counter[str], count: int, fallback: Sequence[str], rng: Rng) -> list[str]:
    remaining = list((codes - minus).elements())
    remaining.sort()
    rng.shuffle(remaining)
    while len(remaining) < count:
        remaining.append(rng.choice(fallback))
    return remaining[:count]


def determinize(
    state: State,
    player: int,
    rng: Rng,
    own_deck: Sequence[str],
    beliefs: Mapping[int, Sequence[str]] | None = None,
) -> State:
    """A clone of `state` with every card hidden from `player` dealt from beliefs, not truth."""
    sample = state.clone()
    fallback = sorted(state.game.pool.cards)
    for owner, ids in hidden_positions(sample, player).items():
        if not ids:
            continue
        believed = own_deck if owner == player else (beliefs or {}).get(owner, fallback)
        codes = _deal(Counter(believed), visible_codes(sample, player, owner), len(ids), fallback, rng)
        for cid, code in zip(ids, codes, strict=True):
            if sample.cards[cid].code != code:
                sample.mcard(cid).code = code
    return sample
