"""Typed answers in the console go to the right match and the right prompt: a bare number is a
choice (never a match id), a match waiting after a restart is found, and an answer to a prompt
already answered in another console is refused as stale."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.console.session import Console
from bot.services.hub import Services


@pytest.fixture
async def db_url(tmp_path: Path, toy: Any) -> str:
    return f"sqlite:///{tmp_path / 'console.db'}"


async def _steps(services: Services, match_id: int) -> int:
    row, _ = await services.matches.state(match_id)
    return len(row.choices)


async def test_a_bare_number_is_a_choice_in_the_current_match(db_url: str) -> None:
    services = await Services.from_url(db_url).open()
    try:
        console = Console(services, user="ana")
        assert "Match #1" in await console.handle("/match ai game:toy level:random")
        assert "Match #2" in await console.handle("/match ai game:toy level:random")
        first, second = await _steps(services, 1), await _steps(services, 2)
        out = await console.handle("/match play 1")
        assert not out.startswith("⚠"), out
        assert await _steps(services, 1) == first  # match #1 untouched
        assert await _steps(services, 2) > second
        out = await console.handle("/match play 1 id:1")
        assert not out.startswith("⚠"), out
        assert await _steps(services, 1) > first
        assert "Usage: /match play" in await console.handle("/match play")
    finally:
        await services.close()


async def test_after_a_restart_the_waiting_match_is_found(db_url: str) -> None:
    services = await Services.from_url(db_url).open()
    await Console(services, user="ana").handle("/match ai game:toy level:random")
    await services.close()

    services = await Services.from_url(db_url).open()  # the console started again
    try:
        console = Console(services, user="ana")
        before = await _steps(services, 1)
        out = await console.handle("1")
        assert "Match #1 waits for your decision" in out and "eyes only" in out
        assert await _steps(services, 1) == before  # shown first, not answered blind
        out = await console.handle("1")
        assert not out.startswith("⚠"), out
        assert await _steps(services, 1) > before
        await console.handle("/match ai game:toy level:random")
        fresh = Console(services, user="ana")
        listed = await fresh.handle("2")
        assert "#1 (toy)" in listed and "#2 (toy)" in listed and "id:N" in listed
    finally:
        await services.close()


async def test_an_answer_to_a_prompt_answered_elsewhere_is_stale(db_url: str) -> None:
    first = await Services.from_url(db_url).open()
    second = await Services.from_url(db_url).open()  # a second console process on the same database
    try:
        here, there = Console(first, user="ana"), Console(second, user="ana")
        await here.handle("/match ai game:toy level:random")
        assert "eyes only" in await there.handle("/match hand id:1")
        before = await _steps(first, 1)
        assert not (await here.handle("1")).startswith("⚠")
        after = await _steps(first, 1)
        assert after > before
        out = await there.handle("1")
        assert out.startswith("⚠") and "already answered" in out
        assert "eyes only" in out  # the current prompt is shown instead
        assert await _steps(first, 1) == after  # nothing applied twice
        assert not (await there.handle("1")).startswith("⚠")  # answering the shown prompt works
    finally:
        await first.close()
        await second.close()
