"""Naruto showdowns worked out by the battle rules (rulesdocs/showdown.py), alone and through the assistant."""

from __future__ import annotations

import pytest

from rulesdocs import showdown
from rulesdocs.service import Asked, RulesService


@pytest.mark.parametrize(
    ("question", "told"),
    [
        ("blocked fight, my team is 7 and theirs is 5, what happens", "your Team wins by 2, a Victory. Their Head"),
        ("my team has 6 power and they block with a team of 9", "their Team wins by 3, a Victory. Your Head"),
        ("their team has 3 power and mine has 8 who wins", "your Team wins by 5, an Outstanding Victory"),
        ("i have 7 power and they have 5, blocked", "your Team wins by 2"),
        ("team power 4 vs 4 in a blocked battle", "a tie, so both Head Ninjas take 1 damage"),
        ("power 10 against 5, what happens to the supports", "each of its Support Ninjas takes 1"),
    ],
)
def test_a_blocked_battle_is_decided_by_the_difference(question: str, told: str) -> None:
    assert told in showdown.outcome(showdown.read(question))


@pytest.mark.parametrize(("power", "cards"), [(4, "the top card"), (5, "the top 2 cards"), (1, "the top card")])
def test_an_unblocked_team_takes_rewards_by_its_power(power: int, cards: str) -> None:
    said = showdown.outcome(showdown.read(f"my team wasnt blocked and has {power} power, what do i get"))
    assert f"Power {power}" in said and cards in said


@pytest.mark.parametrize(
    "question",
    [
        "its turn 2 can i drop kakashi, his entrance is 4",
        "how many battle rewards do i need to win",
        "i have 2 teams and 3 ninjas, can i attack with both teams",
        "turn indicator 3 vs entrance 4, can i deploy him",
        "my head ninja has 2 damage is it discarded",
    ],
)
def test_numbers_that_are_not_team_powers_are_not_a_showdown(question: str) -> None:
    assert showdown.read(question) is None


def test_one_power_after_a_blocked_battle_needs_its_side() -> None:
    blocked = showdown.read("my team is 7 and theirs is 5, blocked")
    assert blocked == showdown.Showdown(7, 5, True)
    before = showdown.described(blocked)
    assert showdown.merge(before, "what if its 6") is None
    assert showdown.merge(before, "what if theirs was 6") == showdown.Showdown(7, 6, True)
    assert showdown.merge(before, "and if mine was 12") == showdown.Showdown(12, 5, True)


def test_follow_ups_rework_the_last_showdown(fresh_service: RulesService) -> None:
    where = Asked(channel="showdown")
    first = fresh_service.ask("blocked fight, my team is 7 and theirs is 5, what happens", game="naruto", where=where)
    assert "a Victory. Their Head Ninja takes 1 damage" in first.text and first.citations
    bigger = fresh_service.ask("and if its 8 vs 3", where=where)
    assert "your Team wins by 5, an Outstanding Victory" in bigger.text
    through = fresh_service.ask("ok what if it wasnt blocked", where=where)
    assert "unblocked Team with Power 8 wins an Outstanding Battle Reward" in through.text


def test_a_why_after_a_showdown_keeps_it_for_the_next_change(fresh_service: RulesService) -> None:
    where = Asked(channel="why-then-change")
    fresh_service.ask("my team has 7 power and theirs has 4, they blocked", game="naruto", where=where)
    fresh_service.ask("why only 1 damage", where=where)
    changed = fresh_service.ask("what if theirs was 2 instead", where=where)
    assert "7 against 2" in changed.text and "Outstanding Victory" in changed.text


def test_a_blocking_team_named_after_an_unblocked_showdown() -> None:
    blocked = showdown.merge("my team isnt blocked and has 7 power", "and if they blocked it with a 3 power team")
    assert blocked is not None and (blocked.mine, blocked.theirs) == (7, 3)
    assert showdown.merge("my team isnt blocked and has 7 power", "what if its 5") == showdown.Showdown(5, None, True)
