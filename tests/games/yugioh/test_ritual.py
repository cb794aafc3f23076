"""Ritual Summon (rule 10.6). The classic pool has no Ritual cards, so Dark Magician is given the
Ritual subtype for these tests and the Ritual procedure is started as a Ritual Magic script would.
(That a Ritual Monster cannot be Normal Summoned is a scenario: scenarios/converted_python_checks.yaml.)"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

import pytest

from engine.core.state import State
from engine.games.yugioh.effects import ritual_possible
from engine.games.yugioh.facts import table

DARK_MAGICIAN = "46986414"


@pytest.fixture
def ritual_state(monkeypatch: pytest.MonkeyPatch, build: Callable[..., State]) -> State:
    monkeypatch.setitem(table(), DARK_MAGICIAN, dataclasses.replace(table()[DARK_MAGICIAN], sub="ritual"))
    return build(
        {
            "hand": ["Dark Magician", "Summoned Skull"],
            "mzone": [{"card": "Mystical Elf", "face_up": True, "orientation": "atk"}],
            "deck": ["5x Dark Gray"],
        }
    )


def test_ritual_summon_needs_levels_adding_up(ritual_state: State) -> None:
    state = ritual_state
    assert ritual_possible(state, 0, 0)  # Summoned Skull 6 + Mystical Elf 4 >= 7
    assert state.stack[-1].proc == "ygo.main"
    state.stack[-1].step = 0  # as if the Ritual Magic were resolving from the Main Phase
    state.pending = None
    state.push("ygo.ritual", player=0, monster=0)
    state.advance()
    prompt = state.prompt()
    assert prompt is not None and prompt.kind == "tribute" and "done" not in prompt
    state.apply("card:1")  # Summoned Skull, Level 6: not enough yet
    prompt = state.prompt()
    assert prompt is not None and "done" not in prompt
    state.apply("card:2")  # Mystical Elf: 10 >= 7, and only choice left, so the Ritual goes ahead
    state.apply("atk")
    names = [state.game.card(state.cards[c].code).name for c in state.zones["mzone:0"] if c >= 0]
    assert names == ["Dark Magician"]
    assert len(state.zones["grave:0"]) == 2
