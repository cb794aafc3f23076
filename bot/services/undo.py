"""Undo by consent: a player takes back their last decision when the others agree.

A player may ask to take back their last decision while nobody has decided since and when it told
nobody anything new. The other people in the match accept or decline (an AI seat always accepts:
it has nothing to lose by playing a position again); all of them accepting takes it back, one
decline ends the request, and any decision in the match ends it as well.

What is taken back is the player's decision and every choice applied with it in the same write:
prompts with one option answered for them, AI seats' moves, and answers held for others in a
simultaneous step (which are held again afterwards). An early, secret answer in a simultaneous step
(held, not yet applied) is taken back by dropping it.

**What counts as revealing** (`revealed`), checked for each choice of that stretch, replayed from
the record, against the state before it:

- the state's random generator moved: a shuffle, a draw order, a die, a coin, a random pick;
- a seat may now see a card it could not see before (a draw, a look at a deck, a card played face
  up from a hand, a flip): what anyone was shown cannot be taken back;
- a seat other than the one deciding got a private message, or its private values changed.

A new card that enters face up (a token made by the rules) tells nobody anything.

**The record stays exact.** The choices taken back leave the record; the stored snapshot is
replaced by the state before them (a full replay of the remaining choices gives the same digest);
the step buttons carry (`match_model.step_of`) only grows, so every button shown before the undo
is stale after it, and the live-state caches are keyed by it. The clock of the player who decides
again resumes with the time they had left when they decided; their decision time is uncounted.
The thread is told "Ana took back: …" and the board is drawn again.

League matches allow it only when their league does (`allow_undo`, copied into the match's meta
when the league starts it).
"""

from __future__ import annotations

import logging
import secrets
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from bot.persistence import MatchRow, StaleWriteError
from bot.persistence.models import now
from bot.render.model import name_players
from bot.services import games as engine_games
from bot.services.errors import ForbiddenError, NotYourTurnError, ServiceError, StaleChoiceError
from bot.services.match_model import MatchUpdate, held_of, lens_of, seat_index, seats_of
from bot.services.simultaneous import held_to_json
from engine.core.events import EVERYONE

if TYPE_CHECKING:
    from bot.services.matches import MatchService
    from engine.core.state import State

log = logging.getLogger(__name__)

DECISION_KEYS = ("held", "story_from", "public_at", "think", "asked_at")
"""Meta entries a decision changes and an undo puts back as they were."""
NOTE_LIMIT = 600  # characters of narration quoted in a request or a "took back" note

Status = Literal["asked", "undone", "declined"]


def undo_point(row: MatchRow, seat: int, at: float, *, held: bool = False) -> dict[str, Any]:
    """What a decision of `seat` about to be written changes, kept in the row's meta as `last`
    so that it can be taken back: where the record stood, and the bookkeeping before it."""
    return {
        "seat": seat,
        "at": len(row.choices),
        "held": held,
        "decided_at": at,
        "meta": {key: row.meta[key] for key in DECISION_KEYS if key in row.meta},
        "clock": [row.turn_user, row.turn_started_at, row.reminded, row.meta.get("warned_at")],
    }


def without_request(meta: dict[str, Any]) -> dict[str, Any]:
    """`meta` without an open undo request (a decision in the match ends it)."""
    return {key: value for key, value in meta.items() if key != "undo"}


def revealed(before: State, after: State, actor: int) -> str | None:
    """Why the step from `before` to `after` (a choice of seat `actor`) told someone something
    they did not know, in words that name no card and no seat; None when it told nobody anything.

    >>> revealed(state, state.clone(), 0) is None   # doctest: +SKIP
    True
    """
    if after.rng.to_json() != before.rng.to_json():
        return "it brought chance into play (a shuffle, a draw, a die or a coin)"
    seats = range(after.num_players)
    old_cards = before.cards
    for cid, card in enumerate(after.cards):
        old = old_cards[cid] if cid < len(old_cards) else None
        if old is None and card.face_up:
            continue  # made by the rules, face up: everyone sees the same new card
        for seat in seats:
            if card.visible_to(seat) and (old is None or not old.visible_to(seat)):
                return "a card was drawn, looked at or revealed"
    for event in after.events_since(before.event_total):
        if event.to == EVERYONE or event.text == event.redacted:
            continue
        if any(seat != actor and (event.to >> seat) & 1 for seat in seats):
            return "someone was told something privately"
    for seat in seats:
        if seat != actor and after.secrets[seat] != before.secrets[seat]:
            return "someone's private information changed"
    return None


def open_request(row: MatchRow) -> dict[str, Any] | None:
    """The open undo request of a match: {"id", "seat", "accepted": [seats], "lines": [...]}."""
    raw = (row.meta or {}).get("undo")
    return raw if isinstance(raw, dict) and row.status == "active" else None


def waiting_seats(row: MatchRow, request: dict[str, Any]) -> list[int]:
    """The people who still have to answer `request` (AI seats accept by themselves)."""
    accepted = {int(s) for s in request.get("accepted", [])}
    return [
        n for n, seat in enumerate(seats_of(row)) if seat.ai is None and n != int(request["seat"]) and n not in accepted
    ]


@dataclass(slots=True)
class Plan:
    """What taking back `seat`'s last decision means: the state to go back to (None for an early,
    held answer: the match itself does not change) and the narration it takes back."""

    seat: int
    state: State | None
    at: int
    lines: list[str] = field(default_factory=list)


@dataclass(slots=True)
class UndoOutcome:
    """The answer to an undo request or to a reply: `asked` (waiting for `waiting`), `undone`
    (the update to publish) or `declined`."""

    status: Status
    update: MatchUpdate
    request: dict[str, Any] | None = None
    waiting: list[str] = field(default_factory=list)
    repeated: bool = False  # asked or accepted again: nothing changed


class MatchUndo:
    """Undo requests of one MatchService (`MatchService.undo`)."""

    def __init__(self, service: MatchService) -> None:
        self.service = service

    # ------------------------------------------------------------------ use cases
    async def request(self, match_id: int, user: str) -> UndoOutcome:
        """`user` asks to take back their last decision; taken back at once when nobody else
        has to agree (the other seats are AI), else an open request the others answer."""
        service = self.service
        async with service._lock(match_id):
            row = await service.row(match_id)
            seat = seat_index(row, user)
            if seat is None:
                raise ForbiddenError("Only a player of this match can take back a decision in it.")
            if row.status != "active":
                raise ServiceError(f"Match #{match_id} is not in progress.")
            existing = open_request(row)
            if existing is not None and int(existing["seat"]) == seat:
                waiting = self._names(row, waiting_seats(row, existing))
                notice = f"You already asked; waiting for {', '.join(waiting)}."
                return UndoOutcome("asked", self._update(row, notice), existing, waiting, repeated=True)
            plan = self._plan(row, seat)
            request = {"id": secrets.token_hex(4), "seat": seat, "accepted": [], "lines": plan.lines}
            waiting_at = waiting_seats(row, request)
            if not waiting_at:
                return UndoOutcome("undone", await self._take_back(row, plan))
            await service._write(row, meta={**row.meta, "undo": request})
            waiting = self._names(row, waiting_at)
            notice = f"Asked {', '.join(waiting)} to let you take back your last decision."
            return UndoOutcome("asked", self._update(row, notice), request, waiting)

    async def answer(self, match_id: int, user: str, accept: bool, request_id: str | None = None) -> UndoOutcome:
        """Another player accepts or declines the open request (`request_id`: the one they were
        shown; None: whichever is open). The last acceptance takes the decision back."""
        service = self.service
        async with service._lock(match_id):
            row = await service.row(match_id)
            seat = seat_index(row, user)
            request = open_request(row)
            if seat is None:
                raise NotYourTurnError("Only the players of this match answer its undo requests.")
            if request is None or (request_id is not None and request.get("id") != request_id):
                raise StaleChoiceError("That undo request is no longer open (someone decided, or it was answered).")
            asker = seats_of(row)[int(request["seat"])].name
            if seat == int(request["seat"]):
                raise NotYourTurnError("You asked for this undo: the other players accept or decline it.")
            name = seats_of(row)[seat].name
            if not accept:
                await service._write(row, meta=without_request(row.meta))
                notice = f"{name} declined; {asker}'s decision stands and the match goes on."
                return UndoOutcome("declined", self._update(row, notice), request)
            if seat in request.get("accepted", []):
                waiting = self._names(row, waiting_seats(row, request))
                notice = f"You already accepted; waiting for {', '.join(waiting)}."
                return UndoOutcome("asked", self._update(row, notice), request, waiting, repeated=True)
            request = {**request, "accepted": sorted({*request.get("accepted", []), seat})}
            waiting_at = waiting_seats(row, request)
            if waiting_at:
                await service._write(row, meta={**row.meta, "undo": request})
                waiting = self._names(row, waiting_at)
                notice = f"{name} accepted; waiting for {', '.join(waiting)}."
                return UndoOutcome("asked", self._update(row, notice), request, waiting)
            plan = self._plan(row, int(request["seat"]))  # nobody has decided since: still the same
            return UndoOutcome("undone", await self._take_back(row, plan), request)

    # ------------------------------------------------------------------ checks
    def _plan(self, row: MatchRow, seat: int) -> Plan:
        """What taking back `seat`'s last decision restores; ServiceError saying why it can't."""
        meta = row.meta or {}
        if (meta.get("league_match") or meta.get("league_pod")) and not meta.get("allow_undo"):
            raise ServiceError("Taking back decisions is off in this league's matches (a league option, allow_undo).")
        last = meta.get("last")
        if not isinstance(last, dict):
            raise ServiceError("You have no decision to take back in this match.")
        if int(last["seat"]) != seat:
            who = seats_of(row)[int(last["seat"])].name
            raise ServiceError(f"Only your last decision can be taken back, and {who} has decided since.")
        at = int(last["at"])
        if last.get("held"):
            return Plan(seat, None, at)
        if not 0 <= at <= len(row.choices):
            raise ServiceError("That decision can no longer be taken back.")
        service = self.service
        current = service.load_state(row)
        step = self._state_at(row, at)
        back = step.clone()
        for choice in row.choices[at:]:
            pending = step.prompt()
            assert pending is not None
            following = step.clone()
            following.apply(str(choice))
            reason = revealed(step, following, pending.player)
            if reason is not None:
                raise ServiceError(f"That decision can't be taken back: {reason}.")
            step = following
        if step.digest() != current.digest():  # the record and the live match disagree: never guess
            log.error("match %s: replaying choices %s.. does not reach the live state", row.id, at)
            raise ServiceError("That decision can't be taken back here (the match record disagrees).")
        return Plan(seat, back, at, self._told(row, back, current))

    def _state_at(self, row: MatchRow, at: int) -> State:
        """The match after its first `at` choices: from the snapshot when it is not later, else replayed."""
        return self.service.state_at(row, at)

    @staticmethod
    def _told(row: MatchRow, back: State, current: State) -> list[str]:
        """The public narration the thread has told since `back`: what is taken back. Lines a
        simultaneous step still holds back (`story_from`) were never told and stay untold."""
        lens = lens_of(row, current, None)
        lines = lens.events_since(back.event_total)
        held_from = (row.meta or {}).get("story_from")
        if held_from is not None and int(held_from) >= back.event_total:
            lines = lines[: max(0, int(held_from) - back.event_total)]
        names = [seat.name for seat in seats_of(row)]
        return [name_players(line, names) for line in lines]

    # ------------------------------------------------------------------ the write
    async def _take_back(self, row: MatchRow, plan: Plan) -> MatchUpdate:
        """Write the match as it was before the decision (one compare-and-set) and say so."""
        service = self.service
        assert row.id is not None
        last = dict(row.meta["last"])
        seats = seats_of(row)
        name = seats[plan.seat].name
        meta = {key: value for key, value in row.meta.items() if key not in ("undo", "last")}
        given = {str(n): int((meta.get("given") or {}).get(str(n), 0)) for n in range(len(seats))}
        fields: dict[str, Any] = {}
        if plan.state is None:  # an early answer, still held: drop it
            held = held_of(row)
            answers = held.get(plan.seat, [])
            if answers:
                answers.pop()
            meta["held"] = held_to_json(held)
            given[str(plan.seat)] += 1  # their early buttons go stale
            meta["given"] = given
            note = f"{name} took back a secret answer."
            state = service.load_state(row)
        else:
            at = plan.at
            taken = len(row.choices) - at
            for key in DECISION_KEYS:
                meta.pop(key, None)
            meta.update(last.get("meta") or {})
            meta["given"] = {key: count + 1 for key, count in given.items()}  # every early button goes stale
            meta["step_offset"] = int(meta.get("step_offset") or 0) + taken + 1  # and every other one
            meta["undone"] = int(meta.get("undone") or 0) + taken
            at_time = now()
            since = at_time - float(last.get("decided_at") or at_time)  # the time the request took
            turn_user, started, reminded, warned = (list(last.get("clock") or []) + [None] * 4)[:4]
            started = float(started or 0.0) + since
            if warned is not None:
                meta["warned_at"] = started if warned == last["clock"][1] else warned
            if meta.get("asked_at"):
                meta["asked_at"] = float(meta["asked_at"]) + since
            state = plan.state
            fields.update(
                choices=list(row.choices[:at]),
                snapshot=engine_games.snapshot(state),
                snapshot_choices=at,
                turn_user=turn_user,
                turn_started_at=started,
                reminded=bool(reminded),
            )
            told = "; ".join(plan.lines)
            note = f"{name} took back: {told}" if told else f"{name} took back their last decision."
            if len(note) > NOTE_LIMIT:
                note = note[: NOTE_LIMIT - 1] + "…"
        fields["meta"] = meta
        try:
            version = await service.db.update_match(row.id, row.version, **fields)
        except StaleWriteError as exc:
            raise StaleChoiceError("The match changed meanwhile; please ask again.") from exc
        fresh = MatchRow(**{**row.model_dump(), **fields, "version": version})
        service._bad_snapshots.discard(row.id)
        service._remember(fresh, state)
        log.info("match %s: %s took back %s choice(s)", row.id, name, len(row.choices) - len(fresh.choices))
        # the decision is theirs again (ping them), unless only a secret answer was dropped
        return MatchUpdate(
            fresh, state, [note], notice="Taken back: decide again.", turn_changed=plan.state is not None
        )

    # ------------------------------------------------------------------ helpers
    def _update(self, row: MatchRow, notice: str) -> MatchUpdate:
        state = self.service.load_state(row) if row.decks else None
        return MatchUpdate(row, state, [], notice=notice)

    @staticmethod
    def _names(row: MatchRow, seats: list[int]) -> list[str]:
        every = seats_of(row)
        return [every[n].name for n in seats]


__all__ = ["MatchUndo", "Plan", "UndoOutcome", "open_request", "revealed", "undo_point", "waiting_seats"]
