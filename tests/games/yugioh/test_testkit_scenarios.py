"""Scenarios that need the test-only cards of `testkit` (tokens made by an effect, Counter Traps,
Quick-Play Magic). They live outside `scenarios/` so `tcgtable scenario run` on the shipped pool
never meets a card it does not know."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import pytest

from engine.core.scenario import load_file, run_scenario

FILES = sorted((Path(__file__).parent / "testkit_scenarios").glob("*.yaml"))
CASES = [(path, index, data) for path in FILES for index, data in enumerate(load_file(path))]


@pytest.mark.parametrize(
    ("path", "index", "data"), CASES, ids=[f"{p.stem}-{i}-{d.get('title', '')[:40]}" for p, i, d in CASES]
)
def test_testkit_scenario(testkit: ModuleType, path: Path, index: int, data: dict[str, object]) -> None:
    result = run_scenario(data, f"{path.name}#{index}")
    assert result.ok, "\n".join(result.failures)
