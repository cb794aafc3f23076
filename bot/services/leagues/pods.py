"""Pod seating: each round of a pod league seats the active players in pods of 3-5.

The plan: pods of `pod_size`, with smaller pods only where the count doesn't divide (pods of
`pod_size - 1` first; a pod of 3 when even that can't fill the field, e.g. 7 players at 5 a pod),
never a pod of 2 unless the organizer allows small pods; a player who can't be seated at all has a
bye (the lowest-ranked without one, as in Swiss). Round 1 is shuffled with the league's seed;
later rounds are grouped by the standings, fewest repeated pod-mates first: each pair of pod-mates
who already shared a pod counts once per earlier meeting, then the pods' spread in the standings
(the ranks between a pod's best and worst player) is kept small. Fields up to `EXACT_LIMIT`
players are searched exhaustively (branch and bound); larger ones are seated greedily from the top
and improved by swapping players between pods (a swap that lowers repeats, then spread; while
repeats remain, a short walk that also takes swaps keeping them level, then the spread again).

>>> plan_pods(10, 4)
PodPlan(sizes=(4, 3, 3), byes=0)
>>> plan_pods(5, 4), plan_pods(5, 4, small_pods=True)
(PodPlan(sizes=(4,), byes=1), PodPlan(sizes=(3, 2), byes=0))
>>> seat_pods(["a", "b", "c", "d", "e", "f"], 3, met={("a", "b"): 1}, byes=set()).pods
[['a', 'c', 'd'], ['b', 'e', 'f']]
"""

from __future__ import annotations

import random
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations

POD_SIZES = (3, 4, 5)
MIN_POD = 3  # smaller pods only when the organizer allows them
EXACT_LIMIT = 12  # fields seated by exhaustive search
SWAP_WINDOW = 3  # the heuristic swaps players between pods this many tables apart
SWAP_PASSES = 30
WALK_STEPS = 400  # moves of the repeat-removing walk on large fields

Pair = tuple[str, str]
Met = Mapping[Pair, int]


@dataclass(frozen=True, slots=True)
class PodPlan:
    """The pod sizes of a round, biggest first, and how many players have a bye."""

    sizes: tuple[int, ...]
    byes: int


@dataclass(frozen=True, slots=True)
class Seating:
    """A round's pods (best-ranked pod first, players in standings order), byes, and repeats."""

    pods: list[list[str]]
    byes: list[str]
    repeats: int


def pair_key(a: str, b: str) -> Pair:
    return (a, b) if a <= b else (b, a)


def met_counts(pods: Iterable[Sequence[str]]) -> dict[Pair, int]:
    """How often each pair of players shared a pod (byes ignored)."""
    met: dict[Pair, int] = {}
    for pod in pods:
        for a, b in combinations(pod, 2):
            key = pair_key(a, b)
            met[key] = met.get(key, 0) + 1
    return met


def allowed_sizes(pod_size: int, small_pods: bool = False) -> tuple[int, ...]:
    """Pod sizes a round may use, biggest first."""
    return tuple(range(pod_size, 1 if small_pods else MIN_POD - 1, -1))


def plan_pods(players: int, pod_size: int, small_pods: bool = False) -> PodPlan:
    """Fewest byes; then fewest pods below `pod_size - 1`; then fewest pods below `pod_size`."""
    sizes = allowed_sizes(pod_size, small_pods)
    # best[m]: the best way to seat exactly m players, as (cost, sizes)
    best: list[tuple[tuple[int, int], tuple[int, ...]] | None] = [((0, 0), ())] + [None] * players
    for m in range(1, players + 1):
        for size in sizes:
            before = best[m - size] if size <= m else None
            if before is None:
                continue
            (small, short), used = before
            cost = (small + (size < pod_size - 1), short + (size < pod_size))
            if best[m] is None or cost < best[m][0]:  # type: ignore[index]
                best[m] = (cost, tuple(sorted((*used, size), reverse=True)))
    for byes in range(players + 1):
        seated = best[players - byes]
        if seated is not None:
            return PodPlan(seated[1], byes)
    raise AssertionError("unreachable: seating nobody is always possible")


def choose_byes(ranked: Sequence[str], count: int, had_bye: Collection[str]) -> list[str]:
    """The `count` lowest-ranked players without a bye (then the lowest-ranked of the others)."""
    fresh = [p for p in reversed(ranked) if p not in had_bye]
    again = [p for p in reversed(ranked) if p in had_bye]
    return (fresh + again)[:count]


def pod_cost(pod: Sequence[str], met: Met, rank: Mapping[str, int]) -> tuple[int, int]:
    """(repeated pod-mates, spread in the standings) of one pod."""
    repeats = sum(met.get(pair_key(a, b), 0) for a, b in combinations(pod, 2))
    ranks = [rank[p] for p in pod]
    return repeats, max(ranks) - min(ranks)


def repeats_of(pods: Iterable[Sequence[str]], met: Met) -> int:
    """Earlier meetings of pod-mates, summed over the pods (0: everyone meets new opponents)."""
    return sum(met.get(pair_key(a, b), 0) for pod in pods for a, b in combinations(pod, 2))


def seat_pods(
    ranked: Sequence[str],
    pod_size: int,
    met: Met,
    byes: Collection[str],
    *,
    small_pods: bool = False,
    first_round_seed: int | None = None,
) -> Seating:
    """Seat `ranked` (the active players, best first) for the next round.

    With `first_round_seed`, the order is shuffled first (round 1: a random seating).
    """
    players = list(ranked)
    if first_round_seed is not None:
        random.Random(first_round_seed).shuffle(players)
    plan = plan_pods(len(players), pod_size, small_pods)
    bye_players = choose_byes(players, plan.byes, byes)
    seated = [p for p in players if p not in set(bye_players)]
    if len(seated) <= EXACT_LIMIT:
        pods = _exact(seated, plan.sizes, met)
    else:
        rank = {p: i for i, p in enumerate(seated)}
        pods = _improve(_greedy(seated, plan.sizes, met), met, rank)
        if repeats_of(pods, met):
            pods = _improve(_walk(pods, met, rank), met, rank)
    rank = {p: i for i, p in enumerate(seated)}
    pods = sorted((sorted(pod, key=rank.__getitem__) for pod in pods), key=lambda pod: rank[pod[0]])
    return Seating(pods, bye_players, repeats_of(pods, met))


def _exact(players: list[str], sizes: tuple[int, ...], met: Met) -> list[list[str]]:
    """The seating with the fewest repeats, then the smallest spread (branch and bound)."""
    rank = {p: i for i, p in enumerate(players)}
    best: list[tuple[tuple[int, int], list[list[str]]]] = []

    def search(remaining: list[str], left: list[int], cost: tuple[int, int], pods: list[list[str]]) -> None:
        if not remaining:
            if not best or cost < best[0][0]:
                best[:] = [(cost, [list(pod) for pod in pods])]
            return
        bound = (cost[0], cost[1] + sum(size - 1 for size in left))
        if best and bound >= best[0][0]:
            return
        first, rest = remaining[0], remaining[1:]
        for size in sorted(set(left), reverse=True):
            others = list(left)
            others.remove(size)
            for mates in combinations(rest, size - 1):
                pod = [first, *mates]
                repeats, spread = pod_cost(pod, met, rank)
                taken = set(mates)
                pods.append(pod)
                search([p for p in rest if p not in taken], others, (cost[0] + repeats, cost[1] + spread), pods)
                pods.pop()

    search(players, list(sizes), (0, 0), [])
    return best[0][1]


def _greedy(players: list[str], sizes: tuple[int, ...], met: Met) -> list[list[str]]:
    """Top down: each pod takes the best-ranked unseated player, then the nearest-ranked players
    who add the fewest repeats (looking a few tables ahead)."""
    remaining = list(players)
    pods: list[list[str]] = []
    for size in sizes:
        pod = [remaining.pop(0)]
        while len(pod) < size:
            window = remaining[: 3 * size]
            index = min(
                range(len(window)),
                key=lambda i: (sum(met.get(pair_key(window[i], p), 0) for p in pod), i),
            )
            pod.append(remaining.pop(index))
        pods.append(pod)
    return pods


def _improve(pods: list[list[str]], met: Met, rank: Mapping[str, int]) -> list[list[str]]:
    """Swap players between pods while that lowers (repeats, spread): first between nearby tables,
    then, for pods that still hold repeats, with any table."""
    costs = [pod_cost(pod, met, rank) for pod in pods]
    for _ in range(SWAP_PASSES):
        improved = False
        for i in range(len(pods)):
            near = range(i + 1, min(len(pods), i + 1 + SWAP_WINDOW))
            far = range(len(pods)) if costs[i][0] else range(0)
            for j in (*near, *far):
                if j != i and _best_swap(pods, costs, i, j, met, rank):
                    improved = True
        if not improved:
            break
    return pods


def _walk(pods: list[list[str]], met: Met, rank: Mapping[str, int]) -> list[list[str]]:
    """Move players out of pods with repeats: each step swaps one of them with the player, in the
    nearest pod, that lowers the repeats or keeps them level (never the swap just made)."""
    chooser = random.Random(len(pods))
    counts = [pod_cost(pod, met, rank)[0] for pod in pods]
    best = ([list(pod) for pod in pods], sum(counts))
    last: tuple[str, str] | None = None
    for _ in range(WALK_STEPS):
        troubled = [i for i, c in enumerate(counts) if c]
        if not troubled:
            break
        i = chooser.choice(troubled)
        a = chooser.choice(
            [x for x in range(len(pods[i])) if any(met.get(pair_key(pods[i][x], q), 0) for q in pods[i])]
        )
        moves = []
        for j in range(len(pods)):
            if j == i:
                continue
            for b in range(len(pods[j])):
                if last == (pods[j][b], pods[i][a]):
                    continue
                pod_i = [*pods[i][:a], pods[j][b], *pods[i][a + 1 :]]
                pod_j = [*pods[j][:b], pods[i][a], *pods[j][b + 1 :]]
                ci, cj = pod_cost(pod_i, met, rank)[0], pod_cost(pod_j, met, rank)[0]
                delta = ci + cj - counts[i] - counts[j]
                if delta <= 0:
                    moves.append((delta, abs(i - j), chooser.random(), j, b, ci, cj))
        if not moves:
            continue
        _, _, _, j, b, ci, cj = min(moves)
        last = (pods[i][a], pods[j][b])
        pods[i][a], pods[j][b] = pods[j][b], pods[i][a]
        counts[i], counts[j] = ci, cj
        if sum(counts) < best[1]:
            best = ([list(pod) for pod in pods], sum(counts))
    return best[0]


def _best_swap(
    pods: list[list[str]], costs: list[tuple[int, int]], i: int, j: int, met: Met, rank: Mapping[str, int]
) -> bool:
    """Make the swap between pods i and j that lowers their cost the most; False when none does."""
    now = (costs[i][0] + costs[j][0], costs[i][1] + costs[j][1])
    best: tuple[tuple[int, int], int, int, tuple[int, int], tuple[int, int]] | None = None
    for a in range(len(pods[i])):
        for b in range(len(pods[j])):
            pod_i = [*pods[i][:a], pods[j][b], *pods[i][a + 1 :]]
            pod_j = [*pods[j][:b], pods[i][a], *pods[j][b + 1 :]]
            ci, cj = pod_cost(pod_i, met, rank), pod_cost(pod_j, met, rank)
            total = (ci[0] + cj[0], ci[1] + cj[1])
            if total < now and (best is None or total < best[0]):
                best = (total, a, b, ci, cj)
    if best is None:
        return False
    _, a, b, ci, cj = best
    pods[i][a], pods[j][b] = pods[j][b], pods[i][a]
    costs[i], costs[j] = ci, cj
    return True
