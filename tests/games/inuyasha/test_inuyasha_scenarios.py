"""Run every Inuyasha YAML scenario (one per rule and per card effect)."""

from __future__ import annotations

from pathlib import Path

import pytest

import engine.games.inuyasha  # noqa: F401  (registers the game even if another game fails to import)
from engine.core.scenario import run_file

SCENARIOS = sorted((Path(__file__).parent / "scenarios").glob("*.yaml"))


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_scenario_file(path: Path) -> None:
    results = run_file(path)
    assert results, f"{path} holds no scenario"
    failures = [f"{r.title}: {f}" for r in results for f in r.failures]
    assert not failures, "\n".join(failures)
