"""Usagi card questions: an Event's requirement worked out (rulesdocs/contender.py), whose cards a
card's text reaches, printed 0 ratings and a card with no cost; and possessive card names."""

from __future__ import annotations

import pytest

from rulesdocs import contender
from rulesdocs.cardnames import card
from rulesdocs.service import Asked, RulesService


def _card(game: str, name: str):  # type: ignore[no-untyped-def]
    found = card(game, name)  # type: ignore[arg-type]
    assert found is not None, name
    return found


def test_a_setting_named_with_its_event_raises_the_total_needed() -> None:
    event, setting = _card("usagi", "Steal the Secret Scroll"), _card("usagi", "Hidden Fortress")
    told = contender.needed("with hidden fortress attached what intrigue total is needed", event, setting)
    assert told is not None and "requirement is 5" in told and "at least 6 Intrigue" in told


def test_an_event_alone_needs_one_more_than_its_rating() -> None:
    told = contender.needed("how much combat is enough to be a contender", _card("usagi", "Bandits on the Road"), None)
    assert told is not None and "at least 3 Combat" in told


@pytest.mark.parametrize(
    "question",
    [
        "what does bandits on the road do",  # no amount asked
        "how much diplomacy do i need",  # a rating the Event doesn't show
    ],
)
def test_other_questions_about_an_event_work_nothing_out(question: str) -> None:
    assert contender.needed(question, _card("usagi", "Bandits on the Road"), None) is None


def test_a_setting_talked_about_counts_for_the_event_named_next(fresh_service: RulesService) -> None:
    where = Asked(channel="setting")
    fresh_service.ask("what does mountain pass do", game="usagi", where=where)
    told = fresh_service.ask("and with it on bandits on the road how much combat would i need", where=where)
    assert "requirement is 3" in told.text and "at least 4 Combat" in told.text


@pytest.mark.parametrize(
    ("game", "question", "starts", "holds"),
    [
        ("usagi", "can mifune captain buff an opponents character", "No, by its text", "you control"),
        ("usagi", "do festival lanterns count for my opponents events", "Yes, by its text", "1 more"),
        ("usagi", "how much does the wandering peddler cost", "Wandering Peddler has no cost", "free"),
        ("usagi", "what are gray ronins ratings", "Gray Ronin", "labor 0"),
        ("naruto", "what is might guys support", "Might Guy has support 0", "Taijutsu"),
    ],
)
def test_card_questions_answered_from_the_card(
    fresh_service: RulesService, game: str, question: str, starts: str, holds: str
) -> None:
    answer = fresh_service.ask(question, game=game)  # type: ignore[arg-type]
    assert answer.kind == "card"
    assert answer.text.startswith(starts), answer.text
    assert holds in answer.text


def test_a_follow_up_switching_sides_asks_the_card_again(fresh_service: RulesService) -> None:
    where = Asked(channel="sides")
    first = fresh_service.ask("can second wind refresh my own character", game="usagi", where=where)
    assert first.text.startswith("Yes, by its text: it affects your own cards")
    switched = fresh_service.ask("and what about an opponents character", where=where)
    assert switched.kind == "card" and switched.text.startswith("No, by its text: it affects only your own cards")
    assert switched.question == "and what about an opponents character"


def test_it_after_a_card_is_read_as_its_kind_when_that_answers_better(fresh_service: RulesService) -> None:
    where = Asked(channel="kind")
    fresh_service.ask("what does poisoned tea do", game="usagi", where=where)
    answer = fresh_service.ask("can i use it as a response to someone elses action", where=where)
    assert answer.text.startswith("No") and "Action Moment" in answer.text


def test_a_card_name_starting_like_an_article_is_read_whole(fresh_service: RulesService) -> None:
    answer = fresh_service.ask("what does ambush do", game="usagi")  # not "a" + "mbush"
    assert answer.kind == "card" and "Exhaust target Ally" in answer.text
