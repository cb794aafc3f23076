"""Run every Yu-Gi-Oh! scenario file (one scenario per rule and per card effect)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.core.scenario import load_file, run_scenario

FILES = sorted((Path(__file__).parent / "scenarios").glob("*.yaml"))
CASES = [(path, index, data) for path in FILES for index, data in enumerate(load_file(path))]


@pytest.mark.parametrize(
    ("path", "index", "data"), CASES, ids=[f"{p.stem}-{i}-{d.get('title', '')[:40]}" for p, i, d in CASES]
)
def test_scenario(path: Path, index: int, data: dict[str, object]) -> None:
    result = run_scenario(data, f"{path.name}#{index}")
    assert result.ok, "\n".join(result.failures)
