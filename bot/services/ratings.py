"""Ratings per game and server: OpenSkill (Plackett-Luce), one system for every game and player count.

Rated results, in the order they were decided: casual tcgtable matches between people (one
update per game, 2-6 seats ranked by finishing order) and confirmed league matches (one update
per league match; a league match played here is counted once, through its league result).
Matches against the AI, byes and double losses are never rated. Ratings are computed from the
stored results on demand, so an organizer's edit of a result is reflected everywhere at once.
The number shown is `bot.services.skill.shown`: Elo's scale, 1500 for a newcomer.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from openskill.models import PlackettLuceRating
from sqlalchemy import Text, cast
from sqlalchemy import select as select_columns
from sqlmodel import col, select

from bot.persistence import Database, MatchRow
from bot.persistence.league_models import LeagueEntryRow, LeagueMatchRow, LeagueRow
from bot.services.leagues.pod_service import load_pods, rated_pods
from bot.services.skill import MODEL, PROVISIONAL_GAMES, finishing_ranks, rate, shown

OFFLINE_GUILD = "console"  # the console's one local "server": its matches have no guild id


@dataclass(slots=True)
class Rating:
    """One player's standing: the shown rating, the model's estimate, and their record."""

    player: str
    name: str
    games: int = 0
    wins: int = 0
    losses: int = 0
    draws: int = 0
    skill: PlackettLuceRating = field(default_factory=MODEL.rating)

    @property
    def rating(self) -> float:
        """The number players see (Elo's scale)."""
        return float(shown(self.skill))

    @property
    def provisional(self) -> bool:
        """Too few rated games for the number to mean much yet."""
        return self.games < PROVISIONAL_GAMES


@dataclass(slots=True, frozen=True)
class RatedResult:
    """One rated match: its players in seat order and the rank each finished (1 = best)."""

    when: float
    players: tuple[str, ...]
    ranks: tuple[int, ...]
    names: dict[str, str]


def league_game(meta: dict[str, object]) -> bool:
    """A match played for a league: rated through the league's result (a match or a pod), not twice."""
    return bool(meta.get("league_match") or meta.get("league_pod"))


class RatingService:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def _results(self, guild_id: str, game: str) -> list[RatedResult]:
        """Every rated result of this server and game, oldest first."""
        results: list[RatedResult] = []
        async with self.db.session() as session:
            # only the columns a rating needs: never the records and snapshots of a thousand matches
            played = cast(col(MatchRow.choices), Text) != "[]"
            guild = col(MatchRow.guild_id)
            here = guild.is_(None) if guild_id == OFFLINE_GUILD else guild == guild_id
            matches = await session.execute(
                select_columns(
                    col(MatchRow.seats), col(MatchRow.meta), col(MatchRow.result), col(MatchRow.updated_at), played
                ).where(
                    here,
                    col(MatchRow.game) == game,
                    col(MatchRow.status) == "finished",
                )
            )
            for row in matches:
                seats = row.seats
                if len(seats) < 2 or any(seat.get("ai") for seat in seats) or league_game(row.meta):
                    continue
                if not row.result or not row[4]:
                    continue  # aborted before any play, or forfeited without a game
                players = tuple(str(s.get("user")) for s in seats)
                if len(set(players)) != len(players):
                    continue  # one person in two seats (hot seat against oneself) proves nothing
                winners = [int(w) for w in row.result.get("winners", [])]
                scores = [float(x) for x in row.result.get("scores", [])]
                names = {str(s.get("user")): str(s.get("name") or s.get("user")) for s in seats}
                ranks = tuple(finishing_ranks(len(seats), winners, scores))
                results.append(RatedResult(row.updated_at, players, ranks, names))
            leagues = (
                await session.execute(select(LeagueRow).where(LeagueRow.guild_id == guild_id, LeagueRow.game == game))
            ).scalars()
            league_ids = [lg.id for lg in leagues]
            if league_ids:
                entries = (
                    await session.execute(select(LeagueEntryRow).where(col(LeagueEntryRow.league_id).in_(league_ids)))
                ).scalars()
                names = {e.user: e.name or e.user for e in entries}
                rows = (
                    await session.execute(
                        select(LeagueMatchRow).where(
                            col(LeagueMatchRow.league_id).in_(league_ids), LeagueMatchRow.status == "confirmed"
                        )
                    )
                ).scalars()
                for m in rows:
                    if m.player_b is None or m.double_loss:
                        continue
                    ranks = (1, 2) if m.games_a > m.games_b else (2, 1) if m.games_a < m.games_b else (1, 1)
                    results.append(RatedResult(m.confirmed_at, (m.player_a, m.player_b), ranks, names))
                for when, players, places in rated_pods(await load_pods(session, league_ids)):
                    results.append(RatedResult(when, players, places, names))
        results.sort(key=lambda r: r.when)
        return results

    async def table(self, guild_id: str, game: str) -> list[Rating]:
        """Everyone rated in this server for this game, best first."""
        table, _ = await self.table_and_history(guild_id, game)
        return table

    async def table_and_history(
        self, guild_id: str, game: str
    ) -> tuple[list[Rating], dict[str, list[tuple[float, float]]]]:
        """`table`, and every player's shown rating after each of their rated results, oldest first:
        player -> [(when, rating), ...]."""
        return standings_of(await self.results(guild_id, game))

    async def results(self, guild_id: str, game: str) -> list[RatedResult]:
        """Every rated result of this server and game, oldest first (`standings_of` rates them)."""
        return await self._results(guild_id, game)

    async def of(self, guild_id: str, game: str, player: str) -> tuple[int, Rating] | None:
        """(rank, rating) of one player, or None when they have no rated result."""
        for rank, entry in enumerate(await self.table(guild_id, game), start=1):
            if entry.player == player:
                return rank, entry
        return None


Standings = tuple[list[Rating], dict[str, list[tuple[float, float]]]]
"""A rating table, best first, and every player's rating after each of their results."""


def standings_of(results: Sequence[RatedResult], after: Standings | None = None) -> Standings:
    """Ratings after `results` in order, best first, and every player's rating after each of theirs;
    `after` goes on from the standings of the results before these (left unchanged).

    Pure computation (OpenSkill, about 0.1 ms a result): a caller may run it in a worker thread."""
    entries = {r.player: replace(r) for r in after[0]} if after is not None else {}
    history = {p: list(h) for p, h in after[1].items()} if after is not None else {}
    for result in results:
        for player in result.players:
            entries.setdefault(player, Rating(player, result.names.get(player, player)))
        skills = rate({p: entries[p].skill for p in result.players}, result.players, result.ranks)
        everyone_tied = len(set(result.ranks)) == 1
        for player, rank in zip(result.players, result.ranks, strict=True):
            entry = entries[player]
            entry.skill = skills[player]
            entry.games += 1
            entry.draws += everyone_tied
            entry.wins += rank == 1 and not everyone_tied
            entry.losses += rank > 1
            history.setdefault(player, []).append((result.when, entry.rating))
    return sorted(entries.values(), key=lambda r: (-r.skill.mu, r.name)), history
