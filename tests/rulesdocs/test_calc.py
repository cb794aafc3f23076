"""A Yu-Gi-Oh! battle described with numbers is worked out by the damage-calculation rule."""

from __future__ import annotations

import pytest

from rulesdocs import calc, colorfight
from rulesdocs.service import Asked, RulesService


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("my 1800 atk attacks their 1400 atk monster, how much dmg", "they take 400 battle damage"),
        ("i attack their 2000 atk monster with my 1500 atk one", "you take 500 battle damage"),
        ("i attack with 1000 atk into 1000 atk", "destroy each other; nobody takes battle damage"),
        ("my 2400 atk attacks a 1000 def monster", "nobody takes battle damage (it was in Defense Position)"),
        ("my 1200 atk monster attacked a face down with 1500 def", "(the face-down monster is flipped face-up)"),
        ("my 1200 atk monster attacked a face down with 1500 def", "you take 300 battle damage"),
        ("my 1500 def monster got attacked by a 1600 atk monster", "Their 1600 ATK monster destroys your 1500 DEF"),
        ("their 1,900 atk monster attacks my 1900 def one what happens", "neither monster is destroyed"),
        ("opp's 1000 atk attacks my 1800 atk monster", "they take 800 battle damage"),
    ],
)
def test_battles_are_worked_out(question: str, expected: str) -> None:
    assert expected in calc.outcome(calc.battle(question))


@pytest.mark.parametrize(
    "question",
    [
        "how many tributes for a level 7 monster",
        "i have 8000 lp and take 2000 damage",
        "my 1500 def monster attacks their 1000 atk monster",  # a DEF value never attacks
        "my 1800 atk attacks their 1400 atk defense position monster",  # its DEF battles, not typed
        "can my 1800 atk monster attack twice",
    ],
)
def test_questions_that_describe_no_readable_battle_get_none(question: str) -> None:
    assert calc.battle(question) is None


def test_a_follow_up_changes_the_value_it_names() -> None:
    first = "my 1800 atk attacks their 1400 atk monster"
    assert "you take 200" in calc.outcome(calc.merge(first, "and if theirs has 2000 atk instead?"))
    assert "they take 600" in calc.outcome(calc.merge(first, "what if mine was 2000 atk"))
    assert "nobody takes battle damage" in calc.outcome(calc.merge(first, "and if it was 1500 def?"))
    assert "you take 200" in calc.outcome(calc.merge(first, "and if it was 2000 atk?"))  # "it": the one attacked
    assert calc.merge(first, "and if one was 2000 atk?") is None  # two ATK values: which one is unclear
    assert "you take 200" in calc.outcome(calc.merge(first, "what if theirs had 2000 instead"))
    assert calc.merge(first, "what if it had 2000 instead") is None  # whose value, unclear
    assert calc.merge("how many tributes for a level 7 monster", "and 2000 atk?") is None


def test_a_value_attacking_with_comes_after_its_target() -> None:
    fight = calc.battle("opp has a 1000 atk monster in attack pos, i hit it with my 1800. how much do they take")
    assert fight is not None and (fight.attacker.value, fight.attacker.side) == (1800, "mine")
    assert "they take 800" in calc.outcome(fight)


def test_a_direct_attack_counts_down_the_life_points_typed() -> None:
    question = "opp is at 3000 and has no monsters. i attack w my 1700 guy, what is he at after"
    assert calc.direct_attack(question) == 1700
    assert "from 3000 down to 1300 Life Points" in calc.direct_outcome(1700, calc.life_points_left(question))


def test_the_assistant_answers_a_battle_with_the_numbers_and_cites_the_rule(fresh_service: RulesService) -> None:
    where = Asked(channel="battle")
    answer = fresh_service.ask(
        "my 1800 atk attacks their 1400 atk monster in attack position how much dmg", game="yugioh", where=where
    )
    assert answer.found and answer.text.startswith("Your 1800 ATK monster destroys their 1400 ATK monster")
    assert "they take 400 battle damage" in answer.text and "The rule:" in answer.text
    assert answer.citations and answer.citations[0].section == "13.5"
    again = fresh_service.ask("and if theirs has 2000 atk instead?", where=where)
    assert again.found and "you take 200 battle damage" in again.text


def test_other_games_are_not_read_as_yugioh_battles(fresh_service: RulesService) -> None:
    answer = fresh_service.ask("my 1800 atk attacks their 1400 atk, how much damage", game="naruto")
    assert "battle damage" not in answer.text


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("my guy attacks with red 3 and their char has red 3, what happens", "the defender is defeated"),
        ("i attack with white 5 into their white 6", "nothing happens"),
        ("their red 4 character attacks my red 2 one", "Their attacker's red 4 against your defender's red 2"),
    ],
)
def test_inuyasha_attacks_are_worked_out(question: str, expected: str) -> None:
    assert expected in colorfight.color_outcome(colorfight.color_attack(question))


def test_an_inuyasha_attack_needs_two_values_in_one_color() -> None:
    assert colorfight.color_attack("my red 3 vs his blue 3") is None
    assert colorfight.color_attack("how many colors are there") is None


def test_an_inuyasha_follow_up_changes_the_value_it_names(fresh_service: RulesService) -> None:
    where = Asked(channel="colors")
    first = fresh_service.ask(
        "my guy attacks with red 3 and their char has red 3, what happens", game="inuyasha", where=where
    )
    assert first.found and "the defender is defeated" in first.text and first.citations[0].section == "7.5"
    again = fresh_service.ask("what if theirs was red 4", where=where)
    assert again.found and "nothing happens" in again.text


def test_an_unlabelled_value_that_attacks_is_its_atk() -> None:
    told = calc.outcome(calc.battle("my 1600 attacks their face down and it has 1200 def"))
    assert told.startswith("Your 1600 ATK monster destroys their 1200 DEF monster")


def test_a_monster_talked_about_is_the_target_its_attacked_as(fresh_service: RulesService) -> None:
    where = Asked(channel="wall")
    fresh_service.ask("what does wall of illusion do", game="yugioh", where=where)
    fought = fresh_service.ask("so if my 1500 atk attacks it in def position what happens", where=where)
    assert "lower than their 1850 DEF" in fought.text and "350 battle damage" in fought.text
    assert "Wall of Illusion's own text also applies" in fought.text


@pytest.mark.parametrize(
    ("question", "atk"),
    [
        ("they got no monsters on the field and i attack with my 2500 guy", 2500),
        ("i attack directly with a 1800 atk monster, how much damage", 1800),
        ("their field is empty, my 1,600 atk monster attacks", 1600),
        ("my 1800 atk attacks their 1500 def monster", None),
        ("can i attack directly on my first turn", None),
    ],
)
def test_a_direct_attack_deals_the_attackers_atk(question: str, atk: int | None) -> None:
    assert calc.direct_attack(question) == atk


def test_a_direct_attack_is_worked_out_with_the_rule(fresh_service: RulesService) -> None:
    answer = fresh_service.ask("they got no monsters on the field and i attack with my 2500 guy", game="yugioh")
    assert "your opponent takes 2500 damage" in answer.text and answer.citations
