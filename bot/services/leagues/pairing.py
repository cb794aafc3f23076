"""Swiss pairings and round-robin schedules.

Swiss, done right: players are paired in standings order with the nearest opponent they have
not met; rematches happen only when no rematch-free pairing is found (a quick top-down search,
then a most-constrained-first search with forward checking, both with node budgets; then the
pairing with the fewest rematches). With an odd number of active
players, the lowest-ranked player without a bye gets it (at most one bye per player while
anyone else can take it). Dropped players are simply not in `active`.

>>> swiss_pairings(["a", "b", "c", "d"], met={("a", "b")}, byes=set())
Pairings(pairs=[('a', 'c'), ('b', 'd')], bye=None, rematches=0)
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass

QUICK_BUDGET = 2_000  # the usual top-down search: almost every round is paired within this
SEARCH_BUDGET = 20_000  # the most-constrained-first search, for hard late rounds


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


def _top_down(players: list[str], met: set[tuple[str, str]], budget: int) -> list[tuple[str, str]] | None:
    """Pair from the top, each with the nearest-ranked new opponent, backtracking (the usual Swiss)."""
    left = [budget]

    def search(remaining: list[str]) -> list[tuple[str, str]] | None:
        if not remaining:
            return []
        left[0] -= 1
        if left[0] < 0:
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


def _most_constrained_first(players: list[str], met: set[tuple[str, str]], budget: int) -> list[tuple[str, str]] | None:
    """Pair the player with the fewest possible new opponents first (nearest rank first), with
    forward checking: finds rematch-free pairings the top-down search misses, e.g. when the
    lowest-ranked players have all met each other."""
    rank = {p: i for i, p in enumerate(players)}
    allowed = {p: {q for q in players if q != p and _key(p, q) not in met} for p in players}
    left = [budget]

    def search(remaining: frozenset[str]) -> list[tuple[str, str]] | None:
        if not remaining:
            return []
        left[0] -= 1
        if left[0] < 0:
            return None
        options = {p: allowed[p] & remaining for p in remaining}
        if any(not opts for opts in options.values()):
            return None  # somebody can no longer be paired without a rematch
        first = min(remaining, key=lambda p: (len(options[p]), rank[p]))
        for candidate in sorted(options[first], key=lambda q: (abs(rank[q] - rank[first]), rank[q])):
            tail = search(remaining - {first, candidate})
            if tail is not None:
                pair = (first, candidate) if rank[first] < rank[candidate] else (candidate, first)
                return [pair, *tail]
        return None

    pairs = search(frozenset(players))
    return None if pairs is None else sorted(pairs, key=lambda pair: rank[pair[0]])


def _pair_without_rematches(players: list[str], met: set[tuple[str, str]]) -> list[tuple[str, str]] | None:
    """A rematch-free pairing, nearest ranks first; None when none was found within the budget."""
    quick = _top_down(players, met, QUICK_BUDGET)
    if quick is not None:
        return quick
    return _most_constrained_first(players, met, SEARCH_BUDGET)


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
