"""Inazuma shots worked out by the last-chance rule (rulesdocs/shot.py), alone and through the assistant."""

from __future__ import annotations

import pytest

from rulesdocs import shot
from rulesdocs.service import Asked, RulesService


@pytest.mark.parametrize(
    ("question", "told"),
    [
        ("my striker has 700 sp, the goalie 900, i flip a level 4 and the goalie flips a lvl 1", "a goal"),
        ("my kicker has 600 and their keeper 500, i flip a lvl 1 and they flip a lvl 3, do i score", "stopped"),
        ("kicker 800 vs keeper 700, i flip a lvl 1 and they flip a lvl 2", "A tie: both flip again"),
    ],
)
def test_a_shot_with_both_sides_is_decided(question: str, told: str) -> None:
    assert told in shot.outcome(shot.read(question))


def test_a_shot_without_sp_is_not_worked_out() -> None:
    assert shot.read("i flipped a level 3 card for last chance, how much does my kicker get") is None
    assert shot.read("how does the last chance work") is None


def test_a_bare_level_changes_the_only_flip_given() -> None:
    before = "my kicker has 500 sp and i flip a lvl 2 card for last chance, whats my total"
    changed = shot.merge(before, "and if it was a lvl 5?")
    assert shot.outcome(changed) == "Your kicker: 500 + 500 (level 5 flip) = 1000 SP."


def test_follow_ups_rework_the_last_shot(fresh_service: RulesService) -> None:
    where = Asked(channel="shot")
    first = "my kicker has 600 and their keeper 500, i flip a lvl 1 and they flip a lvl 3, do i score"
    assert "stopped" in fresh_service.ask(first, game="inazuma", where=where).text
    assert "A tie" in fresh_service.ask("what if i had flipped a lvl 2 instead", where=where).text
    goal = fresh_service.ask("and if the goalie flips a lvl 1?", where=where)
    assert "= 600 SP" in goal.text and "a goal" in goal.text
    assert goal.citations  # the last-chance rule is cited


def test_a_flip_named_without_the_word_level() -> None:
    before = "kicker 700 vs keeper 600, i flip a lvl 1 and they flip a lvl 3"
    changed = shot.merge(before, "what if they flipped a 2 instead")
    assert changed is not None and changed.keeper_flip == 2 and changed.kicker_flip == 1
    assert shot.read("my kicker has 900 sp and i flip a 2 sp card") is None  # "2 sp" is no level


@pytest.mark.parametrize(
    ("question", "told"),
    [
        ("shot is 700 vs 700 after last chance, who wins", "A tie: both flip again"),
        ("after the flips my kicker is at 900 and their keeper 800 do i score", "a goal"),
        ("its 600 to 800 after flipping, do i score", "stopped"),
    ],
)
def test_totals_given_after_the_last_chance_are_compared_as_they_are(question: str, told: str) -> None:
    kick = shot.read(question)
    assert kick is not None and told in shot.outcome(kick)
