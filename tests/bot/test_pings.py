"""A player is pinged when a decision comes to them, but not again for the same match within the
cooldown: response windows that bounce the decision back and forth don't flood the thread."""

from __future__ import annotations

from typing import Any

from bot.discord_ui.matches.ui import PING_COOLDOWN, MatchUI


def test_one_ping_per_player_and_match_within_the_cooldown() -> None:
    ui = MatchUI(bot=Any)  # type: ignore[arg-type]  # no Discord needed for the decision
    assert ui.should_ping(1, "ana", at=0.0)
    assert ui.should_ping(1, "bo", at=1.0)
    for second in range(2, 60):  # a battle's response windows, one every second
        assert not ui.should_ping(1, "ana" if second % 2 else "bo", at=float(second))
    assert ui.should_ping(2, "ana", at=30.0)  # another match is another conversation
    assert ui.should_ping(1, "ana", at=PING_COOLDOWN + 1.0)  # a later turn pings again
