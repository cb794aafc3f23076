"""`tcgtable card` and `tcgtable cards import|stats` end to end (in-process)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.cli import main


@pytest.fixture
def db(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'cli.db'}"


def test_card_json_shape(db: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["card", "dark magican", "--game", "yugioh", "--json", "--db", db]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["query"] == "dark magican" and data["game"] == "yugioh"
    first = data["results"][0]
    assert first["name"] == "Dark Magician"
    assert {"name", "game", "code", "score", "type", "stats", "text", "sets"} <= set(first)
    scores = [r["score"] for r in data["results"]]
    assert scores == sorted(scores, reverse=True)


def test_card_text_output_and_no_result(db: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["card", "BEWD", "--db", db]) == 0
    assert capsys.readouterr().out.startswith("Blue-Eyes White Dragon  [yugioh")
    assert main(["card", "qqqqqqqqqqqqqqqqqqqq", "--game", "usagi", "--db", db]) == 1
    assert "No card found" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("query", "shown"),
    [
        ("Ronin for Hire", "cost 1 ryo · ratings: combat 2"),  # tables of stats read as words
        ("Oboro of the Silk Threads", "cost 2 · colors: purple 5, red 3"),
        (
            "Gray Ronin of the Long Road",
            "ratings: combat 3, diplomacy 1, intrigue 1, ceremony 2, labor 0 · produces 1 honor",
        ),
    ],
)
def test_card_stats_read_as_words_in_the_cli_and_the_chat(
    db: str, capsys: pytest.CaptureFixture[str], query: str, shown: str
) -> None:
    from bot.render.cards import card_fields
    from cards.catalog.search import CardResult

    assert main(["card", query, "--json", "--db", db]) == 0
    best = json.loads(capsys.readouterr().out)["results"][0]
    assert best["name"] == query
    chat = card_fields(CardResult(**{k: best[k] for k in CardResult.__dataclass_fields__ if k in best}))
    assert chat["stats"] == shown
    assert main(["card", query, "--db", db]) == 0
    out = capsys.readouterr().out
    assert shown in out and "{" not in out


def test_cards_import_summary_and_stats(db: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "set.json"
    path.write_text(
        json.dumps(
            {
                "game": "usagi",
                "cards": [
                    {"code": "CS-1", "name": "Gen the Bounty Hunter", "type": "Character"},
                    {"code": "CS-2", "name": "Chizu of the Neko", "type": "Character"},
                ],
            }
        )
    )
    assert main(["cards", "import", str(path), "--json", "--db", db]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert (summary["added"], summary["updated"], summary["format"]) == (2, 0, "json")
    assert main(["cards", "stats", "--json", "--db", db]) == 0
    counts = json.loads(capsys.readouterr().out)
    assert counts["usagi"]["import:json"] == 2


def test_cards_import_error_leaves_catalog_unchanged(
    db: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "broken.json"
    path.write_text('{"game": "usagi", "cards": [{"code": "A", "name": "B", "type": "C"}')
    assert main(["cards", "import", str(path), "--db", db]) == 1
    err = capsys.readouterr().err
    assert "not valid JSON" in err and "catalog is unchanged" in err
    assert main(["cards", "stats", "--json", "--db", db]) == 0
    assert "import:json" not in json.loads(capsys.readouterr().out).get("usagi", {})


def test_unreachable_database_is_a_clear_error(capsys: pytest.CaptureFixture[str]) -> None:
    url = "postgresql://someone:hunter2@127.0.0.1:1/nowhere"
    assert main(["card", "dark magician", "--db", url]) == 2
    err = capsys.readouterr().err
    assert "cannot reach the card catalog database" in err and "hunter2" not in err
