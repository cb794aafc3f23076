"""Environment settings for the bot and the console (pydantic-settings).

Every field reads the environment variable of the same name in upper case (e.g. `DISCORD_TOKEN`),
or a `.env` file in the working directory. Nothing is required: the console runs with the defaults.

>>> Settings(database_url="postgresql://u@h/db").async_database_url
'postgresql+asyncpg://u@h/db'
"""

from __future__ import annotations

import json
import os
from functools import cached_property
from typing import Annotated

from pydantic import Field, field_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

from cards.catalog.db import async_db_url

DEFAULT_DATABASE_URL = "sqlite:///tcgtable.db"
DEFAULT_API_BASE = "https://discord.com/api/v10"


def async_url(url: str) -> str:
    """Return a SQLAlchemy async URL for `url` (the card catalog's rule: aiosqlite / asyncpg).

    >>> async_url("postgres://u@h/db")
    'postgresql+asyncpg://u@h/db'
    """
    return async_db_url(url)


class Settings(BaseSettings):
    """Where the bot connects, where it stores matches, and how it logs."""

    model_config = SettingsConfigDict(env_file=".env", extra="ignore", env_ignore_empty=True)

    discord_token: str = ""
    database_url: str = DEFAULT_DATABASE_URL
    discord_api_base: str = DEFAULT_API_BASE
    discord_gateway_url: str = ""
    shard_count: int | None = Field(default=None, ge=1)
    shard_ids: Annotated[list[int] | None, NoDecode] = None
    log_level: str = "INFO"
    dev_guild_id: int | None = None
    turn_clock_hours: float = Field(default=24.0, gt=0)
    rules_dirs: Annotated[list[str], NoDecode] = Field(default_factory=list)
    # the web companion (bot/web): `tcgtable web`, or `tcgtable run` with WEB_PORT set
    web_port: int | None = Field(default=None, ge=1, le=65535)
    web_host: str = "0.0.0.0"
    public_url: str = ""  # how people reach the pages, e.g. https://tcg.example.org (links from Discord)
    web_secret: str = ""  # signs page links; empty: a random key made once and kept in the database

    @field_validator("shard_ids", mode="before")
    @classmethod
    def _parse_shard_ids(cls, value: object) -> object:
        """Accept "0,1,2" as well as a JSON list."""
        if isinstance(value, str) and not value.strip():
            return None
        if isinstance(value, str) and value.strip().startswith("["):
            return json.loads(value)
        if isinstance(value, str):
            try:
                return [int(part) for part in value.split(",") if part.strip()]
            except ValueError as exc:
                raise ValueError(f"SHARD_IDS must be comma-separated integers, got {value!r}") from exc
        return value

    @field_validator("rules_dirs", mode="before")
    @classmethod
    def _parse_dirs(cls, value: object) -> object:
        """Accept "dir1:dir2" (or commas) as well as a JSON list, as `tcgtable rules` does."""
        if isinstance(value, str) and value.strip().startswith("["):
            return json.loads(value)
        if isinstance(value, str):
            sep = os.pathsep if os.pathsep in value else ","
            return [part.strip() for part in value.split(sep) if part.strip()]
        return value

    @field_validator("log_level")
    @classmethod
    def _check_level(cls, value: str) -> str:
        level = value.upper()
        if level not in {"DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"}:
            raise ValueError(f"LOG_LEVEL must be DEBUG, INFO, WARNING, ERROR or CRITICAL, got {value!r}")
        return level

    @cached_property
    def async_database_url(self) -> str:
        """The database URL with an async driver, as SQLAlchemy needs it."""
        return async_url(self.database_url)
