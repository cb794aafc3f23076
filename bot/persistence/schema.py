"""Schema management: every table module in one place, and Alembic migrations.

`tcgtable db upgrade` (and the bot at start-up) brings a database to the newest schema;
`tcgtable db revision -m "..."` writes a new migration after a model change.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from alembic import command
from alembic.config import Config

from bot.settings import async_url

MIGRATIONS = Path(__file__).parent / "migrations"


def load_all_tables() -> None:
    """Import every module that defines tables, so the metadata knows them all."""
    import bot.persistence.league_models
    import bot.persistence.models  # noqa: F401


def alembic_config(url: str) -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.set_main_option("sqlalchemy.url", async_url(url))
    return config


def upgrade(url: str, revision: str = "head") -> None:
    """Migrate the database at `url` to `revision` (run outside an event loop)."""
    command.upgrade(alembic_config(url), revision)


def downgrade(url: str, revision: str) -> None:
    command.downgrade(alembic_config(url), revision)


def current(url: str) -> None:
    command.current(alembic_config(url), verbose=True)


def revision(url: str, message: str) -> None:
    """Autogenerate a migration from the difference between the models and the database."""
    command.revision(alembic_config(url), message=message, autogenerate=True)


async def upgrade_async(url: str, revision: str = "head") -> None:
    """`upgrade` from inside a running event loop (the bot's start-up)."""
    await asyncio.to_thread(upgrade, url, revision)
