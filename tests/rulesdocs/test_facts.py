"""The rulings knowledge base: every shipped file is well-formed and points at real sections."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rulesdocs import chat
from rulesdocs.facts import ANSWER_MAX, FACTS_DIR, MIN_ASKS, load_book, load_books
from rulesdocs.model import GAMES, RulesError
from rulesdocs.service import RulesService

BOOKS = load_books()
MIN_FACTS = 30


def test_every_game_has_a_knowledge_base() -> None:
    assert sorted(BOOKS) == sorted(GAMES)
    for game, book in BOOKS.items():
        assert len(book.facts) >= MIN_FACTS, (game, len(book.facts))


@pytest.mark.parametrize("game", GAMES)
def test_facts_cite_existing_sections(service: RulesService, game: str) -> None:
    missing = [
        (fact.id, number)
        for fact in BOOKS[game].facts
        for number in fact.sections
        if service.index.cited(game, number) is None
    ]
    assert missing == []


@pytest.mark.parametrize("game", GAMES)
def test_facts_are_short_direct_and_asked_many_ways(game: str) -> None:
    facts = BOOKS[game].facts
    assert sum(len(f.asks) for f in facts) >= 6 * len(facts)  # asked many ways, on average
    for fact in facts:
        assert len(fact.answer) <= ANSWER_MAX and len(fact.asks) >= MIN_ASKS, fact.id
        first = fact.answer[0]
        direct = first.isupper() or first.isdigit() or first in "\"'“([+-" or fact.answer.startswith("tcgtable")
        assert direct, fact.id


@pytest.mark.parametrize("game", GAMES)
def test_no_phrasing_is_shared_by_two_facts(game: str) -> None:
    """The same question under two facts would make the answer a coin toss."""
    seen: dict[tuple[str, ...], str] = {}
    clashes = []
    for fact in BOOKS[game].facts:
        for ask in fact.asks:
            key = tuple(chat.tokens(ask, game))
            if key in seen and seen[key] != fact.id:
                clashes.append((ask, seen[key], fact.id))
            seen.setdefault(key, fact.id)
    assert len(clashes) <= len(BOOKS[game].facts) // 20, clashes[:10]


@pytest.mark.parametrize("game", GAMES)
def test_interpretations_say_so(game: str) -> None:
    """A fact marked as our reading tells the player it is one (no silent house rules)."""
    said = re.compile(r"interpret|reading|tcgtable|house rule|option|rulebook|printed", re.I)
    quiet = [f.id for f in BOOKS[game].facts if f.interpretation and not said.search(f.answer)]
    assert quiet == []


def test_malformed_files_are_refused_with_the_file_and_fact(tmp_path: Path) -> None:
    bad = tmp_path / "x.yaml"
    bad.write_text("game: x\nfacts:\n  - {id: Bad Id, section: '1.1', answer: A, asks: [a, b, c, d, e, f]}\n")
    with pytest.raises(RulesError, match=re.escape("x.yaml fact 1 (Bad Id): ids are kebab-case")):
        load_book(bad)
    bad.write_text("game: x\nfacts:\n  - {id: ok, section: '1.1', answer: A, asks: [only one]}\n")
    with pytest.raises(RulesError, match="at least 2 asks"):
        load_book(bad)
    bad.write_text("game: x\nfacts:\n  - {id: ok, section: 'intro', answer: A, asks: [a, b, c, d, e, f]}\n")
    with pytest.raises(RulesError, match="not a section number"):
        load_book(bad)
    bad.write_text("game: x\nfacts:\n  - {id: ok, section: '1', answer: " + "x" * 500 + ", asks: [a, b, c, d, e, f]}\n")
    with pytest.raises(RulesError, match="at most"):
        load_book(bad)
    bad.write_text("{not yaml")
    with pytest.raises(RulesError, match=re.escape("x.yaml")):
        load_book(bad)


def test_a_next_step_must_name_a_fact_of_the_game(tmp_path: Path) -> None:
    (tmp_path / "x.yaml").write_text(
        "game: x\nfacts:\n  - {id: one, then: two, section: '1', answer: A, asks: [a, b]}\n"
        "  - {id: two, section: '1', answer: B, asks: [c, d]}\n"
    )
    assert [f.then for f in load_books(tmp_path)["x"].facts] == ["two", ""]
    (tmp_path / "x.yaml").write_text(
        "game: x\nfacts:\n  - {id: one, then: gone, section: '1', answer: A, asks: [a, b]}\n"
    )
    with pytest.raises(RulesError, match=re.escape("`then` names no x fact: ['one -> gone']")):
        load_books(tmp_path)


def test_shipped_files_are_the_ones_loaded() -> None:
    assert {p.stem.split("-")[0] for p in FACTS_DIR.glob("*.yaml")} == set(BOOKS)
