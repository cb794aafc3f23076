"""`tcgtable rules ask`: plain text, --json, exit codes and clear errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.cli import main


@pytest.fixture(autouse=True)
def _cache_in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TCGTABLE_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("RULES_DIRS", raising=False)


def test_json_answer(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "ask", "how many tributes for a level 7 monster", "--game", "yugioh", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["question"] == "how many tributes for a level 7 monster"
    assert data["game"] == "yugioh"
    assert data["citations"][0]["section"] == "10.2"
    assert data["citations"][0]["doc"] == "yugioh.md"
    assert 0.0 < data["confidence"] <= 1.0
    assert "2" in data["answer"]


def test_plain_answer_and_inferred_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "ask", "how do i pay for a jutsu?"]) == 0
    out = capsys.readouterr().out
    assert "Source: naruto.md §10.4 Paying a Jutsu cost" in out


def test_not_found_exits_1(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "ask", "best pizza topping?", "--game", "usagi", "--json"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["citations"] == [] and data["found"] is False


def test_unknown_game_is_a_clear_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "ask", "castling?", "--game", "chess"]) == 2
    assert "Unknown game 'chess'" in capsys.readouterr().err


@pytest.mark.shared
def test_docs_directory_adds_the_official_text(shared_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["rules", "ask", "how does the recovery step work", "--game", "inuyasha", "--json"]
    assert main([*argv, "--docs", str(shared_dir / "rulebooks")]) == 0
    docs = [c["doc"] for c in json.loads(capsys.readouterr().out)["citations"]]
    assert docs[0] == "inuyasha.md" and "inuyasha-tcg-rules.txt" in docs


def test_ambiguous_question_asks_for_a_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "ask", "how many cards do I draw?", "--json"]) == 1
    captured = capsys.readouterr()
    data = json.loads(captured.out)
    assert data["game"] is None and "Which game" in data["answer"] and "naruto" in data["clarify"]
    assert "add --game" in captured.err


def test_index_command_builds_then_reuses(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "index", "--json"]) == 0
    first = json.loads(capsys.readouterr().out)
    assert first["rebuilt"] is True and set(first["games"]) == {"yugioh", "naruto", "inuyasha", "inazuma", "usagi"}
    assert all(count >= 20 for count in first["games"].values())
    assert main(["rules", "index", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["rebuilt"] is False


def test_index_command_speaks_plainly_without_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "index"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Rules index ") and "passages" in out and "usagi" in out
    assert "{" not in out
