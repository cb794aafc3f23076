"""Inazuma Eleven: the search looks to the end of the round, with long rollouts.

Formations are placed at the start of turns 1, 3 and 5 and stay on the field for the whole
round: the attack of one turn and the defence of the next (the field is cleared when the round
ends). Judging a placement at the end of its first turn saw only the attack; the search and
its rollouts now run to the end of the round (about 100 decisions). Measured at 100 iterations
against random, 60 games with the same seeds: regulation losses fell from 5 to 1 (50 and 52
wins; the other losses are penalty shootouts after a tie, a coin flip of top cards).
"""

from __future__ import annotations

from collections.abc import Hashable

from engine.core.state import State
from engine.games.inazuma.board import turn

ROLLOUT = 100


def turn_key(state: State) -> Hashable:
    """The round (two turns): a formation placed at its start attacks in one turn and defends in the next."""
    return (turn(state) + 1) // 2
