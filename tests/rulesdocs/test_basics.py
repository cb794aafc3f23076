"""The basics each game's players ask most (rulesdocs/facts/basics/<game>.yaml): every one has a
fact with at least 15 phrasings, and asking the basics question as written gets that fact."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from rulesdocs import understand
from rulesdocs.facts import FACTS_DIR
from rulesdocs.service import RulesService

BASICS = sorted((FACTS_DIR / "basics").glob("*.yaml"))
MIN_PHRASINGS = 15


def _basics(path: Path) -> tuple[str, list[dict[str, str]]]:
    raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    return str(raw["game"]), list(raw["basics"])


@pytest.mark.parametrize("path", BASICS, ids=[p.stem for p in BASICS])
def test_sixty_basics_each_with_a_well_phrased_fact(path: Path, service: RulesService) -> None:
    game, basics = _basics(path)
    assert len(basics) == 60, f"{path.name}: {len(basics)} basics"
    matcher = service.matcher(game)
    assert matcher is not None
    for item in basics:
        fact = matcher.fact(item["fact"])
        assert fact is not None, f"{path.name}: no fact {item['fact']!r}"
        assert len(set(fact.asks)) >= MIN_PHRASINGS, f"{fact.id}: {len(fact.asks)} phrasings"


@pytest.mark.parametrize("path", BASICS, ids=[p.stem for p in BASICS])
def test_a_basics_question_gets_its_fact(path: Path, service: RulesService) -> None:
    game, basics = _basics(path)
    asker = RulesService(index=service.index)
    matcher = asker.matcher(game)
    assert matcher is not None
    wrong = []
    for item in basics:
        answer = asker.ask(item["question"], game=game)
        fact = matcher.fact(item["fact"])
        assert fact is not None
        given = answer.found or fact.silent  # a point the rulebook never settles: said so, then our reading
        expected = understand.shape(fact.answer, "what")[:40].lower()  # a "what happens" drops the fact's "No,"
        if not given or (expected not in answer.text.lower() and answer.kind != "card"):
            wrong.append((item["question"], answer.text[:80]))
    assert len(wrong) <= 1, wrong  # a basics question naming a card gets the card with the rule
