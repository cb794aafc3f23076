"""Every Naruto scenario (one per rule and per card effect) passes."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.core.scenario import run_file

FILES = sorted((Path(__file__).parent / "scenarios").glob("*.yaml"))


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario_file(path: Path) -> None:
    results = run_file(path)
    failed = [f"{r.title} [{r.rule}]: " + " | ".join(r.failures) for r in results if not r.ok]
    assert results and not failed, "\n".join(failed)
