"""Sampling what a player cannot see, consistently with what they have seen (for the AI).

`determinize(state, player, rng, own_deck, beliefs)` returns a clone in which every card hidden
from `player` gets a code drawn from what `player` may believe, never from the truth:

- the player's own hidden cards are shuffled among their own hidden places of the same
  sampling pool (`ZoneSpec.pool`: a deck and a hand share one), because a player knows their
  own deck list but not its order;
- another player's hidden cards are dealt from `beliefs[seat]` (a deck list the AI assumes,
  e.g. a published deck list or the game's preconstructed decks), minus that player's cards
  the viewer can see. Beliefs are a list of codes, or a dict from sampling pool to codes when
  the game maps deck sections to pools (`Game.section_pools`, e.g. a Fusion Deck); a code is
  only dealt into a pool where `Game.could_be(pool, code)` allows it (a face-down monster
  zone holds monsters). If the beliefs run short, codes of the game's pool fill the gap.

Positions (which zone holds how many hidden cards) are public and stay as they are. The deal
never depends on where the true hidden cards are, nor on card ids (which follow deck-list
order): a world sampled from two states that differ only in their hidden cards is the same.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence
from typing import Final

from engine.core.rng import Rng
from engine.core.state import EMPTY, State

ANY_POOL: Final = "*"
Beliefs = Mapping[int, Sequence[str] | Mapping[str, Sequence[str]]]


def hidden_groups(state: State, player: int) -> dict[tuple[int, str], list[int]]:
    """Ids of the cards hidden from `player`, by (owner, sampling pool), in zone order."""
    groups: dict[tuple[int, str], list[int]] = defaultdict(list)
    cards = state.cards
    game = state.game
    for key, ids in state.zones.items():
        pool = game.zone_spec(key).sample_pool
        for cid in ids:
            if cid != EMPTY and not cards[cid].visible_to(player):
                groups[(cards[cid].owner, pool)].append(cid)
    return groups


def visible_codes(state: State, player: int, owner: int) -> Counter[str]:
    """Codes of `owner`'s cards that `player` can see right now."""
    return Counter(
        c.code
        for ids in state.zones.values()
        for cid in ids
        if cid != EMPTY and (c := state.cards[cid]).owner == owner and c.visible_to(player)
    )


def _belief_pools(belief: Sequence[str] | Mapping[str, Sequence[str]]) -> dict[str, Counter[str]]:
    if isinstance(belief, Mapping):
        return {pool: Counter(codes) for pool, codes in belief.items()}
    return {ANY_POOL: Counter(belief)}


def _deal_opponent(
    sample: State, player: int, owner: int, groups: dict[str, list[int]], belief: dict[str, Counter[str]], rng: Rng
) -> None:
    game = sample.game
    seen = visible_codes(sample, player, owner)
    for pool in list(belief):
        belief[pool] = belief[pool] - seen
    fallback = sorted(game.pool.cards)
    for pool in sorted(groups):
        ids = groups[pool]
        source = belief.get(pool, belief.get(ANY_POOL, Counter()))
        candidates = sorted(code for code in source.elements() if game.could_be(pool, code))
        rng.shuffle(candidates)
        allowed = [code for code in fallback if game.could_be(pool, code)] or fallback
        for cid in ids:
            code = candidates.pop() if candidates else rng.choice(allowed)
            source[code] -= 1
            if sample.cards[cid].code != code:
                sample.mcard(cid).code = code


def determinize(
    state: State,
    player: int,
    rng: Rng,
    own_deck: Sequence[str] = (),
    beliefs: Beliefs | None = None,
) -> State:
    """A clone of `state` with every card hidden from `player` dealt from beliefs, not truth.

    `own_deck` is accepted for callers that track it; the player's own hidden cards are
    shuffled among their own hidden places of the same pool, which needs nothing more.
    """
    sample = state.clone()
    by_owner: dict[int, dict[str, list[int]]] = defaultdict(dict)
    for (owner, pool), ids in hidden_groups(sample, player).items():
        by_owner[owner][pool] = ids
    fallback = sorted(state.game.pool.cards)
    for owner in sorted(by_owner):
        groups = by_owner[owner]
        if owner == player:
            for pool in sorted(groups):
                ids = groups[pool]
                # sorted first: which hidden place holds which card must not steer the deal
                codes = sorted(sample.cards[cid].code for cid in ids)
                rng.shuffle(codes)
                for cid, code in zip(ids, codes, strict=True):
                    if sample.cards[cid].code != code:
                        sample.mcard(cid).code = code
            continue
        belief = (beliefs or {}).get(owner, fallback)
        _deal_opponent(sample, player, owner, groups, _belief_pools(belief), rng)
    return sample
