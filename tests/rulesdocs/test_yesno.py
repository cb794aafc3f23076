"""The Yes or No a phrasing lends a yes/no question answered by a fact that doesn't open with one."""

from __future__ import annotations

import re

import pytest

from rulesdocs import yesno
from rulesdocs.facts import FACTS_DIR, load_books
from rulesdocs.service import Asked, RulesService

GAMES = ("yugioh", "naruto", "inuyasha", "inazuma", "usagi")


@pytest.mark.parametrize("game", GAMES)
def test_every_labelled_phrasing_is_one_of_its_facts_phrasings(game: str) -> None:
    facts = {fact.id: fact for fact in load_books(FACTS_DIR)[game].facts}
    labelled = yesno.labels(game)
    assert labelled, f"no verdicts for {game}"
    for fact_id, said in labelled.items():
        fact = facts.get(fact_id)
        assert fact is not None, f"{game}: {fact_id} is no fact"
        assert not re.match(r"\s*(?:yes|no)\b", fact.answer, re.IGNORECASE), f"{fact_id} opens with its own verdict"
        asks = {" ".join(a.lower().split()) for a in fact.asks}
        assert set(said) <= asks, f"{fact_id}: {sorted(set(said) - asks)}"


def test_a_question_close_to_a_yes_phrasing_gets_yes(fresh_service: RulesService) -> None:
    answer = fresh_service.ask("does the defender also draw a card when we go into the shooting phase", game="inazuma")
    assert answer.text.startswith("Yes: 1 card each"), answer.text


def test_a_question_close_to_a_no_phrasing_gets_no(fresh_service: RulesService) -> None:
    answer = fresh_service.ask("just set a trap this turn, can i flip it during my battle phase rn", game="yugioh")
    assert answer.text.startswith("No: in your own Main Phase"), answer.text


def test_a_phrasing_with_other_numbers_lends_nothing() -> None:
    asked, phrased = "can i play a level 3 tech on turn 3", "can i play a level 3 tech on turn 2"
    assert not yesno.asks_the_same(asked, phrased, "inazuma")


def test_a_verdict_the_answers_opening_contradicts_is_left_out() -> None:
    assert yesno._contradicts(False, "It can still be involved: getting involved is not an ability.")
    assert yesno._contradicts(True, "Not in the Battle Phase: only in your Main Phase.")
    assert not yesno._contradicts(True, "1 card each: both players draw.")


def test_an_answer_that_opens_with_its_own_verdict_is_kept() -> None:
    kept = "No: only 1 per turn."
    assert yesno.opened("can i normal summon twice", "any-fact", kept, "yugioh") == kept


def test_a_fact_without_labels_is_left_as_it_is() -> None:
    answer = "To its owner's Graveyard."
    assert yesno.opened("does it go to their graveyard", "no-such-fact", answer, "yugioh") == answer


def test_a_follow_up_about_the_opponent_turns_a_rule_about_one_side(fresh_service: RulesService) -> None:
    where = Asked(channel="other-side")
    first = fresh_service.ask("im going first, do i draw my first turn", game="naruto", where=where)
    assert first.text.startswith("No")
    them = fresh_service.ask("ok and my opp on their first turn?", where=where)
    assert them.text.startswith("Yes: the rule is only about the player going first")
