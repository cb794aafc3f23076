"""Swiss pairings and round-robin schedules.

Swiss, done right: players are paired in standings order with the nearest opponent they have
not met; rematches happen only when no rematch-free pairing exists (complete search with a
node budget, then the pairing with the fewest rematches). With an odd number of active
players, the lowest-ranked player without a bye gets it (at most one bye per player while
anyone else can take it). Dropped players are simply not in `active`.

>>> swiss_pairings(["a", "b", "c", "d"], met={("a", "b")}, byes=set())
Pairings(pairs=[('a', 'c'), ('b', 'd')], bye=None, rematches=0)
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass

SEARCH_BUDGET = 200_000


@dataclass(frozen=True, slots=True)
class Pairings:
    pairs: list[tuple[str, str]]
    bye: str | None
    rematches: int


def _key(a: str, b: str) -> tuple[str, str]:
    return (a, b) if a <= b else (b, a)


def met_pairs(history: Iterable[tuple[str, str | None]]) -> set[tuple[str, str]]:
    """Normalized set of pairs that have played (byes ignored)."""
    return {_key(a, b) for a, b in history if b is not None}


def choose_bye(ranked: Sequence[str], byes: Collection[str]) -> str:
    """The lowest-ranked player without a bye (everyone has had one: the lowest-ranked)."""
    for player in reversed(ranked):
        if player not in byes:
            return player
    return ranked[-1]


def _pair_without_rematches(players: list[str], met: set[tuple[str, str]]) -> list[tuple[str, str]] | None:
    budget = [SEARCH_BUDGET]

    def search(remaining: list[str]) -> list[tuple[str, str]] | None:
        if not remaining:
            return []
        budget[0] -= 1
        if budget[0] < 0:
            return None
        first, rest = remaining[0], remaining[1:]
        for index, candidate in enumerate(rest):
            if _key(first, candidate) in met:
                continue
            tail = search(rest[:index] + rest[index + 1 :])
            if tail is not None:
                return [(first, candidate), *tail]
        return None

    return search(players)


def _pair_fewest_rematches(players: list[str], met: set[tuple[str, str]]) -> list[tuple[str, str]]:
    """Greedy from the top, taking the nearest new opponent, else the nearest old one."""
    remaining = list(players)
    pairs: list[tuple[str, str]] = []
    while remaining:
        first = remaining.pop(0)
        index = next((i for i, p in enumerate(remaining) if _key(first, p) not in met), 0)
        pairs.append((first, remaining.pop(index)))
    return pairs


def swiss_pairings(ranked: Sequence[str], met: set[tuple[str, str]], byes: Collection[str]) -> Pairings:
    """Pair `ranked` (active players, best first) for the next Swiss round."""
    players = list(ranked)
    bye: str | None = None
    if len(players) % 2:
        # Try bye candidates from the bottom until the rest can be paired without rematches.
        candidates = [p for p in reversed(players) if p not in byes] or [players[-1]]
        for candidate in candidates:
            rest = [p for p in players if p != candidate]
            pairs = _pair_without_rematches(rest, met)
            if pairs is not None:
                return Pairings(pairs, candidate, 0)
        bye = choose_bye(players, byes)
        players.remove(bye)
    pairs = _pair_without_rematches(players, met)
    if pairs is not None:
        return Pairings(pairs, bye, 0)
    fallback = _pair_fewest_rematches(players, met)
    return Pairings(fallback, bye, sum(1 for a, b in fallback if _key(a, b) in met))


def round_robin(players: Sequence[str]) -> list[list[tuple[str, str | None]]]:
    """Every round of a round robin (circle method); with an odd count, one bye per round.

    >>> [len(r) for r in round_robin(["a", "b", "c"])]
    [2, 2, 2]
    """
    seats: list[str | None] = list(players)
    if len(seats) % 2:
        seats.append(None)
    n = len(seats)
    rounds: list[list[tuple[str, str | None]]] = []
    for _ in range(n - 1):
        pairs: list[tuple[str, str | None]] = []
        for i in range(n // 2):
            a, b = seats[i], seats[n - 1 - i]
            if a is None:
                a, b = b, None
            assert a is not None
            pairs.append((a, b))
        rounds.append(pairs)
        seats = [seats[0], seats[-1], *seats[1:-1]]
    return rounds


def swiss_round_count(players: int) -> int:
    """The usual number of Swiss rounds for a field: ceil(log2(players)), at least 1."""
    rounds = 1
    while 2**rounds < players:
        rounds += 1
    return rounds


def top_cut_bracket(seeds: Sequence[str]) -> list[tuple[str, str]]:
    """First-round pairs of a single-elimination top cut: 1 v N, 2 v N-1, ... (N a power of 2)."""
    n = len(seeds)
    if n < 2 or n & (n - 1):
        raise ValueError(f"a top cut needs 2, 4, 8 ... players, not {n}")
    order = [0, 1]
    while len(order) < n:
        size = len(order) * 2
        order = [x for seed in order for x in (seed, size - 1 - seed)]
    return [(seeds[order[i]], seeds[order[i + 1]]) for i in range(0, n, 2)]
