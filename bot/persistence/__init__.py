"""Storage for matches, decks and server settings: sqlmodel tables over SQLite or PostgreSQL."""

from __future__ import annotations

import bot.persistence.league_models  # noqa: F401  (league tables join the metadata)
from bot.persistence.db import Database, StaleWriteError
from bot.persistence.models import DeckRow, GuildConfig, MatchRow

__all__ = ["Database", "DeckRow", "GuildConfig", "MatchRow", "StaleWriteError"]
