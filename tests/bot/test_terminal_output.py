"""Names with control characters (from deck names, imported cards, typed commands) never reach a
terminal raw: the console and every `tcgtable` command print them harmlessly."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.cli import main
from bot.console.loop import run_console
from bot.terminal import printable

HOSTILE = ["\x1b[2J", "\x07", "\x00", "\r", "\x9b31m", "\u202e", "\x7f"]


@given(st.text())
def test_printable_leaves_no_control_character(text: str) -> None:
    shown = printable(text)
    assert len(shown) == len(text.replace("\r\n", "\n"))  # a CRLF line end prints as one newline
    assert not any(ch in shown for ch in HOSTILE)
    assert all(ch in "\n\t" or not (ord(ch) < 32 or 0x7F <= ord(ch) <= 0x9F) for ch in shown)


async def test_console_prints_hostile_deck_names_harmlessly(tmp_path: Path, toy: Any) -> None:
    name = "Evil\x1b[2J\x07Deck\x00"
    script = f'/deck import game:toy name:"{name}" list:"10x Number 5; 2 Number 1"\n/deck list game:toy\n'
    out = io.StringIO()
    await run_console(
        db_url=f"sqlite:///{tmp_path / 's.db'}", user="ana\x1b]0;pwned\x07", stdin=io.StringIO(script), stdout=out
    )
    text = out.getvalue()
    assert "Evil" in text and "Deck" in text
    assert not any(ch in text for ch in HOSTILE)


def test_cli_prints_hostile_imported_cards_harmlessly(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = f"sqlite:///{tmp_path / 'c.db'}"
    cards = tmp_path / "evil.json"
    cards.write_text(
        json.dumps([{"name": "Evil\x1b[2J Dragon", "type": "monster", "code": "EVIL-1", "text": "bad\x07 text"}]),
        encoding="utf-8",
    )
    assert main(["cards", "import", str(cards), "--game", "yugioh", "--db", db]) == 0
    capsys.readouterr()
    assert main(["card", "evil dragon", "--game", "yugioh", "--db", db]) == 0
    out = capsys.readouterr().out
    assert "Evil\ufffd[2J Dragon" in out and "bad\ufffd text" in out
    assert not any(ch in out for ch in HOSTILE)


def test_terminal_module_examples() -> None:
    import doctest

    import bot.terminal

    result = doctest.testmod(bot.terminal)
    assert result.attempted >= 2 and result.failed == 0
