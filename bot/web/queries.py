"""What the pages read: light queries over the bot's tables (never a match's record or snapshot
when a list only needs names and results), and the league and rating services for the rest."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import Integer, Text, cast, func
from sqlalchemy import select as select_columns
from sqlmodel import col, select

from bot.persistence import Database, GuildConfig, MatchRow
from bot.persistence.league_models import LeagueEntryRow, LeagueMatchRow, LeaguePodRow, LeagueRow
from bot.services.match_model import decision_times, result_text, seats_of
from bot.web.links import OFFLINE_GUILD

RECENT = 30


def in_guild(guild_id: str) -> Any:
    """The matches of a server (the console's matches have no server id)."""
    return col(MatchRow.guild_id).is_(None) if guild_id == OFFLINE_GUILD else MatchRow.guild_id == guild_id


LIGHT_COLUMNS = (
    col(MatchRow.id),
    col(MatchRow.game),
    col(MatchRow.status),
    col(MatchRow.seats),
    col(MatchRow.result),
    col(MatchRow.guild_id),
    col(MatchRow.updated_at),
)


@dataclass(slots=True)
class LightRow:
    """The columns of a match row a list needs; reads like a `MatchRow` for `result_text` and
    `seats_of` (building real rows costs milliseconds each: pydantic defaults)."""

    id: int
    game: str
    status: str
    seats: list[dict[str, Any]]
    result: dict[str, Any] | None
    guild_id: str | None
    updated_at: float
    meta: dict[str, Any] = field(default_factory=dict)


def light_row(found: Any) -> MatchRow:
    """A match with only the listed columns (enough for names, status, result and decision times)."""
    return cast_row(LightRow(**dict(found._mapping)))


def cast_row(light: LightRow) -> MatchRow:
    return light  # type: ignore[return-value]  # duck-typed: only the fields above are read


@dataclass(frozen=True, slots=True)
class MatchLine:
    """A match in a list: who played, how it ended."""

    id: int
    game: str
    status: str
    names: list[str]
    users: list[str]
    result: str
    when: float

    @classmethod
    def of(cls, row: MatchRow) -> MatchLine:
        seats = seats_of(row)
        return cls(
            row.id or 0,
            row.game,
            row.status,
            [s.name for s in seats],
            [s.user for s in seats],
            result_text(row) if row.status != "active" else "in progress",
            row.updated_at,
        )


async def web_config(db: Database, guild_id: str) -> GuildConfig:
    """The server's web switches (its server-wide settings row; defaults when none is stored)."""
    return await db.guild_config(guild_id)


async def public_guilds(db: Database) -> list[str]:
    """Servers that opted into a public listing (and kept their pages on)."""
    stmt = select(GuildConfig.guild_id).where(
        GuildConfig.channel_id == "", col(GuildConfig.web_public).is_(True), col(GuildConfig.web_enabled).is_(True)
    )
    async with db.session() as session:
        return sorted(str(g) for g in (await session.execute(stmt)).scalars())


@dataclass(frozen=True, slots=True)
class LeagueLine:
    league: LeagueRow
    players: int


@dataclass(frozen=True, slots=True)
class GuildPage:
    guild_id: str
    leagues: list[LeagueLine]
    recent: list[MatchLine]
    games: list[str]


async def guild_page(db: Database, guild_id: str) -> GuildPage:
    """A server's leagues, its latest matches, and the games it has played."""
    async with db.session() as session:
        leagues = list(
            (await session.execute(select(LeagueRow).where(LeagueRow.guild_id == guild_id).order_by(col(LeagueRow.id))))
            .scalars()
            .all()
        )
        counts: dict[int, int] = dict(
            (
                await session.execute(  # type: ignore[arg-type]  # rows of (id, count)
                    select(LeagueEntryRow.league_id, func.count())
                    .where(col(LeagueEntryRow.league_id).in_([lg.id for lg in leagues]))
                    .group_by(col(LeagueEntryRow.league_id))
                )
            ).all()
        )
        recent = (
            await session.execute(
                select_columns(*LIGHT_COLUMNS)
                .where(in_guild(guild_id), col(MatchRow.status).in_(["active", "finished"]))
                .order_by(col(MatchRow.id).desc())
                .limit(RECENT)
            )
        ).all()
        games = (
            await session.execute(select(MatchRow.game).where(in_guild(guild_id)).distinct().order_by(MatchRow.game))
        ).scalars()
        played = {str(g) for g in games} | {lg.game for lg in leagues}
    lines = [LeagueLine(lg, int(counts.get(lg.id, 0))) for lg in leagues]
    return GuildPage(guild_id, lines, [MatchLine.of(light_row(r)) for r in recent], sorted(played))


@dataclass(slots=True)
class HeadToHead:
    user: str
    name: str
    wins: int = 0
    losses: int = 0
    draws: int = 0


@dataclass(slots=True)
class PlayerPage:
    user: str
    name: str
    recent: list[MatchLine]
    head_to_head: list[HeadToHead]
    decision_seconds: float | None  # average over their decisions in matches here (None: none timed)
    decisions: int
    games: list[str] = field(default_factory=list)


async def player_page(db: Database, guild_id: str, user: str) -> PlayerPage | None:
    """A person's matches on a server: the latest, head to head against each opponent, and how long
    they take to decide on average, and the games of the leagues they entered (whose results are
    rated). None when they have neither played a match nor entered a league there."""
    needle = json.dumps({"user": user})[1:-1]
    escaped = needle.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    stmt = (
        select_columns(*LIGHT_COLUMNS, col(MatchRow.meta))
        .where(
            in_guild(guild_id),
            col(MatchRow.status).in_(["active", "finished"]),
            cast(col(MatchRow.seats), Text).like(f"%{escaped}%", escape="\\"),
        )
        .order_by(col(MatchRow.id).desc())
    )
    entries_stmt = (
        select_columns(col(LeagueEntryRow.name), col(LeagueRow.game))
        .join(LeagueRow, col(LeagueRow.id) == col(LeagueEntryRow.league_id))
        .where(col(LeagueRow.guild_id) == guild_id, col(LeagueEntryRow.user) == user)
        .order_by(col(LeagueEntryRow.id).desc())
    )
    async with db.session() as session:
        found = (await session.execute(stmt)).all()
        entries = (await session.execute(entries_stmt)).all()
    rows = [light_row(r) for r in found]
    rows = [r for r in rows if any(str(s.get("user")) == user for s in r.seats)]
    if not rows and not entries:
        return None
    versus: dict[str, HeadToHead] = {}
    total, count = 0.0, 0
    name = next((str(e[0]) for e in entries if e[0]), user)
    for row in rows:
        seats = seats_of(row)
        me = next(i for i, s in enumerate(seats) if s.user == user)
        name = seats[me].name if name == user or row is rows[0] else name
        spent, made = decision_times(row).get(me, (0.0, 0))
        total, count = total + spent, count + made
        if row.status != "finished" or not row.result:
            continue
        winners = {int(w) for w in row.result.get("winners", [])}
        for seat, other in enumerate(seats):
            if seat == me:
                continue
            line = versus.setdefault(other.user, HeadToHead(other.user, other.name))
            if me in winners and seat not in winners:
                line.wins += 1
            elif seat in winners and me not in winners:
                line.losses += 1
            else:
                line.draws += 1
    table = sorted(versus.values(), key=lambda h: (-(h.wins + h.losses + h.draws), h.name))
    games = sorted({r.game for r in rows} | {str(e[1]) for e in entries})
    return PlayerPage(
        user, name, [MatchLine.of(r) for r in rows[:RECENT]], table, total / count if count else None, count, games
    )


async def league_by_id(db: Database, league_id: int) -> LeagueRow | None:
    async with db.session() as session:
        return await session.get(LeagueRow, league_id)


async def match_row(db: Database, match_id: int) -> MatchRow | None:
    """A whole match row (its record included), or None; ids beyond the column's range are None."""
    if not 0 < match_id <= 2**31 - 1:
        return None
    return await db.get_match(match_id)


def _changes(table: Any, *extra: Any) -> list[Any]:
    """Aggregates that change whenever a league match's or pod's result does: every change of a
    result is appended to its `history`, so the total length of the histories grows with each."""
    return [
        func.count(),
        func.coalesce(func.sum(func.length(cast(table.history, Text))), 0),
        func.max(table.reported_at),
        func.max(table.confirmed_at),
        *extra,
    ]


async def league_stamp(db: Database, league_id: int) -> tuple[Any, ...]:
    """A cheap fingerprint of everything a league page shows (one row per table, no records):
    pages are cached under it and drawn again as soon as anything changes."""
    matches = LeagueMatchRow.__table__.c  # type: ignore[attr-defined]
    pods = LeaguePodRow.__table__.c  # type: ignore[attr-defined]
    entries = LeagueEntryRow.__table__.c  # type: ignore[attr-defined]
    leagues = LeagueRow.__table__.c  # type: ignore[attr-defined]
    async with db.engine.connect() as conn:
        parts = [
            (await conn.execute(select_columns(*columns).where(where))).one()
            for columns, where in (
                (
                    [leagues.status, leagues.current_round, leagues.decklists_public, leagues.rounds, leagues.name],
                    leagues.id == league_id,
                ),
                (_changes(matches, func.count(matches.player_b)), matches.league_id == league_id),
                (_changes(pods, func.sum(func.length(cast(pods.places, Text)))), pods.league_id == league_id),
                (
                    [
                        func.count(),
                        func.max(entries.joined_at),
                        func.sum(func.length(entries.name)),
                        func.sum(entries.dropped_round),
                        func.sum(cast(entries.dropped, Integer)),
                    ],
                    entries.league_id == league_id,
                ),
            )
        ]
    return tuple(tuple(part) for part in parts)


async def ratings_stamps(db: Database, guild_id: str) -> dict[str, tuple[Any, ...]]:
    """A cheap fingerprint of every rated result of a server, per game (its matches and its leagues'):
    three grouped queries, whatever the number of games."""
    match = MatchRow.__table__.c  # type: ignore[attr-defined]
    matches = LeagueMatchRow.__table__.c  # type: ignore[attr-defined]
    pods = LeaguePodRow.__table__.c  # type: ignore[attr-defined]
    league_table = LeagueRow.__table__  # type: ignore[attr-defined]
    leagues = league_table.c
    here = match.guild_id.is_(None) if guild_id == OFFLINE_GUILD else match.guild_id == guild_id
    stamps: dict[str, list[Any]] = {}
    async with db.engine.connect() as conn:
        played = await conn.execute(
            select_columns(match.game, func.count(), func.max(match.updated_at), func.sum(match.version))
            .where(here, match.status == "finished")
            .group_by(match.game)
        )
        for game, *rest in played:
            stamps.setdefault(str(game), []).append(tuple(rest))
        for kind, table in (("matches", matches), ("pods", pods)):
            found = await conn.execute(
                select_columns(leagues.game, *_changes(table))
                .select_from(league_table.join(table.league_id.table, leagues.id == table.league_id))
                .where(leagues.guild_id == guild_id)
                .group_by(leagues.game)
            )
            for game, *rest in found:
                stamps.setdefault(str(game), []).append((kind, *rest))
    return {game: tuple(parts) for game, parts in stamps.items()}


async def recent_match_ids(db: Database, limit: int) -> list[int]:
    """The matches changed last (live or finished): the ones people are about to open."""
    stmt = (
        select_columns(col(MatchRow.id))
        .where(col(MatchRow.status).in_(["active", "finished"]))
        .order_by(col(MatchRow.updated_at).desc())
        .limit(limit)
    )
    async with db.session() as session:
        return [int(found or 0) for found in (await session.execute(stmt)).scalars()]
