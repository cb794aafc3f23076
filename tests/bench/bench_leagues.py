"""League benchmark: Swiss pairing and standings for a 256-player field, and the same field as a
pod league (pods of 3, 4 and 5); prints one JSON object.

A 256-player Swiss league is simulated with random best-of-3 results and a few drops per round;
each round is paired in standings order (the service's path). Rounds past the usual 8 show late
rounds where many pairs are excluded. The pod league seats each round by the standings (round 1
shuffled), with random finishing orders (ties now and then) and the same drops. Targets: pairing
(seating) a round <= 1 s, standings <= 200 ms.

    .venv/bin/python tests/bench/bench_leagues.py [--players 256] [--rounds 16] [--seed 1] [--pod-sizes 3,4,5]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bot.services.leagues.pairing import met_pairs, swiss_pairings, swiss_round_count
from bot.services.leagues.pod_standings import PodResult, default_points, pod_standings
from bot.services.leagues.pods import met_counts, seat_pods
from bot.services.leagues.standings import MatchResult, standings

SCORES = ((2, 0, 0), (2, 1, 0), (1, 2, 0), (0, 2, 0), (1, 1, 1))
PAIRING_TARGET_S = 1.0
STANDINGS_TARGET_S = 0.2


def run(players: int, rounds: int, seed: int, drop_rate: float) -> dict[str, object]:
    rng = random.Random(seed)
    names = [f"p{i:03d}" for i in range(players)]
    active = list(names)
    results: list[MatchResult] = []
    byes: set[str] = set()
    per_round: list[dict[str, object]] = []
    for number in range(1, rounds + 1):
        started = time.perf_counter()
        table = standings(names, results)
        standings_s = time.perf_counter() - started
        alive = set(active)
        ranked = [row.player for row in table if row.player in alive]
        met = met_pairs((r.player_a, r.player_b) for r in results)
        started = time.perf_counter()
        pairing = swiss_pairings(ranked, met, byes)
        pairing_s = time.perf_counter() - started
        for a, b in pairing.pairs:
            results.append(MatchResult(a, b, *rng.choice(SCORES)))
        if pairing.bye:
            byes.add(pairing.bye)
            results.append(MatchResult(pairing.bye, None, 2, 0))
        per_round.append(
            {
                "round": number,
                "active": len(ranked),
                "excluded_pairs": len(met),
                "pairing_ms": round(pairing_s * 1000, 2),
                "standings_ms": round(standings_s * 1000, 2),
                "rematches": pairing.rematches,
            }
        )
        active = [p for p in active if rng.random() >= drop_rate]
    started = time.perf_counter()
    standings(names, results)
    final_standings_s = time.perf_counter() - started
    pairing_ms = [float(r["pairing_ms"]) for r in per_round]  # type: ignore[arg-type]
    standings_ms = [float(r["standings_ms"]) for r in per_round] + [final_standings_s * 1000]  # type: ignore[arg-type]
    return {
        "players": players,
        "rounds": rounds,
        "usual_swiss_rounds": swiss_round_count(players),
        "seed": seed,
        "pairing_ms_max": max(pairing_ms),
        "pairing_ms_median": statistics.median(pairing_ms),
        "pairing_ms_late_rounds_max": max(pairing_ms[swiss_round_count(players) :] or [0.0]),
        "standings_ms_max": round(max(standings_ms), 2),
        "standings_ms_final": round(final_standings_s * 1000, 2),
        "total_rematches": sum(int(r["rematches"]) for r in per_round),  # type: ignore[call-overload]
        "pairing_within_target": max(pairing_ms) <= PAIRING_TARGET_S * 1000,
        "standings_within_target": max(standings_ms) <= STANDINGS_TARGET_S * 1000,
        "per_round": per_round,
    }


def random_places(size: int, rng: random.Random) -> tuple[int, ...]:
    """A random finishing order; one time in five two neighbours tie."""
    order = list(range(size))
    rng.shuffle(order)
    places = [0] * size
    for position, seat in enumerate(order):
        places[seat] = position + 1
    if size > 2 and rng.random() < 0.2:
        tied = rng.randrange(1, size)
        places[order[tied]] = places[order[tied - 1]]
    return tuple(places)


def run_pods(players: int, rounds: int, seed: int, drop_rate: float, pod_size: int) -> dict[str, object]:
    rng = random.Random(seed)
    names = [f"p{i:03d}" for i in range(players)]
    table = default_points(pod_size)
    active = list(names)
    results: list[PodResult] = []
    seated_pods: list[tuple[str, ...]] = []
    had_bye: set[str] = set()
    per_round: list[dict[str, object]] = []
    for number in range(1, rounds + 1):
        started = time.perf_counter()
        rows = pod_standings(names, results, table)
        standings_s = time.perf_counter() - started
        alive = set(active)
        ranked = [row.player for row in rows if row.player in alive]
        met = met_counts(seated_pods)
        started = time.perf_counter()
        seating = seat_pods(ranked, pod_size, met, had_bye, first_round_seed=seed if number == 1 else None)
        seating_s = time.perf_counter() - started
        for pod in seating.pods:
            seated_pods.append(tuple(pod))
            results.append(PodResult(tuple(pod), random_places(len(pod), rng)))
        for player in seating.byes:
            had_bye.add(player)
            results.append(PodResult((player,), (1,)))
        per_round.append(
            {
                "round": number,
                "active": len(ranked),
                "pods": len(seating.pods),
                "byes": len(seating.byes),
                "met_pairs": len(met),
                "seating_ms": round(seating_s * 1000, 2),
                "standings_ms": round(standings_s * 1000, 2),
                "repeats": seating.repeats,
            }
        )
        active = [p for p in active if rng.random() >= drop_rate]
    started = time.perf_counter()
    pod_standings(names, results, table)
    final_standings_s = time.perf_counter() - started
    seating_ms = [float(r["seating_ms"]) for r in per_round]  # type: ignore[arg-type]
    standings_ms = [float(r["standings_ms"]) for r in per_round] + [final_standings_s * 1000]  # type: ignore[arg-type]
    return {
        "pod_size": pod_size,
        "players": players,
        "rounds": rounds,
        "seating_ms_max": max(seating_ms),
        "seating_ms_median": statistics.median(seating_ms),
        "standings_ms_max": round(max(standings_ms), 2),
        "standings_ms_final": round(final_standings_s * 1000, 2),
        "first_round_with_repeats": next((r["round"] for r in per_round if r["repeats"]), None),
        "total_repeats": sum(int(r["repeats"]) for r in per_round),  # type: ignore[call-overload]
        "seating_within_target": max(seating_ms) <= PAIRING_TARGET_S * 1000,
        "standings_within_target": max(standings_ms) <= STANDINGS_TARGET_S * 1000,
        "per_round": per_round,
    }


def adversarial(players: int, clique: int) -> dict[str, object]:
    """The `clique` lowest-ranked players have all met each other: a rematch-free pairing exists
    (each of them against someone above) but a search from the top must reach them first."""
    names = [f"p{i:03d}" for i in range(players)]
    bottom = names[-clique:]
    met = {(a, b) for i, a in enumerate(bottom) for b in bottom[i + 1 :]}  # names sort like ranks
    started = time.perf_counter()
    pairing = swiss_pairings(names, met, set())
    return {
        "players": players,
        "bottom_clique": clique,
        "pairing_ms": round((time.perf_counter() - started) * 1000, 2),
        "rematches": pairing.rematches,
        "rematch_free_exists": players >= 2 * clique,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=256)
    parser.add_argument("--rounds", type=int, default=16)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--drop-rate", type=float, default=0.02)
    parser.add_argument(
        "--odd-worst-case", action="store_true", help="also time an odd field (players-1) with a bottom group of 9"
    )
    parser.add_argument("--pod-sizes", default="3,4,5", help="pod leagues to simulate (empty: none)")
    args = parser.parse_args()
    if args.players < 2 or args.rounds < 1:
        parser.error("need at least 2 players and 1 round")
    report = run(args.players, args.rounds, args.seed, args.drop_rate)
    report["adversarial"] = [adversarial(args.players, k) for k in (6, 8, 12) if args.players >= 2 * k]
    if args.odd_worst_case:
        report["adversarial"].append(adversarial(args.players - 1, 9))  # type: ignore[attr-defined]
    sizes = [int(size) for size in args.pod_sizes.split(",") if size.strip()]
    report["pods"] = [run_pods(args.players, args.rounds, args.seed, args.drop_rate, size) for size in sizes]
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
