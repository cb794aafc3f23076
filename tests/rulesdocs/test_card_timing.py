"""Yes/No to using a card on the opponent's turn from its kind (rulesdocs/turnuse.py), whose cards a
card "gives" something to, and what a monster "is at now". Questions in our own words."""

from __future__ import annotations

import pytest

from rulesdocs.service import Asked, RulesService


def _ask(service: RulesService, game: str, question: str) -> str:
    where = Asked(channel=f"timing:{question}")
    service.store.forget(where.channel)
    return service.ask(question, game=game, where=where).text


@pytest.mark.parametrize(
    ("game", "question", "opening", "reason"),
    [
        ("yugioh", "is dark hole usable during my opponent's turn", "No", "Normal Magic"),
        ("yugioh", "can i equip book of secret arts in the opponents battle phase", "No", "Equip Magic"),
        ("yugioh", "can i activate waboku on the opponent's turn", "Yes", "Set"),
        ("naruto", "im blocking, can i play kunai during opp's turn", "Yes", "Exchange of Jutsu"),
        ("naruto", "can i play leaf ninja forces on my opponents turn", "No", "Mission Phase"),
    ],
)
def test_using_a_card_on_the_opponents_turn(
    fresh_service: RulesService, game: str, question: str, opening: str, reason: str
) -> None:
    told = _ask(fresh_service, game, question)
    assert told.startswith(opening) and reason in told.split("\n")[0]


def test_a_card_that_gives_each_player_something_gives_the_opponent_too(fresh_service: RulesService) -> None:
    told = _ask(fresh_service, "naruto", "leaf ninja forces, does it give my opponent the extra card as well")
    assert told.startswith("Yes") and "both players" in told


def test_what_a_monster_is_at_with_a_field_spell(fresh_service: RulesService) -> None:
    told = _ask(fresh_service, "yugioh", "with yami up, what's dark magician at now")
    assert "ATK 2700" in told.split("\n")[0]


@pytest.mark.parametrize(
    ("question", "opening"),
    [
        ("my raiga hot-headed guardian was defeated, can raiga half-demon wanderer from hand save it", "Yes"),
        ("can i save hana shrine archer by discarding gensai wandering monk", "No"),
    ],
)
def test_a_save_needs_the_same_name_before_the_comma(fresh_service: RulesService, question: str, opening: str) -> None:
    told = _ask(fresh_service, "inuyasha", question)
    assert told.startswith(opening) and "same name" in told.split("\n")[0]


def test_get_anything_asks_for_the_cards_conditional_bonus(fresh_service: RulesService) -> None:
    told = _ask(fresh_service, "inazuma", "if three of them attack, does nathan swift get anything extra")
    assert told.startswith("Yes") and "+300 SP" in told.split("\n")[0]
