"""The tables. A match row is the truth (game, engine version, seed, decks, options, choices);
its `snapshot` is only a cache of the state after `snapshot_choices` choices."""

from __future__ import annotations

import time
from typing import Any

from sqlalchemy import JSON, BigInteger, Column, Text, UniqueConstraint
from sqlmodel import Field, SQLModel

MATCH_STATUSES = ("pending", "lobby", "active", "finished", "aborted", "declined")
OPEN_STATUSES = ("pending", "lobby", "active")


def now() -> float:
    """Wall-clock seconds (a function so tests can reason about it in one place)."""
    return time.time()


class MatchRow(SQLModel, table=True):
    """One match: its replayable record, who plays which seat, where it lives in Discord."""

    __tablename__ = "matches"

    id: int | None = Field(default=None, primary_key=True)
    game: str = Field(index=True)
    engine_version: str = ""
    seed: int = Field(default=0, sa_column=Column(BigInteger, nullable=False, default=0))
    status: str = Field(default="pending", index=True)
    # seats: [{"user": "123", "name": "Alice", "ai": null | "greedy"}] in seat order
    seats: list[dict[str, Any]] = Field(default_factory=list, sa_column=Column(JSON, nullable=False))
    max_players: int = 2
    decks: list[dict[str, Any]] = Field(default_factory=list, sa_column=Column(JSON, nullable=False))
    deck_names: list[str] = Field(default_factory=list, sa_column=Column(JSON, nullable=False))
    options: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))
    # bot-side data that is not part of the record: decks waiting for the start, abort votes, clock
    meta: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))
    choices: list[Any] = Field(default_factory=list, sa_column=Column(JSON, nullable=False))
    snapshot: str | None = Field(default=None, sa_column=Column(Text, nullable=True))
    snapshot_choices: int = 0
    result: dict[str, Any] | None = Field(default=None, sa_column=Column(JSON, nullable=True))
    version: int = 0
    guild_id: str | None = None
    channel_id: str | None = None
    thread_id: str | None = None
    board_message_id: str | None = None
    turn_user: str | None = None
    turn_started_at: float = 0.0
    reminded: bool = False
    created_at: float = Field(default_factory=now)
    updated_at: float = Field(default_factory=now)


class DeckRow(SQLModel, table=True):
    """A player's imported deck for one game."""

    __tablename__ = "decks"
    __table_args__ = (UniqueConstraint("owner", "game", "name", name="uq_deck_owner_game_name"),)

    id: int | None = Field(default=None, primary_key=True)
    owner: str = Field(index=True)
    game: str
    name: str
    sections: dict[str, list[str]] = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))
    source: str = Field(default="", sa_column=Column(Text, nullable=False, default=""))
    created_at: float = Field(default_factory=now)


class GuildConfig(SQLModel, table=True):
    """Per-server (or per-channel, when `channel_id` is set) settings."""

    __tablename__ = "guild_config"

    id: int | None = Field(default=None, primary_key=True)
    guild_id: str = Field(index=True)
    channel_id: str = ""
    inline_lookups: bool = True
    turn_clock_hours: float | None = None
    moderator_role: str | None = None
    web_enabled: bool = True  # the web companion shows this server's pages (server-wide row only)
    web_public: bool = False  # its pages are listed and reachable without a signed link


class SiteSecret(SQLModel, table=True):
    """A secret of the whole site, made once and kept: the key that signs web page links."""

    __tablename__ = "site_secrets"

    name: str = Field(primary_key=True)
    value: str
    created_at: float = Field(default_factory=now)
