"""Simultaneous steps asked in parallel: where the rules have every player decide at once and
unseen (Inazuma starting formations, Usagi discards, proposals and tie-break discards), each
player gets their prompt at once and may answer in any order.

The engine still asks one player after another. A player whose turn in the step hasn't come
yet sees the prompt they *will* get (computed on a copy of the match in which the players
before them give stand-in answers: their options never depend on another's, by the rules of
a simultaneous step), and their answers are held, unseen by anyone, until the engine asks for
them; then they are applied in the engine's order. The record keeps the same sequence of
choices, so replays don't change. A held answer the engine no longer offers is dropped and
the player is asked again.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.core.prompt import Option, Prompt
    from engine.core.state import State

MAX_LOOKAHEAD = 500  # decisions simulated to reach a player's prompt in the step
STAND_IN_GROUPS = ("done", "pass")  # a stand-in answer ends a player's part as soon as it may

Held = dict[int, list[str]]


def kinds_of(state: State) -> frozenset[str]:
    return state.game.simultaneous_kinds


def in_simultaneous_step(state: State) -> bool:
    prompt = state.prompt()
    return prompt is not None and prompt.kind in kinds_of(state)


def stand_in(prompt: Prompt) -> Option:
    """The answer a copy gives for a player whose real answer isn't known yet."""
    for option in prompt.options:
        if option.group in STAND_IN_GROUPS:
            return option
    return prompt.options[0]


def early_state(state: State, seat: int, held: Mapping[int, Sequence[str]]) -> State | None:
    """A copy of the match at the prompt `seat` will be asked later in the current simultaneous
    step (after their held answers), or None: no such step, it is already their real prompt, or
    their part of it is done."""
    pending = state.prompt()
    kinds = kinds_of(state)
    if pending is None or pending.kind not in kinds or pending.player == seat:
        return None
    copy = state.clone()
    queues = {player: list(answers) for player, answers in held.items()}
    for _ in range(MAX_LOOKAHEAD):
        prompt = copy.prompt()
        if prompt is None or prompt.kind not in kinds or copy.result is not None:
            return None
        queue = queues.get(prompt.player)
        if queue:
            answer = queue.pop(0)
            if prompt.find(answer) is None:
                return None  # a held answer no longer fits: the real prompt will ask again
            copy.apply(answer)
            continue
        if prompt.player == seat:
            return copy
        copy.apply(stand_in(prompt).id)
    return None


def early_prompt(state: State, seat: int, held: Mapping[int, Sequence[str]]) -> Prompt | None:
    """The engine prompt `seat` will get later in the current simultaneous step (see `early_state`)."""
    copy = early_state(state, seat, held)
    return copy.prompt() if copy is not None else None


def take_held(state: State, held: Held) -> str | None:
    """The held answer for the pending prompt, removed from `held`, if it is still on offer; a
    player's answers that no longer fit are all dropped (they will be asked)."""
    prompt = state.prompt()
    if prompt is None or prompt.kind not in kinds_of(state):
        return None
    queue = held.get(prompt.player)
    if not queue:
        return None
    answer = queue.pop(0)
    if not queue:
        held.pop(prompt.player)
    if prompt.find(answer) is None:
        held.pop(prompt.player, None)
        return None
    return answer


def held_from_json(raw: object) -> Held:
    """Held answers as stored with the match (JSON object keys are strings)."""
    if not isinstance(raw, Mapping):
        return {}
    return {int(seat): [str(a) for a in answers] for seat, answers in raw.items() if isinstance(answers, list)}


def held_to_json(held: Held) -> dict[str, list[str]]:
    return {str(seat): list(answers) for seat, answers in held.items() if answers}
