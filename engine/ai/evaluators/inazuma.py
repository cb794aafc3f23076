"""Inazuma Eleven: formations are planned, benching and moving judged over the round, the
rest over the turn.

Formations are placed at the start of turns 1, 3 and 5 and stay on the field for the whole
round: the attack of one turn and the defence of the next (the field is cleared when the round
ends). The placement itself is planned (`plan`): searched, it came out nearly at random. A
search that starts in the strategy phase of a round's first turn (benching, moving) looks to
the end of the round. The attack and shooting windows are judged at the end of their own turn:
run to the end of the round, their lines also carried the noise of a whole random turn after
them, and the margin of a shot was lost in it. Rollouts are up to 100 decisions, enough for a
round.

Measured at 100 iterations against random, the same 100 seeds: 88 wins with the round as the
horizon of every search, 92 with this split, 93 once cards in hand also weigh more in the
evaluation (`HAND` in `engine.games.inazuma.evaluate`); all 7 losses left were penalty
shootouts after a tie. With the planned formations: 95 wins, 2.49 goals scored a match
instead of 2.02 and 2 shootouts instead of 18."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Final

from engine.core.prompt import Option
from engine.core.state import State
from engine.games.inazuma.board import phase, turn, z
from engine.games.inazuma.facts import POSITIONS, SIDES, SLOT_INDEX, facts, slot_of
from engine.games.inazuma.turn import LAST_TURN

ROLLOUT: Final = 100
COVERAGE: Final = 0.6  # formation strength (thousands of SP) given up to keep a position for a later round


def turn_key(state: State) -> Hashable:
    """The turn, and whether a search starting here should look to the end of the round."""
    now = turn(state)
    return now, now % 2 == 1 and phase(state) == "strategy"


def in_horizon(start: Hashable, key: Hashable) -> bool:
    """A search from a round's first strategy phase goes on to the end of the round; any other
    search to the end of its turn."""
    assert isinstance(start, tuple) and isinstance(key, tuple)
    start_turn: int = start[0]
    now: int = key[0]
    if start[1]:
        return (now + 1) // 2 == (start_turn + 1) // 2
    return now == start_turn


def plan(state: State, player: int) -> Option | None:
    """The placement of starting characters (6.1), planned rather than searched.

    Placements are secret and a formation only shows its worth over the next two turns, so a
    search of 100 iterations over some 20 options per placement placed nearly at random (2, 6
    and 1 characters in one match, 6, 2 and 2 in another). The plan takes an even share of the
    pile each round, the rest in the last (10 characters: 3, 3 and 4, the split of the
    rulebook's suggested formations), adds the character and space that strengthen the
    formation most (the better attacking side, FW + MF, and the defence of both sides, MF + DF)
    and keeps a forward, a midfielder and a defender for each later round when it can. It reads
    only what the player sees: their own starting pile and placements.
    """
    prompt = state.pending
    if prompt is None or prompt.kind != "place" or prompt.player != player:
        return None
    pile = [state.cards[c] for c in state.zones[z("starting", player)]]
    placed = {card.flags["slot"]: facts(card.code).sp for card in pile if "slot" in card.flags}
    rounds_left = (LAST_TURN - turn(state)) // 2 + 1
    share = len(pile) // rounds_left
    done = next((o for o in prompt.options if o.id == "done"), None)
    if done is not None and len(placed) >= share:
        return done
    unplaced = [facts(card.code).position for card in pile if "slot" not in card.flags]
    strength = _formation_strength(placed)
    coverage = _coverage(unplaced, rounds_left - 1)

    def worth(option: Option) -> float:
        _, card_text, slot_name = option.id.split(":")
        info = facts(state.cards[int(card_text)].code)
        gain = _formation_strength({**placed, SLOT_INDEX[slot_name]: info.sp}) - strength
        kept = list(unplaced)
        kept.remove(info.position)
        return gain - COVERAGE * (coverage - _coverage(kept, rounds_left - 1))

    places = [o for o in prompt.options if o.id != "done"]
    return max(places, key=worth) if places else done


def _formation_strength(sp_at: dict[int, int]) -> float:
    """Attack on the better side (FW + MF) plus the defence (MF + DF) of the weaker side and of
    both on average, in thousands of SP: a side left empty is where an attack walks in."""
    attack = max(sp_at.get(slot_of("FW", s), 0) + sp_at.get(slot_of("MF", s), 0) for s in SIDES)
    defence = [sp_at.get(slot_of("MF", s), 0) + sp_at.get(slot_of("DF", s), 0) for s in SIDES]
    return (attack + (min(defence) + sum(defence) / len(defence)) / 2) / 1000


def _coverage(positions: list[str | None], rounds: int) -> int:
    """One character of each position for each of `rounds` formations, as far as they go."""
    return sum(min(positions.count(pos), rounds) for pos in POSITIONS)
