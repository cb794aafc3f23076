"""Hostile card files for every import format, and hostile deck lists (issue 20).

Giant fields, nested structures and wrong types: an import either succeeds within the bounds or is
refused with a `CatalogImportError` that names the file (never a traceback of another kind, never a
message quoting a whole giant field), and a refused import leaves the catalog exactly as it was.
"""

from __future__ import annotations

import asyncio
import csv
import io
import json
import re
import sqlite3
import tempfile
from pathlib import Path
from typing import Any

from hostile import FUZZ, deck_line, field_value, giant, nested, sqlite_value, word
from hypothesis import given, settings
from hypothesis import strategies as st
from sqlalchemy import func, select

from cards.catalog import Catalog, CatalogImportError
from cards.catalog.models import CARD
from cards.catalog.store import MAX_CODE, MAX_NAME, MAX_TEXT
from cards.importers import import_source

EXAMPLES = 120  # per format
WRONG_COUNT_AS_NAME = re.compile(r"card named '[-+−]?\d+ ?[xX×] ")
FIELDS = {
    "json": ["code", "name", "type", "subtype", "text", "sets", "aliases", "tags", "image_url", "group", "stats",
             "extra"],
    "ygoprodeck": ["id", "name", "type", "desc", "atk", "def", "level", "race", "attribute", "scale", "linkval",
                   "linkmarkers", "card_sets", "card_images", "archetype", "banlist_info"],
    "naruto": ["Card ID", "Collector Number", "Display Name", "name", "Type", "Set", "Symbols", "Entrance Cost",
               "Healthy Combat", "Combat Attribute", "Chakra Cost", "Characteristics", "Effect Title", "Effect Text"],
    "archeveque": ["id", "extension", "cardtype", "element", "name", "team", "position", "sp", "firesp", "ap",
                   "level", "effect", "flavor", "rarity"],
    "ydm": ["name", "number", "text", "type", "property", "species", "attribute", "attack", "defense", "stars",
            "monster_types", "is_monster", "is_link", "link_number", "link_markers", "is_pendulum", "pendulum_text"],
}  # fmt: skip
VALID = {
    "json": {"code": "FZ-1", "name": "Fuzzed Card", "type": "Character"},
    "ygoprodeck": {"id": 91919191, "name": "Fuzzed Card", "type": "Effect Monster", "atk": 100, "def": 100},
    "naruto": {"Collector Number": "FZ-1", "name": "Fuzzed Card", "Type": "Ninja"},
    "archeveque": {"id": "901", "extension": "FF", "cardtype": "technique", "name": "Fuzzed Card"},
    "ydm": {"name": "Fuzzed Card", "number": 91919191, "is_monster": False, "type": "Spell"},
}


def card(fmt: str) -> st.SearchStrategy[dict[str, Any]]:
    """A valid card of `fmt` with one to three fields replaced by hostile values."""
    changes = st.dictionaries(st.sampled_from(FIELDS[fmt]), field_value(), min_size=1, max_size=3)
    return changes.map(lambda changed: {**VALID[fmt], **changed})


def document(fmt: str, cards: list[dict[str, Any]]) -> Any:
    if fmt == "json":
        return {"game": "usagi", "cards": cards}
    if fmt == "ygoprodeck":
        return {"data": cards}
    if fmt == "naruto":
        return {"cards": cards}
    if fmt == "ydm":
        return {f"card_{i}": c for i, c in enumerate(cards)}
    return cards


class Harness:
    """One catalog and event loop for a whole fuzz run (opening a catalog loads every built-in pool)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.loop = asyncio.new_event_loop()
        self.catalog = Catalog(f"sqlite:///{folder / 'catalog.db'}")
        self.loop.run_until_complete(self.catalog.open())
        self.outcomes: dict[str, int] = {"imported": 0, "refused": 0}

    def close(self) -> None:
        self.loop.run_until_complete(self.catalog.close())
        self.loop.close()

    async def _rows(self) -> list[tuple[Any, ...]]:
        async with self.catalog.engine.connect() as conn:
            rows = await conn.execute(select(CARD.c.game, CARD.c.code, CARD.c.content_hash).order_by(CARD.c.id))
            return [tuple(row) for row in rows]

    async def _longest(self) -> tuple[int, int, int]:
        async with self.catalog.engine.connect() as conn:
            lengths = [func.max(func.length(column)) for column in (CARD.c.name, CARD.c.code, CARD.c.text)]
            name, code, text = (await conn.execute(select(*lengths))).one()
            return int(name or 0), int(code or 0), int(text or 0)

    def check(self, path: Path, fmt: str | None, game: str | None = None) -> None:
        """Import `path`: either it imports within the bounds, or it is refused cleanly and changes nothing."""
        before = self.loop.run_until_complete(self._rows())
        try:
            self.loop.run_until_complete(import_source(self.catalog, str(path), fmt, game))
        except CatalogImportError as exc:
            message = str(exc)
            assert str(path) in message, message[:300]
            assert len(message) < 1_000, f"{len(message)} characters: {message[:300]}"
            assert self.loop.run_until_complete(self._rows()) == before, message
            self.outcomes["refused"] += 1
        else:
            self.outcomes["imported"] += 1
            name, code, text = self.loop.run_until_complete(self._longest())
            assert name <= MAX_NAME and code <= MAX_CODE and text <= MAX_TEXT, (name, code, text)


def run(fmt: str, examples: int, body: Any) -> dict[str, int]:
    with tempfile.TemporaryDirectory() as folder:
        harness = Harness(Path(folder))
        try:
            settings(max_examples=examples, **FUZZ)(body(harness))()
        finally:
            harness.close()
        print(json.dumps({f"import_fuzz_{fmt}": harness.outcomes}))
        return harness.outcomes


def test_hostile_json_card_files_are_imported_or_refused_cleanly() -> None:
    for fmt in FIELDS:

        def body(harness: Harness, fmt: str = fmt) -> Any:
            @given(cards=st.lists(card(fmt), min_size=1, max_size=3))
            def one(cards: list[dict[str, Any]]) -> None:
                for position, item in enumerate(cards):  # distinct codes: duplicates are a separate error
                    for key in ("code", "id", "Collector Number", "number"):
                        if key in VALID[fmt] and item.get(key) == VALID[fmt][key]:
                            item[key] = f"{item[key]}{position}" if isinstance(item[key], str) else item[key] + position
                path = harness.folder / f"{fmt}.json"
                path.write_text(json.dumps(document(fmt, cards)), encoding="utf-8")
                harness.check(path, fmt)

            return one

        outcomes = run(fmt, EXAMPLES, body)
        assert outcomes["refused"] > 0 and outcomes["imported"] > 0, (fmt, outcomes)


def test_deeply_nested_and_malformed_json_is_refused_cleanly() -> None:
    shapes = st.one_of(
        st.integers(min_value=900, max_value=200_000).map(lambda n: "[" * n + "]" * n),
        st.integers(min_value=900, max_value=200_000).map(lambda n: '{"a":' * n + "1" + "}" * n),
        st.integers(min_value=900, max_value=50_000).map(lambda n: '{"game": "usagi", "cards": [' + "[" * n),
        nested().map(lambda deep: json.dumps({"game": "usagi", "cards": [{**VALID["json"], "extra": deep}]})),
        st.integers(min_value=4_400, max_value=20_000).map(lambda n: '{"data": [{"id": ' + "7" * n + "}]}"),
        giant().map(lambda text: json.dumps({"game": "usagi", "cards": [{"code": "G", "name": text, "type": "T"}]})),
    )  # fmt: skip

    def body(harness: Harness) -> Any:
        @given(text=shapes, fmt=st.sampled_from([None, "json", "ygoprodeck", "naruto", "ydm", "archeveque"]))
        def one(text: str, fmt: str | None) -> None:
            path = harness.folder / "shape.json"
            path.write_text(text, encoding="utf-8")
            harness.check(path, fmt, "usagi" if fmt in (None, "json") else None)

        return one

    run("nested", 60, body)


def test_hostile_csv_files_are_imported_or_refused_cleanly() -> None:
    cell = st.one_of(word(marker=False), giant(), st.sampled_from(['"', '"open', 'a"b', '""', "\r", "a,b", "1|2|3"]))
    row = st.lists(cell, min_size=1, max_size=5)

    def write(rows: list[list[str]], quoted: bool) -> str:
        header = ["code", "name", "type", "text", "stat:cost"]
        if quoted:
            out = io.StringIO()
            csv.writer(out).writerows([header, *rows])
            return out.getvalue()
        return "\n".join(",".join(r) for r in [header, *rows]) + "\n"

    def body(harness: Harness) -> Any:
        @given(rows=st.lists(row, min_size=1, max_size=3), quoted=st.booleans())
        def one(rows: list[list[str]], quoted: bool) -> None:
            path = harness.folder / "cards.csv"
            path.write_text(write(rows, quoted), encoding="utf-8")
            harness.check(path, "csv", "inuyasha")

        return one

    run("csv", 200, body)


def test_hand_edited_cdb_files_are_imported_or_refused_cleanly() -> None:
    columns = ("id", "alias", "type", "atk", "def", "level", "race", "attribute", "name", "desc")
    good = (46986414, 0, 0x11, 2500, 2100, 7, 0x2, 0x20, "Dark Magician", "The ultimate wizard.")
    changed_row = st.dictionaries(st.sampled_from(columns), sqlite_value(), min_size=1, max_size=3).map(
        lambda changes: tuple(
            changes.get(c, good[i]) if c != "id" else changes.get(c, 77) for i, c in enumerate(columns)
        )
    )

    def body(harness: Harness) -> Any:
        @given(rows=st.lists(changed_row, min_size=1, max_size=2, unique_by=lambda r: repr(r[0])))
        def one(rows: list[tuple[Any, ...]]) -> None:
            path = harness.folder / "cards.cdb"
            path.unlink(missing_ok=True)
            conn = sqlite3.connect(path)
            conn.execute(
                "CREATE TABLE datas (id, ot, alias, setcode, type, atk, def, level, race, attribute, category)"
            )
            conn.execute("CREATE TABLE texts (id, name, desc)")
            for values in [good, *rows]:
                conn.execute("INSERT INTO datas VALUES (?, 3, ?, 0, ?, ?, ?, ?, ?, ?, 0)", values[:8])
                conn.execute("INSERT INTO texts VALUES (?, ?, ?)", (values[0], *values[8:]))
            conn.commit()
            conn.close()
            harness.check(path, "cdb")

        return one

    outcomes = run("cdb", 150, body)
    assert outcomes["refused"] > 0, outcomes


def test_hostile_deck_lists_never_crash(toy: Any) -> None:
    from bot.services.decks import parse_deck_text
    from engine.core.registry import get_game

    games = [get_game("yugioh"), get_game("naruto"), toy]
    tried = [0]

    @settings(max_examples=1_500, **FUZZ)
    @given(lines=st.lists(deck_line(), min_size=1, max_size=6), which=st.sampled_from(range(len(games))))
    def one(lines: list[str], which: int) -> None:
        parsed = parse_deck_text(games[which], "\n".join(lines))
        tried[0] += 1
        assert all(len(problem) < 600 for problem in parsed.problems), parsed.problems
        assert sum(map(len, parsed.sections.values())) <= 99 * len(lines)
        for problem in parsed.problems:  # a count is never taken for part of a card name
            assert not WRONG_COUNT_AS_NAME.search(problem), problem

    one()
    print(json.dumps({"deck_fuzz_lists": tried[0]}))
