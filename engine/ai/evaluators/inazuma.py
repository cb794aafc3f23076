"""Inazuma Eleven: a formation is judged over its round, everything else over its turn.

Formations are placed at the start of turns 1, 3 and 5 and stay on the field for the whole
round: the attack of one turn and the defence of the next (the field is cleared when the round
ends). So a search that starts in the strategy phase of a round's first turn (placing, benching,
moving) looks to the end of the round. The attack and shooting windows are judged at the end
of their own turn: run to the end of the round, their lines also carried the noise of a whole
random turn after them, and the margin of a shot was lost in it. Rollouts are up to 100
decisions, enough for a round.

Measured at 100 iterations against random, the same 100 seeds: 88 wins with the round as the
horizon of every search, 92 with this split; 93 once cards in hand also weigh more in the
evaluation (`HAND` in `engine.games.inazuma.evaluate`), with no loss in regulation time left:
the 7 losses were penalty shootouts after a tie.
"""

from __future__ import annotations

from collections.abc import Hashable

from engine.core.state import State
from engine.games.inazuma.board import phase, turn

ROLLOUT = 100


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
