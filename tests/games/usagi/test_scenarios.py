"""Every YAML scenario under scenarios/ passes (one per rule and per card effect)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.core.scenario import load_file, run_file

FILES = sorted((Path(__file__).parent / "scenarios").glob("*.yaml"))


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario_file(path: Path) -> None:
    results = run_file(path)
    failures = [f"{r.title}: {f}" for r in results for f in r.failures]
    assert not failures, "\n".join(failures)


def test_scenarios_cite_rules() -> None:
    for path in FILES:
        for item in load_file(path):
            assert str(item.get("rule", "")).startswith("usagi "), f"{path.name}: {item.get('title')}"


def test_every_scripted_card_appears_in_a_scenario() -> None:
    from cards.pool import load_pool
    from engine.games.usagi.book import BOOK

    text = "\n".join(path.read_text(encoding="utf-8") for path in FILES)
    pool = load_pool("usagi")
    scripted = [card for code, card in pool.cards.items() if BOOK.effects(code)]
    missing = sorted(card.name for card in scripted if card.name not in text)
    assert not missing, f"scripted cards never exercised by a scenario: {missing}"
