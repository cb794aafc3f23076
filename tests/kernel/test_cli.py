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


def test_version_names_the_installed_package_and_the_engine_build(capsys: pytest.CaptureFixture[str]) -> None:
    from importlib.metadata import version

    from bot.cli import main
    from engine.build_info import current_build

    with pytest.raises(SystemExit) as stopped:
        main(["--version"])
    assert stopped.value.code == 0
    expected = f"tcgtable {version('tcgtable')}, engine {current_build().describe()}"
    assert capsys.readouterr().out.strip() == expected


def test_selfplay_list_names_the_games_and_agents(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["selfplay", "--list"]) == 0
    out = capsys.readouterr().out
    assert "usagi" in out and "yugioh" in out and "normal" in out and "random" in out
    assert main(["selfplay"]) == 2
    assert "--game is required" in capsys.readouterr().err


def test_selfplay_usagi_with_random_seats_plays_clean(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(["selfplay", "--game", "usagi", "--games", "3", "--agents", "random,random,random,random", "--json"]) == 0
    )
    summary = json.loads(capsys.readouterr().out)
    assert summary["errors"] == 0 and summary["games"] == 3 and summary["replay_verified"] == 3


def test_selfplay_exits_non_zero_when_a_game_fails(
    toy: toygame.ToyGame, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import engine.ai.selfplay as selfplay

    real = selfplay.run_selfplay

    def failing(*args: object, **kwargs: object) -> dict[str, object]:
        summary = real(*args, **kwargs)  # type: ignore[arg-type]
        summary["errors"] = 1
        kwargs["on_game"](type("Outcome", (), {"error": "boom", "seed": 7})())  # type: ignore[operator]
        return summary

    monkeypatch.setattr(selfplay, "run_selfplay", failing)
    assert main(["selfplay", "--game", "toy", "--games", "2"]) == 1
    assert "game with seed 7 failed: boom" in capsys.readouterr().err
