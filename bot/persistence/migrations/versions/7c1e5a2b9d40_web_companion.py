"""web companion: per-server web switches on guild_config; the site_secrets table

Revision ID: 7c1e5a2b9d40
Revises: 530443d81438
Create Date: 2026-11-28 10:40:00.000000
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel.sql.sqltypes
from alembic import op

revision: str = "7c1e5a2b9d40"
down_revision: str | None = "530443d81438"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "site_secrets",
        sa.Column("name", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("value", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("created_at", sa.Float(), nullable=False),
        sa.PrimaryKeyConstraint("name"),
    )
    # Existing servers keep their pages on (signed links only) and unlisted.
    with op.batch_alter_table("guild_config", schema=None) as batch_op:
        batch_op.add_column(sa.Column("web_enabled", sa.Boolean(), nullable=False, server_default=sa.true()))
        batch_op.add_column(sa.Column("web_public", sa.Boolean(), nullable=False, server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table("guild_config", schema=None) as batch_op:
        batch_op.drop_column("web_public")
        batch_op.drop_column("web_enabled")
    op.drop_table("site_secrets")
