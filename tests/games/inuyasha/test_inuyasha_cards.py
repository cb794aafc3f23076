"""Inuyasha practice set: pool facts, script coverage, preconstructed decks, deck rules, Kaitou swaps."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest

import engine.games.inuyasha  # noqa: F401  (registers the game)
from cards.pool import load_pool
from engine.core.errors import InvalidActionError
from engine.games.inuyasha.decks import side_swap, validate_deck
from engine.games.inuyasha.facts import COLORS, facts
from engine.games.inuyasha.scripts import book

POOL = load_pool("inuyasha")
RULES = Path(__file__).resolve().parents[3] / "rulesdocs" / "texts" / "inuyasha.md"
ENGINE = Path(__file__).resolve().parents[3] / "engine" / "games" / "inuyasha"


def test_every_card_has_a_script() -> None:
    assert book.missing(POOL) == []


def test_pool_facts_follow_the_rules() -> None:
    types = {card.type for card in POOL.cards.values()}
    assert types == {"character", "item", "location", "event", "kaitou"}
    for card in POOL.cards.values():
        f = facts(card.code)
        assert card.text.strip(), card.code
        assert f.cost >= 0, card.code
        if card.type == "character":
            assert 1 <= len(f.colors) <= 3, f"{card.name}: characters have 1 to 3 colors (rule 7.3)"
            assert all(color in COLORS for color, _ in f.colors)
        else:
            assert not f.colors, card.name
    keywords = {k for card in POOL.cards.values() for k in facts(card.code).keywords}
    assert keywords == {"Aggressive", "Defensive", "Regeneration", "Modifier", "Draw", "Shuffle"}
    assert any(facts(c).unique for c in POOL.cards), "the set needs a Unique card"
    assert any(facts(c).limit == 1 for c in POOL.cards), "the set needs a Limit 1 per Deck card"


def test_preconstructed_decks_are_legal() -> None:
    assert set(POOL.decks) == {"Heroes", "Villains", "Heroes Demo", "Villains Demo"}
    for name in ("Heroes", "Villains"):
        deck = POOL.decks[name].as_lists()
        assert len(deck["main"]) == 60 and len(deck["kaitou"]) == 1
        assert validate_deck(deck) == [], name
    for name in ("Heroes Demo", "Villains Demo"):
        deck = POOL.decks[name].as_lists()
        assert len(deck["main"]) == 40
        assert validate_deck(deck, {"format": "demo"}) == [], name
        assert any("exactly 60" in p for p in validate_deck(deck))


def _heroes() -> dict[str, list[str]]:
    return POOL.decks["Heroes"].as_lists()


@pytest.mark.parametrize(
    ("change", "needle"),
    [
        (lambda d: d["main"].pop(), "exactly 60 (rule 2.1)"),
        (lambda d: d["kaitou"].append("IY-V30"), "only 1 Kaitou card"),
        (lambda d: d["side"].append("IY-S01"), "limited to 1 per deck"),
        (lambda d: d["side"].extend(["IY-H07"]), "holds at most 6"),
        (lambda d: d["main"].__setitem__(0, "IY-H30"), "is a Kaitou card"),
        (lambda d: d.__setitem__("fusion", []), "unknown deck section"),
        (lambda d: d["main"].__setitem__(0, "NOPE"), "unknown card codes: NOPE"),
        (lambda d: d.pop("kaitou"), "needs a Kaitou card"),
    ],
)
def test_deck_rules_refuse_illegal_decks(change: Callable[[dict[str, list[str]]], object], needle: str) -> None:
    deck = _heroes()
    change(deck)
    problems = validate_deck(deck)
    assert any(needle in p for p in problems), problems


def test_kaitou_swap_keeps_size_and_reports_the_count() -> None:
    before = _heroes()
    after = {k: list(v) for k, v in before.items()}
    after["main"].remove("IY-H07")
    after["main"].remove("IY-H07")
    after["side"].remove("IY-H02")
    after["side"].remove("IY-H08")
    after["main"] += ["IY-H02", "IY-H08"]
    after["side"] += ["IY-H07", "IY-H07"]
    assert side_swap(before, after) == 2
    shrunk = {k: list(v) for k, v in after.items()}
    shrunk["side"].append(shrunk["main"].pop())
    with pytest.raises(InvalidActionError, match="keep its size of 60"):
        side_swap(before, shrunk)
    foreign = {k: list(v) for k, v in before.items()}
    foreign["main"][0] = "IY-V01"
    with pytest.raises(InvalidActionError, match="only exchanges cards"):
        side_swap(before, foreign)


def test_every_rule_the_engine_cites_exists_in_the_reference() -> None:
    text = RULES.read_text(encoding="utf-8")
    sections = set(re.findall(r"^###? (\d+(?:\.\d+)?) ", text, flags=re.M))
    cited: set[str] = set()
    for path in ENGINE.glob("*.py"):
        cited |= set(re.findall(r"inuyasha (\d+\.\d+)", path.read_text(encoding="utf-8")))
        cited |= set(re.findall(r'rule\("(\d+\.\d+)"\)', path.read_text(encoding="utf-8")))
        cited |= set(re.findall(r"\(rule (\d+\.\d+)\)", path.read_text(encoding="utf-8")))
    assert len(cited) > 20
    assert cited <= sections, sorted(cited - sections)
    assert re.search(r"^# Inuyasha TCG — tcgtable rules reference$", text, flags=re.M)
    assert "## G. Glossary" in text


def test_extra_section_is_an_alias_for_the_kaitou_card() -> None:
    deck = _heroes()
    deck["extra"] = deck.pop("kaitou")
    assert validate_deck(deck) == []
    deck["extra"].append("IY-V30")
    assert any("only 1 Kaitou card" in p for p in validate_deck(deck))


def test_a_deck_with_the_extra_alias_starts_a_match() -> None:
    from engine.core.registry import get_game

    deck = _heroes()
    deck["extra"] = deck.pop("kaitou")
    state = get_game("inuyasha").new_match([deck, POOL.decks["Villains"].as_lists()], seed=2)
    assert state.count("kaitou:0") == 1 and state.count("kaitou_deck:0") == 6


def test_one_record_per_title_is_the_most_recent_printing() -> None:
    """Rule 1.4: the pool keeps one reading per title and version, so no title appears twice."""
    titles = [card.name for card in POOL.cards.values()]
    assert len(titles) == len(set(titles)), sorted(t for t in titles if titles.count(t) > 1)
    assert len({facts(code).title for code in POOL.cards}) == len(POOL.cards)
