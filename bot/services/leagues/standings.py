"""Standings by match points with the usual tiebreakers (OMW%, GW%, OGW%, 33% floor).

Match points: a win is 3, a draw 1, a loss 0. A bye counts as a 2-0 match win, but the
player who had it is nobody's opponent for the tiebreakers (as in common tournament rules).

>>> results = [MatchResult("a", "b", 2, 1), MatchResult("c", None, 2, 0)]
>>> [row.player for row in standings(["a", "b", "c"], results)]
['a', 'c', 'b']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

WIN_POINTS = 3
DRAW_POINTS = 1
FLOOR = 1 / 3


@dataclass(frozen=True, slots=True)
class MatchResult:
    """One finished match: games won by each side, and drawn games. `player_b` None is a bye."""

    player_a: str
    player_b: str | None
    games_a: int
    games_b: int
    draws: int = 0
    double_loss: bool = False  # unplayed at the deadline under the double-loss policy

    @property
    def is_bye(self) -> bool:
        return self.player_b is None

    def points(self, player: str) -> int:
        if self.double_loss:
            return 0
        mine, theirs = (self.games_a, self.games_b) if player == self.player_a else (self.games_b, self.games_a)
        if mine > theirs:
            return WIN_POINTS
        return DRAW_POINTS if mine == theirs else 0


@dataclass(slots=True)
class Row:
    """One line of the standings table."""

    player: str
    points: int = 0
    wins: int = 0
    losses: int = 0
    draws: int = 0
    byes: int = 0
    games_won: int = 0
    games_played: int = 0
    matches: int = 0
    opponents: list[str] = field(default_factory=list)
    omw: float = 0.0
    gw: float = 0.0
    ogw: float = 0.0
    rank: int = 0

    @property
    def mw(self) -> float:
        """Match-win percentage with the 33% floor."""
        return max(FLOOR, self.points / (WIN_POINTS * self.matches)) if self.matches else FLOOR

    @property
    def gw_floored(self) -> float:
        return max(FLOOR, self.games_won / self.games_played) if self.games_played else FLOOR

    @property
    def record(self) -> str:
        return f"{self.wins}-{self.losses}-{self.draws}"


def tally(players: Iterable[str], results: Iterable[MatchResult]) -> dict[str, Row]:
    """Points, records and opponents of every player (dropped players included)."""
    rows = {player: Row(player) for player in players}
    for result in results:
        for player, opponent in ((result.player_a, result.player_b), (result.player_b, result.player_a)):
            if player is None:
                continue
            row = rows.setdefault(player, Row(player))
            row.matches += 1
            if result.is_bye:
                row.byes += 1
                row.wins += 1
                row.points += WIN_POINTS
                row.games_won += 2
                row.games_played += 2
                continue
            mine, theirs = (
                (result.games_a, result.games_b) if player == result.player_a else (result.games_b, result.games_a)
            )
            points = result.points(player)
            row.points += points
            row.wins += points == WIN_POINTS
            row.draws += points == DRAW_POINTS
            row.losses += points == 0
            row.games_won += mine
            row.games_played += mine + theirs + result.draws
            assert opponent is not None
            row.opponents.append(opponent)
    return rows


def standings(players: Sequence[str], results: Iterable[MatchResult]) -> list[Row]:
    """Rows ranked by points, then OMW%, GW%, OGW%, then name (stable and reproducible)."""
    rows = tally(players, list(results))
    for row in rows.values():
        opponents = [rows[o] for o in row.opponents if o in rows]
        row.omw = sum(o.mw for o in opponents) / len(opponents) if opponents else FLOOR
        row.gw = row.gw_floored
        row.ogw = sum(o.gw_floored for o in opponents) / len(opponents) if opponents else FLOOR
    # Percentages are compared rounded, so float noise (5/9 summed two ways) never breaks a tie.
    ranked = sorted(
        rows.values(), key=lambda r: (-r.points, -round(r.omw, 9), -round(r.gw, 9), -round(r.ogw, 9), r.player)
    )
    for rank, row in enumerate(ranked, start=1):
        row.rank = rank
    return ranked
