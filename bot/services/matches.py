"""Matches as use cases: challenge, accept, AI games, lobbies, choices, hands, clocks, replays.

Transport-agnostic: callers pass user ids (strings) and get rows, states and updates back; the
Discord cogs and the console render them. Every action is persisted (compare-and-set on the
match version) before anyone is shown the new board.

>>> service = MatchService(db)                                            # doctest: +SKIP
>>> row = await service.start_ai("yugioh", Seat("1", "Ana"), deck=None)    # doctest: +SKIP
>>> await service.choose(row.id, "1", "draw", expected_version=row.version)  # doctest: +SKIP
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from bot.persistence import Database, MatchRow, StaleWriteError
from bot.persistence.models import OPEN_STATUSES, now
from bot.services import games as engine_games
from bot.services.decks import DeckService
from bot.services.errors import (
    ForbiddenError,
    NotFoundError,
    NotYourTurnError,
    ServiceError,
    StaleChoiceError,
)
from bot.services.match_model import (
    MatchUpdate,
    Seat,
    count_given,
    count_think,
    decision_for,
    held_of,
    lens_of,
    mine_view,
    new_row,
    public_prompt,
    resolve_option,
    result_text,
    seat_index,
    seats_of,
    step_of,
    turn_prompt,
)
from bot.services.simultaneous import Held, StepStart, held_to_json, in_simultaneous_step, step_start
from bot.services.undo import MatchUndo, undo_point, without_request
from engine.core.game import DeckList, Game

if TYPE_CHECKING:
    from engine.core.state import State

__all__ = [  # the plain values live in match_model; importing them from here keeps working
    "MatchService",
    "MatchUpdate",
    "Seat",
    "lens_of",
    "new_row",
    "public_prompt",
    "resolve_option",
    "result_text",
    "seat_index",
    "seats_of",
    "turn_prompt",
]

log = logging.getLogger(__name__)

SNAPSHOT_EVERY = 8  # choices between snapshot refreshes (the record stays the truth)
CACHE_SIZE = 2_048
MAX_ID = 2**31 - 1  # the largest id an INTEGER primary key holds


WARN_AT = 0.75
"""Share of the turn clock gone when the player is warned privately (a quarter is left)."""


def reached_early(row: MatchRow, state: State, seat: int) -> bool:
    """Whether a simultaneous step now asks `seat` for real, with none of their answers held: an
    answer they give on the prompt they were shown early (a negative step) is a real answer now."""
    pending = state.prompt()
    return (
        pending is not None
        and pending.player == seat
        and pending.kind in state.game.simultaneous_kinds
        and not held_of(row).get(seat)
    )


def ai_levels(level: str | None, seats: int) -> list[str]:
    """The level of each of `seats` AI seats from "normal" (all) or "easy,normal,hard" (one each)."""
    given = [part.strip() for part in (level or "").split(",")] if level and "," in level else [level or ""]
    if len(given) not in (1, seats):
        raise ServiceError(f"Give one AI level, or one for each of the {seats} AI seats (e.g. easy,normal,hard).")
    levels = [engine_games.ai_level(part or None) for part in given]
    return levels * seats if len(levels) == 1 else levels


def ai_decks(game: Game, taken: str | None, first: str | None, seats: int) -> list[str | None]:
    """Preconstructed decks for `seats` AI seats: `first` for the first, then decks other than the
    human's (`taken`) before repeating any."""
    built = list(engine_games.preconstructed(game))
    order = [name for name in built if name != taken] + [name for name in built if name == taken]
    picks: list[str | None] = [first] if first is not None else []
    for n in range(seats - len(picks)):
        picks.append(order[n % len(order)] if order else None)
    return picks[:seats]


class MatchService:
    """All match use cases over one database; keeps a small cache of live states per process."""

    def __init__(self, db: Database, decks: DeckService | None = None, *, clock_hours: float = 24.0) -> None:
        self.db = db
        self.decks = decks or DeckService(db)
        self.clock_hours = clock_hours
        # Called with the row of every match that has just finished (e.g. a league match reporting itself).
        self.finish_hooks: list[Callable[[MatchRow], Awaitable[None]]] = []
        self._cache: OrderedDict[int, tuple[int, State]] = OrderedDict()
        # the row as this process last wrote it: `choose` starts from it and lets the version
        # compare-and-set catch writes by other processes (then it re-reads and retries)
        self._rows: dict[int, MatchRow] = {}
        self._locks: dict[int, asyncio.Lock] = {}
        self._bad_snapshots: set[int] = set()  # matches whose stored snapshot must be rewritten
        # match -> ((public_at, step_offset), the state when its simultaneous step began)
        self._public: dict[int, tuple[tuple[int, int], State]] = {}
        # Told the number of decisions an AI run has made so far (from the AI's worker thread).
        self.ai_progress: Callable[[int], None] | None = None
        self.undo = MatchUndo(self)  # taking back a decision by consent (bot.services.undo)

    # ------------------------------------------------------------------ loading
    async def row(self, match_id: int) -> MatchRow:
        if not 0 < match_id <= MAX_ID:  # beyond the id column's range (PostgreSQL INTEGER): no such match
            raise NotFoundError(f"There is no match #{match_id}.")
        row = await self.db.get_match(match_id)
        if row is None:
            raise NotFoundError(f"There is no match #{match_id}.")
        return row

    async def row_in(self, match_id: int, user: str, guild_id: str | None) -> MatchRow:
        """The match, if `user` may reach it from `guild_id`: in its own server, or anywhere as a player.

        Match numbers are easy to guess; another server's match is answered like a missing one.
        """
        row = await self.row(match_id)
        if row.guild_id and row.guild_id != guild_id and seat_index(row, user) is None:
            raise NotFoundError(f"There is no match #{match_id} in this server.")
        return row

    def _lock(self, match_id: int) -> asyncio.Lock:
        lock = self._locks.get(match_id)
        if lock is None:
            lock = self._locks[match_id] = asyncio.Lock()
        return lock

    def load_state(self, row: MatchRow) -> State:
        """The live state of a started match: cache, else snapshot + later choices, else full replay."""
        assert row.id is not None
        cached = self._cache.get(row.id)
        if cached is not None and cached[0] == step_of(row) and row.decks:
            self._cache.move_to_end(row.id)
            return cached[1]
        state = self._from_snapshot(row)
        start = row.snapshot_choices if state is not None else 0
        if state is None:
            state = self._replay(row, 0)
        for choice in row.choices[start:]:
            state.apply(str(choice))
        self._remember(row, state)
        return state

    def _from_snapshot(self, row: MatchRow) -> State | None:
        """The snapshot's state, or None when it is missing, ahead of the record, or unreadable.

        A bad snapshot is only a cache miss: the record rebuilds the state, and the match's next
        write stores a fresh snapshot.
        """
        assert row.id is not None
        if not row.snapshot or row.snapshot_choices > len(row.choices):
            self._bad_snapshots.add(row.id)  # lost, or ahead of the record: store a fresh one
            return None
        try:
            state = engine_games.state_from_snapshot(engine_games.get_game(row.game), row.snapshot)
        except Exception as exc:  # any decoding failure: the record is the truth, rebuild from it
            log.warning("match %s: unreadable snapshot (%s: %s); replaying its record", row.id, type(exc).__name__, exc)
            self._bad_snapshots.add(row.id)
            return None
        if state.steps != row.snapshot_choices:
            log.warning(
                "match %s: snapshot is at step %s, not %s; replaying", row.id, state.steps, row.snapshot_choices
            )
            self._bad_snapshots.add(row.id)
            return None
        return state

    def _replay(self, row: MatchRow, upto: int) -> State:
        from engine.core.record import MatchRecord

        game = engine_games.get_game(row.game)
        if row.engine_version and game.version != row.engine_version:
            raise ServiceError(
                f"Match #{row.id} was recorded with {game.name} engine version {row.engine_version}; "
                f"this bot runs version {game.version} and cannot continue it exactly."
            )
        record = MatchRecord(
            row.game,
            game.version,
            row.seed,
            [dict(d) for d in row.decks],
            dict(row.options),
            [str(c) for c in row.choices],
        )
        return record.replay(upto)

    def _remember(self, row: MatchRow, state: State) -> None:
        assert row.id is not None
        self._cache[row.id] = (step_of(row), state)  # the step never repeats, even after an undo
        self._cache.move_to_end(row.id)
        self._rows[row.id] = row
        while len(self._cache) > CACHE_SIZE:
            old, _ = self._cache.popitem(last=False)
            self._rows.pop(old, None)
            self._public.pop(old, None)

    async def state(self, match_id: int) -> tuple[MatchRow, State | None]:
        row = await self.row(match_id)
        if not row.decks:
            return row, None
        return row, self.load_state(row)

    # ------------------------------------------------------------------ starting matches
    async def challenge(
        self,
        game_id: str,
        challenger: Seat,
        opponent: Seat,
        deck: str | None,
        *,
        guild_id: str | None = None,
        channel_id: str | None = None,
        clock_hours: float | None = None,
        options: dict[str, Any] | None = None,
        fixed_decks: list[tuple[str, DeckList]] | None = None,
        meta: dict[str, Any] | None = None,
    ) -> MatchRow:
        """A 2-player challenge waiting for the opponent's answer.

        `fixed_decks` ((name, list) per seat) plays decks registered elsewhere, e.g. league decks,
        instead of the players' choice; `meta` is kept with the match (e.g. its league match).
        """
        game = engine_games.get_game(game_id)
        if challenger.user == opponent.user:
            raise ServiceError("You cannot challenge yourself; try /match ai to play the AI.")
        if fixed_decks is not None:
            deck_name, deck_list = fixed_decks[0]
        else:
            deck_name, deck_list = await self.decks.resolve(challenger.user, game.id, deck)
        extra: dict[str, Any] = dict(meta or {})
        if fixed_decks is not None:
            extra["fixed_decks"] = [[name, sections] for name, sections in fixed_decks]
        row = new_row(
            game,
            "pending",
            [challenger, opponent],
            2,
            options,
            {"pending_decks": [deck_list], "clock_hours": clock_hours, **extra},
            guild_id,
            channel_id,
        )
        row.deck_names = [deck_name]
        return await self.db.insert_match(row)

    async def respond(self, match_id: int, user: str, accept: bool, deck: str | None = None) -> MatchUpdate:
        """The challenged player accepts (with a deck) or declines."""
        row = await self.row(match_id)
        if row.status != "pending":
            raise StaleChoiceError(f"Match #{match_id} is no longer waiting for an answer.")
        if seat_index(row, user) != 1:
            raise NotYourTurnError("Only the challenged player can answer this challenge.")
        if not accept:
            await self._write(row, status="declined")
            return MatchUpdate(await self.row(match_id), None, notice="Challenge declined.")
        fixed = row.meta.get("fixed_decks")
        if fixed:
            deck_name, deck_list = fixed[1][0], fixed[1][1]
        else:
            deck_name, deck_list = await self.decks.resolve(user, row.game, deck)
        pending = [*row.meta.get("pending_decks", []), deck_list]
        return await self._start(row, pending, [*row.deck_names, deck_name])

    async def start_ai(
        self,
        game_id: str,
        player: Seat,
        deck: str | None,
        level: str | None = None,
        *,
        ai_deck: str | None = None,
        players: int = 2,
        guild_id: str | None = None,
        channel_id: str | None = None,
        clock_hours: float | None = None,
        options: dict[str, Any] | None = None,
    ) -> MatchUpdate:
        """A match against the AI, started at once (the AI moves first if the game says so): one
        human and `players - 1` AI seats. `level` is one level for every AI seat, or one per seat
        separated by commas ("easy,normal,hard")."""
        game = engine_games.get_game(game_id)
        if not game.min_players <= players <= game.max_players:
            raise ServiceError(f"{game.name} is for {game.min_players}-{game.max_players} players, not {players}.")
        levels = ai_levels(level, players - 1)
        deck_name, deck_list = await self.decks.resolve(player.user, game.id, deck)
        ai_names = ai_decks(game, deck_name, ai_deck, players - 1)
        seats, decks, names = [player], [deck_list], [deck_name]
        for number, (ai_level, name) in enumerate(zip(levels, ai_names, strict=True), 1):
            resolved, ai_list = await self.decks.resolve("", game.id, name)
            seats.append(Seat.for_ai(ai_level, number))
            decks.append(ai_list)
            names.append(resolved)
        row = new_row(game, "pending", seats, players, options, {"clock_hours": clock_hours}, guild_id, channel_id)
        row = await self.db.insert_match(row)
        return await self._start(row, decks, names)

    async def add_ai(self, match_id: int, user: str, level: str | None = None) -> MatchUpdate:
        """A player of a lobby seats an AI in it (with a preconstructed deck); a full lobby starts."""
        row = await self.row(match_id)
        if row.status != "lobby":
            raise ServiceError(f"Match #{match_id} is not an open lobby.")
        if seat_index(row, user) is None:
            raise ForbiddenError("Only a player seated in the lobby can add an AI to it.")
        game = engine_games.get_game(row.game)
        number = 1 + sum(1 for seat in seats_of(row) if seat.ai)
        [deck] = ai_decks(game, None, None, number)[-1:]
        return await self.join(match_id, Seat.for_ai(engine_games.ai_level(level), number), deck)

    async def open_lobby(
        self,
        game_id: str,
        host: Seat,
        players: int,
        deck: str | None,
        *,
        guild_id: str | None = None,
        channel_id: str | None = None,
        clock_hours: float | None = None,
        options: dict[str, Any] | None = None,
    ) -> MatchRow:
        """A lobby for `players` seats that starts when full (multiplayer games)."""
        game = engine_games.get_game(game_id)
        if not game.min_players <= players <= game.max_players:
            raise ServiceError(f"{game.name} is for {game.min_players}-{game.max_players} players, not {players}.")
        deck_name, deck_list = await self.decks.resolve(host.user, game.id, deck)
        row = new_row(
            game,
            "lobby",
            [host],
            players,
            options,
            {"pending_decks": [deck_list], "clock_hours": clock_hours},
            guild_id,
            channel_id,
        )
        row.deck_names = [deck_name]
        return await self.db.insert_match(row)

    async def join(self, match_id: int, player: Seat, deck: str | None) -> MatchUpdate:
        """Take a seat in a lobby; the match starts when the last seat is taken. A concurrent write
        (another join, the lobby message being recorded) is retried on the fresh row."""
        for attempt in range(5):
            try:
                return await self._join(match_id, player, deck)
            except StaleChoiceError:
                if attempt == 4:
                    raise
                await asyncio.sleep(0.01 * (attempt + 1))
        raise AssertionError("unreachable")

    async def remember_lobby_message(self, match_id: int, message_id: str) -> MatchRow:
        """Record the lobby's message (its Join button is removed when the match starts); the row as it
        is now, which may show the lobby already full (players can join before this is recorded)."""
        for _ in range(5):
            row = await self.row(match_id)
            try:
                return await self._write(row, meta={**row.meta, "lobby_message": message_id})  # current: CAS
            except StaleChoiceError:
                await asyncio.sleep(0.01)
        return await self.row(match_id)

    async def _join(self, match_id: int, player: Seat, deck: str | None) -> MatchUpdate:
        row = await self.row(match_id)
        if row.status != "lobby":
            raise ServiceError(f"Match #{match_id} is not an open lobby.")
        if seat_index(row, player.user) is not None:
            raise ServiceError("You already have a seat in this lobby.")
        deck_name, deck_list = await self.decks.resolve(player.user, row.game, deck)
        seats = [*row.seats, player.to_json()]
        pending = [*row.meta.get("pending_decks", []), deck_list]
        names = [*row.deck_names, deck_name]
        if len(seats) < row.max_players:
            await self._write(row, seats=seats, deck_names=names, meta={**row.meta, "pending_decks": pending})
            fresh = await self.row(match_id)
            return MatchUpdate(fresh, None, notice=f"{player.name} joined ({len(seats)}/{row.max_players}).")
        row.seats = seats
        return await self._start(row, pending, names)

    async def _start(self, row: MatchRow, decks: list[dict[str, list[str]]], names: list[str]) -> MatchUpdate:
        game = engine_games.get_game(row.game)
        seed = secrets.randbits(48)
        match_options = dict(row.options)
        state = engine_games.new_state(game, decks, seed, match_options)
        fields: dict[str, Any] = dict(
            status="active",
            seed=seed,
            decks=decks,
            deck_names=names,
            options=match_options,
            choices=[],
            seats=row.seats,
            snapshot=engine_games.snapshot(state),
            snapshot_choices=0,
            engine_version=game.version,
        )
        try:
            return await self._after_choices(row, state, [], fields, events_from=0, base=state.clone())
        except StaleWriteError as exc:
            raise StaleChoiceError(f"Match #{row.id} was started or changed meanwhile.") from exc

    # ------------------------------------------------------------------ playing
    async def choose(
        self,
        match_id: int,
        user: str,
        option: str,
        *,
        expected_step: int | None = None,
        by_label: bool = False,
    ) -> MatchUpdate:
        """Apply `user`'s answer to the current prompt, then let AI seats move; persisted first.

        `option` is a public option id of the prompt as the player was shown it (`public_prompt`,
        `MatchUpdate.prompt`): engine option ids name cards by their ids and are refused.

        `expected_step` (the number of choices made when the prompt was shown, carried by a
        button) makes a second click on the same prompt raise StaleChoiceError instead of
        answering the next prompt; `by_label` lets typed input name an option by number or label.
        A concurrent write that did not change the game (a board message id) is retried.
        """
        async with self._lock(match_id):
            for attempt in range(4):
                fresh = attempt > 0 or match_id not in self._rows
                row = await self.row(match_id) if fresh else self._rows[match_id]
                early_button = expected_step is not None and expected_step < 0
                if early_button or (expected_step is None and self._answers_early(row, user)):
                    try:
                        return await self._hold(row, user, option, expected_step=expected_step, by_label=by_label)
                    except StaleWriteError:
                        self._rows.pop(match_id, None)
                        continue
                    except StaleChoiceError:
                        if not (early_button and self._reached(row, user, option)):
                            raise
                        expected_step = None  # the step reached them while they chose: a real answer now
                if expected_step is not None and expected_step != step_of(row):
                    if fresh:
                        raise StaleChoiceError("That prompt was already answered; here is the current one.")
                    continue  # our copy may be behind another process: read the row
                seat = seat_index(row, user)
                base = self.load_state(row) if row.status == "active" else None  # left as it is
                state, option_id, events_from = self._apply_answer(row, user, option, by_label)
                fields: dict[str, Any] = {}
                if seat is not None:  # every answer of a seat makes the early prompts it was shown stale
                    answered_at = now()
                    fields["meta"] = {
                        **without_request(row.meta),  # a decision ends an open undo request
                        "given": count_given(row, seat),
                        "think": count_think(row, seat, answered_at),
                        "asked_at": answered_at,
                        "last": undo_point(row, seat, answered_at),
                    }
                try:
                    return await self._after_choices(
                        row, state, [option_id], fields, events_from=events_from, base=base
                    )
                except StaleWriteError:
                    self._rows.pop(match_id, None)
                    if fresh and expected_step is None:
                        expected_step = step_of(row)  # retry only if no choice got in meanwhile
            raise StaleChoiceError("The match keeps changing; please try again.")

    def _reached(self, row: MatchRow, user: str, option: str) -> bool:
        """Whether an answer given on an early prompt of a simultaneous step fits the prompt the
        engine now asks that player (the players before them answered first): it is applied then."""
        from engine.core.errors import IllegalActionError, InvalidActionError

        state = self.load_state(row)
        seat = seat_index(row, user)
        decision = decision_for(row, state, seat)
        if seat is None or decision is None or not reached_early(row, state, seat):
            return False
        try:
            decision.lens.choice(option)
        except (IllegalActionError, InvalidActionError):
            return False
        return True

    def _answers_early(self, row: MatchRow, user: str) -> bool:
        """Whether `user`'s answer now is an early one in a simultaneous step (held, not applied)."""
        if row.status != "active":
            return False
        decision = decision_for(row, self.load_state(row), seat_index(row, user))
        return decision is not None and decision.early

    async def _hold(
        self, row: MatchRow, user: str, option: str, *, expected_step: int | None, by_label: bool
    ) -> MatchUpdate:
        """Keep an early answer in a simultaneous step, unseen by anyone, until the engine asks for it."""
        from engine.core.errors import IllegalActionError, InvalidActionError

        state = self.load_state(row)
        seat = seat_index(row, user)
        decision = decision_for(row, state, seat)
        stale = expected_step is not None and expected_step != (decision.step if decision is not None else None)
        if seat is None or decision is None or not decision.early or stale:
            raise StaleChoiceError("That prompt was already answered; here is the current one.")
        try:
            answer = decision.lens.choice(resolve_option(decision.prompt, option) if by_label else option)
        except (IllegalActionError, InvalidActionError) as exc:
            raise ServiceError(f"Not allowed: {exc}") from exc
        held = held_of(row)
        held.setdefault(seat, []).append(answer)
        meta = {
            **without_request(row.meta),
            "held": held_to_json(held),
            "given": count_given(row, seat),
            "last": undo_point(row, seat, now(), held=True),
        }
        version = await self.db.update_match(row.id or 0, row.version, meta=meta)  # StaleWriteError: retried
        row = MatchRow(**{**row.model_dump(), "meta": meta, "version": version})
        self._rows[row.id or 0] = row
        return MatchUpdate(row, state, [], notice="Your answer is kept secret until everyone has chosen.")

    def _apply_answer(self, row: MatchRow, user: str, option: str, by_label: bool) -> tuple[State, str, int]:
        """Validate who answers and what, and return a new state with the answer applied."""
        from engine.core.errors import IllegalActionError, InvalidActionError

        if row.status != "active":
            raise StaleChoiceError(f"Match #{row.id} is over ({result_text(row)})")
        state = self.load_state(row).clone()
        prompt = state.prompt()
        if prompt is None:
            raise StaleChoiceError("Nothing is waiting for a decision in this match.")
        seat = seat_index(row, user)
        if seat is None:
            raise NotYourTurnError("You are not playing in this match; you can watch the thread.")
        if prompt.player != seat:
            waiting = seats_of(row)[prompt.player].name
            raise NotYourTurnError(f"It is not your decision: the match is waiting for {waiting}.")
        lens = lens_of(row, state, seat)  # players answer with what they were shown, never engine ids
        shown = lens.prompt()
        assert shown is not None
        before = state.event_total
        try:
            option_id = lens.choice(resolve_option(shown, option) if by_label else option)
            state.apply(option_id)
        except (IllegalActionError, InvalidActionError) as exc:
            raise ServiceError(f"Not allowed: {exc}") from exc
        return state, option_id, before

    async def _after_choices(
        self,
        row: MatchRow,
        state: State,
        new_choices: list[str],
        fields: dict[str, Any],
        *,
        events_from: int,
        base: State | None = None,
    ) -> MatchUpdate:
        """Run AI seats, then persist choices, snapshot, status and clock in one compare-and-set.
        `base` is the match before `new_choices` (unchanged): where a simultaneous step began is
        found from it (`public_at`).

        Raises StaleWriteError when the row changed since it was read.
        """
        seats = [Seat.from_json(raw) for raw in fields.get("seats", row.seats)]
        made = len(fields.get("choices", row.choices))  # the choices `base` had made
        choices = list(fields.get("choices", row.choices)) + new_choices
        held = held_of(row)
        before = held_to_json(held)
        if any(seat.ai for seat in seats):
            # the AI may think for a while: keep the event loop (Discord heartbeats) responsive
            choices.extend(await asyncio.to_thread(self._run_ai, state, seats, row.seed, held))
        else:
            choices.extend(self._run_ai(state, seats, row.seed, held))  # passes and held answers
        if held_to_json(held) != before:
            fields["meta"] = {**fields.get("meta", row.meta), "held": held_to_json(held)}
        fields["choices"] = choices
        began = self._step_began(row, state, fields, base, made, choices[made:])
        narration = self._story(row, state, fields, events_from, began)
        prompt = state.prompt()
        if state.result is not None:
            fields["status"] = "finished"
            fields["result"] = {
                "winners": list(state.result.winners),
                "reason": state.result.reason,
                "scores": list(state.result.scores),  # the finishing order of 3-6 player games (ratings)
            }
            fields["turn_user"] = None
        elif prompt is not None:
            turn_user = seats[prompt.player].user
            if turn_user != row.turn_user:
                fields.update(turn_user=turn_user, turn_started_at=now(), reminded=False)
        snap_at = fields.get("snapshot_choices", row.snapshot_choices)
        rebuild = row.id in self._bad_snapshots
        if "snapshot" not in fields and (
            len(choices) - snap_at >= SNAPSHOT_EVERY or state.result is not None or rebuild
        ):
            fields.update(snapshot=engine_games.snapshot(state), snapshot_choices=len(choices))
        version = await self.db.update_match(row.id or 0, row.version, **fields)  # StaleWriteError: caller decides
        self._bad_snapshots.discard(row.id or 0)
        row = MatchRow(**{**row.model_dump(), **fields, "version": version})  # earlier updates keep theirs
        self._remember(row, state)
        if state.result is not None:
            await self._finished(row)
        events = narration
        changed = bool(fields.get("turn_user")) and fields.get("turn_started_at") is not None
        return MatchUpdate(row, state, events, turn_changed=changed)

    def _step_began(
        self, row: MatchRow, state: State, fields: dict[str, Any], base: State | None, made: int, added: list[str]
    ) -> StepStart | None:
        """Keep where the simultaneous step the match is now in began (`public_at` in the row's
        meta: the choices made then; dropped outside a step), and return where it began (None
        outside a step); `added` are the choices since `base`."""
        meta = dict(fields.get("meta", row.meta))
        known = meta.get("public_at")
        if state.result is not None or not in_simultaneous_step(state):
            if known is not None:
                del meta["public_at"]
                fields["meta"] = meta
            return None
        found = step_start(base, made, added, int(known) if known is not None else None) if base is not None else None
        if found is None:  # no earlier state at hand: the step began where it was known to, or now
            if known is not None:
                found = StepStart(int(known), None, None)
            else:
                found = StepStart(made + len(added), state.clone(), state.event_total)
        meta["public_at"] = found.at
        fields["meta"] = meta
        if found.state is not None and row.id is not None:
            self._public[row.id] = ((found.at, int(meta.get("step_offset") or 0)), found.state)
        return found

    @staticmethod
    def _story(
        row: MatchRow, state: State, fields: dict[str, Any], events_from: int, began: StepStart | None
    ) -> list[str]:
        """The narration of this update. While a run of simultaneous steps is open, what its answers
        did ("Bob discards …", "proposes no Event") is held back and told once everyone has chosen,
        together; the run's first event is kept in the row's meta (`story_from`). Events before the
        choice that led into the run (`began.story`, when it began in this update) are told at once."""
        meta = dict(fields.get("meta", row.meta))
        started = meta.get("story_from")
        lens = lens_of(row, state, None)
        if state.result is None and in_simultaneous_step(state):
            begins = began.story if began is not None else None
            if begins is None:  # the run began earlier: nothing of it is told yet
                if started is None:
                    meta["story_from"] = events_from
                    fields["meta"] = meta
                return []
            if started is not None:  # an earlier run's story, still untold, comes first
                events_from = min(int(started), events_from)
            begins = max(begins, events_from)
            meta["story_from"] = begins
            fields["meta"] = meta
            told, later = lens.events_since(events_from), lens.events_since(begins)
            return told[: len(told) - len(later)]
        if started is not None:
            del meta["story_from"]
            fields["meta"] = meta
            events_from = min(int(started), events_from)
        return lens.events_since(events_from)

    def _run_ai(self, state: State, seats: list[Seat], seed: int, held: Held | None = None) -> list[str]:
        levels = [seat.ai for seat in seats]
        return engine_games.run_ai(state, levels, seed, on_decision=self.ai_progress, held=held)

    async def _write(self, row: MatchRow, **fields: Any) -> MatchRow:
        """A compare-and-set write of non-game fields (status, location, clocks)."""
        try:
            row.version = await self.db.update_match(row.id or 0, row.version, **fields)
        except StaleWriteError as exc:
            raise StaleChoiceError("The match changed meanwhile; please try again.") from exc
        finally:
            self._rows.pop(row.id or 0, None)  # our copy is behind now; the next choice reads the row
        for key, value in fields.items():
            setattr(row, key, value)
        return row

    async def set_location(self, match_id: int, **fields: Any) -> MatchRow:
        """Remember where the match lives (thread, board message); retried on concurrent writes."""
        for _ in range(5):
            row = await self.row(match_id)
            try:
                return await self._write(row, **fields)
            except StaleChoiceError:
                await asyncio.sleep(0.01)
        raise ServiceError(f"Could not update match #{match_id}: it keeps changing.")

    # ------------------------------------------------------------------ views
    async def view(self, match_id: int, user: str | None) -> tuple[MatchRow, dict[str, Any], int | None]:
        """The observation of `user` (their seat), or the spectator view; with the row and seat.
        During a simultaneous step both show the match as the step began (`public_view`); a
        seat's own side shows their answers."""
        row, state = await self.state(match_id)
        if state is None:
            raise ServiceError(f"Match #{match_id} has not started yet.")
        seat = seat_index(row, user) if user is not None else None
        return row, self.public_view(row, state, seat), seat

    def state_at(self, row: MatchRow, at: int) -> State:
        """The match after its first `at` choices: from the snapshot when it is not later, else replayed."""
        snap = self._from_snapshot(row) if row.snapshot_choices <= at else None
        if snap is None:
            return self._replay(row, at)
        for choice in row.choices[row.snapshot_choices : at]:
            snap.apply(str(choice))
        return snap

    def public_state(self, row: MatchRow, state: State) -> State:
        """What the public may see of the match: `state`, except during a simultaneous step, when
        it is the match as the step began (`public_at`, kept by `_after_choices`), so no answer
        shows (a card in a Rest pile, a hand's size, a placed player) before everyone has chosen."""
        known = (row.meta or {}).get("public_at")
        if known is None or state.result is not None or not in_simultaneous_step(state):
            return state
        at = int(known)
        if at >= len(row.choices):
            return state
        key = (at, int(row.meta.get("step_offset") or 0))
        cached = self._public.get(row.id or 0)
        if cached is not None and cached[0] == key:
            return cached[1]
        found = self.state_at(row, at)
        self._public[row.id or 0] = (key, found)
        return found

    def public_view(self, row: MatchRow, state: State, seat: int | None = None) -> dict[str, Any]:
        """The view every public board is drawn from (the thread's board, the console's, the web's):
        the spectator's view (`seat` None), or a seat's. During a simultaneous step it shows the
        match as the step began, waiting for everyone (the prompt has no player, `everyone` set);
        a seat's own side shows the answers they gave (held or applied)."""
        shown = self.public_state(row, state)
        view = lens_of(row, shown, seat).view()
        pending = state.prompt()
        if state.result is not None or pending is None or pending.kind not in state.game.simultaneous_kinds:
            return view
        step = shown.prompt()
        kind = step.kind if step is not None else pending.kind
        view["prompt"] = {"player": None, "kind": kind, "waiting": True, "everyone": True}
        if seat is not None:
            decision = decision_for(row, state, seat)
            mine = mine_view(row, state, seat, decision)
            view["players"][seat] = mine["players"][seat]
            if mine.get("prompt"):
                view["prompt"] = mine["prompt"]
        return view

    async def replay_view(self, match_id: int, step: int) -> tuple[MatchRow, dict[str, Any], int]:
        """The spectator view after `step` choices of a finished match (clamped to the range)."""
        row = await self.row(match_id)
        if row.status == "active":
            raise ServiceError("Replays are for finished matches; watch the thread for this one.")
        if not row.decks:
            raise ServiceError(f"Match #{match_id} never started.")
        step = max(0, min(step, len(row.choices)))
        state = self._replay(row, step)
        return row, lens_of(row, state, None).view(), step

    async def warm_open_matches(self) -> list[MatchRow]:
        """Load every active match's state into the cache (after a restart); returns the rows loaded.

        A match whose game is missing or whose record this engine version cannot replay is logged
        and skipped; its players get the reason when they next use it.
        """
        rows = await self.db.open_matches(("active",))
        warmed = []
        for row in rows:
            if not row.decks:
                continue
            try:
                self.load_state(row)
            except Exception as exc:  # one match that cannot be rebuilt must not stop the bot starting
                log.error("match %s cannot be resumed (%s: %s); it stays stored as is", row.id, type(exc).__name__, exc)
                continue
            warmed.append(row)
        return warmed

    async def list_for(self, user: str, *, open_only: bool = True) -> list[MatchRow]:
        return await self.db.matches_for(user, open_only=open_only)

    # ------------------------------------------------------------------ ending matches
    async def concede(self, match_id: int, user: str) -> MatchUpdate:
        async with self._lock(match_id):
            row = await self.row(match_id)
            seat = seat_index(row, user)
            if seat is None:
                raise ForbiddenError("Only a player of this match can concede it.")
            if row.status != "active":
                raise ServiceError(f"Match #{match_id} is not in progress.")
            return await self._forfeit(row, seat, "{name} conceded.")

    async def abort(self, match_id: int, user: str, *, moderator: bool = False) -> MatchUpdate:
        """Abort when every human player asked for it, or at once for a moderator."""
        async with self._lock(match_id):
            row = await self.row(match_id)
            if row.status not in OPEN_STATUSES:
                raise ServiceError(f"Match #{match_id} is already over.")
            seat = seat_index(row, user)
            if seat is None and not moderator:
                raise ForbiddenError("Only the players or a moderator can abort a match.")
            humans = {s.user for s in seats_of(row) if s.ai is None}
            votes = set(row.meta.get("abort_votes", [])) | ({user} if seat is not None else set())
            if moderator or votes >= humans:
                await self._write(row, status="aborted", turn_user=None)
                await self._finished(await self.row(match_id))  # a league hears it was not played
                return MatchUpdate(row, None, ["The match was aborted."])
            await self._write(row, meta={**row.meta, "abort_votes": sorted(votes)})
            missing = ", ".join(s.name for s in seats_of(row) if s.user in humans - votes)
            return MatchUpdate(row, None, notice=f"Abort requested; waiting for {missing} to agree.")

    async def rematch(self, match_id: int, user: str) -> MatchUpdate | MatchRow:
        """A new match with the same players and decks, seats swapped; AI rematches start at once."""
        row = await self.row(match_id)
        seat = seat_index(row, user)
        if seat is None:
            raise ForbiddenError("Only a player of that match can ask for a rematch.")
        if row.status in OPEN_STATUSES:
            raise ServiceError(f"Match #{match_id} is still going on.")
        seats = seats_of(row)
        names = list(row.deck_names)
        if any(s.ai for s in seats):
            me = seats[seat]
            return await self.start_ai(
                row.game,
                me,
                names[seat] if seat < len(names) else None,
                ",".join(s.ai or "greedy" for s in seats if s.ai),
                players=len(seats),
                guild_id=row.guild_id,
                channel_id=row.channel_id,
            )
        others = [s for i, s in enumerate(seats) if i != seat]
        if not others:  # a lobby closed before anyone joined
            raise ServiceError(f"Match #{match_id} never had an opponent: start a new one with /match open.")
        return await self.challenge(
            row.game,
            seats[seat],
            others[0],
            names[seat] if seat < len(names) else None,
            guild_id=row.guild_id,
            channel_id=row.channel_id,
        )

    # ------------------------------------------------------------------ clocks
    async def due_clocks(self, at: float | None = None) -> list[tuple[MatchRow, str]]:
        """Matches whose turn clock needs action now: ("remind", row) at half time, ("warn", row)
        when a quarter is left (a private warning), ("timeout", row) when it ran out."""
        at = now() if at is None else at
        due: list[tuple[MatchRow, str]] = []
        for row in await self.db.open_matches(("active",)):
            if not row.turn_user or row.turn_user.startswith("ai:"):
                continue
            limit = float(row.meta.get("clock_hours") or self.clock_hours) * 3600
            elapsed = at - row.turn_started_at
            if elapsed >= limit:
                due.append((row, "timeout"))
            elif elapsed >= limit * WARN_AT and row.meta.get("warned_at") != row.turn_started_at:
                due.append((row, "warn"))
            elif elapsed >= limit / 2 and not row.reminded:
                due.append((row, "remind"))
        return due

    async def mark_reminded(self, row: MatchRow) -> None:
        await self._write(row, reminded=True)

    async def mark_warned(self, row: MatchRow) -> None:
        """The player on the clock was warned privately for this turn (once a turn)."""
        await self._write(row, reminded=True, meta={**row.meta, "warned_at": row.turn_started_at})

    def clock_left(self, row: MatchRow, at: float | None = None) -> float:
        """Seconds left on the turn clock of the player the match waits for."""
        at = now() if at is None else at
        limit = float(row.meta.get("clock_hours") or self.clock_hours) * 3600
        return max(0.0, limit - (at - row.turn_started_at))

    async def timeout(self, row: MatchRow) -> MatchUpdate:
        """The player on the clock loses by timeout."""
        async with self._lock(row.id or 0):
            seat = seat_index(row, row.turn_user or "")
            if seat is None or row.status != "active":
                raise StaleChoiceError("The clock no longer applies to this match.")
            return await self._forfeit(row, seat, "{name} ran out of time.")

    async def _forfeit(self, row: MatchRow, seat: int, reason: str) -> MatchUpdate:
        """End the match now: every other seat wins; `reason` may name the loser as {name}."""
        text = reason.format(name=seats_of(row)[seat].name)
        winners = [i for i in range(len(row.seats)) if i != seat]
        await self._write(row, status="finished", turn_user=None, result={"winners": winners, "reason": text})
        await self._finished(await self.row(row.id or 0))
        return MatchUpdate(row, None, [text])

    async def _finished(self, row: MatchRow) -> None:
        """Tell the finish hooks (of a finished or aborted match); a failing hook is logged, never
        undoes the end of the match."""
        for hook in self.finish_hooks:
            try:
                await hook(row)
            except Exception:
                log.exception("a finish hook failed for match %s", row.id)
