"""How sure the matcher is that the fact it chose answers the question: a calibrated probability.

The matcher always returns its nearest fact; on a question the knowledge base doesn't hold, a
nearby fact wins with a score much like a right one. This module describes the choice by a few
numbers (`signals`: the fused score and its lead over the next answer, how much of the question's
weight the fact's words cover, the question type, whether it is a follow-up...) and a small
logistic model (`sureness.json`, written by `python -m rulesdocs.train_sureness`) turns them into the
probability that the answer is right. Below `Sureness.threshold` the assistant offers its closest
facts ("did you mean") instead of stating one.

The model was fitted on the tuning chat sets asked against a knowledge base with every phrasing
close to a tuning question taken out, so that the tuning questions read as unseen ones do.
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from rulesdocs import followup
from rulesdocs.factmatch import FactMatcher, features
from rulesdocs.ruling import Ruling
from rulesdocs.understand import QUESTION_TYPES, QuestionType

MODEL_PATH = Path(__file__).with_name("sureness.json")
GAMES = ("yugioh", "naruto", "inuyasha", "inazuma", "usagi")

UNMATCHED_IDF = 4.0
"""A question word this rare (inverse fact frequency) that the fact never uses is a sign it asks
about something else."""
_NUMBER = re.compile(r"\d+")

SIGNALS: tuple[str, ...] = (
    "score",
    "similarity",
    "margin",
    "close",
    "strange",
    "follow_up",
    "uncovered",
    "uncovered_top",
    "phrasing_cover",
    "phrasing_extra",
    "words",
    "type_fits",
    "definition",
    "silent",
    "clash",
    "answer_cover",
    "unmatched",
    "number_kept",
    "words_agree",
    "chars_agree",
    "centroid_agree",
    "chars_lead",
    *(f"type_{t}" for t in QUESTION_TYPES),
    *(f"game_{g}" for g in GAMES),
)


def _agreement(text: str, words: list[str], fact: int, matcher: FactMatcher) -> dict[str, float]:
    """Whether the matcher's separate views (words, character n-grams, each fact's centroid) each rank
    the chosen fact first, and how far ahead of the next fact its character similarity is."""
    found = {"words_agree": float(matcher.word_leader(words) == fact)}
    if matcher.chars is None or not text.strip():
        return {**found, "chars_agree": 0.0, "centroid_agree": 0.0, "chars_lead": 0.0}
    chars, centroids = matcher.char_views(text)
    ranked = sorted(chars.values(), reverse=True)
    own = chars.get(fact, 0.0)
    rival = max((v for n, v in chars.items() if n != fact), default=0.0)
    return {
        **found,
        "chars_agree": float(bool(ranked) and own >= ranked[0]),
        "centroid_agree": float(int(centroids.argmax()) == fact),
        "chars_lead": max(-0.5, min(0.5, own - rival)),
    }


def signals(
    text: str,
    words: list[str],
    chosen: Ruling,
    matcher: FactMatcher,
    qtype: QuestionType,
    *,
    strange: int = 0,
    follow_up: bool = False,
) -> dict[str, float]:
    """The numbers describing how `chosen` fits the question `text` (as typed, with a follow-up's
    earlier question before it) whose normalized words are `words`."""
    weight = {w: matcher.idf.get(w, matcher.unknown_idf) for w, pair in features(words) if not pair}
    total = sum(weight.values()) or 1.0
    fact_words = matcher.fact_words(chosen.fact.id)
    missing = [v for w, v in weight.items() if w not in fact_words]
    phrased = set(matcher.tokens_of_phrasing(chosen.phrasing)) if chosen.phrasing else set()
    in_phrasing = sum(v for w, v in weight.items() if w in phrased)
    extra = {w: matcher.idf.get(w, matcher.unknown_idf) for w in phrased if w not in weight}
    phrased_total = sum(matcher.idf.get(w, matcher.unknown_idf) for w in phrased) or 1.0
    types = matcher.types[matcher.index_of(chosen.fact.id)]
    answered = set(matcher.tokens_of_phrasing(chosen.fact.answer))
    numbers = {w for w in words if w.isdigit()}
    found = {
        "score": chosen.score,
        "similarity": chosen.similarity,
        "margin": min(chosen.margin, 0.5),
        "close": float(len(chosen.close)),
        "strange": float(strange),
        "follow_up": float(follow_up),
        "uncovered": sum(missing) / total,
        "uncovered_top": max(missing, default=0.0) / matcher.unknown_idf,
        "phrasing_cover": in_phrasing / total,
        "phrasing_extra": sum(extra.values()) / phrased_total,
        "words": min(len(weight), 20) / 20.0,
        "type_fits": float(qtype in types),
        "definition": float(chosen.fact.is_definition),
        "silent": float(chosen.fact.silent),
        "clash": float(followup.clashes(followup.terms(words, matcher.game), matcher.fact_terms(chosen.fact.id))),
        "answer_cover": sum(v for w, v in weight.items() if w in answered) / total,
        "unmatched": min(sum(v >= UNMATCHED_IDF for v in missing), 5) / 5.0,
        "number_kept": float(not numbers or bool(numbers & set(_NUMBER.findall(chosen.fact.answer)))),
    }
    found.update({f"game_{g}": float(matcher.game == g) for g in GAMES})
    found.update(_agreement(text, words, matcher.index_of(chosen.fact.id), matcher))
    found.update({f"type_{t}": float(qtype == t) for t in QUESTION_TYPES})
    return found


@dataclass(frozen=True, slots=True)
class Sureness:
    """A fitted logistic model over `SIGNALS` (standardized) and the threshold it is used at."""

    names: tuple[str, ...]
    mean: tuple[float, ...]
    scale: tuple[float, ...]
    coef: tuple[float, ...]
    intercept: float
    threshold: float

    def probability(self, found: dict[str, float]) -> float:
        """The probability that the chosen fact answers the question right."""
        z = self.intercept + sum(
            c * (found[n] - m) / s for n, m, s, c in zip(self.names, self.mean, self.scale, self.coef, strict=True)
        )
        return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))

    def sure(self, found: dict[str, float]) -> bool:
        return self.probability(found) >= self.threshold

    def to_json(self) -> dict[str, object]:
        return {
            "names": list(self.names),
            "mean": list(self.mean),
            "scale": list(self.scale),
            "coef": list(self.coef),
            "intercept": self.intercept,
            "threshold": self.threshold,
        }

    @classmethod
    def from_json(cls, raw: dict[str, object]) -> Sureness:
        def floats(key: str) -> tuple[float, ...]:
            value = raw[key]
            if not isinstance(value, list):
                raise ValueError(f"sureness model: {key} must be a list")
            return tuple(float(v) for v in value)

        names = raw["names"]
        if not isinstance(names, list) or tuple(names) != SIGNALS:
            raise ValueError("sureness model: its signals are not the ones this code computes; retrain it")
        intercept, threshold = raw["intercept"], raw["threshold"]
        if not isinstance(intercept, (int, float)) or not isinstance(threshold, (int, float)):
            raise ValueError("sureness model: intercept and threshold must be numbers")
        model = cls(SIGNALS, floats("mean"), floats("scale"), floats("coef"), float(intercept), float(threshold))
        if not len(model.mean) == len(model.scale) == len(model.coef) == len(SIGNALS):
            raise ValueError("sureness model: one weight per signal")
        return model


@cache
def model(path: Path = MODEL_PATH) -> Sureness | None:
    """The shipped model, None when there is none (every chosen fact then counts as sure)."""
    if not path.exists():
        return None
    return Sureness.from_json(json.loads(path.read_text(encoding="utf-8")))
