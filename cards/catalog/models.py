"""Catalog tables: cards of every game, their aliases, sets, import runs and bookkeeping.

The tables live in their own SQLModel registry (`CatalogModel.metadata`), so creating or dropping the
catalog never touches the bot's match tables even when both share one database.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, Column, Index, UniqueConstraint
from sqlalchemy.orm import registry
from sqlmodel import Field, SQLModel


def utcnow() -> datetime:
    """The current time, UTC (timezone-aware, as the timestamp columns require)."""
    return datetime.now(UTC)


class CatalogModel(SQLModel, registry=registry()):
    """Base of the catalog tables (a registry separate from the bot's tables)."""


class Card(CatalogModel, table=True):
    """One card of one game. `(game, code)` is unique; `group_key` ties versions of one character."""

    __tablename__ = "catalog_card"
    __table_args__ = (
        UniqueConstraint("game", "code", name="uq_catalog_card_game_code"),
        Index("ix_catalog_card_game_norm", "game", "norm_name"),
    )

    id: int | None = Field(default=None, primary_key=True)
    game: str = Field(max_length=32)
    code: str = Field(max_length=64)
    name: str = Field(max_length=200)
    norm_name: str = Field(max_length=200)
    group_key: str = Field(max_length=200)
    type: str = Field(default="", max_length=64)
    subtype: str = Field(default="", max_length=120)
    stats: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))
    text: str = ""
    sets: list[dict[str, Any]] = Field(default_factory=list, sa_column=Column(JSON, nullable=False))
    image_url: str = Field(default="", max_length=500)
    origin: str = Field(default="builtin", max_length=64)
    source: str = Field(default="", max_length=500)
    imported_at: datetime = Field(default_factory=utcnow)
    extra: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))
    content_hash: str = Field(default="", max_length=64)


class Alias(CatalogModel, table=True):
    """Another name or code a card answers to: a nickname ("BEWD"), a spelling, an alternate-art code.

    `card_code` names the target; nicknames of the built-in alias table target a card by name
    (`target_name`) and are resolved when the search index is built.
    """

    __tablename__ = "catalog_alias"
    __table_args__ = (Index("ix_catalog_alias_game_norm", "game", "norm_alias"),)

    id: int | None = Field(default=None, primary_key=True)
    game: str = Field(max_length=32)
    alias: str = Field(max_length=200)
    norm_alias: str = Field(max_length=200)
    kind: str = Field(default="nickname", max_length=16)  # nickname | name | alt_code
    card_code: str = Field(default="", max_length=64)
    target_name: str = Field(default="", max_length=200)
    origin: str = Field(default="builtin", max_length=64)


class CardSet(CatalogModel, table=True):
    """A set (expansion, starter deck, promo series) cards were printed in."""

    __tablename__ = "catalog_set"
    __table_args__ = (UniqueConstraint("game", "name", name="uq_catalog_set_game_name"),)

    id: int | None = Field(default=None, primary_key=True)
    game: str = Field(max_length=32)
    name: str = Field(max_length=200)
    code: str = Field(default="", max_length=32)
    kind: str = Field(default="", max_length=64)
    released: str = Field(default="", max_length=10)  # ISO date, when known
    origin: str = Field(default="builtin", max_length=64)


class ImportRun(CatalogModel, table=True):
    """One finished import: where from, which format, and what it changed."""

    __tablename__ = "catalog_import"

    id: int | None = Field(default=None, primary_key=True)
    source: str = Field(max_length=500)
    format: str = Field(max_length=32)
    game: str = Field(max_length=32)
    finished_at: datetime = Field(default_factory=utcnow)
    added: int = 0
    updated: int = 0
    unchanged: int = 0
    skipped: int = 0


class CatalogMeta(CatalogModel, table=True):
    """Key/value bookkeeping: built-in pool fingerprints and the catalog generation counter."""

    __tablename__ = "catalog_meta"

    key: str = Field(primary_key=True, max_length=100)
    value: str = Field(default="", max_length=200)


CATALOG_TABLE_PREFIX = "catalog_"  # every catalog table (and the SQLite FTS table) starts with it


def is_catalog_table(name: str) -> bool:
    """True for the catalog's own tables: migration tools of other packages should leave them alone.

    >>> is_catalog_table("catalog_card"), is_catalog_table("matches")
    (True, False)
    """
    return name.startswith(CATALOG_TABLE_PREFIX)


_TABLES = CatalogModel.metadata.tables
CARD = _TABLES["catalog_card"]
ALIAS = _TABLES["catalog_alias"]
CARD_SET = _TABLES["catalog_set"]
IMPORT_RUN = _TABLES["catalog_import"]
META = _TABLES["catalog_meta"]
