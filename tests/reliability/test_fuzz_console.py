"""Hostile input to every console command: no unhandled exception, no other user's data in a reply."""

from __future__ import annotations

import asyncio
import io
import json
import shlex
from pathlib import Path
from typing import Any

from hostile import FUZZ, MARKER, sentence, word
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.console.loop import run_console
from bot.console.parsing import COMMANDS, KEYS
from bot.console.session import Console
from bot.services.hub import Services
from bot.services.matches import Seat

EXAMPLES = 6_000
NAMES = sorted(name for name in COMMANDS if name not in ("quit", "exit"))


def console_line() -> st.SearchStrategy[str]:
    """`/<command> words key:value...` with hostile words and values, or a bare answer to a prompt."""
    option = st.tuples(st.sampled_from(sorted(KEYS)), word()).map(lambda kv: f"{kv[0]}:{shlex.quote(kv[1])}")
    tokens = st.lists(st.one_of(option, word().map(shlex.quote), word()), max_size=5).map(" ".join)
    command = st.tuples(st.sampled_from(NAMES), tokens).map(lambda ct: f"/{ct[0]} {ct[1]}")
    return st.one_of(command, sentence(), st.sampled_from(NAMES).map(lambda n: f"/{n}"))


async def seed(services: Services) -> None:
    """Another user's private deck, and matches between other users (one running, one over)."""
    await services.decks.import_deck("other", "toy", MARKER, "15x Number 3")
    row = await services.matches.challenge("toy", Seat("other", "Other"), Seat("rival", "Rival"), None)
    await services.matches.respond(row.id or 0, "rival", True, None)
    over = await services.matches.start_ai("toy", Seat("other", "Other"), None, "random")
    await services.matches.concede(over.row.id or 0, "other")


def test_console_commands_survive_hostile_input(tmp_path: Path, toy: Any) -> None:
    loop = asyncio.new_event_loop()
    services = loop.run_until_complete(Services.from_url("sqlite:///:memory:").open())
    loop.run_until_complete(seed(services))
    console = Console(services, user="ana")
    tried = [0]

    @settings(max_examples=EXAMPLES, **FUZZ)
    @given(line=console_line(), user=st.sampled_from(["ana", "bo", "ana"]))
    def one(line: str, user: str) -> None:
        console.user = user  # switch players without /as, which the fuzz also tries
        out = loop.run_until_complete(console.handle(line))
        tried[0] += 1
        assert isinstance(out, str)
        assert MARKER not in out or MARKER in line, f"{line!r} revealed another user's data: {out[:300]!r}"

    try:
        one()
    finally:
        loop.run_until_complete(services.close())
        loop.close()
    print(json.dumps({"console_fuzz_inputs": tried[0]}))


async def test_another_users_deck_stays_private(tmp_path: Path, toy: Any) -> None:
    services = await Services.from_url(f"sqlite:///{tmp_path / 'decks.db'}").open()
    try:
        await seed(services)
        console = Console(services, user="ana")
        for line in (f"/deck show game:toy name:{MARKER}", "/deck list", f"/deck delete game:toy name:{MARKER}"):
            out = await console.handle(line)
            assert "Number 3" not in out and "15" not in out, f"{line}: {out}"
        shown = await console.handle(f"/deck show game:toy name:{MARKER}")
        assert shown.startswith("⚠"), shown
        assert await services.db.get_deck("other", "toy", MARKER) is not None  # not deleted by ana
    finally:
        await services.close()


def test_console_loop_never_prints_a_control_character(tmp_path: Path, toy: Any) -> None:
    """Hostile lines (control sequences in deck names, game ids, answers) through the real loop."""

    @settings(max_examples=40, **FUZZ)
    @given(lines=st.lists(console_line(), min_size=1, max_size=12))
    def one(lines: list[str]) -> None:
        known = '/deck import game:toy name:"Evil\x1b[2J\x07" list:"15x Number 3"\n/deck list\n'  # echoes a name
        script = known + "\n".join(line.replace("\n", " ") for line in lines) + "\n"
        out = io.StringIO()
        asyncio.run(run_console(db_url="sqlite:///:memory:", user="ana\x1b[2J", stdin=io.StringIO(script), stdout=out))
        text = out.getvalue()
        assert not any(ch in text for ch in "\x1b\x07\x00\r\x9b\x7f\x08"), "a control character reached the terminal"

    one()
