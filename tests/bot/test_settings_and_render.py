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
