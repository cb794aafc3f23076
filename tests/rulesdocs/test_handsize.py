"""A hand size at the end of a turn worked out by the hand limit (rulesdocs/handsize.py)."""

from __future__ import annotations

import pytest

from rulesdocs import handsize
from rulesdocs.service import Asked, RulesService


@pytest.mark.parametrize(
    ("game", "question", "told"),
    [
        ("yugioh", "i have 8 cards in hand at end of turn", "you discard 2 of your choice to the Graveyard, down to 6"),
        ("naruto", "end phase with 10 cards in my hand what do i do", "discard 4 of your choice to the Discard Pile"),
        ("yugioh", "i have 6 cards in hand at the end of my turn do i discard", "you discard nothing"),
        ("naruto", "hand limit? im holding 7 in my hand at end phase", "you discard 1 of your choice"),
        ("yugioh", "end of turn and im sitting on 9 cards, how many go", "you discard 3 of your choice"),
    ],
)
def test_a_hand_size_at_the_end_of_a_turn_is_worked_out(game: str, question: str, told: str) -> None:
    assert told in handsize.outcome(game, handsize.read(question))


@pytest.mark.parametrize(
    "question",
    [
        "i have 9 cards in hand, can i special summon",
        "how many cards do i draw at the start of my turn",
        "i have 3 monsters and 2000 life points at the end of my turn, what happens",
        "whats the hand limit",
        "end of turn and i have 3 cards left in my deck, do i discard",
    ],
)
def test_a_question_without_a_hand_size_at_the_end_of_a_turn_is_not_worked_out(question: str) -> None:
    assert handsize.read(question) is None


def test_games_without_a_hand_limit_work_nothing_out() -> None:
    assert handsize.outcome("usagi", 9) == "" and handsize.outcome("inuyasha", 9) == ""


def test_follow_ups_give_the_hand_size_after_the_hand_limit(fresh_service: RulesService) -> None:
    where = Asked(channel="hand")
    assert "6" in fresh_service.ask("whats the hand limit", game="yugioh", where=where).text
    nine = fresh_service.ask("what if i have 9", where=where)
    assert nine.text.startswith("With 9 cards in hand") and "discard 3" in nine.text and nine.citations
    five = fresh_service.ask("and 5?", where=where)
    assert five.text.startswith("With 5 cards in hand you discard nothing")


def test_the_opponents_hand_is_bound_only_at_the_end_of_their_own_turn(fresh_service: RulesService) -> None:
    where = Asked(channel="opp-hand")
    fresh_service.ask("i have 7 cards at end of my turn, do i have to discard", game="naruto", where=where)
    mine = fresh_service.ask("what about my opponent? theyre sitting on 9 rn", where=where)
    assert mine.text.startswith("With 9 cards in hand at the end of your turn your opponent discards nothing")
    theirs = fresh_service.ask("opp has 8 cards at the end of their turn, how many do they discard", game="yugioh")
    assert "your opponent discards 2 of their choice to the Graveyard" in theirs.text
    own = fresh_service.ask("on opps turn i have 8 cards, do i discard then too", game="naruto")
    assert "you discard nothing" in own.text
