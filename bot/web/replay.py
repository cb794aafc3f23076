"""A match step by step, as spectators may see it: the public story of every step, and the board
image of any step (drawn once, then cached).

Everything here comes through the spectator's lens (`lens_of(row, state, None)`), the same path as
the match thread's board: no hand, no face-down card, no engine card id. While a live match is in
a step every player decides at once and unseen (Inazuma formations, Usagi discards), the story and
the stepper stop before that step, as the thread does, so a page never tells one player's secret
answer before the others have chosen.
"""

from __future__ import annotations

import asyncio
import hashlib
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from html import escape
from typing import Any, TypeVar

from bot.persistence import MatchRow
from bot.render.image import board_png
from bot.render.model import Board, build_board, collapse, name_players
from bot.services.games import get_game
from bot.services.match_model import lens_of, result_text, seats_of
from bot.services.simultaneous import in_simultaneous_step
from bot.web.cache import LRU, once
from engine.core.record import MatchRecord
from engine.core.state import State

V = TypeVar("V")
IMAGE_BUDGET = 96 * 1024 * 1024
"""Bytes of board PNGs kept in memory (a board is 20-80 KB)."""
TIMELINES = 128
BOARDS = 512
CHECKPOINT_EVERY = 64
"""A timeline keeps a copy of the state every this many steps: a step's board replays at most
this many choices (the engine's clone is a few lists; a copy is tens of KB)."""


class NotReplayable(Exception):
    """The match never started, or this engine version cannot replay its record."""


@dataclass(frozen=True, slots=True)
class Step:
    """What happened at one step (step 0: the set-up), told publicly."""

    turn: int | None
    lines: tuple[str, ...]


@dataclass(slots=True)
class Timeline:
    steps: tuple[Step, ...]
    shown: int
    """The last step a page may show (every step of a finished match)."""
    checkpoints: dict[int, State] = field(default_factory=dict)
    story_html: str | None = None  # the story as rendered once (`bot.web.routes`)

    def state_at(self, record: MatchRecord, step: int) -> State:
        """The state after `step` choices, from the nearest checkpoint before it."""
        start = max((n for n in self.checkpoints if n <= step), default=None)
        state = record.new_state() if start is None else self.checkpoints[start].clone()
        for choice in record.choices[start or 0 : step]:
            state.apply(choice)
        return state

    @property
    def total(self) -> int:
        return len(self.steps) - 1

    def turns(self) -> list[tuple[int | None, list[tuple[int, str]]]]:
        """The story up to `shown`, grouped by game turn: (turn, [(step, line), ...])."""
        groups: list[tuple[int | None, list[tuple[int, str]]]] = []
        for number, step in enumerate(self.steps[: self.shown + 1]):
            if not step.lines:
                continue
            if not groups or groups[-1][0] != step.turn:
                groups.append((step.turn, []))
            groups[-1][1].extend((number, line) for line in step.lines)
        return groups


def story_html(timeline: Timeline, step_base: str) -> str:
    """The story as HTML, turn by turn, each line linking to its step (every text escaped). Plain
    string building: a long match tells thousands of lines, and a template took tens of ms."""
    base = escape(step_base, quote=True)
    out: list[str] = []
    for turn, lines in timeline.turns():
        out.append(f"<h3>Turn {turn}</h3>\n<ol>" if turn is not None else "<h3>Set-up</h3>\n<ol>")
        out.extend(
            f'<li data-step="{n}"><a href="{base}{n}">{n}</a> {escape(line, quote=False)}</li>' for n, line in lines
        )
        out.append("</ol>")
    return "\n".join(out)


def record_of(row: MatchRow) -> MatchRecord:
    """The row's replayable record; NotReplayable when it has none this engine can replay."""
    if not row.decks:
        raise NotReplayable("this match has not started")
    game = get_game(row.game)
    if row.engine_version and row.engine_version != game.version:
        raise NotReplayable(
            f"this match was recorded with {game.name} engine version {row.engine_version}; "
            f"this site runs version {game.version} and cannot replay it exactly"
        )
    decks = [dict(d) for d in row.decks]
    return MatchRecord(row.game, game.version, row.seed, decks, dict(row.options), [str(c) for c in row.choices])


def record_digest(row: MatchRow, upto: int | None = None) -> str:
    """What the match is up to `upto` choices (all by default): a decision taken back by consent
    (`/match undo`) leaves the record, so a step is known by its choices, never by its number alone."""
    digest = hashlib.blake2b(f"{row.engine_version}|{row.seed}".encode(), digest_size=12)
    for choice in row.choices[:upto]:
        digest.update(b"\n" + str(choice).encode())
    return digest.hexdigest()


def _turn(state: State) -> int | None:
    turn = state.vars.get("turn")
    return int(turn) if isinstance(turn, int) else None


def build_timeline(row: MatchRow) -> Timeline:
    """Replay the record once, keeping each step's public narration; NotReplayable when the record
    does not replay (a choice this engine refuses)."""
    from engine.core.errors import IllegalActionError, InvalidActionError

    try:
        return _replayed(row)
    except (IllegalActionError, InvalidActionError) as exc:
        raise NotReplayable(f"this match's record does not replay on this engine ({exc})") from exc


def _replayed(row: MatchRow) -> Timeline:
    record = record_of(row)
    names = [seat.name for seat in seats_of(row)]
    state = record.new_state()

    lens = lens_of(row, state, None)  # narration reads the state as it goes: one lens serves every step

    def told(since: int) -> tuple[str, ...]:
        events = lens.events_since(since)
        return tuple(collapse([name_players(text, names) for text in events]))

    steps = [Step(_turn(state), told(0))]
    checkpoints = {0: state.clone()}
    calm = 0  # the last step outside a simultaneous step
    for number, choice in enumerate(record.choices, start=1):
        before = state.event_total
        state.apply(choice)
        steps.append(Step(_turn(state), told(before)))
        if number % CHECKPOINT_EVERY == 0:
            checkpoints[number] = state.clone()
        if not in_simultaneous_step(state):
            calm = number
    shown = calm if row.status == "active" else len(record.choices)
    timeline = Timeline(tuple(steps), shown, checkpoints)
    # the step a page opens at is drawn at once: keep it too
    checkpoints[shown] = state if shown == len(record.choices) else timeline.state_at(record, shown)
    return timeline


def board_at(row: MatchRow, step: int, timeline: Timeline | None = None) -> Board:
    """The spectator's board after `step` choices (the last step of an ended match says its result)."""
    record = record_of(row)
    state = timeline.state_at(record, step) if timeline is not None else record.replay(step)
    names = [seat.name for seat in seats_of(row)]
    game = get_game(row.game)
    board = build_board(game, lens_of(row, state, None).view(), names, title=f"{game.name} · step {step}")
    if step == len(row.choices) and row.status in ("finished", "aborted"):
        board.status = result_text(row)
    return board


class Replays:
    """Timelines, boards and board images of matches, each computed once per process, off the event
    loop (a long match's replay takes tens of milliseconds; other pages keep being served meanwhile)."""

    def __init__(self, image_budget: int = IMAGE_BUDGET) -> None:
        self.timelines: LRU[Timeline] = LRU(TIMELINES)
        self.boards: LRU[Board] = LRU(BOARDS)
        self.images: LRU[bytes] = LRU(image_budget, size=len)
        self._pending: dict[Hashable, asyncio.Future[Any]] = {}

    async def _once(self, cache: LRU[V], key: Hashable, work: Callable[[], V]) -> V:
        """The cached value, else `work()` run in a thread, once even when several requests ask for
        it at the same moment."""
        return await once(cache, self._pending, key, lambda: asyncio.to_thread(work))

    async def timeline(self, row: MatchRow) -> Timeline:
        return await self._once(
            self.timelines, ("timeline", row.id, record_digest(row), row.status), lambda: build_timeline(row)
        )

    @staticmethod
    def image_key(row: MatchRow, step: int) -> tuple[object, ...]:
        ended = step == len(row.choices) and row.status in ("finished", "aborted")
        return (row.id, step, record_digest(row, step), result_text(row) if ended else "")

    async def board(self, row: MatchRow, step: int) -> Board:
        """The spectator's board at `step`."""
        timeline = await self.timeline(row)
        return await self._once(
            self.boards, ("board", *self.image_key(row, step)), lambda: board_at(row, step, timeline)
        )

    async def image(self, row: MatchRow, step: int) -> bytes:
        """PNG of the board at `step`."""
        board = await self.board(row, step)
        return await self._once(self.images, ("image", *self.image_key(row, step)), lambda: board_png(board))
