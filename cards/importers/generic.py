"""The generic JSON and CSV card formats, for games without public data and for community sets.

See `cards/IMPORT_FORMATS.md` for the full description with examples. In short:

JSON: `{"game": "usagi", "cards": [{"code", "name", "type", ...}]}` (or a bare list with `--game`).
CSV: one card per row; columns `code,name,type,subtype,text,sets,aliases,tags,image_url,group`
plus one `stat:<key>` column per stat; lists inside a cell are separated by `|`.
"""

from __future__ import annotations

import csv
import io
from functools import cache
from pathlib import Path
from typing import Any

from cards.catalog.store import CardRecord, CatalogImportError, describe_type, preview
from cards.importers.base import Parsed, Progress, as_text, check_fields, read_json
from cards.pool import available_pools, load_pool

GAMES = ("yugioh", "naruto", "inuyasha", "inazuma", "usagi")
CARD_FIELDS = frozenset(
    {
        "code",
        "name",
        "type",
        "subtype",
        "stats",
        "text",
        "sets",
        "aliases",
        "tags",
        "image_url",
        "group",
        "extra",
        "game",
    }
)
TEXT_FIELDS = ("code", "name", "type", "subtype", "text", "image_url", "group")
CSV_COLUMNS = frozenset(
    {"game", "code", "name", "type", "subtype", "text", "sets", "aliases", "tags", "image_url", "group"}
)


# Stats each game's cards carry (the built-in pool's keys are added to these when it loads).
GAME_STATS: dict[str, frozenset[str]] = {
    "yugioh": frozenset(
        {"atk", "def", "level", "rank", "link", "link_markers", "attribute", "race", "scale_left", "scale_right"}
    ),
    "naruto": frozenset(
        {
            "symbols",
            "entrance",
            "hand",
            "combat",
            "support",
            "injured_combat",
            "injured_support",
            "attribute",
            "mental_power",
            "cost",
            "cost_text",
        }
    ),
    "inuyasha": frozenset({"cost", "colors", "kaitou_size"}),
    "inazuma": frozenset({"attribute", "team", "position", "sp", "level", "fsp", "ap", "icons"}),
    "usagi": frozenset({"cost", "ratings", "score", "produces", "restricted", "unique"}),
}


@cache
def stat_keys(game: str) -> frozenset[str]:
    """Stat keys the generic formats accept for `game`: the documented ones and the built-in pool's."""
    keys = set(GAME_STATS.get(game, ()))
    if game in available_pools():
        keys.update(key for card in load_pool(game).cards.values() for key in card.stats)
    return frozenset(keys)


def check_game(game: str | None, where: str) -> str:
    """A known game id, or a clear error."""
    if game not in GAMES:
        raise CatalogImportError(
            f"{where}: unknown or missing game {preview(game)}; use one of {', '.join(GAMES)} (--game G)"
        )
    return game


def _sets(value: Any, at: str) -> list[dict[str, Any]]:
    entries = value if isinstance(value, list) else [value] if value else []
    sets: list[dict[str, Any]] = []
    for entry in entries:
        if isinstance(entry, str):
            sets.append({"set": entry})
        elif isinstance(entry, dict) and set(entry) <= {"set", "number", "rarity"} and entry.get("set"):
            sets.append({k: as_text(v, at, f"sets.{k}", numbers=True) for k, v in entry.items()})
        else:
            raise CatalogImportError(
                f"{at}: field 'sets': each set must be a name or {{set, number, rarity}}, got {preview(entry)}"
            )
    return sets


def _strings(value: Any, at: str, field_name: str) -> list[str]:
    if value is None:
        return []
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise CatalogImportError(f"{at}: field {field_name!r} must be a list of strings, got {preview(value)}")
    return value


def record_from_dict(raw: dict[str, Any], game: str, at: str, strict: bool) -> CardRecord:
    """One generic card object (already checked to be a dict) as a record."""
    check_fields(raw, CARD_FIELDS, at, strict)
    if raw.get("game", game) != game:
        raise CatalogImportError(f"{at}: card says game {preview(raw.get('game'))} but the file is for {game!r}")
    fields = {key: as_text(raw.get(key), at, key, numbers=key == "code") for key in TEXT_FIELDS}
    for required in ("code", "name", "type"):
        if not fields[required].strip():
            raise CatalogImportError(f"{at}: missing required field {required!r}")
    stats = raw.get("stats") or {}
    if not isinstance(stats, dict):
        raise CatalogImportError(
            f"{at}: field 'stats' must be an object of stat -> value, got {describe_type(stats)} ({preview(stats)})"
        )
    unknown = sorted(set(stats) - stat_keys(game))
    if unknown and strict:
        raise CatalogImportError(
            f"{at}: unknown {game} stat(s) {', '.join(map(repr, unknown))}; known: {', '.join(sorted(stat_keys(game)))}"
            " (see cards/IMPORT_FORMATS.md; pass --allow-unknown-fields to keep them anyway)"
        )
    extra = raw.get("extra") or {}
    if not isinstance(extra, dict):
        raise CatalogImportError(
            f"{at}: field 'extra' must be an object, got {describe_type(extra)} ({preview(extra)})"
        )
    tags = _strings(raw.get("tags"), at, "tags")
    return CardRecord(
        game=game,
        code=fields["code"].strip(),
        name=fields["name"].strip(),
        type=fields["type"],
        subtype=fields["subtype"],
        stats=stats,
        text=fields["text"],
        sets=_sets(raw.get("sets"), at),
        image_url=fields["image_url"],
        aliases=_strings(raw.get("aliases"), at, "aliases"),
        group=fields["group"],
        extra={**extra, **({"tags": tags} if tags else {})},
    )


def parse_generic_json(
    path: Path, game: str | None, *, strict: bool = True, progress: Progress | None = None
) -> Parsed:
    """Read the generic JSON format."""
    data = read_json(path)
    where = str(path)
    if isinstance(data, dict):
        check_fields(data, {"game", "cards", "set", "description"}, where, strict)
        game = game or data.get("game")
        cards = data.get("cards")
    else:
        cards = data
    if not isinstance(cards, list):
        raise CatalogImportError(f"{where}: generic JSON needs a 'cards' list (or a top-level list of cards)")
    parsed = Parsed(game=check_game(game, where))
    for position, raw in enumerate(cards):
        at = f"{where}: card #{position + 1}"
        if not isinstance(raw, dict):
            raise CatalogImportError(f"{at}: expected a card object, got {describe_type(raw)} ({preview(raw)})")
        parsed.add(record_from_dict(raw, parsed.game, at, strict), at)
        if progress is not None:
            progress(1)
    return parsed


def _cell_value(text: str) -> Any:
    """A stat cell: an integer when it looks like one, a list when it holds `|`, else the text."""
    text = text.strip()
    if "|" in text:
        return [_cell_value(part) for part in text.split("|") if part.strip()]
    try:
        return int(text)
    except ValueError:
        return text


def unclosed_quote(content: str) -> tuple[int, int] | None:
    """(line, cell index) where a quoted cell opens that the text never closes, else None.

    Follows the csv module's reading (a quote opens a quoted cell only at the start of a cell; two
    quotes inside one stand for a quote), which would otherwise read the rest of the file as that cell.

    >>> unclosed_quote('code,name\\nA-1,"Kagome\\nA-2,Inuyasha\\n')
    (2, 1)
    >>> unclosed_quote('code,name\\nA-1,"Kagome, ""the"" Archer"\\n') is None
    True
    """
    if '"' not in content:
        return None
    line, cell, start = 1, 0, True
    quoted = closing = False
    opened = (0, 0)
    for char in content:
        if quoted:
            if closing:
                closing = False
                if char == '"':
                    continue  # "" inside a quoted cell: a quote
                quoted = False  # the cell is closed; `char` follows it
            elif char == '"':
                closing = True
                continue
            else:
                if char == "\n":
                    line += 1
                continue
        if char == "\n":
            line, cell, start = line + 1, 0, True
        elif char == ",":
            cell, start = cell + 1, True
        elif char == '"' and start:
            quoted, opened, start = True, (line, cell), False
        elif char != "\r":
            start = False
    return opened if quoted and not closing else None


def parse_generic_csv(path: Path, game: str | None, *, strict: bool = True, progress: Progress | None = None) -> Parsed:
    """Read the generic CSV format (UTF-8, header row, comma-separated)."""
    where = str(path)
    try:
        content = path.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as exc:
        raise CatalogImportError(f"{where}: cannot read as UTF-8 text ({exc})") from exc
    unclosed = unclosed_quote(content)
    if unclosed is not None:
        line, column = unclosed
        names = next(csv.reader(io.StringIO(content.split("\n", 1)[0])), [])
        cell = f"column {names[column]!r}" if line > 1 and column < len(names) else f"cell {column + 1}"
        place = "the header row" if line == 1 else f"line {line}"
        raise CatalogImportError(
            f'{where}: {place}, {cell}: a quoted cell opens here and is never closed (a missing "); '
            "everything after it would be read as that one cell"
        )
    reader = csv.DictReader(io.StringIO(content))
    try:
        header = reader.fieldnames or []
        rows = list(reader)
    except csv.Error as exc:
        problem = f"not readable as CSV ({exc})"
        if "field limit" in str(exc):
            problem = f"a cell is longer than {csv.field_size_limit():,} characters; no card field may be that long"
        raise CatalogImportError(f"{where}: line {reader.reader.line_num}: {problem}") from exc
    if not {"code", "name", "type"} <= set(header):
        raise CatalogImportError(f"{where}: the CSV header must include code, name and type; got {header}")
    unknown = [c for c in header if c not in CSV_COLUMNS and not c.startswith("stat:")]
    if unknown and strict:
        raise CatalogImportError(
            f"{where}: unknown column(s) {', '.join(map(repr, unknown))}; allowed: "
            f"{', '.join(sorted(CSV_COLUMNS))} and stat:<key> (pass --allow-unknown-fields to ignore)"
        )
    games = {row.get("game") or "" for row in rows} - {""}
    if len(games) > 1:
        raise CatalogImportError(f"{where}: one import holds one game; this CSV names {sorted(games)}")
    parsed = Parsed(game=check_game(game or (games.pop() if games else None), where))
    for line, row in enumerate(rows, start=2):
        at = f"{where}: line {line}"
        if None in row:
            raise CatalogImportError(f"{at}: more cells than header columns (an unquoted comma?)")
        raw: dict[str, Any] = {k: v for k, v in row.items() if k in CSV_COLUMNS and v not in (None, "")}
        for key in ("sets", "aliases", "tags"):
            if key in raw:
                raw[key] = [part.strip() for part in str(raw[key]).split("|") if part.strip()]
        raw["stats"] = {k[5:]: _cell_value(v) for k, v in row.items() if k.startswith("stat:") and v}
        labels = {"stats": "stat:<key> columns"}
        parsed.add(record_from_dict(raw, parsed.game, at, strict=strict), at, labels)
        if progress is not None:
            progress(1)
    return parsed
