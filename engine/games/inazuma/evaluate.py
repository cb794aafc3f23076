"""The AI's position evaluation for Inazuma (`Game.evaluate`), in [-1, 1] for `player`.

Goals dominate; then the margin of the attack or shot being played (search rollouts stop at
the end of a turn, so the current comparison matters), then resources for later turns: cards
in hand, ready reserves on the bench and the SP left in the starting characters pile.
"""

from __future__ import annotations

from typing import Final

from engine.core.state import EMPTY, State
from engine.games.inazuma.board import (
    attacker,
    attacking,
    char_sp,
    defending,
    goalkeeper,
    goals,
    kicker,
    other,
    phase,
    z,
)
from engine.games.inazuma.facts import facts
from engine.games.inazuma.moves import EXHAUSTED

GOAL: Final = 0.3
MARGIN: Final = 0.12
HAND: Final = 0.04  # a card kept adds 100-200 SP to a later attack or shot: about a tenth of a goal
BENCH: Final = 0.02
STARTING: Final = 0.00005


def _clamp(value: float, bound: float = 1.0) -> float:
    return max(-bound, min(bound, value))


def _margin(state: State) -> float:
    """How far the attacker is ahead in the comparison being played, in SP (0 outside it)."""
    now = phase(state)
    if now == "attack" and state.vars.get("side"):
        defence = sum(char_sp(state, c) for c in defending(state))
        if state.vars.get("keeper_defends"):
            defence += char_sp(state, goalkeeper(state, other(attacker(state))))
        return sum(char_sp(state, c) for c in attacking(state)) - defence
    if now == "shooting" and kicker(state) != EMPTY:
        return char_sp(state, kicker(state)) - char_sp(state, goalkeeper(state, other(attacker(state))))
    return 0


def _resources(state: State, player: int) -> float:
    hand = len(state.zones[z("hand", player)])
    ready = sum(1 for c in state.zones[z("bench", player)] if state.cards[c].orientation != EXHAUSTED)
    starting = sum(facts(state.cards[c].code).sp for c in state.zones[z("starting", player)])
    return HAND * hand + BENCH * ready + STARTING * starting


def evaluate(state: State, player: int) -> float:
    """Goal lead, the current comparison's margin, and resources for the turns to come."""
    value = GOAL * (goals(state, player) - goals(state, other(player)))
    sign = 1 if player == attacker(state) else -1
    value += sign * MARGIN * _clamp(_margin(state) / 1000)
    value += _resources(state, player) - _resources(state, other(player))
    return _clamp(value)
