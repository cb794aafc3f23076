"""A tie-break discard names each card with its current ratings, the ones the re-rating counts
(issue 33: prompts showed printed values while the engine used current ones)."""

from __future__ import annotations

from engine.core.scenario import build_state
from engine.games.usagi import board


def test_tie_discard_labels_show_ratings_with_auras() -> None:
    involve = ["Gray Ronin of the Long Road", "Captain of the Mifune Guard", "Ronin for Hire"]
    involve += ["Swordmistress of the Mifune", "Ambitious Magistrate"]
    state = build_state(
        {
            "game": "usagi",
            "setup": {
                "players": [
                    {"zones": {"field": ["Gray Ronin of the Long Road", "Family Daisho", "Lord of the Geishu"]}},
                    {"zones": {"field": ["Captain of the Mifune Guard", "Ronin for Hire"]}},
                    {"zones": {"field": ["Swordmistress of the Mifune", "Ambitious Magistrate"]}},
                ],
                "shared": {"events": ["Bandits on the Road"]},
                "state": {
                    "phase": "conclusion",
                    "first": 0,
                    "attach": [{"card": "Family Daisho", "to": "Gray Ronin of the Long Road"}],
                    "involve": [{"card": name, "event": "Bandits on the Road"} for name in involve],
                },
            },
        }
    )
    prompt = state.prompt()
    assert prompt is not None and prompt.kind == "tiebreak" and prompt.player == 0
    ronin = next(c.id for c in state.cards if state.game.card(c.code).name == "Gray Ronin of the Long Road")
    assert board.rating(state, ronin, "diplomacy", board.auras(state)) == 2  # printed 1, +1 from the Lord
    label = next(o.label for o in prompt.options if o.id == f"tie:{ronin}")
    assert "Diplomacy 2" in label, label
