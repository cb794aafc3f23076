"""pod leagues: pod size, points table, small pods and seed on leagues; the league_pods table

Revision ID: 530443d81438
Revises: 33a5acedf01a
Create Date: 2026-11-25 00:40:23.621397
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel.sql.sqltypes
from alembic import op

revision: str = "530443d81438"
down_revision: str | None = "33a5acedf01a"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "league_pods",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("league_id", sa.Integer(), nullable=False),
        sa.Column("round", sa.Integer(), nullable=False),
        sa.Column("players", sa.JSON(), nullable=False),
        sa.Column("places", sa.JSON(), nullable=False),
        sa.Column("status", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("double_loss", sa.Boolean(), nullable=False),
        sa.Column("unplayed", sa.Boolean(), nullable=False),
        sa.Column("reported_by", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("reported_at", sa.Float(), nullable=False),
        sa.Column("confirmed_by", sa.JSON(), nullable=False),
        sa.Column("confirmed_at", sa.Float(), nullable=False),
        sa.Column("ready", sa.JSON(), nullable=False),
        sa.Column("match_ids", sa.JSON(), nullable=False),
        sa.Column("history", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.Float(), nullable=False),
        sa.ForeignKeyConstraint(["league_id"], ["leagues.id"]),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("league_pods", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_league_pods_league_id"), ["league_id"], unique=False)

    # Existing leagues get the defaults of a new one (their format is never "pods").
    with op.batch_alter_table("leagues", schema=None) as batch_op:
        batch_op.add_column(sa.Column("pod_size", sa.Integer(), nullable=False, server_default="4"))
        batch_op.add_column(sa.Column("points_table", sa.JSON(), nullable=False, server_default="[]"))
        batch_op.add_column(sa.Column("small_pods", sa.Boolean(), nullable=False, server_default=sa.false()))
        batch_op.add_column(sa.Column("seed", sa.Integer(), nullable=False, server_default="0"))


def downgrade() -> None:
    with op.batch_alter_table("leagues", schema=None) as batch_op:
        batch_op.drop_column("seed")
        batch_op.drop_column("small_pods")
        batch_op.drop_column("points_table")
        batch_op.drop_column("pod_size")

    with op.batch_alter_table("league_pods", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_league_pods_league_id"))

    op.drop_table("league_pods")
