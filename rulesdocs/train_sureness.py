"""Fit the sureness model (`rulesdocs.sureness`) and write `rulesdocs/sureness.json`.

    python -m rulesdocs.train_sureness [--sets tests/rulesdocs] [--out rulesdocs/sureness.json]

The tuning chat sets (`dev*`, and the older `blind`, `blind2`, which have been looked at) are
asked against a knowledge base from which every phrasing close to one of their questions is
taken out: tuning added their questions as phrasings, and the model must learn how a question
the knowledge base has *not* seen looks when the chosen fact is right and when it is wrong. Each
answer given from a chosen fact is a sample: its signals, and whether the set's patterns match it.

The threshold is chosen on predictions for each set made by a model fitted on the other sets,
so that a confidently wrong answer caught counts `WRONG_COST` times a right answer turned into a
"did you mean" (discounted by how often the patterns' "wrong" is really wrong). The sets still
blind (`blind3`, `blind4`) are never read here.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path

import numpy as np
from rapidfuzz import fuzz
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import roc_auc_score
from sklearn.preprocessing import StandardScaler

from rulesdocs import chat, sureness
from rulesdocs.chatsets import ChatSet, load_sets, turns
from rulesdocs.conversation import strip_game_names
from rulesdocs.facts import FACTS_DIR, FactBook, load_books
from rulesdocs.model import GameId
from rulesdocs.service import Asked, RulesService

TRAINING_SETS = (
    "dev", "dev2", "dev3", "dev4", "dev5", "dev6", "dev7", "dev8", "dev9", "dev10", "dev11", "dev12", "blind", "blind2",
)  # fmt: skip
SETS_DIR = Path(__file__).resolve().parent.parent / "tests" / "rulesdocs"
CLOSE_WORDS = 0.65
"""Word overlap (Jaccard) at which a phrasing counts as a training question's own wording."""
CLOSE_CHARACTERS = 85
"""Or this rapidfuzz ratio of the two texts."""
WRONG_COST = 1.3
"""A confidently wrong answer costs this many right answers turned into a "did you mean"."""
AUDITED_WRONG_SHARE = 0.64
"""Share of the answers the patterns call wrong that blind auditors also found wrong (72 of 113 on
blind4): a caught "wrong" is a real one only this often."""
REGULARIZATION = 1.0


@dataclasses.dataclass(frozen=True, slots=True)
class Sample:
    signals: dict[str, float]
    right: bool
    chat_set: str


def _close(phrasing: str, game: GameId, asked: Sequence[tuple[frozenset[str], str]]) -> bool:
    words = frozenset(chat.tokens(strip_game_names(phrasing), game))
    lowered = phrasing.lower()
    return any(
        len(words & other) >= CLOSE_WORDS * max(1, len(words | other)) or fuzz.ratio(lowered, text) >= CLOSE_CHARACTERS
        for other, text in asked
    )


def without_questions(books: dict[GameId, FactBook], questions: dict[GameId, list[str]]) -> dict[GameId, FactBook]:
    """`books` with every phrasing close to one of `questions` taken out (a fact left with none keeps
    the opening of its answer as its only phrasing)."""
    out = {}
    for game, book in books.items():
        asked = [(frozenset(chat.tokens(strip_game_names(q), game)), q.lower()) for q in questions.get(game, [])]
        facts = []
        for fact in book.facts:
            kept = tuple(p for p in fact.asks if not _close(p, game, asked))
            facts.append(dataclasses.replace(fact, asks=kept or (fact.answer[:60],)))
        out[game] = dataclasses.replace(book, facts=tuple(facts))
    return out


def samples(named_sets: dict[str, list[ChatSet]]) -> list[Sample]:
    """Every answer given from a chosen fact, asked against the knowledge base without the sets' wordings."""
    questions: dict[GameId, list[str]] = {}
    for chat_sets in named_sets.values():
        for chat_set in chat_sets:
            questions.setdefault(chat_set.game, []).extend(t.question for t in turns(chat_set))
    noted: list[dict[str, float]] = []
    service = RulesService(doubting=False, signals_seen=noted.append)  # notes each chosen fact's signals, never doubts
    service._books = without_questions(load_books(FACTS_DIR), questions)
    out = []
    for name, chat_sets in named_sets.items():
        for chat_set in chat_sets:
            for turn in turns(chat_set, prefix=f"{name}:{chat_set.game}:"):
                if turn.fresh:
                    service.store.forget(turn.channel)
                noted.clear()
                answer = service.ask(turn.question, game=turn.game, where=Asked(channel=turn.channel))
                if answer.kind != "rule" or not noted:
                    continue
                right = turn.item is not None and turn.item.right(answer)
                out.append(Sample(noted[-1], right, name))
    return out


def _matrix(found: Iterable[Sample]) -> tuple[np.ndarray, np.ndarray]:
    rows = list(found)
    x = np.array([[s.signals[n] for n in sureness.SIGNALS] for s in rows], dtype=float)
    return x, np.array([s.right for s in rows], dtype=int)


def _fit(x: np.ndarray, y: np.ndarray) -> tuple[StandardScaler, LogisticRegression]:
    scaler = StandardScaler().fit(x)
    return scaler, LogisticRegression(C=REGULARIZATION, max_iter=5000).fit(scaler.transform(x), y)


def held_out_probabilities(found: list[Sample]) -> np.ndarray:
    """Each sample's probability from a model fitted on the other chat sets."""
    x, y = _matrix(found)
    names = np.array([s.chat_set for s in found])
    out = np.zeros(len(found))
    for name in sorted(set(names)):
        held = names == name
        scaler, fitted = _fit(x[~held], y[~held])
        out[held] = fitted.predict_proba(scaler.transform(x[held]))[:, 1]
    return out


def best_threshold(probabilities: np.ndarray, right: np.ndarray) -> tuple[float, int, int]:
    """The threshold maximizing wrong answers caught (weighted as in the module doc) less right ones lost,
    with both counts."""
    best = (0.0, 0, 0)
    best_gain = 0.0
    for step in range(5, 96):
        threshold = step / 100
        doubted = probabilities < threshold
        lost = int((doubted & (right == 1)).sum())
        caught = int((doubted & (right == 0)).sum())
        gain = WRONG_COST * AUDITED_WRONG_SHARE * caught - lost
        if gain > best_gain:
            best, best_gain = (threshold, lost, caught), gain
    return best


def train(sets_dir: Path, out: Path, names: Sequence[str] = TRAINING_SETS) -> dict[str, object]:
    """Fit, choose the threshold, write the model; returns the figures measured."""
    named = {name: load_sets(sets_dir / name) for name in names if (sets_dir / name).is_dir()}
    found = samples(named)
    x, y = _matrix(found)
    held_out = held_out_probabilities(found)
    threshold, lost, caught = best_threshold(held_out, y)
    scaler, fitted = _fit(x, y)
    model = sureness.Sureness(
        sureness.SIGNALS,
        tuple(float(v) for v in scaler.mean_),
        tuple(float(v) or 1.0 for v in scaler.scale_),
        tuple(float(v) for v in fitted.coef_[0]),
        float(fitted.intercept_[0]),
        threshold,
    )
    figures: dict[str, object] = {
        "sets": sorted(named),
        "samples": len(found),
        "right": int(y.sum()),
        "held_out_auc": round(float(roc_auc_score(y, held_out)), 3),
        "threshold": threshold,
        "held_out_right_doubted": lost,
        "held_out_wrong_doubted": caught,
    }
    out.write_text(json.dumps({**model.to_json(), "trained": figures}, indent=1) + "\n", encoding="utf-8")
    return figures


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sets", type=Path, default=SETS_DIR, help="folder of the chat sets")
    parser.add_argument("--out", type=Path, default=sureness.MODEL_PATH, help="the model file to write")
    args = parser.parse_args(argv)
    figures = train(args.sets, args.out)
    json.dump(figures, sys.stdout, indent=1)
    print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
