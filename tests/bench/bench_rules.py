"""Benchmark of the rules assistant; prints one JSON object.

    .venv/bin/python tests/bench/bench_rules.py [--semantic] [--docs ../shared/rulebooks] [--misses]

First what players judge, on the chat sets (tests/rulesdocs/blind5, frozen 2026-11-30 in the twenty-fourth
session, never tuned on; tests/rulesdocs/blind4, frozen 2026-11-29 in the nineteenth
session before any tuning: the rulings-channel brief, the whole rulebook section by section;
tests/rulesdocs/blind3, frozen 2026-11-28 in the fourteenth session before any tuning; tests/rulesdocs/blind2,
frozen 2026-11-28 earlier, no longer blind for Inazuma and Inuyasha; tests/rulesdocs/blind, frozen 2026-11-24:
written blind from the rulebooks and card data; tests/rulesdocs/dev, dev3 to dev6: for tuning; dev3 to dev6
written like blind3 by other helpers, dev4 in the fifteenth session, dev5 in the sixteenth, weighted to
follow-ups, dev6 in the seventeenth, follow-up conversations only, dev7 and dev8 in the eighteenth: a
game-night brief (situations, why, what-happens and exceptions, 3-turn follow-ups) and a newcomers' brief (other
games' words, card pairs, 3-turn follow-ups), dev9 in the nineteenth and dev10 in the
twentieth, blind4's brief by other writers, dev14 in the twenty-sixth: three-turn conversations with a second
card or a board situation), per
game and per question type: right fact in the answer text, confidently wrong (an answer, not "not found" or
"did you mean", without the fact), clarified, the same counting the first cited passage, card questions
right/wrong, follow-ups answered right, "not found" (or a card's text, or a "did you mean") on questions the
rules don't answer, answerable questions refused, p50/p95 latency. Then the build time of the index and the
knowledge base for all five games, and the older section-retrieval figures (hit@1/hit@3 on
rulesdocs/questions, game inference, refusals)."""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

from rulesdocs.chatsets import load_sets, score_sets
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


CHAT_SETS = Path(__file__).resolve().parents[1] / "rulesdocs"


def chat_quality(service: RulesService, name: str, misses: bool) -> dict[str, object]:
    """The chat set `name` (blind or dev): per game and overall."""
    reports = score_sets(service, load_sets(CHAT_SETS / name))
    out: dict[str, object] = {game: report.summary() for game, report in reports.items()}
    if misses:
        out["misses"] = [m for game, r in reports.items() if game != "all" for m in r.misses]
    return out


def knowledge_build() -> dict[str, float]:
    """Index and knowledge base for all five games, built from scratch in one process."""
    with tempfile.TemporaryDirectory() as tmp:
        start = time.perf_counter()
        service = RulesService(db_path=Path(tmp) / "rules.sqlite")
        service.prepare()
        built = time.perf_counter() - start
        facts = sum(len(service.matcher(g).book.facts) for g in service.index.games if service.matcher(g))
        service.index.close()
    return {"build_s": round(built, 3), "facts": facts}


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
    parser.add_argument("--misses", action="store_true", help="list the dev set's misses (never the blind set's)")
    args = parser.parse_args()
    service = RulesService(db_path=":memory:", extra_dirs=args.docs)
    result: dict[str, object] = {
        "blind5": chat_quality(service, "blind5", False),
        "blind4": chat_quality(service, "blind4", False),
        "blind3": chat_quality(service, "blind3", False),
        "blind2": chat_quality(service, "blind2", False),
        "blind": chat_quality(service, "blind", False),
        "dev": chat_quality(service, "dev", args.misses),
        "dev3": chat_quality(service, "dev3", args.misses),
        "dev4": chat_quality(service, "dev4", args.misses),
        "dev5": chat_quality(service, "dev5", args.misses),
        "dev6": chat_quality(service, "dev6", args.misses),
        "dev7": chat_quality(service, "dev7", args.misses),
        "dev8": chat_quality(service, "dev8", args.misses),
        "dev9": chat_quality(service, "dev9", args.misses),
        "dev10": chat_quality(service, "dev10", args.misses),
        "dev14": chat_quality(service, "dev14", args.misses),
        "knowledge_build": knowledge_build(),
        "index": build_times(args.docs),
    }
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
            result["fused_blind"] = chat_quality(semantic, "blind", False)
            result["fused_dev"] = chat_quality(semantic, "dev", False)
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
