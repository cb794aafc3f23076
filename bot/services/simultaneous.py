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

A step is a run of prompts of one kind: Usagi's discards, then its proposals, are two steps,
and a player who is done discarding gets their proposal prompt once everyone has discarded
(the draw between them may reshuffle a deck with the match's one random generator, so the
cards a player may propose depend on the others' discards). Until a step is complete, the
public sees the match as it was when the step began (`step_start`, `public_at` in the row's meta).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
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


def step_kind(state: State) -> str | None:
    """The kind of the simultaneous step the match is in (Usagi's discards, then its proposals, are
    two steps: the draw between them is the rules' own), or None."""
    prompt = state.prompt()
    return prompt.kind if prompt is not None and state.result is None and prompt.kind in kinds_of(state) else None


@dataclass(slots=True)
class StepStart:
    """Where the simultaneous step a match is in began (`step_start`)."""

    at: int
    """The choices made when the step's first prompt was asked (`public_at` in the row's meta)."""
    state: State | None
    """The match then, when the step began in the choices looked at (else None)."""
    story: int | None
    """When a run of simultaneous steps (Usagi's discards then proposals) began in the choices
    looked at: the narration's count before the choice that led into it. Its story, and what the
    engine tells for a player as it enters the run (a pass for a player who holds no Event), waits
    until the run is over."""


def step_start(base: State, at: int, choices: Sequence[str], known: int | None) -> StepStart | None:
    """Where the simultaneous step the match is in after `choices` began, or None when it is
    not in one.

    `base` is the match after `at` choices (left unchanged), `choices` those applied since, and
    `known` where `base`'s step began (`public_at` in the row's meta) if `base` is in one. Until
    every seat has chosen, the public sees the match as it was then (`MatchService.public_view`)."""
    state = base.clone()
    found: StepStart | None = None
    kind = step_kind(state)
    if kind is not None:
        found = StepStart(known, None, None) if known is not None else StepStart(at, state.clone(), state.event_total)
    for number, choice in enumerate(choices, at + 1):
        before = state.event_total
        state.apply(choice)
        now = step_kind(state)
        if now is None:
            found = None
        elif found is None:
            found = StepStart(number, state.clone(), before)
        elif now != kind:
            found = StepStart(number, state.clone(), found.story)
        kind = now
    return found


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
    kind = step_kind(state)
    if pending is None or kind is None or pending.player == seat:
        return None
    copy = state.clone()
    queues = {player: list(answers) for player, answers in held.items()}
    for _ in range(MAX_LOOKAHEAD):
        prompt = copy.prompt()
        if prompt is None or prompt.kind != kind or copy.result is not None:
            return None  # their part of this step is done: a later step waits for this one to end
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
