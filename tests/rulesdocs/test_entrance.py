"""A Naruto card's Entrance cost against the Turn Indicator (rulesdocs/entrance.py)."""

from __future__ import annotations

import pytest

from rulesdocs import entrance
from rulesdocs.service import Asked, RulesService


@pytest.mark.parametrize(
    ("question", "opening"),
    [
        ("turn marker is on 3, can i deploy a ninja with entrance cost 4", "No: Entrance 4 is above"),
        ("my turn indicator is at 5 and the mission has entrance 5", "Yes: Entrance 5 is at or below"),
        ("i have 2 on my turn indicator, can i play a 1 entrance jutsu", "Yes: Entrance 1"),
    ],
)
def test_the_entrance_cost_must_not_exceed_the_turn_indicator(question: str, opening: str) -> None:
    assert entrance.outcome(entrance.read(question)).startswith(opening)


def test_a_question_without_both_numbers_works_nothing_out() -> None:
    assert entrance.read("what is the turn indicator for") is None
    assert entrance.read("its turn 2 can i drop kakashi, his entrance is 4") is None  # a turn is not the indicator


def test_the_card_talked_about_gives_the_entrance_cost(fresh_service: RulesService) -> None:
    where = Asked(channel="foresight")
    fresh_service.ask("what does kakashis foresight do", game="naruto", where=where)
    answer = fresh_service.ask("can i play it with my turn marker on 3", where=where)
    assert answer.text.startswith("No: Entrance 5 is above your Turn Indicator of 3") and answer.citations
    assert fresh_service.ask("and with it on 5?", where=where).text.startswith("Yes: Entrance 5")


def test_my_first_turn_means_turn_indicator_0_and_a_mission_says_its_own_limit(fresh_service: RulesService) -> None:
    where = Asked(channel="first-turn-entrance")
    first = fresh_service.ask("its my very first turn, can i deploy an entrance 1 ninja", game="naruto", where=where)
    assert first.text.startswith("No: Entrance 1 is above your Turn Indicator of 0")
    later = fresh_service.ask("what about my next turn", where=where)
    assert later.text.startswith("Yes: Entrance 1 is at or below your Turn Indicator of 1")
    mission = fresh_service.ask("could i also play an entrance 1 mission that same turn", where=where)
    assert "you may play 1 Mission per turn besides your 1 Ninja" in mission.text
