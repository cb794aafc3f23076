"""Every rule heading of each official rulebook maps to a section of our rules reference."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from rulesdocs.model import GAMES
from rulesdocs.service import RulesService

COVERAGE = yaml.safe_load((Path(__file__).resolve().parents[2] / "rulesdocs" / "coverage.yaml").read_text())


def _norm(text: str) -> str:
    return " ".join(text.split())


def extracted_headings(text: str, spec: list[dict[str, str]]) -> list[str]:
    """Headings found by the game's patterns, in order, without repeats."""
    lines = text.splitlines()
    found: list[str] = []
    for rule in spec:
        pattern = re.compile(rule["pattern"])
        active = "after" not in rule
        for line in lines:
            if not active:
                active = line.strip() == rule["after"]
                continue
            if "before" in rule and line.strip().startswith(rule["before"]):
                break
            match = pattern.match(line)
            if match:
                heading = _norm(match.group(1))
                if heading not in found:
                    found.append(heading)
    return found


@pytest.mark.shared
@pytest.mark.parametrize("game", GAMES)
def test_every_rulebook_heading_is_covered(game: str, shared_dir: Path, service: RulesService) -> None:
    spec = COVERAGE[game]
    text = (shared_dir / "rulebooks" / spec["source"]).read_text(encoding="utf-8")
    mapping: dict[str, list[str]] = spec["map"]
    ignore: dict[str, str] = spec.get("ignore", {})
    headings = extracted_headings(text, spec["extract"])
    assert len(headings) >= 15, f"{game}: the heading patterns found only {headings}"
    uncovered = [h for h in headings if h not in mapping and h not in ignore]
    assert uncovered == [], f"{game}: rulebook headings with no section of our reference: {uncovered}"
    flat = _norm(text)
    stale = [h for h in [*mapping, *ignore] if h not in flat]
    assert stale == [], f"{game}: mapped headings that are not in the rulebook: {stale}"
    index = service.index
    for heading, sections in mapping.items():
        assert sections, f"{game}: {heading!r} maps to no section"
        for section in sections:
            found = index.term(game, section[2:]) if section.startswith("G:") else index.section(game, section)
            assert found is not None, f"{game}: {heading!r} maps to missing section {section}"
    assert all(reason.strip() for reason in ignore.values())
