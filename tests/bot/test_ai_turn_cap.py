"""A whole AI turn is capped: once it has taken its time, the AI finishes with the quick level."""

from __future__ import annotations

import time
from typing import Any

import pytest

from bot.services import games as engine_games


class SlowFirstOption:
    """An agent that thinks for `seconds` and then takes the first option."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.decisions = 0

    def choose(self, state: Any, player: int) -> Any:
        self.decisions += 1
        time.sleep(self.seconds)
        prompt = state.prompt()
        assert prompt is not None
        return prompt.options[0]


def toy_state() -> Any:
    import toygame

    game = toygame.ensure_registered()
    return game.new_match(game.default_decks(2), seed=5)


def test_a_slow_ai_turn_switches_to_the_quick_level_after_the_cap(monkeypatch: pytest.MonkeyPatch) -> None:
    levels_made: list[str] = []
    slow_agents: list[SlowFirstOption] = []
    real_agent = engine_games.ai_agent

    def agent_for(state: Any, level: str, salt: int) -> Any:
        levels_made.append(level)
        if level != "slow":
            return real_agent(state, level, salt)
        slow_agents.append(SlowFirstOption(0.03))
        return slow_agents[-1]

    monkeypatch.setattr(engine_games, "ai_agent", agent_for)
    state = toy_state()
    picked = engine_games.run_ai(state, ["slow", "slow"], 7, turn_seconds=0.1)
    assert state.result is not None, "two AI seats play the toy game to its end"
    slow = sum(agent.decisions for agent in slow_agents)
    assert levels_made[0] == "slow"
    assert engine_games.QUICK_AI in levels_made, "the run never hurried"
    assert 1 <= slow <= 0.1 / 0.03 + 1, f"{slow} slow decisions after a 0.1 s cap"
    assert len(picked) > slow, "the quick level finished the turn"


def test_an_ai_turn_under_the_cap_keeps_its_level(monkeypatch: pytest.MonkeyPatch) -> None:
    levels_made: list[str] = []
    real_agent = engine_games.ai_agent

    def agent_for(state: Any, level: str, salt: int) -> Any:
        levels_made.append(level)
        return real_agent(state, level, salt)

    monkeypatch.setattr(engine_games, "ai_agent", agent_for)
    state = toy_state()
    picked = engine_games.run_ai(state, [None, "random"], 7)
    assert set(levels_made) <= {"random"}
    prompt = state.prompt()
    assert state.result is not None or (prompt is not None and prompt.player == 0), "stops when a person decides"
    assert all(isinstance(option, str) for option in picked)


def test_progress_is_reported_per_decision() -> None:
    seen: list[int] = []
    state = toy_state()
    picked = engine_games.run_ai(state, ["random", "random"], 3, on_decision=seen.append)
    assert seen == list(range(1, len(picked) + 1))


def test_console_progress_line_is_throttled_and_cleared() -> None:
    import io

    from bot.console.loop import AiProgress

    out = io.StringIO()
    progress = AiProgress(out, every=60)
    progress(1)
    progress(2)  # within the throttle: not redrawn
    assert out.getvalue().count("the AI is thinking") == 1 and "(1 decision so far)" in out.getvalue()
    progress.clear()
    assert out.getvalue().endswith("\r")
    progress(3)  # a new run draws again at once
    assert "(3 decisions" in out.getvalue()
