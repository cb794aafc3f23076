"""Shared pieces of the importers: the parsed result, JSON reading with clear errors, field checks."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cards.catalog.printings import SetListing
from cards.catalog.store import CardRecord, CatalogImportError, check_record, describe_type, preview

Progress = Callable[[int], None]
MAX_NUMBER = 10**15  # stats and codes: far beyond any real one, small enough for every JSON reader


@dataclass(slots=True)
class Parsed:
    """What a parser read: records to write (or set listings to attach), entries it skipped, the game."""

    game: str
    records: list[CardRecord] = field(default_factory=list)
    skipped: list[tuple[str, str]] = field(default_factory=list)
    listings: list[SetListing] = field(default_factory=list)

    def add(self, record: CardRecord, at: str, labels: Mapping[str, str] | None = None) -> None:
        """Append `record` after checking its fields (`at` names the file and entry, `labels` the
        file's own field names); a record with a field too long or of the wrong type is refused."""
        check_record(record, at, labels)
        self.records.append(record)


def read_json(path: Path) -> Any:
    """Parse a JSON file; a truncated or malformed file names the line and column."""
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise CatalogImportError(f"{path}: cannot read the file ({exc.strerror or exc})") from exc
    return parse_json_bytes(raw, str(path))


def parse_json_bytes(raw: bytes, where: str) -> Any:
    """Parse JSON bytes from `where` (a file name or URL) with an error a person can act on."""
    try:
        return json.loads(raw.decode("utf-8-sig"))
    except UnicodeDecodeError as exc:
        raise CatalogImportError(f"{where}: not UTF-8 text (byte {exc.start}); is this really JSON?") from exc
    except json.JSONDecodeError as exc:
        hint = " (the file looks truncated)" if exc.pos >= len(raw.rstrip()) - 1 else ""
        raise CatalogImportError(
            f"{where}: not valid JSON at line {exc.lineno}, column {exc.colno}: {exc.msg}{hint}"
        ) from exc
    except RecursionError as exc:
        raise CatalogImportError(
            f"{where}: lists or objects are nested too deeply to read (hundreds of levels); "
            "no card format nests more than a few"
        ) from exc
    except ValueError as exc:  # a number with thousands of digits (Python refuses to convert it)
        raise CatalogImportError(f"{where}: a number in the file is too long to read ({exc})") from exc


def check_fields(entry: dict[str, Any], allowed: Iterable[str], where: str, strict: bool) -> None:
    """Refuse fields this format does not define (a typo or the wrong format), unless not `strict`."""
    unknown = sorted(set(entry) - set(allowed))
    if unknown and strict:
        raise CatalogImportError(
            f"{where}: unknown field(s) {', '.join(map(repr, unknown))}; expected only "
            f"{', '.join(sorted(allowed))} (pass --allow-unknown-fields to ignore extra fields)"
        )


def as_int(value: Any, where: str, field_name: str) -> int | None:
    """An integer stat (floats like 3.0 accepted), None when blank; bad values are errors.

    >>> as_int("3.0", "cards.json: card #1", "atk")
    3
    >>> as_int(["3"], "cards.json: card #1", "atk")
    Traceback (most recent call last):
    cards.catalog.store.CatalogImportError: cards.json: card #1: field 'atk' must be a number, got a list (['3'])
    """
    if value is None or value == "":
        return None
    wrong = f"{where}: field {field_name!r} must be a number, got {describe_type(value)} ({preview(value)})"
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        raise CatalogImportError(wrong)
    if isinstance(value, int):
        number: int | float = value
    else:
        if isinstance(value, str) and len(value.strip()) > 40:
            raise CatalogImportError(f"{wrong}: at most 40 characters")
        try:
            number = float(value)
        except ValueError as exc:
            raise CatalogImportError(wrong) from exc
        if not number.is_integer():
            raise CatalogImportError(f"{where}: field {field_name!r} must be a whole number, got {preview(value)}")
    if abs(number) > MAX_NUMBER:
        raise CatalogImportError(f"{where}: field {field_name!r} is out of range ({preview(value)})")
    return int(number)


def as_text(value: Any, where: str, field_name: str, *, numbers: bool = False) -> str:
    """A text field ("" when absent); `numbers` also accepts a number (a code written as 101).

    A list, an object or true/false is an error, not its Python spelling ("['a']").

    >>> as_text(["Kagome"], "cards.json: card #2", "name")
    Traceback (most recent call last):
    cards.catalog.store.CatalogImportError: cards.json: card #2: field 'name' must be text, got a list (['Kagome'])
    """
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    if numbers and isinstance(value, int) and not isinstance(value, bool):
        return str(as_int(value, where, field_name))
    if numbers and isinstance(value, float):
        return str(as_int(value, where, field_name)) if value.is_integer() else repr(value)
    raise CatalogImportError(
        f"{where}: field {field_name!r} must be text, got {describe_type(value)} ({preview(value)})"
    )
