import json

import pytest
import toygame

from bot.cli import main


def test_selfplay_json_has_the_documented_fields(toy: toygame.ToyGame, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["selfplay", "--game", "toy", "--games", "20", "--agents", "random,random", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    for key in (
        "game",
        "games",
        "agents",
        "wins",
        "draws",
        "errors",
        "decisions",
        "seconds",
        "games_per_sec",
        "decisions_per_sec",
        "replay_verified",
    ):
        assert key in summary
    assert summary["games"] == 20 and summary["errors"] == 0 and summary["replay_verified"] == 20
    assert sum(summary["wins"].values()) + summary["draws"] == 20


def test_selfplay_rejects_unknown_games_and_agents(toy: toygame.ToyGame, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["selfplay", "--game", "chess", "--games", "1"]) == 2
    assert "unknown game 'chess'" in capsys.readouterr().err
    assert main(["selfplay", "--game", "toy", "--games", "1", "--agents", "wizard,random"]) == 2


def test_run_without_a_token_says_what_to_set(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    assert main(["run"]) == 2
    err = capsys.readouterr().err
    assert "DISCORD_TOKEN" in err and "tcgtable console" in err


def test_version_names_the_installed_package(capsys: pytest.CaptureFixture[str]) -> None:
    from importlib.metadata import version

    from bot.cli import main

    with pytest.raises(SystemExit) as stopped:
        main(["--version"])
    assert stopped.value.code == 0
    assert capsys.readouterr().out.strip() == f"tcgtable {version('tcgtable')}"
