"""league allow_undo: a league's matches may let players take back a decision by consent

Revision ID: 1b18f2522c8d
Revises: 7c1e5a2b9d40
Create Date: 2026-11-28 10:40:00.000000
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "1b18f2522c8d"
down_revision: str | None = "7c1e5a2b9d40"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Existing leagues keep undo off, as a new league has it.
    with op.batch_alter_table("leagues", schema=None) as batch_op:
        batch_op.add_column(sa.Column("allow_undo", sa.Boolean(), nullable=False, server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table("leagues", schema=None) as batch_op:
        batch_op.drop_column("allow_undo")
