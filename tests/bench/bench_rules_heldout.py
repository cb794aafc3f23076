"""Benchmark of the rules assistant on questions its knowledge base has not seen; prints one JSON object.

    .venv/bin/python tests/bench/bench_rules_heldout.py [--no-gate] [--sets dev,dev2,...]

The tuning chat sets answer almost every question with the full knowledge base, because tuning
added their questions as phrasings. Here each set is asked against the knowledge base with every
phrasing close to one of its own questions taken out (`rulesdocs.train_sureness.without_questions`),
the others' wordings kept: leave one set out, the closest stand-in for a blind set that reads no
blind set. Use it to judge a ranking weight or a new reader before looking at a blind set.
Figures per set and in total: rules right / confidently wrong, follow-ups right / wrong, card
questions right / wrong, questions the rules don't answer answered honestly, "did you mean" count.
"""

from __future__ import annotations

import argparse
import json
import time

from rulesdocs.chatsets import ChatReport, load_sets, score_sets, turns
from rulesdocs.facts import FACTS_DIR, load_books
from rulesdocs.model import GameId
from rulesdocs.service import RulesService
from rulesdocs.train_sureness import SETS_DIR, TRAINING_SETS, without_questions


def _figures(report: ChatReport) -> dict[str, object]:
    summary = report.summary()
    keep = (
        "right_fact",
        "confidently_wrong",
        "followup_right",
        "followup_wrong",
        "card_right",
        "card_wrong",
        "not_found_on_unanswerable",
        "answerable",
        "followups",
        "cards",
        "unanswerable",
    )
    return {**{k: summary[k] for k in keep}, "clarified": report.clarified}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--no-gate", action="store_true", help="answer without the sureness check")
    parser.add_argument("--sets", default=",".join(TRAINING_SETS), help="comma-separated chat set folders")
    args = parser.parse_args()
    books = load_books(FACTS_DIR)
    started = time.perf_counter()
    total = ChatReport()
    per_set: dict[str, dict[str, object]] = {}
    for name in args.sets.split(","):
        chat_sets = load_sets(SETS_DIR / name)
        asked: dict[GameId, list[str]] = {}
        for chat_set in chat_sets:
            asked.setdefault(chat_set.game, []).extend(t.question for t in turns(chat_set))
        service = RulesService(doubting=not args.no_gate)
        service._books = without_questions(books, asked)
        report = score_sets(service, chat_sets)["all"]
        per_set[name] = _figures(report)
        total.merge(report)
    print(
        json.dumps(
            {
                "gate": not args.no_gate,
                "all": _figures(total),
                "sets": per_set,
                "seconds": round(time.perf_counter() - started, 1),
            },
            indent=1,
        )
    )


if __name__ == "__main__":
    main()
