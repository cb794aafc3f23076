"""Spell Speed 3 (Counter Traps) and Quick-Play Magic rules. The classic pool has neither kind, so
these tests give two pool cards that subtype for the duration of the test (facts only)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

import pytest

from engine.core.state import State
from engine.games.yugioh.chain import activation_problem
from engine.games.yugioh.facts import table

WABOKU = "12607053"
UP_GRAY = {"card": "Dark Gray", "face_up": True, "orientation": "atk"}
SET_TRAPS = [{"card": "Waboku", "flags": {"set": 1}}, {"card": "Just Desserts", "flags": {"set": 1}}]
POT = "55144522"


def as_subtype(monkeypatch: pytest.MonkeyPatch, code: str, sub: str) -> None:
    monkeypatch.setitem(table(), code, dataclasses.replace(table()[code], sub=sub))


def test_only_speed_3_answers_a_counter_trap(monkeypatch: pytest.MonkeyPatch, build: Callable[..., State]) -> None:
    as_subtype(monkeypatch, WABOKU, "counter")
    state = build(
        {"hand": ["Ookazi"], "mzone": [UP_GRAY], "szone": SET_TRAPS, "deck": ["5x Dark Gray"]},
        {"mzone": [UP_GRAY], "szone": SET_TRAPS, "deck": ["5x Dark Gray"]},
    )
    p1_counter, p1_desserts = 10, 11
    p0_counter, p0_desserts = 2, 3
    state.apply("act:0")  # Ookazi, Spell Speed 1
    assert {"act:10", "act:11"} <= {o.id for o in state.legal()}
    state.apply(f"act:{p1_counter}")  # Spell Speed 3 on top
    prompt = state.prompt()
    assert prompt is not None and prompt.player == 0
    offered = {o.id for o in prompt.options}
    assert f"act:{p0_counter}" in offered and f"act:{p0_desserts}" not in offered
    problem = activation_problem(state, 0, p0_desserts, idle=False)
    assert problem is not None and problem[1] == "8.5" and "Spell Speed 3" in problem[0]
    assert activation_problem(state, 1, p1_desserts, idle=False) is not None


def test_quick_play_magic_timing(monkeypatch: pytest.MonkeyPatch, build: Callable[..., State]) -> None:
    as_subtype(monkeypatch, POT, "quick-play")
    state = build(
        {"hand": ["Pot of Greed", "Pot of Greed"], "mzone": [UP_GRAY], "deck": ["6x Dark Gray"]},
        {"deck": ["6x Dark Gray"]},
    )
    assert state.vars["turn"] == 3
    state.apply("setst:1")
    state.apply("battle")
    prompt = state.prompt()  # Start Step window: a Quick-Play may be activated from the hand
    assert prompt is not None and prompt.kind == "response" and "act:0" in prompt
    assert "act:1" in prompt  # a Set Quick-Play can be used in its own controller's turn
    state.apply("pass")
    state.apply("endbp")
    state.apply("pass")  # End Step window
    state.apply("end")
    # No prompt in the own End Phase (Quick-Play only in Main/Battle Phase of one's own turn, 6.6).
    # Opponent's Draw Phase: the Set Quick-Play (Set on an earlier turn) may be used, the one in hand not.
    prompt = state.prompt()
    assert prompt is not None and prompt.player == 0 and state.vars["active"] == 1
    assert state.vars["phase"] == "draw"
    assert "act:1" in prompt and "act:0" not in prompt
    assert activation_problem(state, 0, 0, idle=False) == (
        "Quick-Play Magic can be activated from the hand only in your own turn",
        "6.6",
    )
