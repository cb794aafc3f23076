"""Pod leagues' use cases: seating rounds, finishing orders reported and confirmed, organizer
settlements, deadlines, pods played on tcgtable, ratings and the final table.

A pod's finishing order is reported by one of its players and confirmed when a majority of the pod
(the reporter counts) has confirmed it, or an organizer does; any other player of the pod can
dispute it, and an organizer settles it. A pod played here (`/league play` by every player of the
pod: the match starts when the last one is ready, with everyone's league deck) reports its order
by itself when the game ends: winners first, then the others by the game's scores (Usagi Yojimbo:
chronicle tokens; its final tiebreak option decides between the winners).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from sqlalchemy.ext.asyncio import AsyncSession
from sqlmodel import col, select

from bot.persistence import Database
from bot.persistence.league_models import LeaguePodRow, LeagueRow
from bot.persistence.models import MatchRow, now
from bot.services import games as engine_games
from bot.services.errors import ForbiddenError, NotFoundError, ServiceError
from bot.services.leagues.pod_standings import (
    PodResult,
    PodRow,
    check_points,
    default_points,
    places_from_groups,
    pod_standings,
)
from bot.services.leagues.pods import POD_SIZES, Seating, allowed_sizes, met_counts, seat_pods
from bot.services.leagues.rows import fetch
from bot.services.match_model import MatchUpdate, Seat, new_row
from bot.services.skill import finishing_ranks

if TYPE_CHECKING:
    from bot.services.leagues.service import LeagueInfo
    from bot.services.matches import MatchService

FINAL_TABLE_MAX = 6

RatedPod = tuple[float, tuple[str, ...], tuple[int, ...]]  # (when, players, finishing positions)


def points_table(league: LeagueRow) -> list[int]:
    """The league's points by position (the organizer's, or the default for its pod size)."""
    return list(league.points_table) or default_points(league.pod_size)


def check_pod_options(game_id: str, pod_size: int, points: Sequence[int], top_cut: int, small_pods: bool) -> None:
    """Refuse pod-league settings the game or the format can't honour (ServiceError, for players)."""
    game = engine_games.get_game(game_id)
    if game.max_players < 3:
        raise ServiceError(f"pods are for games of 3 or more players; {game.name} is for {game.max_players}")
    if pod_size not in POD_SIZES or pod_size > game.max_players:
        top = min(max(POD_SIZES), game.max_players)
        raise ServiceError(f"a pod seats {POD_SIZES[0]} to {top} players in {game.name}")
    if min(allowed_sizes(pod_size, small_pods)) < game.min_players:
        raise ServiceError(f"{game.name} needs at least {game.min_players} players: small pods can't be allowed")
    if points:
        try:
            check_points(points, pod_size)
        except ValueError as exc:
            raise ServiceError(str(exc)) from exc
    if top_cut and not 3 <= top_cut <= min(FINAL_TABLE_MAX, game.max_players):
        raise ServiceError(f"a final table seats 3 to {min(FINAL_TABLE_MAX, game.max_players)} players (0: none)")


def parse_points(text: str) -> list[int]:
    """ "3,2,1,0" (or "3/2/1/0", "3 2 1 0") → [3, 2, 1, 0]; "" → [] (the default)."""
    parts = [p for p in re.split(r"[\s,/;]+", text.strip()) if p]
    if not all(p.isascii() and p.isdigit() and len(p) < 6 for p in parts):
        raise ServiceError(f"points by position are whole numbers, best first, like 3,2,1,0 (not {text[:40]!r})")
    return [int(p) for p in parts]


def parse_order(text: str, players: Sequence[str], names: dict[str, str]) -> list[list[str]]:
    """A typed finishing order, best first: "ana > bo = cy > di" (`=` ties, `>` or `,` separates).

    Players are named by their display name, their id, or a Discord mention (<@id>).
    """
    by_name = {p: p for p in players}
    by_name.update({names.get(p, p).casefold(): p for p in players})
    groups: list[list[str]] = []
    text = re.sub(r"<@!?(\d+)>", r"\1", text)  # a mention is the player's id
    for chunk in re.split(r"[>,;\n]+", text):
        if not chunk.strip():
            continue
        group = []
        for token in chunk.split("="):
            token = token.strip().lstrip("@")
            player = by_name.get(token) or by_name.get(token.casefold())
            if player is None:
                raise ServiceError(f"{token[:40]!r} is not a player of this pod ({_listing(players, names)})")
            group.append(player)
        groups.append(group)
    seen = [p for g in groups for p in g]
    if sorted(seen) != sorted(players):
        raise ServiceError(f"name every player of the pod exactly once, best first: {_listing(players, names)}")
    return groups


def _listing(players: Sequence[str], names: dict[str, str]) -> str:
    return ", ".join(names.get(p, p) for p in players)


def pod_result(pod: LeaguePodRow) -> PodResult:
    return PodResult(tuple(pod.players), tuple(pod.places or [1] * len(pod.players)), pod.double_loss)


def pod_results(info: LeagueInfo) -> list[PodResult]:
    """Confirmed pods of the league's rounds (the final table does not count for standings)."""
    last = info.league.rounds
    return [pod_result(p) for p in info.pods if p.status == "confirmed" and (not last or p.round <= last)]


def standings_of(info: LeagueInfo) -> list[PodRow]:
    return pod_standings([e.user for e in info.entries], pod_results(info), points_table(info.league))


def rated_pods(pods: Sequence[LeaguePodRow]) -> list[RatedPod]:
    """The pods that are rated (OpenSkill by finishing order): played and confirmed; never byes,
    double losses or pods resolved at the deadline."""
    return [
        (p.confirmed_at, tuple(p.players), tuple(p.places))
        for p in pods
        if p.status == "confirmed" and len(p.players) > 1 and not p.double_loss and not p.unplayed
    ]


def seating(info: LeagueInfo, number: int) -> Seating | None:
    """The seating of round `number`; past the last round the final table (top cut), or None."""
    league = info.league
    active = [e.user for e in info.active]
    if number <= league.rounds:
        table = [row.player for row in standings_of(info) if row.player in set(active)]
        table += [p for p in active if p not in set(table)]
        met = met_counts(p.players for p in info.pods if len(p.players) > 1)
        had_bye = {p.players[0] for p in info.pods if len(p.players) == 1}
        seed = league.seed if number == 1 else None
        return seat_pods(table, league.pod_size, met, had_bye, small_pods=league.small_pods, first_round_seed=seed)
    if league.top_cut and number == league.rounds + 1:
        top = [row.player for row in standings_of(info) if row.player in set(active)][: league.top_cut]
        return Seating([top], [], 0) if len(top) >= 2 else None
    return None


def champion(info: LeagueInfo) -> str | None:
    """The final table's winner (the best seed among tied winners), else the standings' first."""
    final = [p for p in info.pods if p.round > info.league.rounds and p.status == "confirmed"]
    if final:
        pod = final[-1]
        return min(zip(pod.places, range(len(pod.players)), pod.players, strict=True))[2]
    table = standings_of(info)
    return table[0].player if table else None


def new_pods(league: LeagueRow, number: int, seated: Seating) -> list[LeaguePodRow]:
    """The rows of a round: one per pod, and a confirmed one-player pod per bye."""
    rows = [LeaguePodRow(league_id=league.id or 0, round=number, players=pod) for pod in seated.pods]
    for player in seated.byes:
        rows.append(
            LeaguePodRow(
                league_id=league.id or 0,
                round=number,
                players=[player],
                places=[1],
                status="confirmed",
                confirmed_at=now(),
            )
        )
    return rows


def open_pods(info: LeagueInfo, round_number: int | None = None) -> list[LeaguePodRow]:
    wanted = info.league.current_round if round_number is None else round_number
    return [p for p in info.pods if p.round == wanted and p.status != "confirmed"]


class PodLeagues:
    """Results of pods: report, confirm, dispute, settle, deadlines, play here."""

    def __init__(self, db: Database) -> None:
        self.db = db

    async def pod(self, pod_id: int) -> LeaguePodRow:
        return await fetch(self.db, LeaguePodRow, pod_id, "league pod")

    @staticmethod
    def pod_for(info: LeagueInfo, user: str) -> LeaguePodRow:
        """The user's unfinished pod in this league (the latest round first)."""
        mine = [p for p in info.pods if user in p.players and p.status != "confirmed" and len(p.players) > 1]
        if not mine:
            raise NotFoundError("you have no unfinished pod in this league")
        return max(mine, key=lambda p: (p.round, p.id or 0))

    async def report(self, pod_id: int, user: str, groups: Sequence[Sequence[str]]) -> LeaguePodRow:
        """A player of the pod reports its finishing order (groups best first; a group ties)."""
        pod = await self.pod(pod_id)
        if user not in pod.players:
            raise ForbiddenError("only the players of a pod can report its result")
        if pod.status == "confirmed":
            raise ServiceError("this pod's result is already confirmed; an organizer can still change it")
        if pod.status in ("reported", "disputed"):
            raise ServiceError("this pod already has a reported result: the others confirm or dispute it")
        places = self._places(pod, groups)
        return await self._set(pod_id, user, "reported", places, "reported", confirmed_by=[user], report=True)

    async def confirm(self, pod_id: int, user: str, accept: bool, *, is_organizer: bool = False) -> LeaguePodRow:
        """Another player of the pod confirms (a majority of the pod confirms the result) or
        disputes (an organizer settles it); an organizer outside the pod confirms it at once."""
        pod = await self.pod(pod_id)
        if pod.status != "reported":
            raise ServiceError("there is no reported result waiting for confirmation")
        if user not in pod.players:
            if not is_organizer:
                raise ForbiddenError("only the pod's players (or an organizer) confirm its result")
            if not accept:
                raise ServiceError("an organizer settles a result with its order instead of disputing it")
            return await self._set(pod_id, user, "confirmed", pod.places, "confirmed by an organizer")
        if user in pod.confirmed_by:
            raise ForbiddenError("you already stand behind this result; the other players of the pod confirm it")
        if not accept:
            return await self._set(pod_id, user, "disputed", pod.places, "disputed: sent to the organizers")
        confirmed = [*pod.confirmed_by, user]
        status = "confirmed" if 2 * len(confirmed) > len(pod.players) else "reported"
        why = "confirmed by a majority of the pod" if status == "confirmed" else "confirmed by a player"
        return await self._set(pod_id, user, status, pod.places, why, confirmed_by=confirmed)

    async def settle(
        self, pod_id: int, organizer: str, groups: Sequence[Sequence[str]], reason: str, *, is_organizer: bool
    ) -> LeaguePodRow:
        """An organizer sets a pod's finishing order (disputes, mistakes); the history keeps the rest."""
        if not is_organizer:
            raise ForbiddenError("only organizers (Manage Server or the organizer role) can do this")
        pod = await self.pod(pod_id)
        if len(pod.players) == 1:
            raise ServiceError("a bye has no finishing order to settle")
        places = self._places(pod, groups)
        return await self._set(pod_id, organizer, "confirmed", places, f"settled: {reason}", double_loss=False)

    @staticmethod
    def _places(pod: LeaguePodRow, groups: Sequence[Sequence[str]]) -> list[int]:
        named = [p for g in groups for p in g]
        if sorted(named) != sorted(pod.players) or any(not g for g in groups):
            raise ServiceError("a finishing order names every player of the pod exactly once")
        places = places_from_groups(groups)
        return [places[p] for p in pod.players]

    async def _set(
        self,
        pod_id: int,
        by: str,
        status: str,
        places: Sequence[int],
        why: str,
        *,
        confirmed_by: list[str] | None = None,
        double_loss: bool | None = None,
        unplayed: bool = False,
        report: bool = False,
    ) -> LeaguePodRow:
        async with self.db.writing() as session:
            row = await session.get(LeaguePodRow, pod_id)
            if row is None:
                raise NotFoundError(f"no league pod #{pod_id}")
            entry: dict[str, Any] = {
                "by": by,
                "at": now(),
                "from": [row.status, list(row.places)],
                "to": [status, list(places)],
                "why": why,
            }
            row.history = [*row.history, entry]
            row.status, row.places, row.unplayed = status, list(places), unplayed
            if double_loss is not None:
                row.double_loss = double_loss
            if confirmed_by is not None:
                row.confirmed_by = confirmed_by
            if report:
                row.reported_by, row.reported_at = by, now()
            if status == "confirmed":
                row.confirmed_at = now()
            await session.flush()
            await session.refresh(row)
        return row

    # ------------------------------------------------------------------ housekeeping
    async def auto_confirm(self, moment: float) -> list[LeaguePodRow]:
        """Confirm every reported pod whose confirmation time has passed."""
        async with self.db.session() as session:
            reported = list(
                (await session.execute(select(LeaguePodRow).where(LeaguePodRow.status == "reported"))).scalars()
            )
        done = []
        for pod in reported:
            league = await fetch(self.db, LeagueRow, pod.league_id, "league")
            if pod.reported_at + league.auto_confirm_hours * 3600 <= moment:
                why = "confirmed automatically: the others did not answer in time"
                done.append(await self._set(pod.id or 0, "tcgtable", "confirmed", pod.places, why))
        return done

    async def deadline(self, info: LeagueInfo) -> list[LeaguePodRow]:
        """Pods still unplayed (pending) at the deadline: everyone tied (draw) or nobody scores."""
        policy = info.league.deadline_policy
        loss = policy == "double_loss"
        why = "unplayed at the round's deadline: " + ("double loss" if loss else "draw")
        return [
            await self._set(
                pod.id or 0, "tcgtable", "confirmed", [1] * len(pod.players), why, double_loss=loss, unplayed=True
            )
            for pod in open_pods(info)
            if pod.status == "pending"
        ]

    # ------------------------------------------------------------------ played on tcgtable
    async def play(
        self, info: LeagueInfo, user: str, matches: MatchService, *, channel_id: str | None = None
    ) -> tuple[LeaguePodRow, MatchUpdate | None]:
        """Mark yourself ready to play your pod here; when the whole pod is ready, its match starts
        with everyone's league deck (seats in the pod's order) and will report its finishing order."""
        pod = self.pod_for(info, user)
        if pod.status in ("reported", "disputed"):
            raise ServiceError("this pod already has a reported result")
        for match_id in pod.match_ids:
            if (await matches.row(match_id)).status in ("pending", "lobby", "active"):
                raise ServiceError(f"your pod is already being played: match #{match_id}")
        async with self.db.writing() as session:  # read and write together: two players may press at once
            stored = await session.get(LeaguePodRow, pod.id)
            assert stored is not None
            stored.ready = sorted({*stored.ready, user}, key=pod.players.index)
            everyone = len(stored.ready) == len(pod.players)
            if everyone:
                stored.ready = []  # this call starts the match; a simultaneous last press starts over
            await session.flush()
            await session.refresh(stored)
        if not everyone:
            return stored, None
        entries = {e.user: e for e in info.entries}
        game = engine_games.get_game(info.league.game)
        seats = [Seat(p, entries[p].name or p) for p in pod.players]
        row = new_row(
            game,
            "pending",
            seats,
            len(seats),
            None,
            {"league_pod": pod.id, "allow_undo": info.league.allow_undo},
            info.league.guild_id,
            channel_id,
        )
        row = await matches.db.insert_match(row)
        decks = [entries[p].deck for p in pod.players]
        names = [entries[p].deck_name or "league deck" for p in pod.players]
        # Every seat's deck is its league deck: nobody has a deck to choose, so the match starts now.
        # MatchService has no public "start with these decks" for N seats; `_start` is what its
        # challenge, lobby and AI flows call once the decks are known.
        update = await matches._start(row, decks, names)
        stored = await self._write_pod(pod.id or 0, match_ids=[*pod.match_ids, row.id or 0])
        return stored, update

    async def _write_pod(self, pod_id: int, **fields: Any) -> LeaguePodRow:
        async with self.db.writing() as session:
            row = await session.get(LeaguePodRow, pod_id)
            assert row is not None
            for key, value in fields.items():
                setattr(row, key, value)
            await session.flush()
            await session.refresh(row)
        return row

    async def on_match_finished(self, row: MatchRow) -> None:
        """A finished tcgtable match of a pod sets its finishing order (once; no confirmation)."""
        pod_id = row.meta.get("league_pod")
        if not pod_id or row.id is None:
            return
        pod = await self.pod(int(pod_id))
        if pod.status == "confirmed" or row.id not in pod.match_ids:
            return
        result = row.result or {}
        winners = [int(w) for w in result.get("winners", [])]
        scores = [float(s) for s in result.get("scores", [])]
        ranks = finishing_ranks(len(row.seats), winners, scores)
        place = {str(seat.get("user")): rank for seat, rank in zip(row.seats, ranks, strict=True)}
        await self._set(pod.id or 0, "tcgtable", "confirmed", [place[p] for p in pod.players], "played on tcgtable")


async def load_pods(session: AsyncSession, league_ids: Sequence[int]) -> list[LeaguePodRow]:
    """Every pod of these leagues, oldest first."""
    if not league_ids:
        return []
    stmt = select(LeaguePodRow).where(col(LeaguePodRow.league_id).in_(league_ids)).order_by(col(LeaguePodRow.id))
    return list((await session.execute(stmt)).scalars())
