"""Words the command line and the console print: plain text, right plurals."""

from __future__ import annotations

import io
import subprocess
import sys

from bot.console.loop import AiProgress


def test_the_thinking_line_counts_in_words() -> None:
    stream = io.StringIO()
    progress = AiProgress(stream, every=0.0)
    progress(1)
    assert "(1 decision so far)" in stream.getvalue()
    progress(2)
    assert "(2 decisions so far)" in stream.getvalue()


def test_selfplay_prints_wins_as_words_not_a_dict() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "bot.cli", "selfplay", "--game", "naruto", "--games", "1", "--agents", "random,random"],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    line = done.stdout.strip()
    assert "wins: random#1" in line and "{" not in line and "'" not in line


def test_a_misspelt_option_is_refused_with_the_name_it_meant() -> None:
    import pytest

    from bot.console.parsing import KEYS, parse
    from bot.services.errors import ServiceError

    with pytest.raises(ServiceError, match="did you mean level:"):
        parse("game:yugioh levl:hard", KEYS)
    assert parse("game:yugioh level:hard", KEYS).opts == {"game": "yugioh", "level": "hard"}
    assert parse("what does cost:2 mean", KEYS).words == ["what", "does", "cost:2", "mean"]  # no option name
