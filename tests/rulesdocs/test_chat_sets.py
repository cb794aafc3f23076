"""The chat sets (blind sets and tuning sets) load, and each expected answer pattern matches the
reference answer its writer gave, so a set can't quietly hold a pattern nothing could match."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from rulesdocs.chatsets import load_set

SETS = Path(__file__).parent
FILES = sorted(SETS.glob("*/*.yaml"))


def _items(raw: dict[str, Any]) -> list[dict[str, Any]]:
    items: list[dict[str, Any]] = []
    for key in ("questions", "cards"):
        items.extend(raw.get(key) or [])
    for key in ("followups", "card_followups"):
        for conversation in raw.get(key) or []:
            items.extend(conversation["turns"])
    return items


def test_there_are_chat_sets() -> None:
    assert {p.parent.name for p in FILES} >= {"blind3", "blind4", "dev3", "dev4", "dev5"}


@pytest.mark.parametrize("path", FILES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_a_chat_set_loads_and_its_patterns_match_their_reference(path: Path) -> None:
    chat_set = load_set(path)
    assert chat_set.questions or chat_set.followups or chat_set.cards
    raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    unmatched = [
        (item["q"], pattern)
        for item in _items(raw)
        if item.get("ref")
        for pattern in item["expect"]
        if not re.search(pattern, str(item["ref"]), re.IGNORECASE)
    ]
    assert not unmatched
