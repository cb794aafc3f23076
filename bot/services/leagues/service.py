"""The league use cases: create, join with a validated deck, drop, start, pair rounds,
report/confirm/dispute results, organizer edits, standings, ratings and CSV export. Pod leagues
(3-6 player games) share this flow; their own results are in `pod_service`.

Transport-agnostic: the Discord cog and the console pass user ids and whether the user is
an organizer (Manage Server permission or the configured organizer role).
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from sqlmodel import col, select

from bot.persistence import Database
from bot.persistence.league_models import (
    DEADLINE_POLICIES,
    LEAGUE_FORMATS,
    LeagueEntryRow,
    LeagueMatchRow,
    LeaguePodRow,
    LeagueRow,
)
from bot.persistence.models import MatchRow, now
from bot.services.decks import DeckService
from bot.services.errors import ForbiddenError, NotFoundError, ServiceError
from bot.services.leagues import pod_service
from bot.services.leagues.export import export_csv
from bot.services.leagues.pairing import met_pairs, round_robin, swiss_pairings, swiss_round_count, top_cut_bracket
from bot.services.leagues.pod_service import PodLeagues, check_pod_options, load_pods, rated_pods
from bot.services.leagues.pod_standings import PodRow
from bot.services.leagues.pods import plan_pods
from bot.services.leagues.rows import fetch
from bot.services.leagues.standings import MatchResult, Row, standings
from bot.services.match_model import MatchUpdate, Seat, seat_index
from bot.services.skill import MODEL, rate, shown
from engine.core.registry import get_game, list_games

if TYPE_CHECKING:
    from bot.services.matches import MatchService

MAX_NAME = 60
BEST_OF = (1, 3, 5)
TOP_CUTS = (0, 2, 4, 8)


@dataclass(frozen=True, slots=True)
class LeagueInfo:
    league: LeagueRow
    entries: list[LeagueEntryRow]
    matches: list[LeagueMatchRow]
    pods: list[LeaguePodRow] = field(default_factory=list)

    @property
    def active(self) -> list[LeagueEntryRow]:
        return [e for e in self.entries if not e.dropped]

    @property
    def is_pods(self) -> bool:
        return self.league.format == "pods"

    def open_matches(self, round_number: int | None = None) -> list[LeagueMatchRow]:
        wanted = self.league.current_round if round_number is None else round_number
        return [m for m in self.matches if m.round == wanted and m.status != "confirmed"]


def _needed(best_of: int) -> int:
    return best_of // 2 + 1


def check_score(best_of: int, games_a: int, games_b: int, draws: int) -> None:
    """Refuse a score that cannot happen in a best-of-`best_of` match."""
    if min(games_a, games_b, draws) < 0:
        raise ServiceError("scores cannot be negative")
    need = _needed(best_of)
    if games_a > need or games_b > need or (games_a == need and games_b == need):
        raise ServiceError(f"in a best-of-{best_of} match nobody wins more than {need} games")
    if games_a + games_b + draws > best_of + draws or games_a + games_b + draws == 0:
        raise ServiceError(f"{games_a}-{games_b}-{draws} is not a possible best-of-{best_of} result")


class LeagueService:
    """Every league operation, each one transaction."""

    def __init__(self, db: Database, decks: DeckService | None = None) -> None:
        self.db = db
        self.decks = decks
        self.pods = PodLeagues(db)

    # ------------------------------------------------------------------ reading
    async def league(self, guild_id: str, name: str) -> LeagueRow:
        stmt = select(LeagueRow).where(LeagueRow.guild_id == guild_id, LeagueRow.name == name)
        async with self.db.session() as session:
            row: LeagueRow | None = (await session.execute(stmt)).scalars().first()
        if row is None:
            raise NotFoundError(f"no league named {name!r} on this server")
        return row

    async def leagues(self, guild_id: str) -> list[LeagueRow]:
        stmt = select(LeagueRow).where(LeagueRow.guild_id == guild_id).order_by(col(LeagueRow.id))
        async with self.db.session() as session:
            return list((await session.execute(stmt)).scalars())

    async def info(self, guild_id: str, name: str) -> LeagueInfo:
        league = await self.league(guild_id, name)
        async with self.db.session() as session:
            entries = list(
                (await session.execute(select(LeagueEntryRow).where(LeagueEntryRow.league_id == league.id))).scalars()
            )
            matches = list(
                (
                    await session.execute(
                        select(LeagueMatchRow)
                        .where(LeagueMatchRow.league_id == league.id)
                        .order_by(col(LeagueMatchRow.id))
                    )
                ).scalars()
            )
            pods = await load_pods(session, [league.id or 0])
        return LeagueInfo(league, entries, matches, pods)

    # ------------------------------------------------------------------ organizing
    async def create(
        self,
        guild_id: str,
        organizer: str,
        name: str,
        game: str,
        format: str = "swiss",
        *,
        rounds: int = 0,
        best_of: int = 3,
        round_length_hours: float = 168.0,
        top_cut: int = 0,
        deadline_policy: str = "none",
        channel_id: str = "",
        is_organizer: bool = False,
        pod_size: int = 4,
        points: Sequence[int] = (),
        small_pods: bool = False,
        allow_undo: bool = False,
    ) -> LeagueRow:
        """A league in sign-up. Pods (`format="pods"`): `pod_size` 3-5, `points` by finishing
        position (default: one per pod-mate finished ahead of), `small_pods` allows pods of 2, and
        `top_cut` is the size of the final table (0, or 3 to 6). `allow_undo` lets the players of
        its matches played here take back a decision when the others agree (off by default)."""
        if not is_organizer:
            raise ForbiddenError("creating a league needs the Manage Server permission or the organizer role")
        name = name.strip()
        if not name or len(name) > MAX_NAME:
            raise ServiceError(f"a league name has 1 to {MAX_NAME} characters")
        if game not in list_games():
            raise ServiceError(f"unknown game {game!r}; games: {', '.join(list_games())}")
        if format not in LEAGUE_FORMATS:
            raise ServiceError(f"format is one of {', '.join(LEAGUE_FORMATS)}")
        if best_of not in BEST_OF:
            raise ServiceError("matches are best of 1, 3 or 5")
        if not 0 <= rounds <= 30:
            raise ServiceError("rounds: 0 (automatic) to 30")
        if format == "pods":
            check_pod_options(game, pod_size, points, top_cut, small_pods)
        elif top_cut not in TOP_CUTS:
            raise ServiceError("top cut: 0, 2, 4 or 8 players")
        if not 1 <= round_length_hours <= 24 * 60:
            raise ServiceError("a round lasts between 1 hour and 60 days")
        if deadline_policy not in DEADLINE_POLICIES:
            raise ServiceError(f"at the deadline, unplayed matches are: {', '.join(DEADLINE_POLICIES)}")
        existing = await self.leagues(guild_id)
        if any(lg.name == name for lg in existing):
            raise ServiceError(f"a league named {name!r} already exists here")
        row = LeagueRow(
            guild_id=guild_id,
            name=name,
            game=game,
            format=format,
            rounds=rounds,
            best_of=best_of,
            round_length_hours=round_length_hours,
            top_cut=top_cut,
            deadline_policy=deadline_policy,
            channel_id=channel_id,
            organizer=organizer,
            pod_size=pod_size if format == "pods" else 4,
            points_table=list(points) if format == "pods" else [],
            small_pods=small_pods and format == "pods",
            seed=secrets.randbits(31),
            allow_undo=allow_undo,
        )
        async with self.db.writing() as session:
            session.add(row)
            await session.flush()
            await session.refresh(row)
        return row

    async def join(
        self, guild_id: str, name: str, user: str, display: str, deck: dict[str, list[str]], deck_name: str = ""
    ) -> LeagueEntryRow:
        """Sign up (or replace your deck before the start) with a deck legal for the game."""
        league = await self.league(guild_id, name)
        if league.status == "finished" or (league.status != "signup" and league.format not in ("ladder", "pods")):
            raise ServiceError("sign-ups are closed: the league has started")
        problems = get_game(league.game).validate_deck(deck)
        if problems:
            raise ServiceError("that deck is not legal: " + "; ".join(problems))
        async with self.db.writing() as session:
            stmt = select(LeagueEntryRow).where(LeagueEntryRow.league_id == league.id, LeagueEntryRow.user == user)
            entry = (await session.execute(stmt)).scalars().first()
            if entry is None:
                entry = LeagueEntryRow(league_id=league.id or 0, user=user)
                session.add(entry)
            elif entry.dropped:
                raise ServiceError("you dropped from this league; ask an organizer to re-enter you")
            entry.name, entry.deck, entry.deck_name = display[:MAX_NAME], deck, deck_name[:MAX_NAME]
            await session.flush()
            await session.refresh(entry)
        return entry

    async def drop(self, guild_id: str, name: str, user: str) -> None:
        league = await self.league(guild_id, name)
        async with self.db.writing() as session:
            stmt = select(LeagueEntryRow).where(LeagueEntryRow.league_id == league.id, LeagueEntryRow.user == user)
            entry = (await session.execute(stmt)).scalars().first()
            if entry is None or entry.dropped:
                raise NotFoundError("you are not playing in this league")
            if league.status == "signup":
                await session.delete(entry)
            else:
                entry.dropped, entry.dropped_round = True, league.current_round

    async def start(self, guild_id: str, name: str, *, is_organizer: bool) -> LeagueInfo:
        league = await self.league(guild_id, name)
        self._organizer_only(is_organizer)
        if league.status != "signup":
            raise ServiceError("this league has already started")
        info = await self.info(guild_id, name)
        if len(info.active) < 2:
            raise ServiceError("a league needs at least 2 players to start")
        if info.is_pods and plan_pods(len(info.active), league.pod_size, league.small_pods).byes == len(info.active):
            raise ServiceError("a pod league needs at least 3 players to start (2 with small pods)")
        async with self.db.writing() as session:
            row = await session.get(LeagueRow, league.id)
            assert row is not None
            row.status = "running"
            if row.format == "round_robin" and row.rounds == 0:
                row.rounds = len(round_robin([e.user for e in info.active]))
            elif row.format in ("swiss", "pods") and row.rounds == 0:
                row.rounds = swiss_round_count(len(info.active))
        if league.format == "ladder":
            return await self.info(guild_id, name)
        return await self.next_round(guild_id, name, is_organizer=True)

    async def next_round(self, guild_id: str, name: str, *, is_organizer: bool, force: bool = False) -> LeagueInfo:
        """Pair the next round (all results of the current one must be confirmed unless forced)."""
        self._organizer_only(is_organizer)
        info = await self.info(guild_id, name)
        league = info.league
        if league.status != "running" or league.format == "ladder":
            raise ServiceError("only a running Swiss or round-robin league has rounds")
        unfinished = pod_service.open_pods(info) if info.is_pods else info.open_matches()
        if unfinished and not force:
            what = "pod(s)" if info.is_pods else "match(es)"
            raise ServiceError(f"{len(unfinished)} {what} of round {league.current_round} have no confirmed result")
        number = league.current_round + 1
        if info.is_pods:
            return await self._seat_pods(info, number)
        pairs = self._pairings(info, number)
        async with self.db.writing() as session:
            row = await session.get(LeagueRow, league.id)
            assert row is not None
            if pairs is None:
                row.status = "finished"
            else:
                row.current_round = number
                row.round_started_at = now()
                for a, b in pairs:
                    match = LeagueMatchRow(league_id=row.id or 0, round=number, player_a=a, player_b=b)
                    if b is None:  # a bye: a 2-0 win, confirmed at once
                        match.status, match.games_a, match.confirmed_at = "confirmed", 2, now()
                    session.add(match)
        return await self.info(guild_id, name)

    async def _seat_pods(self, info: LeagueInfo, number: int) -> LeagueInfo:
        seated = pod_service.seating(info, number)
        async with self.db.writing() as session:
            row = await session.get(LeagueRow, info.league.id)
            assert row is not None
            if seated is None:
                row.status = "finished"
            else:
                row.current_round, row.round_started_at = number, now()
                session.add_all(pod_service.new_pods(row, number, seated))
        return await self.info(info.league.guild_id, info.league.name)

    def _pairings(self, info: LeagueInfo, number: int) -> list[tuple[str, str | None]] | None:
        league = info.league
        active = [e.user for e in info.active]
        if league.format == "round_robin":
            schedule = round_robin(sorted(e.user for e in info.entries))
            if number > len(schedule):
                return None
            return [(a, b) for a, b in schedule[number - 1] if a in active and (b is None or b in active)]
        results = self.results(info)
        if number > league.rounds:
            return self._top_cut(info, number, active, results)
        table = [r.player for r in standings([e.user for e in info.entries], results) if r.player in active]
        byes = {m.player_a for m in info.matches if m.player_b is None}
        pairing = swiss_pairings(table, met_pairs((m.player_a, m.player_b) for m in info.matches), byes)
        pairs: list[tuple[str, str | None]] = list(pairing.pairs)
        if pairing.bye:
            pairs.append((pairing.bye, None))
        return pairs

    def _top_cut(
        self, info: LeagueInfo, number: int, active: list[str], results: list[MatchResult]
    ) -> list[tuple[str, str | None]] | None:
        """Single elimination after the Swiss rounds: 1 v N, 2 v N-1, ..., winners meet in order.

        A drawn top-cut match sends the higher seed (player A) through.
        """
        league = info.league
        if not league.top_cut:
            return None
        if number == league.rounds + 1:
            table = [r.player for r in standings([e.user for e in info.entries], results) if r.player in active]
            seeds = table[: league.top_cut]
            return list(top_cut_bracket(seeds)) if len(seeds) == league.top_cut else None
        previous = [m for m in info.matches if m.round == number - 1]
        winners = [m.player_b if m.games_b > m.games_a and m.player_b else m.player_a for m in previous]
        if len(winners) < 2:
            return None
        return [(winners[i], winners[i + 1]) for i in range(0, len(winners) - 1, 2)]

    # ------------------------------------------------------------------ results
    @staticmethod
    def results(info: LeagueInfo) -> list[MatchResult]:
        """Confirmed results that count for standings (top-cut matches do not)."""
        last = info.league.rounds if info.league.format == "swiss" and info.league.rounds else None
        return [
            MatchResult(m.player_a, m.player_b, m.games_a, m.games_b, m.draws, m.double_loss)
            for m in info.matches
            if m.status == "confirmed" and m.round >= 0 and (last is None or m.round <= last)
        ]

    async def champion(self, guild_id: str, name: str) -> str | None:
        """The winner of a finished league: the top-cut final's winner, else the first in the standings."""
        info = await self.info(guild_id, name)
        if info.league.status != "finished":
            return None
        if info.is_pods:
            return pod_service.champion(info)
        if info.league.top_cut and info.league.format == "swiss":
            final = max((m for m in info.matches if m.round > info.league.rounds), key=lambda m: m.round, default=None)
            if final is not None:
                return final.player_b if final.games_b > final.games_a and final.player_b else final.player_a
        table = standings([e.user for e in info.entries], self.results(info))
        return table[0].player if table else None

    async def _match(self, match_id: int) -> LeagueMatchRow:
        return await fetch(self.db, LeagueMatchRow, match_id, "league match")

    async def report(self, match_id: int, user: str, games_won: int, games_lost: int, draws: int = 0) -> LeagueMatchRow:
        """A player reports their match; the opponent confirms or disputes it."""
        match = await self._match(match_id)
        league = await self._league_by_id(match.league_id)
        if user not in (match.player_a, match.player_b):
            raise ForbiddenError("only the two players of a match can report it")
        if match.status == "confirmed":
            raise ServiceError("this result is already confirmed; an organizer can still edit it")
        if match.status in ("reported", "disputed"):
            raise ServiceError("this match already has a reported result: the opponent confirms or disputes it")
        games_a, games_b = (games_won, games_lost) if user == match.player_a else (games_lost, games_won)
        check_score(league.best_of, games_a, games_b, draws)
        return await self._set_result(match_id, user, "reported", games_a, games_b, draws, "reported")

    async def confirm(self, match_id: int, user: str, accept: bool) -> LeagueMatchRow:
        match = await self._match(match_id)
        if match.status != "reported":
            raise ServiceError("there is no reported result waiting for confirmation")
        if user not in (match.player_a, match.player_b) or user == match.reported_by:
            raise ForbiddenError("only the opponent of the reporting player confirms a result")
        status = "confirmed" if accept else "disputed"
        why = "confirmed by the opponent" if accept else "disputed: sent to the organizers"
        return await self._set_result(match_id, user, status, match.games_a, match.games_b, match.draws, why)

    async def auto_confirm(self, at: float | None = None) -> list[LeagueMatchRow]:
        """Confirm every reported result whose confirmation time has passed."""
        moment = now() if at is None else at
        async with self.db.session() as session:
            reported = list(
                (await session.execute(select(LeagueMatchRow).where(LeagueMatchRow.status == "reported"))).scalars()
            )
        done = []
        for match in reported:
            league = await self._league_by_id(match.league_id)
            if match.reported_at + league.auto_confirm_hours * 3600 <= moment:
                done.append(
                    await self._set_result(
                        match.id or 0,
                        "tcgtable",
                        "confirmed",
                        match.games_a,
                        match.games_b,
                        match.draws,
                        "confirmed automatically: the opponent did not answer in time",
                    )
                )
        await self.pods.auto_confirm(moment)
        return done

    async def edit(
        self, match_id: int, organizer: str, games_a: int, games_b: int, draws: int, reason: str, *, is_organizer: bool
    ) -> LeagueMatchRow:
        """An organizer sets a result (disputes, mistakes); the previous one stays in the history."""
        self._organizer_only(is_organizer)
        match = await self._match(match_id)
        league = await self._league_by_id(match.league_id)
        check_score(league.best_of, games_a, games_b, draws)
        return await self._set_result(match_id, organizer, "confirmed", games_a, games_b, draws, f"edited: {reason}")

    async def record_game(self, match_id: int, winner: str | None) -> LeagueMatchRow:
        """A game played through tcgtable's own match commands reports itself (no confirmation)."""
        match = await self._match(match_id)
        league = await self._league_by_id(match.league_id)
        games_a, games_b, draws = match.games_a, match.games_b, match.draws
        if winner is None:
            draws += 1
        elif winner == match.player_a:
            games_a += 1
        elif winner == match.player_b:
            games_b += 1
        else:
            raise ServiceError("the winner of that game is not a player of this league match")
        need = _needed(league.best_of)
        done = games_a >= need or games_b >= need or games_a + games_b + draws >= league.best_of
        status = "confirmed" if done else "pending"
        return await self._set_result(match_id, "tcgtable", status, games_a, games_b, draws, "game played on tcgtable")

    async def _note(self, match_id: int, why: str) -> None:
        """Add `why` to a league match's history without changing its result."""
        async with self.db.writing() as session:
            row = await session.get(LeagueMatchRow, match_id)
            if row is None:
                return
            status = [row.status, row.games_a, row.games_b, row.draws]
            row.history = [*row.history, {"by": "tcgtable", "at": now(), "from": status, "to": status, "why": why}]

    async def _set_result(
        self, match_id: int, by: str, status: str, games_a: int, games_b: int, draws: int, why: str
    ) -> LeagueMatchRow:
        async with self.db.writing() as session:
            row = await session.get(LeagueMatchRow, match_id)
            if row is None:
                raise NotFoundError(f"no league match #{match_id}")
            entry: dict[str, Any] = {
                "by": by,
                "at": now(),
                "from": [row.status, row.games_a, row.games_b, row.draws],
                "to": [status, games_a, games_b, draws],
                "why": why,
            }
            row.history = [*row.history, entry]
            row.status, row.games_a, row.games_b, row.draws = status, games_a, games_b, draws
            if status == "reported":
                row.reported_by, row.reported_at = by, now()
            if status == "confirmed":
                row.confirmed_at = now()
            await session.flush()
            await session.refresh(row)
        return row

    # ------------------------------------------------------------------ deadlines
    @staticmethod
    def deadline(league: LeagueRow) -> float:
        return league.round_started_at + league.round_length_hours * 3600

    async def _running_rounds(self) -> list[LeagueInfo]:
        async with self.db.session() as session:
            rows = list((await session.execute(select(LeagueRow).where(LeagueRow.status == "running"))).scalars())
        return [await self.info(r.guild_id, r.name) for r in rows if r.format != "ladder" and r.current_round > 0]

    async def due_reminders(
        self, at: float | None = None
    ) -> list[tuple[LeagueRow, Sequence[LeagueMatchRow | LeaguePodRow]]]:
        """Rounds ending soon (the last quarter of the round, at most a day) with unfinished matches.

        Each round is reminded once; returns the leagues and the matches whose players to remind.
        """
        moment = now() if at is None else at
        due = []
        for info in await self._running_rounds():
            league = info.league
            lead = min(24 * 3600.0, league.round_length_hours * 3600 / 4)
            open_matches: Sequence[LeagueMatchRow | LeaguePodRow] = (
                pod_service.open_pods(info) if info.is_pods else [m for m in info.open_matches() if m.player_b]
            )
            if league.reminded_round >= league.current_round or not open_matches:
                continue
            if moment >= self.deadline(league) - lead:
                async with self.db.writing() as session:
                    row = await session.get(LeagueRow, league.id)
                    assert row is not None
                    row.reminded_round = league.current_round
                due.append((league, open_matches))
        return due

    async def apply_deadlines(
        self, at: float | None = None
    ) -> list[tuple[LeagueRow, Sequence[LeagueMatchRow | LeaguePodRow]]]:
        """Resolve matches still unplayed at their round's deadline by the league's policy."""
        moment = now() if at is None else at
        done: list[tuple[LeagueRow, Sequence[LeagueMatchRow | LeaguePodRow]]] = []
        for info in await self._running_rounds():
            league = info.league
            if league.deadline_policy == "none" or moment < self.deadline(league):
                continue
            if info.is_pods:
                pods = await self.pods.deadline(info)
                if pods:
                    done.append((league, pods))
                continue
            resolved: list[LeagueMatchRow | LeaguePodRow] = []
            for match in info.open_matches():
                if match.status != "pending" or match.player_b is None:
                    continue  # a reported or disputed result is for the players or the organizers
                resolved.append(await self._deadline_result(match.id or 0, league.deadline_policy))
            if resolved:
                done.append((league, resolved))
        return done

    async def _deadline_result(self, match_id: int, policy: str) -> LeagueMatchRow:
        async with self.db.writing() as session:
            row = await session.get(LeagueMatchRow, match_id)
            assert row is not None
            why = "double loss" if policy == "double_loss" else "draw"
            row.history = [
                *row.history,
                {
                    "by": "tcgtable",
                    "at": now(),
                    "from": [row.status, row.games_a, row.games_b, row.draws],
                    "to": ["confirmed", 0, 0, 0 if policy == "double_loss" else 1],
                    "why": f"unplayed at the round's deadline: {why}",
                },
            ]
            row.status, row.games_a, row.games_b, row.confirmed_at = "confirmed", 0, 0, now()
            row.draws = 0 if policy == "double_loss" else 1
            row.double_loss = policy == "double_loss"
            await session.flush()
            await session.refresh(row)
        return row

    # ------------------------------------------------------------------ played on tcgtable
    async def play(
        self, guild_id: str, name: str, user: str, matches: MatchService, *, channel_id: str | None = None
    ) -> MatchRow:
        """Challenge your current league opponent to a game on tcgtable with both league decks; when
        the opponent already offered one, that offer is returned for you to accept (one offer a pairing).

        When that game ends, its result counts for the league match by itself (`on_match_finished`).
        A pod league's players use `play_pod`.
        """
        info = await self.info(guild_id, name)
        if info.is_pods:
            raise ServiceError("in a pod league, every player of the pod says they are ready (play_pod)")
        match = await self.match_for(guild_id, name, user)
        if match.status in ("reported", "disputed"):
            raise ServiceError("this match already has a reported result")
        for open_id in reversed(match.match_ids):  # one offer a pairing: the second player joins it
            offered = await matches.row(open_id)
            if offered.status == "active":
                raise ServiceError(f"your league game is being played as match #{open_id}: play on there")
            if offered.status == "pending":
                if seat_index(offered, user) == 1:
                    return offered
                raise ServiceError(
                    f"you already offered match #{open_id}; your opponent accepts it (or types /league play)"
                )
        entries = {e.user: e for e in info.entries}
        opponent = match.player_b if user == match.player_a else match.player_a
        assert opponent is not None
        me, them = entries[user], entries[opponent]
        row = await matches.challenge(
            info.league.game,
            Seat(user, me.name or user),
            Seat(opponent, them.name or opponent),
            None,
            guild_id=guild_id,
            channel_id=channel_id,
            fixed_decks=[(me.deck_name or "league deck", me.deck), (them.deck_name or "league deck", them.deck)],
            meta={"league_match": match.id, "allow_undo": info.league.allow_undo},
        )
        async with self.db.writing() as session:
            stored = await session.get(LeagueMatchRow, match.id)
            assert stored is not None
            stored.match_ids = [*stored.match_ids, row.id or 0]
        return row

    async def play_pod(
        self, guild_id: str, name: str, user: str, matches: MatchService, *, channel_id: str | None = None
    ) -> tuple[LeaguePodRow, MatchUpdate | None]:
        """Ready to play your pod here; the match starts when the whole pod is ready (its order then
        counts by itself). Returns the pod and, once started, the match."""
        info = await self.info(guild_id, name)
        if not info.is_pods:
            raise ServiceError("this league pairs players one against one: use play")
        return await self.pods.play(info, user, matches, channel_id=channel_id)

    async def pod_for(self, guild_id: str, name: str, user: str) -> LeaguePodRow:
        """The user's unfinished pod in this pod league."""
        return self.pods.pod_for(await self.info(guild_id, name), user)

    async def on_match_finished(self, row: MatchRow) -> None:
        """A finished tcgtable match linked to a league match counts as one game of it (once);
        one linked to a pod sets the pod's finishing order."""
        if row.meta.get("league_pod"):
            if row.status != "aborted":  # an aborted pod game leaves the pod to play again
                await self.pods.on_match_finished(row)
            return
        league_match = row.meta.get("league_match")
        if not league_match or row.id is None:
            return
        match = await self._match(int(league_match))
        if row.status == "aborted":  # not played: said in the match's history, the pairing stays open
            await self._note(match.id or 0, f"game #{row.id} was aborted and does not count; play again")
            return
        if row.id in match.counted_ids or match.status == "confirmed":
            return
        winners = list((row.result or {}).get("winners", []))
        users = [seat.get("user") for seat in row.seats]
        winner = users[winners[0]] if len(winners) == 1 else None
        async with self.db.writing() as session:
            stored = await session.get(LeagueMatchRow, match.id)
            assert stored is not None
            stored.counted_ids = [*stored.counted_ids, row.id]
        await self.record_game(match.id or 0, winner)

    # ------------------------------------------------------------------ ladder
    async def challenge(self, guild_id: str, name: str, user: str, opponent: str) -> LeagueMatchRow:
        """Ladder: challenge any other active player."""
        info = await self.info(guild_id, name)
        if info.league.format != "ladder" or info.league.status != "running":
            raise ServiceError("challenges are for running ladder leagues")
        active = {e.user for e in info.active}
        if user not in active or opponent not in active:
            raise ServiceError("both players must be signed up to the ladder")
        if user == opponent:
            raise ServiceError("you cannot challenge yourself")
        if any({m.player_a, m.player_b} == {user, opponent} and m.status != "confirmed" for m in info.matches):
            raise ServiceError("you already have an unfinished match with that player")
        async with self.db.writing() as session:
            row = LeagueMatchRow(league_id=info.league.id or 0, round=0, player_a=user, player_b=opponent)
            session.add(row)
            await session.flush()
            await session.refresh(row)
        return row

    # ------------------------------------------------------------------ standings and export
    async def standings(self, guild_id: str, name: str) -> list[Row]:
        info = await self.info(guild_id, name)
        return standings([e.user for e in info.entries], self.results(info))

    async def pod_standings(self, guild_id: str, name: str) -> list[PodRow]:
        """A pod league's standings (points by finishing position, pod tiebreakers)."""
        return pod_service.standings_of(await self.info(guild_id, name))

    async def ratings(self, guild_id: str, name: str) -> list[tuple[str, float, int]]:
        """(player, shown OpenSkill rating, games) best first, from confirmed results in order:
        matches and pods (by finishing order) alike."""
        info = await self.info(guild_id, name)
        skills = {e.user: MODEL.rating(name=e.user) for e in info.entries}
        played = {e.user: 0 for e in info.entries}
        rated = rated_pods(info.pods)
        for m in info.matches:
            if m.status == "confirmed" and m.player_b and not m.double_loss:
                order = (1, 2) if m.games_a > m.games_b else (2, 1) if m.games_a < m.games_b else (1, 1)
                rated.append((m.confirmed_at, (m.player_a, m.player_b), order))
        for _, players, ranks in sorted(rated, key=lambda r: r[0]):
            skills = rate(skills, players, ranks)
            for player in players:
                played[player] = played.get(player, 0) + 1
        table = sorted(skills.items(), key=lambda item: (-item[1].mu, item[0]))
        return [(player, float(shown(skill)), played.get(player, 0)) for player, skill in table]

    async def deck_of(
        self, guild_id: str, name: str, viewer: str, player: str, *, is_organizer: bool
    ) -> LeagueEntryRow:
        """A player's deck list: shown to its owner, organizers, or anyone once published."""
        info = await self.info(guild_id, name)
        entry = next((e for e in info.entries if e.user == player), None)
        if entry is None:
            raise NotFoundError("that player is not in this league")
        if viewer != player and not is_organizer and not info.league.decklists_public:
            raise ForbiddenError("deck lists are hidden until the organizers publish them")
        return entry

    async def publish_decklists(self, guild_id: str, name: str, *, is_organizer: bool) -> None:
        self._organizer_only(is_organizer)
        league = await self.league(guild_id, name)
        async with self.db.writing() as session:
            row = await session.get(LeagueRow, league.id)
            assert row is not None
            row.decklists_public = True

    async def export_csv(self, guild_id: str, name: str) -> str:
        """Standings and every match (or pod), as CSV text."""
        info = await self.info(guild_id, name)
        if info.is_pods:
            return export_csv(info, pod_rows=pod_service.standings_of(info))
        return export_csv(info, rows=standings([e.user for e in info.entries], self.results(info)))

    # ------------------------------------------------------------------ helpers
    async def _league_by_id(self, league_id: int) -> LeagueRow:
        return await fetch(self.db, LeagueRow, league_id, "league")

    @staticmethod
    def _organizer_only(is_organizer: bool) -> None:
        if not is_organizer:
            raise ForbiddenError("only organizers (Manage Server or the organizer role) can do this")

    async def match_for(self, guild_id: str, name: str, user: str) -> LeagueMatchRow:
        """The user's unfinished match in this league (current round first)."""
        info = await self.info(guild_id, name)
        if info.is_pods:
            raise ServiceError("this is a pod league: report your pod's finishing order with /league finish")
        mine = [m for m in info.matches if user in (m.player_a, m.player_b) and m.status != "confirmed" and m.player_b]
        if not mine:
            raise NotFoundError("you have no unfinished match in this league")
        return max(mine, key=lambda m: (m.round, m.id or 0))


def names_of(entries: Sequence[LeagueEntryRow]) -> dict[str, str]:
    return {e.user: e.name or e.user for e in entries}
