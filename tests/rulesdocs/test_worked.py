"""Situations described with numbers, read per game (rulesdocs/worked.py)."""

from __future__ import annotations

from rulesdocs import cardnames, worked


def test_a_game_without_a_reader_or_hand_limit_reads_nothing() -> None:
    assert (
        worked.read("usagi", "my 1800 atk attacks their 1500 def, i have 9 cards at end of turn", None, None, "")
        is None
    )


def test_a_direct_attack_keeps_its_own_question_for_the_next_follow_up() -> None:
    earlier = "my 1800 atk monster attacks their 1500 def monster"
    found = worked.read("yugioh", "my 1200 atk attacks directly, how much damage", earlier, None, "")
    assert found is not None
    assert found.fact_id == worked.DIRECT_ATTACK_FACT
    assert "1200" in found.told
    assert found.asked == "my 1200 atk attacks directly, how much damage"


def test_the_card_talked_about_gives_the_entrance_cost() -> None:
    card = cardnames.card("naruto", "Kakashi Hatake")
    assert card is not None
    cost = card.stats["entrance"]
    assert isinstance(cost, int) and cost >= 1
    found = worked.read("naruto", f"can i play it with my turn marker on {cost - 1}", None, card, "")
    assert found is not None
    assert found.fact_id == worked.ENTRANCE_FACT
    assert found.told.startswith("No")


def test_the_hand_limit_follows_a_bare_number_after_its_answer() -> None:
    found = worked.read("naruto", "and 9?", "whats the hand limit", None, "c-hand-size")
    assert found is not None
    assert found.fact_id == "c-hand-size"
    assert "3" in found.told
