"""The plain values of the match service: seats, updates, and helpers to read a match row."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from bot.persistence import MatchRow
from bot.persistence.models import OPEN_STATUSES
from bot.render.model import name_players
from bot.services.errors import ServiceError
from bot.services.simultaneous import Held, early_state, held_from_json
from engine.core.handles import Lens, match_secret, strip_refs

if TYPE_CHECKING:
    from engine.core.game import Game
    from engine.core.prompt import Prompt
    from engine.core.state import State


@dataclass(frozen=True, slots=True)
class Seat:
    """A player seat: a user id and display name, or an AI (`ai` = its level)."""

    user: str
    name: str
    ai: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"user": self.user, "name": self.name, "ai": self.ai}

    @classmethod
    def from_json(cls, raw: dict[str, Any]) -> Seat:
        return cls(str(raw["user"]), str(raw.get("name") or raw["user"]), raw.get("ai"))

    @classmethod
    def for_ai(cls, level: str, number: int = 1) -> Seat:
        """An AI seat; the second and later AIs of a match are numbered ("ai:normal:2", "AI 2 (normal)")."""
        if number == 1:
            return cls(f"ai:{level}", f"AI ({level})", level)
        return cls(f"ai:{level}:{number}", f"AI {number} ({level})", level)


@dataclass(slots=True)
class MatchUpdate:
    """What changed: the stored row, the live state, and the public narration since the action."""

    row: MatchRow
    state: State | None
    events: list[str] = field(default_factory=list)
    notice: str = ""
    turn_changed: bool = False  # a different player must decide now (ping them)

    @property
    def seats(self) -> list[Seat]:
        return seats_of(self.row)

    @property
    def prompt(self) -> Prompt | None:
        """The pending prompt as its player is shown it (public option ids and labels)."""
        return turn_prompt(self.row, self.state) if self.state is not None else None

    @property
    def turn_seat(self) -> Seat | None:
        prompt = self.prompt
        return self.seats[prompt.player] if prompt is not None else None

    @property
    def finished(self) -> bool:
        return self.row.status not in OPEN_STATUSES


def new_row(
    game: Game,
    status: str,
    seats: list[Seat],
    max_players: int,
    options: dict[str, Any] | None,
    meta: dict[str, Any],
    guild_id: str | None,
    channel_id: str | None,
) -> MatchRow:
    """A match row before the match starts (its decks and seed are set by `_start`)."""
    return MatchRow(
        game=game.id,
        engine_version=game.version,
        status=status,
        max_players=max_players,
        seats=[seat.to_json() for seat in seats],
        options=options or {},
        meta=meta,
        guild_id=guild_id,
        channel_id=channel_id,
    )


def lens_of(row: MatchRow, state: State, seat: int | None) -> Lens:
    """What `seat` (None: everyone) may be shown of the match: handles, never engine card ids."""
    return Lens(state, seat, match_secret(row.game, row.seed))


def public_prompt(row: MatchRow, state: State, seat: int | None) -> Prompt | None:
    """The pending prompt as `seat` is shown it; None when the decision is not theirs."""
    pending = state.prompt()
    if pending is None or seat is None or pending.player != seat:
        return None
    return lens_of(row, state, seat).prompt()


def turn_prompt(row: MatchRow, state: State) -> Prompt | None:
    """The pending prompt as the player who must decide is shown it (None when the game is over)."""
    pending = state.prompt()
    return public_prompt(row, state, pending.player) if pending is not None else None


def held_of(row: MatchRow) -> Held:
    """Answers held for players who chose early in a simultaneous step (`bot.services.simultaneous`)."""
    return held_from_json((row.meta or {}).get("held"))


@dataclass(frozen=True, slots=True)
class Decision:
    """What a seat may decide now, as they are shown it: the public prompt, the lens that maps its
    option ids back to the engine's, and the step a button carries. An early decision (a
    simultaneous step whose turn hasn't reached this seat) has a negative step: -1 minus the
    answers the seat has given (`given_of`), so a second click on the same prompt is stale."""

    prompt: Prompt
    lens: Lens
    step: int
    early: bool = False


def decision_for(row: MatchRow, state: State, seat: int | None) -> Decision | None:
    """The decision `seat` may make now: the pending prompt when it is theirs, else the one they
    will get in the current simultaneous step (answered early and held), else None."""
    pending = state.prompt()
    if seat is None or pending is None or row.status != "active":
        return None
    if pending.player == seat:
        lens = lens_of(row, state, seat)
        shown = lens.prompt()
        return Decision(shown, lens, step_of(row)) if shown is not None else None
    held = held_of(row)
    copy = early_state(state, seat, held)
    if copy is None:
        return None
    lens = lens_of(row, copy, seat)
    shown = lens.prompt()
    return Decision(shown, lens, -1 - given_of(row).get(seat, 0), early=True) if shown is not None else None


def step_of(row: MatchRow) -> int:
    """The number a button of the current prompt carries: the choices made, plus every choice
    ever taken back and one per undo (`bot.services.undo`), so it never repeats in a match and a
    button shown before an undo is stale after it."""
    return len(row.choices) + int((row.meta or {}).get("step_offset") or 0)


def given_of(row: MatchRow) -> dict[int, int]:
    """How many answers each seat has given so far (held or applied): an early prompt's step is -1
    minus that, so it stays the same while the engine applies held answers and goes stale as soon
    as the seat answers anything."""
    raw = row.meta.get("given") or {}
    return {int(seat): int(count) for seat, count in raw.items()} if isinstance(raw, dict) else {}


def count_given(row: MatchRow, seat: int) -> dict[str, int]:
    """`given_of(row)` with one more answer from `seat`, as stored in the row's meta."""
    given = given_of(row)
    given[seat] = given.get(seat, 0) + 1
    return {str(k): v for k, v in sorted(given.items())}


def mine_view(row: MatchRow, state: State, seat: int, decision: Decision | None) -> dict[str, Any]:
    """What `seat` sees of their own side: during an early decision, with the answers they have
    already given (held, so not yet in the match) applied to their own cards."""
    lens = decision.lens if decision is not None and decision.early else lens_of(row, state, seat)
    return lens.view()


def early_seats(row: MatchRow, state: State) -> list[int]:
    """People who may answer the current simultaneous step before their turn in it comes."""
    seats = seats_of(row)
    found = []
    for seat in range(len(seats)):
        if seats[seat].ai is None and (decision := decision_for(row, state, seat)) is not None and decision.early:
            found.append(seat)
    return found


def seats_of(row: MatchRow) -> list[Seat]:
    return [Seat.from_json(raw) for raw in row.seats]


def seat_index(row: MatchRow, user: str) -> int | None:
    """The seat `user` holds in this match, or None for a spectator."""
    for index, raw in enumerate(row.seats):
        if str(raw.get("user")) == user:
            return index
    return None


def result_text(row: MatchRow) -> str:
    """ "Ana wins: ..." / "Draw: ..." / "Aborted" from a finished row."""
    if row.status == "aborted":
        return "The match was aborted."
    if row.status == "declined":
        return "The challenge was declined."
    result = row.result or {}
    seats = seats_of(row)
    winners = [seats[w].name for w in result.get("winners", []) if 0 <= w < len(seats)]
    reason = name_players(strip_refs(str(result.get("reason", ""))), [seat.name for seat in seats])
    if reason and reason[-1] not in ".!?)":
        reason += "."
    if not winners:
        return reason if re.search(r"\bdraw\b", reason, re.IGNORECASE) else f"Draw. {reason}".strip()
    said = " and ".join(winners)
    if re.search(rf"\b{re.escape(said)} wins?\b", reason, re.IGNORECASE):
        return reason  # the engine's reason already says who won ("Bob wins with 11 Battle Rewards.")
    return f"{said} {'wins' if len(winners) == 1 else 'win'}. {reason}".strip()


def resolve_option(prompt: Prompt, typed: str) -> str:
    """Typed input to an option id: a 1-based number, an exact id, or a label (exact, then
    prefix, then any part of it: "decisive" picks "Discard Decisive Charge" when no other does).

    Give it the prompt the player was shown (`public_prompt`): numbers count in its order."""
    text = typed.strip()
    if text.isascii() and text.isdigit() and len(text) < 6 and 1 <= int(text) <= len(prompt.options):
        return prompt.options[int(text) - 1].id
    if prompt.find(text) is not None:
        return text
    option = prompt.find_label(text)
    if option is not None:
        return option.id
    folded = text.casefold()
    matches = [o for o in prompt.options if o.label.casefold().startswith(folded)] if folded else []
    if not matches and folded:
        matches = [o for o in prompt.options if folded in o.label.casefold()]
    if len(matches) == 1:
        return matches[0].id
    if len(matches) > 1:
        raise ServiceError(f"{typed!r} matches several options: " + ", ".join(o.label for o in matches[:5]))
    raise ServiceError(f"{typed!r} is not one of the options (1-{len(prompt.options)}).")


def decision_times(row: MatchRow) -> dict[int, tuple[float, int]]:
    """Seconds each person spent on their decisions, and how many: seat -> (total, count)."""
    raw = row.meta.get("think") or {}
    out: dict[int, tuple[float, int]] = {}
    if isinstance(raw, dict):
        for seat, pair in raw.items():
            if isinstance(pair, list) and len(pair) == 2:
                out[int(seat)] = (float(pair[0]), int(pair[1]))
    return out


def count_think(row: MatchRow, seat: int, at: float) -> dict[str, list[float]]:
    """`decision_times` with one more decision of `seat`, timed from when the prompt was shown
    (`asked_at`: the previous answer, or the turn's start), as stored in the row's meta."""
    since = max(float(row.meta.get("asked_at") or 0.0), float(row.turn_started_at or 0.0)) or at
    times = decision_times(row)
    total, count = times.get(seat, (0.0, 0))
    times[seat] = (total + max(0.0, at - since), count + 1)
    return {str(k): [round(t, 1), n] for k, (t, n) in sorted(times.items())}


def short_duration(seconds: float) -> str:
    """ "12 s", "3 min", "2.5 h".

    >>> short_duration(12.4), short_duration(185), short_duration(9000)
    ('12 s', '3 min', '2.5 h')
    """
    if seconds < 90:
        return f"{seconds:.0f} s"
    if seconds < 5400:
        return f"{seconds / 60:.0f} min"
    return f"{seconds / 3600:.1f} h"


def average_times(row: MatchRow) -> str:
    """ "average decision: Ana 12 s, Bo 3 min" for the people who decided (AI seats left out)."""
    seats = seats_of(row)
    parts = [
        f"{seats[seat].name} {short_duration(total / count)}"
        for seat, (total, count) in sorted(decision_times(row).items())
        if count and seat < len(seats) and seats[seat].ai is None
    ]
    return f"average decision: {', '.join(parts)}" if parts else ""
