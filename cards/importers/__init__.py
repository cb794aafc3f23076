"""Importers: read real-world card dumps and write them into the catalog in one transaction.

>>> summary = await import_source(Catalog(), "cards.cdb")   # doctest: +SKIP
>>> summary.describe()                                       # doctest: +SKIP
'yugioh: 9204 added, 0 updated, 0 unchanged, 0 skipped, 138 alternate-art codes'

Formats (`--format`): `ygoprodeck` (API v7 JSON, file or URL), `cdb` (YGOPro cards.cdb),
`naruto` (N-CCG-DB JSON), `ydm` and `ydm-sets` (YDM-Data cards and set lists), `archeveque`
(Inazuma Eleven card list), `json` and `csv` (the generic formats in cards/IMPORT_FORMATS.md).
Left out, the format is guessed from the source.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from cards.catalog.db import Catalog
from cards.catalog.printings import attach_printings
from cards.catalog.store import CatalogImportError, ImportSummary, write_records
from cards.importers.archeveque import parse_archeveque
from cards.importers.base import Parsed, Progress, read_json
from cards.importers.generic import GAMES, check_game, parse_generic_csv, parse_generic_json
from cards.importers.naruto import parse_naruto
from cards.importers.ydm import parse_ydm_cards, parse_ydm_sets
from cards.importers.ygopro_cdb import parse_cdb
from cards.importers.ygoprodeck import download, parse_cards

FORMATS = ("ygoprodeck", "cdb", "naruto", "ydm", "ydm-sets", "archeveque", "json", "csv")
FORMAT_GAMES = {
    "ygoprodeck": "yugioh",
    "cdb": "yugioh",
    "naruto": "naruto",
    "ydm": "yugioh",
    "ydm-sets": "yugioh",
    "archeveque": "inazuma",
}
ProgressFactory = Callable[[str, int], Progress]

__all__ = ["FORMATS", "GAMES", "CatalogImportError", "ImportSummary", "detect_format", "import_source"]


def _is_url(source: str) -> bool:
    return source.startswith(("http://", "https://"))


def detect_format(source: str, data: Any = None) -> str:
    """Guess the format of `source` from its address, extension or (for JSON) its shape."""
    if _is_url(source):
        return "ygoprodeck"
    if Path(source).is_dir():
        return "ydm-sets"
    suffix = Path(source).suffix.lower()
    if suffix in (".cdb", ".db", ".sqlite"):
        return "cdb"
    if suffix == ".csv":
        return "csv"
    if suffix == ".json":
        if isinstance(data, dict) and isinstance(data.get("data"), list):
            return "ygoprodeck"
        if isinstance(data, dict) and ("narutoccgdatabase.json" in data or _has_naruto_cards(data)):
            return "naruto"
        ydm = _ydm_kind(data)
        if ydm:
            return ydm
        if isinstance(data, list) and data and isinstance(data[0], dict) and {"cardtype", "extension"} <= set(data[0]):
            return "archeveque"
        return "json"
    raise CatalogImportError(
        f"{source}: cannot tell the format from the name; pass --format with one of {', '.join(FORMATS)}"
    )


def _ydm_kind(data: Any) -> str:
    """ "ydm" or "ydm-sets" when `data` (one object or a merged object of them) looks like YDM-Data."""
    if not isinstance(data, dict) or "game" in data:
        return ""
    first = data if "name" in data else next(iter(data.values()), None)
    if isinstance(first, dict) and "number" in first and "is_monster" in first:
        return "ydm"
    if isinstance(first, dict) and "prefix" in first and "cards" in first:
        return "ydm-sets"
    return ""


def _has_naruto_cards(data: dict[str, Any]) -> bool:
    lists = [v for v in data.values() if isinstance(v, list) and v and isinstance(v[0], dict)]
    return any("Collector Number" in v[0] or "Card ID" in v[0] for v in lists)


async def parse_source(
    source: str,
    fmt: str | None = None,
    game: str | None = None,
    *,
    strict: bool = True,
    refresh: bool = False,
    cache: Path | None = None,
) -> tuple[str, Parsed]:
    """Read `source` without touching the catalog; return (format, parsed records)."""
    if fmt is not None and fmt not in FORMATS:
        raise CatalogImportError(f"unknown format {fmt!r}; use one of {', '.join(FORMATS)}")
    if game is not None:
        check_game(game, source)
    path = Path(source)
    if not _is_url(source) and not path.is_file() and not (path.is_dir() and fmt in (None, "ydm-sets")):
        raise CatalogImportError(f"{source}: no such file")
    data: Any = None
    if fmt is None and path.is_file() and path.suffix.lower() == ".json":
        data = read_json(path)
    fmt = fmt or detect_format(source, data)
    expected = FORMAT_GAMES.get(fmt)
    if expected and game and game != expected:
        raise CatalogImportError(f"{source}: format {fmt!r} holds {expected} cards, not {game}")
    if fmt == "ygoprodeck":
        if _is_url(source):
            data = await download(source, cache=cache, refresh=refresh)
        elif data is None:
            data = read_json(path)
        return fmt, parse_cards(data, source, strict=strict)
    if fmt == "cdb":
        return fmt, parse_cdb(path)
    if fmt == "naruto":
        return fmt, parse_naruto(data if data is not None else read_json(path), source, strict=strict)
    if fmt == "ydm":
        return fmt, parse_ydm_cards(path, strict=strict)
    if fmt == "ydm-sets":
        return fmt, Parsed(game="yugioh", listings=parse_ydm_sets(path, strict=strict))
    if fmt == "archeveque":
        return fmt, parse_archeveque(read_json(path), source, strict=strict)
    if fmt == "csv":
        return fmt, parse_generic_csv(path, game, strict=strict)
    return fmt, parse_generic_json(path, game, strict=strict)


async def import_source(
    catalog: Catalog,
    source: str,
    fmt: str | None = None,
    game: str | None = None,
    *,
    strict: bool = True,
    refresh: bool = False,
    cache: Path | None = None,
    progress: ProgressFactory | None = None,
) -> ImportSummary:
    """Import `source` into `catalog` in one transaction; raise `CatalogImportError` on bad input."""
    fmt, parsed = await parse_source(source, fmt, game, strict=strict, refresh=refresh, cache=cache)
    await catalog.open()  # built-in pools first, so an import that overrides them counts as "updated"
    if parsed.listings:
        summary = ImportSummary(
            source=source, format=fmt, game=parsed.game, note="added = new sets, updated = cards given new printings"
        )
        return await attach_printings(catalog, parsed.listings, summary, origin=f"import:{fmt}")
    if not parsed.records:
        raise CatalogImportError(f"{source}: no cards found (format {fmt})")
    summary = ImportSummary(source=source, format=fmt, game=parsed.game, skipped=list(parsed.skipped))
    advance = (
        progress(f"importing {len(parsed.records)} {parsed.game} cards", len(parsed.records)) if progress else None
    )
    return await write_records(catalog, parsed.records, summary, origin=f"import:{fmt}", progress=advance)
