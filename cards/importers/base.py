"""Shared pieces of the importers: the parsed result, JSON reading with clear errors, field checks."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cards.catalog.printings import SetListing
from cards.catalog.store import CardRecord, CatalogImportError

Progress = Callable[[int], None]


@dataclass(slots=True)
class Parsed:
    """What a parser read: records to write (or set listings to attach), entries it skipped, the game."""

    game: str
    records: list[CardRecord] = field(default_factory=list)
    skipped: list[tuple[str, str]] = field(default_factory=list)
    listings: list[SetListing] = field(default_factory=list)


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


def check_fields(entry: dict[str, Any], allowed: Iterable[str], where: str, strict: bool) -> None:
    """Refuse fields this format does not define (a typo or the wrong format), unless not `strict`."""
    unknown = sorted(set(entry) - set(allowed))
    if unknown and strict:
        raise CatalogImportError(
            f"{where}: unknown field(s) {', '.join(map(repr, unknown))}; expected only "
            f"{', '.join(sorted(allowed))} (pass --allow-unknown-fields to ignore extra fields)"
        )


def as_int(value: Any, where: str, field_name: str) -> int | None:
    """An integer stat (floats like 3.0 accepted), None when blank; bad values are errors."""
    if value is None or value == "":
        return None
    if isinstance(value, bool):
        raise CatalogImportError(f"{where}: field {field_name!r} must be a number, got {value!r}")
    try:
        number = float(value)
    except (TypeError, ValueError) as exc:
        raise CatalogImportError(f"{where}: field {field_name!r} must be a number, got {value!r}") from exc
    if not number.is_integer():
        raise CatalogImportError(f"{where}: field {field_name!r} must be a whole number, got {value!r}")
    return int(number)
