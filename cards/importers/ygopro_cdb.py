"""YGOPro `cards.cdb` (SQLite): tables `datas` (numbers and bit flags) and `texts` (name, text).

Bit flags are decoded to words: `type` (Monster/Spell/Trap and their kinds), `race` (monster type),
`attribute`; pendulum scales sit in the high bytes of `level`, a Link monster's markers in `def`.
A row whose `alias` names another row with the same name is an alternate art: its code becomes an
alternate code of that card. A row aliased to a differently named card ("A Legendary Ocean" is
always treated as "Umi") is a card of its own, with `extra.alias_of`.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

from cards.catalog.store import CardRecord, CatalogImportError, check_record, describe_type, preview
from cards.importers.base import Parsed, Progress

TYPE_BITS = {
    0x1: "monster",
    0x2: "spell",
    0x4: "trap",
    0x10: "normal",
    0x20: "effect",
    0x40: "fusion",
    0x80: "ritual",
    0x100: "trap monster",
    0x200: "spirit",
    0x400: "union",
    0x800: "gemini",
    0x1000: "tuner",
    0x2000: "synchro",
    0x4000: "token",
    0x10000: "quick-play",
    0x20000: "continuous",
    0x40000: "equip",
    0x80000: "field",
    0x100000: "counter",
    0x200000: "flip",
    0x400000: "toon",
    0x800000: "xyz",
    0x1000000: "pendulum",
    0x2000000: "special summon",
    0x4000000: "link",
}
RACE_BITS = {
    0x1: "Warrior",
    0x2: "Spellcaster",
    0x4: "Fairy",
    0x8: "Fiend",
    0x10: "Zombie",
    0x20: "Machine",
    0x40: "Aqua",
    0x80: "Pyro",
    0x100: "Rock",
    0x200: "Winged Beast",
    0x400: "Plant",
    0x800: "Insect",
    0x1000: "Thunder",
    0x2000: "Dragon",
    0x4000: "Beast",
    0x8000: "Beast-Warrior",
    0x10000: "Dinosaur",
    0x20000: "Fish",
    0x40000: "Sea Serpent",
    0x80000: "Reptile",
    0x100000: "Psychic",
    0x200000: "Divine-Beast",
    0x400000: "Creator God",
    0x800000: "Wyrm",
    0x1000000: "Cyberse",
}
ATTRIBUTE_BITS = {
    0x1: "EARTH",
    0x2: "WATER",
    0x4: "FIRE",
    0x8: "WIND",
    0x10: "LIGHT",
    0x20: "DARK",
    0x40: "DIVINE",
}
LINK_MARKERS = {
    0x1: "Bottom-Left",
    0x2: "Bottom",
    0x4: "Bottom-Right",
    0x8: "Left",
    0x20: "Right",
    0x40: "Top-Left",
    0x80: "Top",
    0x100: "Top-Right",
}
# The monster kind shown as subtype, most specific first (other kinds go to extra["kinds"]).
PRIMARY_KINDS = ("fusion", "ritual", "synchro", "xyz", "link", "token", "normal", "effect")
NUMBER_COLUMNS = ("id", "alias", "type", "atk", "def", "level", "race", "attribute")
# Where each record field comes from, for error messages.
LABELS = {"code": "datas.id", "name": "texts.name", "text": "texts.desc"}
REQUIRED_COLUMNS = {
    "datas": {"id", "alias", "type", "atk", "def", "level", "race", "attribute"},
    "texts": {"id", "name", "desc"},
}


def flags(value: int, table: dict[int, str]) -> list[str]:
    """Names of the bits set in `value`, in bit order.

    >>> flags(0x21, TYPE_BITS)
    ['monster', 'effect']
    """
    return [name for bit, name in table.items() if value & bit]


def decode(
    code: int, type_bits: int, atk: int, def_: int, level: int, race: int, attribute: int
) -> tuple[str, str, dict[str, Any], list[str]]:
    """(type, subtype, stats, kinds) for one `datas` row."""
    kinds = flags(type_bits, TYPE_BITS)
    if type_bits & 0x1:
        subtype = next((kind for kind in PRIMARY_KINDS if kind in kinds), "effect")
        stats: dict[str, Any] = {
            "atk": "?" if atk < 0 else atk,
            "attribute": "/".join(flags(attribute, ATTRIBUTE_BITS)),
            "race": "/".join(flags(race, RACE_BITS)),
        }
        rating = level & 0xFF
        if "link" in kinds:
            stats["link"] = rating
            stats["link_markers"] = flags(def_, LINK_MARKERS)
        else:
            stats["rank" if "xyz" in kinds else "level"] = rating
            stats["def"] = "?" if def_ < 0 else def_
        if "pendulum" in kinds:
            stats["scale_left"], stats["scale_right"] = (level >> 24) & 0xFF, (level >> 16) & 0xFF
        return "monster", subtype, stats, [k for k in kinds if k not in ("monster", subtype)]
    if type_bits & 0x2 or type_bits & 0x4:
        card_type = "spell" if type_bits & 0x2 else "trap"
        rest = [k for k in kinds if k not in ("spell", "trap")]
        return card_type, (rest[0] if rest else "normal"), {}, rest[1:]
    raise CatalogImportError(f"card {code}: type flags {type_bits:#x} are neither monster, spell nor trap")


Row = tuple[int, int, int, int, int, int, int, int, str, str]


def _checked(path: Path, row: tuple[Any, ...]) -> Row:
    """One joined `datas`/`texts` row with its types checked: SQLite lets any column hold text,
    so a cdb edited by hand may have words where numbers belong (NULL counts as 0 or "")."""
    code = row[0]
    label = f"{path}: card {preview(code)}" + (f" ({preview(row[8])})" if isinstance(row[8], str) else "")
    numbers: list[int] = []
    for column, value in zip(NUMBER_COLUMNS, row[:8], strict=True):
        if value is None and column != "id":
            value = 0
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        if not isinstance(value, int) or (column == "id" and value < 0):
            found = f"{describe_type(value)} ({preview(value)})"
            raise CatalogImportError(f"{label}: column datas.{column} must hold a whole number, got {found}")
        numbers.append(value)
    texts: list[str] = []
    for column, value in (("name", row[8]), ("desc", row[9])):
        if value is None:
            value = ""
        if not isinstance(value, str):
            raise CatalogImportError(
                f"{label}: column texts.{column} must hold text, got {describe_type(value)} ({preview(value)})"
            )
        texts.append(value)
    a, b, c, d, e, f, g, h = numbers
    return a, b, c, d, e, f, g, h, texts[0], texts[1]


def parse_cdb(path: Path, game: str = "yugioh", progress: Progress | None = None) -> Parsed:
    """Read a cards.cdb file in place (read-only)."""
    if not path.is_file():
        raise CatalogImportError(f"{path}: no such file")
    try:
        conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            columns = {
                table: {row[1] for row in conn.execute(f"PRAGMA table_info({table})")} for table in REQUIRED_COLUMNS
            }
            for table, needed in REQUIRED_COLUMNS.items():
                missing = needed - columns[table]
                if missing:
                    raise CatalogImportError(
                        f"{path}: not a YGOPro cards.cdb: table {table!r} lacks {', '.join(sorted(missing))}"
                    )
            rows = conn.execute(
                "SELECT d.id, d.alias, d.type, d.atk, d.def, d.level, d.race, d.attribute, t.name, t.desc "
                "FROM datas d JOIN texts t ON t.id = d.id ORDER BY d.id"
            ).fetchall()
            orphans = conn.execute("SELECT COUNT(*) FROM datas WHERE id NOT IN (SELECT id FROM texts)").fetchone()
        finally:
            conn.close()
    except sqlite3.DatabaseError as exc:
        raise CatalogImportError(f"{path}: not a readable SQLite cards.cdb ({exc})") from exc
    parsed = Parsed(game=game)
    rows = [_checked(path, row) for row in rows]
    names = {row[0]: row[8] for row in rows}
    by_code: dict[int, CardRecord] = {}
    alternates: list[tuple[int, int]] = []
    for code, alias, type_bits, atk, def_, level, race, attribute, name, desc in rows:
        if alias and alias in names and names[alias] == name:
            alternates.append((code, alias))
            continue
        if not name.strip():
            parsed.skipped.append((str(code), "no name in the texts table"))
            continue
        try:
            card_type, subtype, stats, kinds = decode(code, type_bits, atk, def_, level, race, attribute)
        except CatalogImportError as exc:
            parsed.skipped.append((f"{code} {name}", str(exc)))
            continue
        extra: dict[str, Any] = {"kinds": kinds} if kinds else {}
        if alias:
            extra["alias_of"] = f"{alias:08d}"
        record = CardRecord(
            game=game,
            code=f"{code:08d}",
            name=name.strip(),
            type=card_type,
            subtype=subtype,
            stats=stats,
            text=desc,
            extra=extra,
        )
        check_record(record, f"{path}: card {code} ({preview(name.strip())})", LABELS)
        by_code[code] = record
        if progress is not None:
            progress(1)
    for code, alias in alternates:
        if alias in by_code:
            by_code[alias].alt_codes.append(f"{code:08d}")
    parsed.records = list(by_code.values())
    if orphans and orphans[0]:
        parsed.skipped.append((f"{orphans[0]} rows", "numbers in datas without a name in texts"))
    return parsed
