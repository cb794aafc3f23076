"""Loading one league row (a league, a match, a pod) by its id, or a NotFoundError naming it."""

from __future__ import annotations

from typing import TypeVar

from sqlmodel import SQLModel

from bot.persistence import Database
from bot.services.errors import NotFoundError

RowT = TypeVar("RowT", bound=SQLModel)


async def fetch(db: Database, model: type[RowT], row_id: int, what: str) -> RowT:
    """The row of `model` with this id; NotFoundError("no league pod #7") when there is none."""
    async with db.session() as session:
        row = await session.get(model, row_id)
    if row is None:
        raise NotFoundError(f"no {what} #{row_id}")
    return row
