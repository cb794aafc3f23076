"""Card catalog benchmark: import of the 9k YGOPro cdb, lookup and autocomplete latency, hit rates.

    .venv/bin/python tests/bench/bench_cards.py [--shared ../shared] [--db URL] [--rounds 3]

Prints one JSON object. Hit rates: the labelled queries (tests/cards/data/queries.yaml), the held-out
set (queries_holdout.yaml) and the synthetic typos. Lookups replay the labelled queries and a
seeded set of misspelt real names (one to two random edits each); autocomplete replays their
prefixes (3 to 12 characters). Times are per call, in milliseconds: wall-clock, and CPU time of the
process (less sensitive to other load on the machine, which is reported too).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from cards.catalog import CardSearch, Catalog  # noqa: E402
from cards.importers import import_source  # noqa: E402
from cards.pool import normalize_name  # noqa: E402

QUERIES = ROOT / "tests" / "cards" / "data" / "queries.yaml"
HOLDOUT = ROOT / "tests" / "cards" / "data" / "queries_holdout.yaml"
LETTERS = "abcdefghijklmnopqrstuvwxyz"


def misspell(name: str, rng: random.Random) -> str:
    """One or two random edits (drop, double, swap, replace a letter), as hurried typists make."""
    chars = list(name.lower())
    for _ in range(rng.choice((1, 1, 2))):
        letters = [i for i, c in enumerate(chars) if c.isalpha()]
        if len(letters) < 4:
            break
        i = rng.choice(letters[1:])
        edit = rng.choice(("drop", "double", "swap", "replace"))
        if edit == "drop":
            del chars[i]
        elif edit == "double":
            chars.insert(i, chars[i])
        elif edit == "swap" and i + 1 < len(chars):
            chars[i], chars[i + 1] = chars[i + 1], chars[i]
        else:
            chars[i] = rng.choice(LETTERS)
    return "".join(chars)


def percentile(values: list[float], pct: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(pct / 100 * (len(ordered) - 1)))]


def summary(values: list[float]) -> dict[str, float]:
    return {
        "n": len(values),
        "p50_ms": round(percentile(values, 50), 3),
        "p95_ms": round(percentile(values, 95), 3),
        "max_ms": round(max(values), 3),
        "mean_ms": round(statistics.fmean(values), 3),
    }


async def run(shared: Path, url: str | None, rounds: int, typos: int) -> dict[str, object]:
    cdb = shared / "carddata" / "yugioh" / "ygopro_pc-english_2018_cards.cdb"
    with tempfile.TemporaryDirectory() as tmp:
        catalog = Catalog(url or f"sqlite:///{Path(tmp) / 'bench.db'}")
        if url:
            await catalog.drop()
        started = time.perf_counter()
        await catalog.open()
        builtin_s = time.perf_counter() - started
        started = time.perf_counter()
        imported = await import_source(catalog, str(cdb))
        import_s = time.perf_counter() - started
        search = CardSearch(catalog, refresh_seconds=3600)
        started = time.perf_counter()
        index = await search.index()
        index_s = time.perf_counter() - started

        labelled = yaml.safe_load(QUERIES.read_text(encoding="utf-8"))
        rng = random.Random(20261121)
        names = sorted({entry.name for entry in index.entries if entry.game == "yugioh" and len(entry.name) >= 6})
        picked = rng.sample(names, typos)
        typo_cases = [{"q": misspell(name, rng), "expect": name} for name in picked]

        async def hit_rates(cases: list[dict[str, str]]) -> dict[str, float]:
            hit1 = hit3 = 0
            for case in cases:
                results = (await search.search(case["q"], game=case.get("game"), limit=3)).results
                found = [normalize_name(r.name) for r in results]
                expected = normalize_name(case["expect"])
                hit1 += found[:1] == [expected]
                hit3 += expected in found
            return {"n": len(cases), "hit@1": round(hit1 / len(cases), 4), "hit@3": round(hit3 / len(cases), 4)}

        labelled_rates = await hit_rates(labelled)
        holdout_rates = await hit_rates(yaml.safe_load(HOLDOUT.read_text(encoding="utf-8")))
        typo_rates = await hit_rates(typo_cases)

        lookups: list[float] = []
        completes: list[float] = []
        lookup_cpu: list[float] = []
        complete_cpu: list[float] = []
        queries = [case["q"] for case in labelled] + [case["q"] for case in typo_cases]
        prefixes = [q[: rng.randint(3, 12)] for q in queries]
        for _ in range(rounds):
            for query in queries:
                t0, c0 = time.perf_counter(), time.process_time()
                await search.search(query, limit=10)
                lookups.append((time.perf_counter() - t0) * 1000)
                lookup_cpu.append((time.process_time() - c0) * 1000)
            for prefix in prefixes:
                t0, c0 = time.perf_counter(), time.process_time()
                await search.autocomplete(prefix, game="yugioh", limit=25)
                completes.append((time.perf_counter() - t0) * 1000)
                complete_cpu.append((time.process_time() - c0) * 1000)
        await catalog.close()
    return {
        "benchmark": "cards",
        "database": "postgresql" if url and "postgres" in url else "sqlite",
        "catalog_cards": len(index),
        "builtin_load_s": round(builtin_s, 3),
        "import_9k_cdb": {
            "seconds": round(import_s, 3),
            "added": imported.added,
            "updated": imported.updated,
            "alt_codes": imported.alt_codes,
        },
        "index_build_s": round(index_s, 3),
        "labelled_queries": labelled_rates,
        "holdout_queries": holdout_rates,
        "synthetic_typos": typo_rates,
        "lookup": summary(lookups),
        "autocomplete": summary(completes),
        "cpu_time": {"lookup": summary(lookup_cpu), "autocomplete": summary(complete_cpu)},
        "load_average_1m": round(os.getloadavg()[0], 2),
        "cpus": os.cpu_count(),
        "targets": {"lookup_p95_ms": 10, "autocomplete_p95_ms": 25, "import_s": 30, "hit@1": 0.95},
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shared", type=Path, default=ROOT.parent / "shared")
    parser.add_argument("--db", help="database URL (default: a temporary SQLite file); PostgreSQL is wiped")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--typos", type=int, default=300, help="how many misspelt real names to add")
    args = parser.parse_args()
    print(json.dumps(asyncio.run(run(args.shared, args.db, args.rounds, args.typos))))


if __name__ == "__main__":
    main()
