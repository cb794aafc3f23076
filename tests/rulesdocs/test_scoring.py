"""Scoring helpers: terms stated next to a quantity, and the quantity boost for "how many"."""

from __future__ import annotations

from rulesdocs.scoring import QUANTITY_QUESTION, quantity_terms
from rulesdocs.service import RulesService
from rulesdocs.text import terms


def test_quantity_terms_ignore_section_references_and_card_codes() -> None:
    assert quantity_terms("See 10.2 and N-002 for the rest of the rule.", "naruto") == frozenset()
    assert {"card", "hand"} <= quantity_terms("Each player draws five cards for their hand.", "naruto")


def test_quantity_window_skips_stop_words() -> None:
    near = quantity_terms("A player with 10 or more of the Battle Rewards wins.", "naruto")
    assert "reward" in near


def test_quantity_question_pattern() -> None:
    assert QUANTITY_QUESTION.search("how many copies can i run")
    assert QUANTITY_QUESTION.search("max hand size?")
    assert not QUANTITY_QUESTION.search("what does tribute mean")


def test_how_many_prefers_the_section_stating_the_number(service: RulesService) -> None:
    hits = service.rank("how many cards in a deck?", "inuyasha", limit=3)
    assert hits[0].chunk.section == "2.1"


def test_sentence_share_rewards_words_that_meet_in_one_sentence(service: RulesService) -> None:
    fields = service.index.fields
    chunk = service.index.section("yugioh", "7.1")
    assert chunk is not None
    together = dict.fromkeys(terms("activate a trap the turn it was set", "yugioh"), 1)
    scattered = dict.fromkeys(terms("trap activated from the graveyard", "yugioh"), 1)
    assert fields.sentence_share(together, chunk) == 1.0
    assert fields.sentence_share(scattered, chunk) < 1.0
