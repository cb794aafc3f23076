"""Benchmark: does OpenSkill rank one-on-one players as well as Elo did? Prints one JSON object.

    .venv/bin/python tests/bench/bench_ratings.py [--seasons 40] [--players 32] [--games 12]

Simulated seasons: each player has a hidden skill; pairs are drawn at random and the winner is
drawn from the skill difference. Two ways of drawing the winner are used, so neither system is
favoured by the simulation's own model: logistic (Elo's assumption) and normal (Thurstone, close
to OpenSkill's). Both systems see the same results in the same order. Reported per model and
number of games per player: Kendall's tau between the final table and the hidden skills (how
well the table ranks players; OpenSkill's table by mu, as tcgtable ranks, and by the conservative
mu - 3 sigma for comparison), and the log-loss of each system's forecast for the last quarter of
games (how well it predicts). Elo here is the one tcgtable used before (1500, K 40 for the first
10 games, then 32), kept only as this baseline.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time

from bot.services.skill import MODEL, rate


def elo_expected(a: float, b: float) -> float:
    return 1.0 / (1.0 + 10 ** ((b - a) / 400))


def kendall_tau(xs: list[float], ys: list[float]) -> float:
    concordant = discordant = 0
    for i in range(len(xs)):
        for j in range(i + 1, len(xs)):
            s = (xs[i] - xs[j]) * (ys[i] - ys[j])
            concordant += s > 0
            discordant += s < 0
    return (concordant - discordant) / max(1, concordant + discordant)


def season(rng: random.Random, players: int, games_each: int, model: str) -> dict[str, float]:
    skill = [rng.gauss(0.0, 1.0) for _ in range(players)]
    names = [f"p{i}" for i in range(players)]
    elo = {p: 1500.0 for p in names}
    played = {p: 0 for p in names}
    skills = {p: MODEL.rating(name=p) for p in names}
    total = players * games_each // 2
    loss = {"elo": 0.0, "openskill": 0.0}
    scored = 0
    for n in range(total):
        a, b = rng.sample(range(players), 2)
        diff = skill[a] - skill[b]
        p_a = 1 / (1 + math.exp(-1.7 * diff)) if model == "logistic" else 0.5 * (1 + math.erf(diff / 2))
        a_wins = rng.random() < p_a
        pa, pb = names[a], names[b]
        if n >= total * 3 // 4:  # forecast before the update
            f_elo = elo_expected(elo[pa], elo[pb])
            f_os = MODEL.predict_win([[skills[pa]], [skills[pb]]])[0]
            for key, f in (("elo", f_elo), ("openskill", f_os)):
                f = min(max(f, 1e-6), 1 - 1e-6)
                loss[key] -= math.log(f if a_wins else 1 - f)
            scored += 1
        ka = 40.0 if played[pa] < 10 else 32.0
        kb = 40.0 if played[pb] < 10 else 32.0
        e = elo_expected(elo[pa], elo[pb])
        score = 1.0 if a_wins else 0.0
        elo[pa], elo[pb] = elo[pa] + ka * (score - e), elo[pb] + kb * ((1 - score) - (1 - e))
        played[pa] += 1
        played[pb] += 1
        skills = rate(skills, (pa, pb), (1, 2) if a_wins else (2, 1))
    return {
        "tau_elo": kendall_tau([elo[p] for p in names], skill),
        "tau_openskill": kendall_tau([skills[p].mu for p in names], skill),
        "tau_openskill_ordinal": kendall_tau([skills[p].ordinal() for p in names], skill),
        "logloss_elo": loss["elo"] / scored,
        "logloss_openskill": loss["openskill"] / scored,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seasons", type=int, default=40)
    parser.add_argument("--players", type=int, default=32)
    parser.add_argument("--games", type=int, nargs="*", default=[6, 12, 30])
    args = parser.parse_args()
    started = time.perf_counter()
    out: dict[str, object] = {"seasons": args.seasons, "players": args.players}
    for model in ("logistic", "normal"):
        for games in args.games:
            rng = random.Random(f"{model}:{games}")
            runs = [season(rng, args.players, games, model) for _ in range(args.seasons)]
            figures = {key: round(statistics.mean(r[key] for r in runs), 4) for key in runs[0]}
            wins = sum(r["tau_openskill"] > r["tau_elo"] for r in runs)
            figures["openskill_ranks_better_in"] = f"{wins}/{len(runs)}"
            gaps = [r["tau_openskill"] - r["tau_elo"] for r in runs]
            figures["tau_gap_mean"] = round(statistics.mean(gaps), 4)
            figures["tau_gap_stderr"] = round(statistics.stdev(gaps) / math.sqrt(len(gaps)), 4)
            out[f"{model}:{games}_games_each"] = figures
    out["seconds"] = round(time.perf_counter() - started, 1)
    json.dump(out, sys.stdout, indent=1)
    print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
