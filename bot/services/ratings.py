"""Ratings per game and server: Elo (1500 start, K 40 for the first 10 rated matches, then 32).

Rated results, in the order they were decided: casual tcgtable matches between two people (one
update per game) and confirmed league matches (one update per league match; a league match
played here is counted once, through its league result). Matches against the AI, byes and
double losses are never rated. Ratings are computed from the stored results on demand, so an
organizer's edit of a result is reflected everywhere at once.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlmodel import col, select

from bot.persistence import Database, MatchRow
from bot.persistence.league_models import LeagueEntryRow, LeagueMatchRow, LeagueRow
from bot.services.leagues.ratings import START, elo_update, k_for

OFFLINE_GUILD = "console"  # the console's one local "server": its matches have no guild id


@dataclass(slots=True)
class Rating:
    player: str
    name: str
    rating: float = START
    games: int = 0
    wins: int = 0
    losses: int = 0
    draws: int = 0


class RatingService:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def _results(self, guild_id: str, game: str) -> list[tuple[float, str, str, float, dict[str, str]]]:
        """(when, player A, player B, A's score, names) of every rated result, oldest first."""
        results: list[tuple[float, str, str, float, dict[str, str]]] = []
        async with self.db.session() as session:
            matches = (
                await session.execute(
                    select(MatchRow).where(
                        col(MatchRow.guild_id).is_(None)
                        if guild_id == OFFLINE_GUILD
                        else MatchRow.guild_id == guild_id,
                        MatchRow.game == game,
                        MatchRow.status == "finished",
                    )
                )
            ).scalars()
            for row in matches:
                seats = row.seats
                if len(seats) != 2 or any(seat.get("ai") for seat in seats) or row.meta.get("league_match"):
                    continue
                if not row.result or not row.choices:
                    continue  # aborted before any play, or forfeited without a game
                winners = list(row.result.get("winners", []))
                score = 0.5 if len(winners) != 1 else (1.0 if winners[0] == 0 else 0.0)
                names = {str(s.get("user")): str(s.get("name") or s.get("user")) for s in seats}
                results.append((row.updated_at, str(seats[0]["user"]), str(seats[1]["user"]), score, names))
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
                    score = 1.0 if m.games_a > m.games_b else 0.0 if m.games_a < m.games_b else 0.5
                    results.append((m.confirmed_at, m.player_a, m.player_b, score, names))
        results.sort(key=lambda r: r[0])
        return results

    async def table(self, guild_id: str, game: str) -> list[Rating]:
        """Everyone rated in this server for this game, best first."""
        ratings: dict[str, Rating] = {}
        for _, a, b, score, names in await self._results(guild_id, game):
            ra = ratings.setdefault(a, Rating(a, names.get(a, a)))
            rb = ratings.setdefault(b, Rating(b, names.get(b, b)))
            ra.rating, rb.rating = elo_update(ra.rating, rb.rating, score, k_for(ra.games), k_for(rb.games))
            for entry, mine in ((ra, score), (rb, 1 - score)):
                entry.games += 1
                entry.wins += mine == 1.0
                entry.losses += mine == 0.0
                entry.draws += mine == 0.5
        return sorted(ratings.values(), key=lambda r: (-r.rating, r.name))

    async def of(self, guild_id: str, game: str, player: str) -> tuple[int, Rating] | None:
        """(rank, rating) of one player, or None when they have no rated result."""
        for rank, entry in enumerate(await self.table(guild_id, game), start=1):
            if entry.player == player:
                return rank, entry
        return None
