"""YDM-Data (CAS-ual-TY/YDM-Data) Yu-Gi-Oh! cards and set lists.

- `ydm` cards: one card object per file (`cards/<stem>.json`), or many merged into one object keyed
  by file stem, or a list. Fields: `name, number` (passcode), `text, type` (Monster/Spell/Trap),
  `property` (spell/trap kind), `species, attribute, attack, defense, stars, monster_types`,
  `is_xyz/is_link/...` flags, `link_number, link_markers, pendulum_left/right, pendulum_text`.
- `ydm-sets` set lists: one set per file (`sets/<stem>.json`: `name, type, date, prefix, cards:
  [{card_name, set_number, rarities}]`), many merged into one object, or a folder of set files.
  Set lists add printings to the cards already in the catalog (see `cards.catalog.printings`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cards.catalog.printings import SetListing
from cards.catalog.store import (
    MAX_LABEL,
    MAX_NAME,
    CardRecord,
    CatalogImportError,
    check_length,
    describe_type,
    preview,
)
from cards.importers.base import Parsed, Progress, as_int, as_text, check_fields, read_json

CARD_FIELDS = frozenset(
    {
        "name",
        "number",
        "is_illegal",
        "text",
        "type",
        "is_monster",
        "is_spell",
        "is_trap",
        "species",
        "attack",
        "defense",
        "attribute",
        "is_pendulum",
        "is_xyz",
        "is_synchro",
        "is_fusion",
        "is_link",
        "is_extra_deck",
        "monster_types",
        "stars",
        "property",
        "pendulum_left",
        "pendulum_right",
        "pendulum_text",
        "link_markers",
        "link_number",
    }
)
SET_FIELDS = frozenset({"name", "type", "date", "distribution", "prefix", "sub_sets", "load", "cards"})
PRIMARY = ("Fusion", "Ritual", "Synchro", "Xyz", "Link", "Token", "Normal", "Effect")
LABELS = {"code": "number", "subtype": "property", "text": "text or pendulum_text"}


def _objects(data: Any, marker: str, where: str) -> list[tuple[str, dict[str, Any]]]:
    """(label, object) pairs from one object, a merged object keyed by stem, or a list."""
    if isinstance(data, dict) and marker in data:
        return [(where, data)]
    if isinstance(data, dict):
        items = list(data.items())
    elif isinstance(data, list):
        items = [(f"#{i + 1}", value) for i, value in enumerate(data)]
    else:
        raise CatalogImportError(f"{where}: expected a YDM object, a merged object of them, or a list")
    for label, value in items:
        if not isinstance(value, dict) or marker not in value:
            raise CatalogImportError(f"{where}: entry {preview(label)} is not a YDM object (no {marker!r} field)")
    return [(str(label), value) for label, value in items]


def _stat(value: Any, at: str, name: str) -> int | str | None:
    return "?" if value == "?" else as_int(value, at, name)


def _list(value: Any, at: str, field_name: str) -> list[Any]:
    if value is None or value == "":
        return []
    if not isinstance(value, list):
        raise CatalogImportError(
            f"{at}: field {field_name!r} must be a list, got {describe_type(value)} ({preview(value)})"
        )
    return value


def _record(raw: dict[str, Any], at: str, game: str) -> CardRecord:
    name = as_text(raw.get("name"), at, "name").strip()
    code = as_int(raw.get("number"), at, "number")
    if code is None or code < 0:
        raise CatalogImportError(f"{at}: card {preview(name)} has no passcode ('number')")
    card_type = as_text(raw.get("type"), at, "type").lower()
    stats: dict[str, Any] = {}
    kinds: list[str] = []
    text = as_text(raw.get("text"), at, "text")
    if raw.get("is_monster"):
        types = [as_text(t, at, "monster_types") for t in _list(raw.get("monster_types"), at, "monster_types")]
        primary = next((p for p in PRIMARY if p in types), "Effect")
        subtype = primary.lower()
        kinds = [t.lower() for t in types if t != primary]
        stats = {
            "atk": _stat(raw.get("attack"), at, "attack"),
            "attribute": as_text(raw.get("attribute"), at, "attribute"),
            "race": as_text(raw.get("species"), at, "species"),
        }
        if raw.get("is_link"):
            stats["link"] = as_int(raw.get("link_number"), at, "link_number")
            stats["link_markers"] = _list(raw.get("link_markers"), at, "link_markers")
        else:
            stats["rank" if raw.get("is_xyz") else "level"] = as_int(raw.get("stars"), at, "stars")
            stats["def"] = _stat(raw.get("defense"), at, "defense")
        if raw.get("is_pendulum"):
            stats["scale_left"] = as_int(raw.get("pendulum_left"), at, "pendulum_left")
            stats["scale_right"] = as_int(raw.get("pendulum_right"), at, "pendulum_right")
            pendulum = as_text(raw.get("pendulum_text"), at, "pendulum_text")
            if pendulum:
                text = f"[Pendulum] {pendulum}\n{text}"
        card_type = "monster"
    else:
        subtype = (as_text(raw.get("property"), at, "property") or "normal").lower()
    extra: dict[str, Any] = {"kinds": kinds} if kinds else {}
    if raw.get("is_illegal"):
        extra["illegal"] = True
    return CardRecord(
        game=game,
        code=f"{code:08d}",
        name=name,
        type=card_type,
        subtype=subtype,
        stats=stats,
        text=text,
        extra=extra,
    )


def parse_ydm_cards(
    path: Path, game: str = "yugioh", *, strict: bool = True, progress: Progress | None = None
) -> Parsed:
    """Records from YDM card files."""
    parsed = Parsed(game=game)
    for label, raw in _objects(read_json(path), "number", str(path)):
        at = f"{path}: {label}"
        check_fields(raw, CARD_FIELDS, at, strict)
        parsed.add(_record(raw, at, game), at, LABELS)
        if progress is not None:
            progress(1)
    return parsed


def parse_ydm_sets(path: Path, *, strict: bool = True) -> list[SetListing]:
    """Set listings from a YDM set file, a merged file, or a folder of set files."""
    files = sorted(path.glob("*.json")) if path.is_dir() else [path]
    if not files:
        raise CatalogImportError(f"{path}: no .json set files in this folder")
    listings: list[SetListing] = []
    for file in files:
        for label, raw in _objects(read_json(file), "cards", str(file)):
            at = f"{file}: {label}"
            check_fields(raw, SET_FIELDS, at, strict)
            entries = []
            for position, card in enumerate(_list(raw.get("cards"), at, "cards")):
                where = f"{at}: card #{position + 1}"
                if not isinstance(card, dict) or not card.get("card_name"):
                    raise CatalogImportError(f"{where} needs a card_name, got {preview(card)}")
                rarities = [as_text(r, where, "rarities") for r in _list(card.get("rarities"), where, "rarities")]
                entry = (
                    check_length(as_text(card["card_name"], where, "card_name"), where, "card_name", MAX_NAME),
                    check_length(as_text(card.get("set_number"), where, "set_number"), where, "set_number", MAX_LABEL),
                    check_length(", ".join(rarities), where, "rarities", MAX_LABEL),
                )
                entries.append(entry)
            listings.append(
                SetListing(
                    name=check_length(as_text(raw.get("name"), at, "name") or label, at, "name", MAX_NAME),
                    code=check_length(as_text(raw.get("prefix"), at, "prefix"), at, "prefix", MAX_LABEL),
                    kind=check_length(as_text(raw.get("type"), at, "type"), at, "type", MAX_LABEL),
                    released=as_text(raw.get("date"), at, "date")[:10],
                    entries=entries,
                )
            )
    return listings
