"""Benchmark of the rules assistant; prints one JSON object.

    .venv/bin/python tests/bench/bench_rules.py [--semantic] [--docs ../shared/rulebooks]

Measures: index build time for all five references (fresh file, then reuse), answer latency
(p50/p95 of `RulesService.ask` over every labelled question), hit@1/hit@3 per game for BM25
and, with --semantic and the extra installed, for BM25 + embeddings fused by RRF; game
inference accuracy; follow-up conversation hit rates.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

from rulesdocs.conversation import infer_game
from rulesdocs.evaluate import (
    HOLDOUT2_DIR,
    HOLDOUT_DIR,
    QUESTIONS_DIR,
    Stopwatch,
    evaluate,
    load_conversations,
    load_questions,
    rank_of,
    refusals,
)
from rulesdocs.index import RulesIndex
from rulesdocs.model import GAMES
from rulesdocs.service import Asked, RulesService


def build_times(docs: list[str]) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "rules.sqlite"
        start = time.perf_counter()
        fresh = RulesIndex.open(extra_dirs=docs, db_path=db)
        built = time.perf_counter() - start
        chunks = len(fresh.chunks)
        fresh.close()
        start = time.perf_counter()
        RulesIndex.open(extra_dirs=docs, db_path=db).close()
        reused = time.perf_counter() - start
    return {"build_s": round(built, 3), "reuse_s": round(reused, 3), "chunks": chunks}


def quality(service: RulesService, directory: Path = QUESTIONS_DIR) -> dict[str, object]:
    reports = evaluate(service, GAMES, directory)
    total = sum(r.total for r in reports.values())
    return {
        "per_game": {g: r.summary() for g, r in reports.items()},
        "questions": total,
        "hit@1": round(sum(r.hit1 for r in reports.values()) / total, 3),
        "hit@3": round(sum(r.hit3 for r in reports.values()) / total, 3),
        "misses": {g: [m[0] for m in r.misses] for g, r in reports.items()},
    }


def latency(service: RulesService) -> dict[str, float]:
    samples: list[float] = []
    for game in GAMES:
        for item in load_questions(game):
            with Stopwatch() as sw:
                service.ask(item.question, game=game)
            samples.append(sw.ms)
    quantiles = statistics.quantiles(samples, n=20)
    return {"answers": len(samples), "p50_ms": round(quantiles[9], 2), "p95_ms": round(quantiles[18], 2)}


def follow_ups(service: RulesService) -> dict[str, int]:
    hit1 = hit3 = total = games_kept = turns = 0
    for number, conversation in enumerate(load_conversations()):
        asker = RulesService(index=service.index)
        asker.semantic = service.semantic
        where = Asked(channel=f"bench-{number}")
        for position, turn in enumerate(conversation.turns):
            answer = asker.ask(turn.question, where=where)
            turns += 1
            games_kept += answer.game == conversation.game
            if position:
                total += 1
                rank = rank_of(answer.sections, turn.expect)
                hit1 += rank == 1
                hit3 += rank is not None and rank <= 3
    return {"follow_ups": total, "hit@1": hit1, "hit@3": hit3, "turns": turns, "game_correct": games_kept}


def inference(service: RulesService) -> dict[str, int]:
    correct = wrong = undecided = 0
    for game in GAMES:
        for item in load_questions(game):
            best = infer_game(item.question, service.index).best
            correct += best == game
            wrong += best is not None and best != game
            undecided += best is None
    return {"correct": correct, "wrong": wrong, "undecided": undecided}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--semantic", action="store_true")
    parser.add_argument("--docs", action="append", default=[])
    args = parser.parse_args()
    result: dict[str, object] = {"index": build_times(args.docs)}
    service = RulesService(db_path=":memory:", extra_dirs=args.docs)
    result["bm25"] = quality(service)
    result["bm25_holdout"] = quality(service, HOLDOUT_DIR)
    result["bm25_holdout2"] = quality(service, HOLDOUT2_DIR)
    result["latency_bm25"] = latency(service)
    result["follow_ups_bm25"] = follow_ups(service)
    result["game_inference"] = inference(service)
    refused, total = refusals(service)
    result["unanswerable_refused"] = {"refused": refused, "questions": total}
    if args.semantic:
        semantic = RulesService(index=service.index, semantic=True)
        start = time.perf_counter()
        if semantic.enable_semantic():
            result["semantic_load_s"] = round(time.perf_counter() - start, 2)
            result["fused"] = quality(semantic)
            result["fused_holdout"] = quality(semantic, HOLDOUT_DIR)
            result["fused_holdout2"] = quality(semantic, HOLDOUT2_DIR)
            result["latency_fused"] = latency(semantic)
            result["follow_ups_fused"] = follow_ups(semantic)
        else:
            print("semantic extra not installed; BM25 figures only", file=sys.stderr)
    print(json.dumps(result, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
