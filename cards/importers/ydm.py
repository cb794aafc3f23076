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
from cards.catalog.store import CardRecord, CatalogImportError
from cards.importers.base import Parsed, Progress, as_int, check_fields, read_json

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
            raise CatalogImportError(f"{where}: entry {label!r} is not a YDM object (no {marker!r} field)")
    return [(str(label), value) for label, value in items]


def _stat(value: Any, at: str, name: str) -> int | str | None:
    return "?" if value == "?" else as_int(value, at, name)


def _record(raw: dict[str, Any], at: str, game: str) -> CardRecord:
    code = as_int(raw.get("number"), at, "number")
    if code is None:
        raise CatalogImportError(f"{at}: card {raw.get('name')!r} has no passcode ('number')")
    card_type = str(raw.get("type", "")).lower()
    stats: dict[str, Any] = {}
    kinds: list[str] = []
    text = str(raw.get("text") or "")
    if raw.get("is_monster"):
        types = [str(t) for t in raw.get("monster_types") or []]
        primary = next((p for p in PRIMARY if p in types), "Effect")
        subtype = primary.lower()
        kinds = [t.lower() for t in types if t != primary]
        stats = {
            "atk": _stat(raw.get("attack"), at, "attack"),
            "attribute": raw.get("attribute", ""),
            "race": raw.get("species", ""),
        }
        if raw.get("is_link"):
            stats["link"] = as_int(raw.get("link_number"), at, "link_number")
            stats["link_markers"] = list(raw.get("link_markers") or [])
        else:
            stats["rank" if raw.get("is_xyz") else "level"] = as_int(raw.get("stars"), at, "stars")
            stats["def"] = _stat(raw.get("defense"), at, "defense")
        if raw.get("is_pendulum"):
            stats["scale_left"] = as_int(raw.get("pendulum_left"), at, "pendulum_left")
            stats["scale_right"] = as_int(raw.get("pendulum_right"), at, "pendulum_right")
            if raw.get("pendulum_text"):
                text = f"[Pendulum] {raw['pendulum_text']}\n{text}"
        card_type = "monster"
    else:
        subtype = str(raw.get("property") or "normal").lower()
    extra: dict[str, Any] = {"kinds": kinds} if kinds else {}
    if raw.get("is_illegal"):
        extra["illegal"] = True
    return CardRecord(
        game=game,
        code=f"{code:08d}",
        name=str(raw.get("name", "")).strip(),
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
        parsed.records.append(_record(raw, at, game))
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
            for position, card in enumerate(raw.get("cards") or []):
                if not isinstance(card, dict) or not card.get("card_name"):
                    raise CatalogImportError(f"{at}: card #{position + 1} needs a card_name, got {str(card)[:80]}")
                rarities = card.get("rarities") or []
                entries.append((str(card["card_name"]), str(card.get("set_number", "")), ", ".join(map(str, rarities))))
            listings.append(
                SetListing(
                    name=str(raw.get("name") or label),
                    code=str(raw.get("prefix") or ""),
                    kind=str(raw.get("type") or ""),
                    released=str(raw.get("date") or "")[:10],
                    entries=entries,
                )
            )
    return listings
