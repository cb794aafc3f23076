"""The Usagi playtest set: pool, decks, scripts and the rules reference are complete and consistent."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from cards.pool import load_pool
from engine.core import get_game
from engine.games.usagi.book import BOOK
from engine.games.usagi.facts import RATINGS, TYPES, all_facts

REPO = Path(__file__).resolve().parents[3]
RULES = REPO / "rulesdocs" / "texts" / "usagi.md"


def test_every_card_has_a_script() -> None:
    missing = BOOK.missing(load_pool("usagi"))
    assert missing == [], f"cards without a script: {missing}"


def test_card_facts_are_well_formed() -> None:
    facts = all_facts()
    assert len(facts) == 88
    for code, info in facts.items():
        assert info.subtype in TYPES[info.type], code
        assert set(info.ratings) <= set(RATINGS), code
        if info.is_character or info.is_event:
            assert info.ratings, f"{code} {info.name}: Characters and Events are rated"
        if info.is_moment:
            assert not info.ratings, f"{code}: Moments have no ratings"


def test_every_type_subtype_and_currency_is_used() -> None:
    facts = all_facts().values()
    used = {(f.type, f.subtype) for f in facts}
    wanted = {(t, s) for t, subs in TYPES.items() for s in subs}
    assert used == wanted
    assert {cur for f in facts for cur, _ in f.cost} == {"honor", "ryo"}
    assert {cur for f in facts for cur, _ in f.produces} == {"honor", "ryo"}
    assert any(f.restricted for f in facts) and any(f.unique for f in facts)
    for rating in RATINGS:
        assert any(f.is_event and rating in f.ratings for f in facts), rating


def test_five_decks_of_about_24_distinct_cards_are_legal() -> None:
    game = get_game("usagi")
    pool = load_pool("usagi")
    assert len(pool.decks) == 5
    strategies = set()
    for deck in pool.decks.values():
        main = deck.sections["main"]
        assert len(set(main)) == 24, deck.name
        assert game.validate_deck(deck.as_lists()) == [], deck.name
        types = Counter(pool[c].type for c in main)
        assert set(types) == {"Character", "Event", "Attachment", "Moment"}, deck.name
        assert sum(1 for c in main if pool[c].subtype == "Hero") >= 3, deck.name
        strategies.add(deck.description)
    assert len(strategies) == 5


@pytest.mark.parametrize(
    ("deck", "problem"),
    [
        ({"main": ["UY002"] * 3}, "at least 30 cards"),
        ({"main": ["UY002"] * 4 + ["UY003"] * 3 * 9}, "4 copies of Ronin for Hire; at most 3"),
        ({"main": ["UY006"] * 3 + ["UY002"] * 3 + ["UY003"] * 3 * 8}, "3 copies of Mountain Pass; at most 2"),
        ({"main": ["NOPE"] + ["UY002"] * 30}, "unknown card codes"),
        ({"main": ["UY002"] * 30, "side": ["UY003"]}, "one section"),
    ],
)
def test_deck_rules_are_enforced(deck: dict[str, list[str]], problem: str) -> None:
    problems = get_game("usagi").validate_deck(deck)
    assert any(problem in p for p in problems), problems


def _sections() -> set[str]:
    text = RULES.read_text(encoding="utf-8")
    return set(re.findall(r"^### (\d+\.\d+) ", text, flags=re.MULTILINE))


def test_rules_reference_has_the_indexed_shape() -> None:
    text = RULES.read_text(encoding="utf-8")
    assert text.startswith("# Usagi Yojimbo CCG — tcgtable rules reference\n")
    tops = re.findall(r"^## (\S+)\. ", text, flags=re.MULTILINE)
    assert tops[:10] == [str(i) for i in range(1, 11)] and tops[-1] == "G"
    for section in _sections():
        assert section.split(".")[0] in tops, section
    glossary = text.split("## G. Glossary", 1)[1]
    assert len(re.findall(r"^- \*\*[^*]+\*\*: ", glossary, flags=re.MULTILINE)) >= 30
    assert text.count("*Interpretation:*") >= 8


def test_every_rule_the_engine_cites_exists() -> None:
    sections = _sections()
    cited: set[str] = set()
    for path in (REPO / "engine" / "games" / "usagi").glob("*.py"):
        cited.update(re.findall(r"usagi (\d+\.\d+)", path.read_text(encoding="utf-8")))
    assert cited, "the engine cites no rule"
    assert cited <= sections, f"cited but missing from usagi.md: {sorted(cited - sections)}"


def test_match_options_are_documented() -> None:
    text = RULES.read_text(encoding="utf-8")
    for name, option in get_game("usagi").match_options.items():
        assert f"`{name}`" in text, name
        for choice in option.choices:
            assert f"`{choice}`" in text, (name, choice)
