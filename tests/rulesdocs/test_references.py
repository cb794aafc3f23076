"""Every shipped rules reference parses, has unique numbered sections and a glossary."""

from __future__ import annotations

import pytest

from rulesdocs.index import DEFAULT_TEXTS_DIR
from rulesdocs.model import GAMES
from rulesdocs.parse import parse_reference, validate_reference


@pytest.mark.parametrize("game", GAMES)
def test_reference_is_valid(game: str) -> None:
    path = DEFAULT_TEXTS_DIR / f"{game}.md"
    assert path.is_file(), f"missing rules reference {path}"
    text = path.read_text(encoding="utf-8")
    assert validate_reference(text, game, path.name) == []
    chunks = parse_reference(text, game, path.name)
    assert sum(c.kind == "section" for c in chunks) >= 20
    assert sum(c.kind == "glossary" for c in chunks) >= 10
