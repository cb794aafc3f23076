"""Settings from the environment, and the render layer's guarantees."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError

from bot.settings import Settings, async_url


def test_settings_read_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DATABASE_URL", "postgres://u@h/db")
    monkeypatch.setenv("SHARD_COUNT", "4")
    monkeypatch.setenv("SHARD_IDS", "2,3")
    monkeypatch.setenv("RULES_DIRS", '["/a", "/b"]')
    monkeypatch.setenv("DEV_GUILD_ID", "")  # empty means unset
    settings = Settings(_env_file=None)
    assert settings.async_database_url == "postgresql+asyncpg://u@h/db"
    assert (settings.shard_count, settings.shard_ids, settings.rules_dirs) == (4, [2, 3], ["/a", "/b"])
    assert settings.dev_guild_id is None


def test_bad_settings_say_what_is_wrong(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SHARD_IDS", "one,two")
    with pytest.raises(ValidationError, match="SHARD_IDS must be comma-separated integers"):
        Settings(_env_file=None)
    monkeypatch.delenv("SHARD_IDS")
    monkeypatch.setenv("LOG_LEVEL", "loud")
    with pytest.raises(ValidationError, match="LOG_LEVEL must be"):
        Settings(_env_file=None)


def test_defaults_need_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("DATABASE_URL", "DISCORD_TOKEN", "SHARD_COUNT", "SHARD_IDS", "RULES_DIRS", "LOG_LEVEL"):
        monkeypatch.delenv(name, raising=False)
    settings = Settings(_env_file=None)
    assert settings.async_database_url == async_url("sqlite:///tcgtable.db") == "sqlite+aiosqlite:///tcgtable.db"


def test_board_image_and_embed_show_only_the_spectator_view(toy: Any) -> None:
    from bot.render.embeds import board_embed
    from bot.render.image import board_png
    from bot.render.model import build_board

    state = toy.new_match(toy.default_decks(), seed=5)
    state.apply(next(o.id for o in state.prompt().options if o.id.startswith("play:")))  # a face-down card
    board = build_board(toy, state.view(None), ["Ana", "Bo"], title="Match #1")
    shown = "\n".join(zone.text() for panel in board.panels for zone in panel.zones)
    assert "[face-down]" in shown and "Number" not in shown
    embed = board_embed(board, image_name="board.png")
    assert embed.image.url == "attachment://board.png"
    png = board_png(board)
    assert png.startswith(b"\x89PNG") and len(png) < 50_000


def test_a_fired_up_stack_shows_its_top_card_in_words() -> None:
    """Inazuma: a stack on the field reads as its top card (whose fired-up SP counts) and says it is a stack."""
    from bot.render.model import build_board
    from bot.render.text import board_text
    from engine.core.handles import Lens, match_secret
    from engine.core.scenario import build_state

    setup = {
        "players": [
            {
                "zones": {
                    "goal": ["Mark Evans"],
                    "field": ["S1-13", None, None, None, None, None],
                    "deck": ["10x S1-02"],
                }
            },
            {"zones": {"goal": ["Mark Evans"], "deck": ["10x S1-02"]}},
        ],
        "state": {
            "at": "position",
            "turn": 2,
            "attacker": 1,
            "stacks": [{"player": 0, "onto": "FW-L", "cards": ["S1-02"]}],
        },
    }
    state = build_state({"game": "inazuma", "seed": 1, "setup": setup})
    game = state.game
    top = game.card("S1-02")
    view = Lens(state, None, match_secret("inazuma", 1)).view()
    text = board_text(build_board(game, view, ["Ana", "Bo"], title="Match"))
    line = next(line for line in text.splitlines() if "Field:" in line and "FW-L" in line)
    assert f"FW-L {top.name} (" in line
    assert f"fired-up SP {top.stats['fsp']}" in line and "fired-up stack of 2" in line
