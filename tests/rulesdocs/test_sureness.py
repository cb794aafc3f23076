"""The sureness model: its signals, the shipped model file, the service's "did you mean" when it
doubts the chosen fact, and the training helpers."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import numpy as np
import pytest

from rulesdocs import chat, sureness
from rulesdocs.facts import FACTS_DIR, load_books
from rulesdocs.service import Asked, RulesService
from rulesdocs.train_sureness import Sample, best_threshold, held_out_probabilities, without_questions


def _chosen_signals(service: RulesService, question: str, game: str) -> tuple[dict[str, float], str]:
    matcher = service.matcher(game)
    assert matcher is not None
    words = chat.tokens(matcher.correct(question), game)
    chosen, _ = service._rule(question, question, words, game, "")
    assert chosen is not None
    return sureness.signals(question, words, chosen, matcher, "other"), chosen.fact.id


def test_the_shipped_model_loads_with_the_signals_this_code_computes() -> None:
    model = sureness.model()
    assert model is not None
    assert model.names == sureness.SIGNALS
    assert 0.0 < model.threshold < 1.0


def test_a_model_for_other_signals_is_refused(tmp_path: Path) -> None:
    raw = json.loads(sureness.MODEL_PATH.read_text(encoding="utf-8"))
    raw["names"] = raw["names"][:-1]
    path = tmp_path / "old.json"
    path.write_text(json.dumps(raw), encoding="utf-8")
    with pytest.raises(ValueError, match="retrain"):
        sureness.model(path)


def test_signals_see_question_words_the_fact_never_uses(service: RulesService) -> None:
    plain, plain_fact = _chosen_signals(service, "how many cards can my deck have", "yugioh")
    padded, padded_fact = _chosen_signals(
        service, "how many cards can my deck have when my opponent chains a counter trap", "yugioh"
    )
    assert set(plain) == set(sureness.SIGNALS)
    assert plain["uncovered"] < padded["uncovered"]
    assert plain_fact == "c-deck-size"
    assert padded_fact != plain_fact or padded["uncovered"] > 0.3


def test_a_well_covered_question_is_rated_surer_than_a_loose_one(service: RulesService) -> None:
    model = sureness.model()
    assert model is not None
    sure, _ = _chosen_signals(service, "how many cards in a deck", "yugioh")
    loose, _ = _chosen_signals(service, "whats the difference between a flip and a set", "yugioh")
    assert model.probability(sure) > model.threshold
    assert model.probability(sure) - model.probability(loose) > 0.3  # the loose one sits near the threshold


def test_a_doubted_fact_becomes_a_did_you_mean(service: RulesService) -> None:
    answer = RulesService(index=service.index).ask(
        "whats the difference between a flip and a set", game="yugioh", where=Asked(channel="doubt")
    )
    assert answer.kind == "clarify"
    assert 2 <= len(answer.options) <= 3
    assert any("set" in option.lower() for option in answer.options)


def test_every_answer_doubted_when_the_threshold_is_above_one(service: RulesService) -> None:
    shipped = sureness.model()
    assert shipped is not None
    doubting = RulesService(index=service.index)
    doubting.doubt = dataclasses.replace(shipped, threshold=1.01)
    doubted = doubting.ask("how many cards in a deck", game="yugioh")
    assert doubted.kind == "clarify"
    assert doubted.options[0].lower().startswith("how many")
    doubting.doubt = dataclasses.replace(shipped, threshold=0.0)
    assert doubting.ask("how many cards in a deck", game="yugioh").kind == "rule"


def test_a_service_not_doubting_answers_and_reports_the_signals(service: RulesService) -> None:
    seen: list[dict[str, float]] = []
    plain = RulesService(index=service.index, doubting=False, signals_seen=seen.append)
    answer = plain.ask("whats the difference between a flip and a set", game="yugioh", where=Asked(channel="plain"))
    assert answer.kind == "rule"
    assert len(seen) == 1
    assert set(seen[0]) == set(sureness.SIGNALS)
    shipped = sureness.model()
    assert shipped is not None and not shipped.sure(seen[0])  # the shipped model would have doubted it


def test_the_threshold_weighs_wrong_answers_caught_against_right_ones_lost() -> None:
    probabilities = np.array([0.1, 0.2, 0.3, 0.9, 0.95, 0.97])
    right = np.array([0, 0, 1, 1, 1, 1])
    threshold, lost, caught = best_threshold(probabilities, right)
    assert (lost, caught) == (0, 2)
    assert 0.2 < threshold <= 0.3


def test_held_out_probabilities_come_from_the_other_sets() -> None:
    def sample(score: float, right: bool, chat_set: str) -> Sample:
        found = dict.fromkeys(sureness.SIGNALS, 0.0)
        found["score"] = score
        return Sample(found, right, chat_set)

    found = [sample(s, s > 0.5, name) for name in ("a", "b", "c") for s in (0.2, 0.3, 0.7, 0.8)]
    probabilities = held_out_probabilities(found)
    assert probabilities.shape == (12,)
    assert all(p > 0.5 for p, s in zip(probabilities, found, strict=True) if s.right)
    assert all(p < 0.5 for p, s in zip(probabilities, found, strict=True) if not s.right)


def test_training_takes_out_the_phrasings_close_to_its_questions() -> None:
    books = load_books(FACTS_DIR)
    fact = next(f for f in books["yugioh"].facts if f.id == "c-deck-size")
    asked = fact.asks[0]
    reduced = without_questions(books, {"yugioh": [asked]})
    kept = next(f for f in reduced["yugioh"].facts if f.id == "c-deck-size")
    assert asked not in kept.asks
    assert kept.asks  # a fact always keeps a phrasing
    assert len(reduced["naruto"].facts) == len(books["naruto"].facts)


@pytest.mark.parametrize("question", ["how many cards in a deck", "can i attack directly on my first turn"])
def test_the_word_leader_is_the_word_views_first_fact(service: RulesService, question: str) -> None:
    matcher = service.matcher("yugioh")
    assert matcher is not None
    words = chat.tokens(question, "yugioh")
    first = matcher.match_tokens(words, limit=1)[0]
    assert matcher.word_leader(words) == matcher.index_of(first.fact.id)  # computed afresh
    matcher.blend(question, words)
    assert matcher.word_leader(words) == matcher.index_of(first.fact.id)  # remembered from the blend
    assert matcher.word_leader(["zzzunheardof"]) is None
