"""A database URL that doesn't parse, names a missing driver, or points at nothing: every command
that opens the database says so in one line (password hidden) and exits 2, no traceback."""

from __future__ import annotations

import io
import os

import pytest

from bot.cli import main

BAD_URLS = {
    "garbage": "garbage",
    "unknown driver": "mysql://someone:hunter2@db.example/x",
    "nothing listening": "postgresql://someone:hunter2@127.0.0.1:1/nowhere",
}


@pytest.mark.parametrize("url", BAD_URLS.values(), ids=list(BAD_URLS))
@pytest.mark.parametrize(
    "command",
    [["console"], ["card", "dark magician"], ["cards", "stats"]],
    ids=["console", "card", "cards-stats"],
)
def test_bad_database_url_is_one_clear_line(
    command: list[str], url: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(""))  # the console reads nothing
    assert main([*command, "--db", url]) == 2
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err and "hunter2" not in captured.err
    assert "Check --db or DATABASE_URL." in captured.err
    assert "database" in captured.err.splitlines()[0]


def test_missing_postgres_database_is_named(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    base = os.environ.get("TCGTABLE_TEST_POSTGRES_URL")
    if not base:
        pytest.skip("needs PostgreSQL: set TCGTABLE_TEST_POSTGRES_URL (CI sets it and starts the server)")
    url = base.rsplit("/", 1)[0] + "/tcgtable_no_such_database"
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    assert main(["console", "--db", url]) == 2
    assert 'database "tcgtable_no_such_database" does not exist' in capsys.readouterr().err
