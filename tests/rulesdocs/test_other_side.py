"""A follow-up about the opponent's first turn turns the Yes/No of a rule about the player going first
(rulesdocs/verdict.py). In our own words."""

from __future__ import annotations

from rulesdocs import verdict
from rulesdocs.service import Asked, RulesService


def test_the_second_player_may_attack_on_their_first_turn(fresh_service: RulesService) -> None:
    where = Asked(channel="other-side")
    fresh_service.ask("i go first, can i attack on turn one", game="yugioh", where=where)
    told = fresh_service.ask("and my opponent on their first turn?", where=where).text
    assert told.startswith("Yes") and "only about the player going first" in told


def test_a_restriction_read_from_its_first_clause() -> None:
    told = verdict._other_player(
        "can my opp attack on their first turn (they go second)",
        "can the first player attack on turn 1",
        "No: the player who starts the Duel can't attack on their first turn, so no attacks on turn 1.",
    )
    assert told is not None and told.startswith("Yes")
