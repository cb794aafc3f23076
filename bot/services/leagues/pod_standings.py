"""Pod league scoring and standings: points by finishing position, with pod tiebreakers.

Points: a table for the full pod, best position first; the default gives one point per pod-mate
you finish ahead of (3/2/1/0 in a pod of 4, 4/3/2/1/0 in a pod of 5). A smaller pod reads the same
table at the same relative positions (linear between entries), so its winner and its last player
score what a full pod's do and the average stays the same: 3, 1½, 0 in a pod of 3 under 3/2/1/0.
Tied players share the points of the positions they cover (two tied for 2nd in a pod of 4: 1½
each). A bye scores the table's average (1½ under 3/2/1/0) and is nobody's opponent; a double
loss scores nothing. Everything is exact (`Fraction`).

Standings: points, then the average of opponents' points (every pod-mate of every pod, dropped
players included), then wins (first places, shared or not, in pods that didn't all tie), then
head to head among the still-tied players (each time one finished ahead of another in a pod they
shared: +1 for them, -1 for the other), then the player id (stable and reproducible).

>>> pod_points([3, 2, 1, 0], [2, 1, 4, 2])
[Fraction(3, 2), Fraction(3, 1), Fraction(0, 1), Fraction(3, 2)]
>>> [row.player for row in pod_standings(["a", "b", "c"], [PodResult(("a", "b", "c"), (3, 1, 2))], [3, 2, 1, 0])]
['b', 'c', 'a']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import combinations, pairwise


def default_points(pod_size: int) -> list[int]:
    """One point per pod-mate finished ahead of: 3/2/1/0 for pods of 4."""
    return list(range(pod_size - 1, -1, -1))


def check_points(table: Sequence[int], pod_size: int) -> None:
    """Refuse a points table that isn't one whole number per position, best first, never rising."""
    if len(table) != pod_size:
        raise ValueError(f"the points table needs one number per position of a pod of {pod_size}")
    if any(p < 0 for p in table) or any(a < b for a, b in pairwise(table)):
        raise ValueError("points by position are whole numbers ≥ 0, best position first, never rising")
    if table[0] == table[-1]:
        raise ValueError("the winner must score more than the last player")


def show_points(points: Fraction) -> str:
    """Points as players read them: 4, 4.5, 4.33."""
    if points.denominator == 1:
        return str(points.numerator)
    return f"{float(points):.2f}".rstrip("0")


def position_points(table: Sequence[int], size: int) -> list[Fraction]:
    """Points of positions 1..`size` in a pod of `size`, from the full pod's table."""
    full = len(table)
    if size == full:
        return [Fraction(p) for p in table]
    if size == 1:
        return [bye_points(table)]
    out = []
    for position in range(size):
        x = Fraction(position * (full - 1), size - 1)
        low = int(x)
        step = Fraction(table[low + 1] - table[low]) if low + 1 < full else Fraction(0)
        out.append(table[low] + (x - low) * step)
    return out


def bye_points(table: Sequence[int]) -> Fraction:
    """What a bye scores: the table's average."""
    return Fraction(sum(table), len(table))


def pod_points(table: Sequence[int], places: Sequence[int]) -> list[Fraction]:
    """Each seat's points for finishing at `places` (1 the best; tied seats share the best place)."""
    values = position_points(table, len(places))
    out = []
    for place in places:
        tied = sum(1 for other in places if other == place)
        out.append(sum(values[place - 1 : place - 1 + tied], Fraction(0)) / tied)
    return out


def places_from_groups(groups: Sequence[Sequence[str]]) -> dict[str, int]:
    """Finishing positions from groups best first (tied players in one group): 1, 2, 2, 4."""
    places: dict[str, int] = {}
    position = 1
    for group in groups:
        for player in group:
            places[player] = position
        position += len(group)
    return places


@dataclass(frozen=True, slots=True)
class PodResult:
    """One finished pod: players and their finishing positions. One player alone is a bye."""

    players: tuple[str, ...]
    places: tuple[int, ...]
    double_loss: bool = False

    @property
    def is_bye(self) -> bool:
        return len(self.players) == 1


@dataclass(slots=True)
class PodRow:
    """One line of a pod league's standings."""

    player: str
    points: Fraction = Fraction(0)
    pods: int = 0
    wins: int = 0
    byes: int = 0
    opponents: list[str] = field(default_factory=list)
    opponents_points: Fraction = Fraction(0)
    head_to_head: int = 0
    rank: int = 0

    @property
    def record(self) -> str:
        byes = f", {self.byes} bye{'s' if self.byes > 1 else ''}" if self.byes else ""
        return f"{self.wins} won of {self.pods}{byes}"


def tally(players: Iterable[str], results: Iterable[PodResult], table: Sequence[int]) -> dict[str, PodRow]:
    """Points, wins and opponents of every player (dropped players included)."""
    rows = {player: PodRow(player) for player in players}
    for result in results:
        if result.is_bye:
            row = rows.setdefault(result.players[0], PodRow(result.players[0]))
            row.byes += 1
            row.points += bye_points(table)
            continue
        everyone_tied = len(set(result.places)) == 1
        points = pod_points(table, result.places)
        for seat, player in enumerate(result.players):
            row = rows.setdefault(player, PodRow(player))
            row.pods += 1
            row.opponents.extend(p for p in result.players if p != player)
            if result.double_loss:
                continue
            row.points += points[seat]
            row.wins += result.places[seat] == 1 and not everyone_tied
    return rows


def pod_standings(players: Sequence[str], results: Iterable[PodResult], table: Sequence[int]) -> list[PodRow]:
    """Rows ranked by points, opponents' average points, wins, head to head, then player id."""
    results = list(results)
    rows = tally(players, results, table)
    for row in rows.values():
        if row.opponents:
            total = sum((rows[o].points for o in row.opponents), Fraction(0))
            row.opponents_points = total / len(row.opponents)
    ranked = sorted(rows.values(), key=lambda r: (-r.points, -r.opponents_points, -r.wins, r.player))
    out: list[PodRow] = []
    start = 0
    while start < len(ranked):
        end = start
        key = (ranked[start].points, ranked[start].opponents_points, ranked[start].wins)
        while end < len(ranked) and (ranked[end].points, ranked[end].opponents_points, ranked[end].wins) == key:
            end += 1
        group = ranked[start:end]
        if len(group) > 1:
            _head_to_head(group, results)
            group.sort(key=lambda r: (-r.head_to_head, r.player))
        out.extend(group)
        start = end
    for rank, row in enumerate(out, start=1):
        row.rank = rank
    return out


def _head_to_head(group: list[PodRow], results: list[PodResult]) -> None:
    """+1 for each time a player of `group` finished ahead of another of it in a shared pod."""
    members = {row.player: row for row in group}
    for result in results:
        if result.double_loss or result.is_bye:
            continue
        seats = [(p, place) for p, place in zip(result.players, result.places, strict=True) if p in members]
        for (a, place_a), (b, place_b) in combinations(seats, 2):
            if place_a != place_b:
                ahead, behind = (a, b) if place_a < place_b else (b, a)
                members[ahead].head_to_head += 1
                members[behind].head_to_head -= 1
