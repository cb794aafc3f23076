"""Alembic migrations for tcgtable's tables; run them with `tcgtable db upgrade`."""
