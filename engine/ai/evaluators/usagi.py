"""Usagi Yojimbo: the search horizon, and what a sampled world must not carry from the truth.

Events are settled in the Conclusion phase (rules 7.3-7.8), so a search judges its lines at the
end of the whole turn, not of the phase (the game's own `turn_key`): cut at the end of the
Actions phase, committing a Character to an Event never shows its payoff and two searching
players pass until the turn limit.

Proposals, initiation discards, the next step towards an Event the player can win, the kept
Hero and tie-break picks are planned, not searched (`usagi_plan.plan`, asked first by ISMCTS).

A tie on an Event is broken by secret picks (rules 7.5): a seat that picked before the AI
keeps its pick in `state.secrets`. In a sampled world another seat's pick is replaced by one
of its involved cards chosen at random, so the search never plays against the real pick.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Final

from engine.ai.evaluators.usagi_plan import plan
from engine.core.rng import Rng
from engine.core.state import State
from engine.games.usagi import board

__all__ = ["ROLLOUT", "plan", "redact", "turn_key"]

TIE_PICK: Final = "tie_pick"
ROLLOUT: Final = 30  # random decisions at most: enough to reach the Conclusion from the Actions phase
RESOLVE: Final = "usagi.resolve_event"


def _involved(state: State, eid: int, seat: int) -> list[int]:
    cards: list[int] = []
    for cid in board.involved_with(state, eid, seat):
        cards.append(cid)
        cards.extend(board.attachments_of(state, cid))
    return cards


def redact(world: State, player: int, rng: Rng) -> None:
    """Replace other seats' secret tie-break picks by random ones among their involved cards."""
    picks = [seat for seat, secret in enumerate(world.secrets) if seat != player and TIE_PICK in secret]
    if not picks:
        return
    event = next((frame.data["event"] for frame in reversed(world.stack) if frame.proc == RESOLVE), None)
    for seat in picks:
        choices = _involved(world, event, seat) if event is not None else []
        if choices:
            world.secrets[seat][TIE_PICK] = choices[rng.randbelow(len(choices))]


def turn_key(state: State) -> Hashable:
    """Rollouts stop when the turn number changes (after the Conclusion)."""
    return state.vars.get("turn")
