"""Naruto CCG cards in the N-CCG-DB shape (`narutoccgdatabase.json` of N-CCG-DB/naruto-ccg-deckbuilder).

Accepted layouts: the database object keyed by sheet name (`{"01 Path to Hokage": [cards...], ...}`),
an object with a `cards` list, or a bare list of card objects. Stats use the built-in pool's keys
(`entrance`, `hand`, `combat`, `support`, `injured_combat`, `injured_support`, `attribute`,
`symbols`, `cost_text`), so imported and built-in Naruto cards read alike.
"""

from __future__ import annotations

import re
from typing import Any

from cards.catalog.store import CardRecord, CatalogImportError, describe_type, preview
from cards.importers.base import Parsed, Progress, as_int, as_text, check_fields

KNOWN_FIELDS = frozenset(
    {
        "Card ID",
        "Collector Number",
        "Printed Name",
        "Display Name",
        "name",
        "Type",
        "Set",
        "Year",
        "Symbols",
        "Entrance Cost",
        "Hand Cost",
        "Healthy Combat",
        "Healthy Support",
        "Injured Combat",
        "Injured Support",
        "Combat Attribute",
        "Chakra Cost",
        "Characteristics",
        "Effect Title",
        "Effect Text",
        "Keywords",
        "Errata",
        "image_path",
        "note",
    }
)
TEXT_FIELDS = (
    "Display Name",
    "Printed Name",
    "name",
    "Collector Number",
    "Card ID",
    "Type",
    "Set",
    "Combat Attribute",
    "Chakra Cost",
    "Effect Title",
    "Effect Text",
)
NUMBERED_TEXT = frozenset({"Card ID", "Collector Number", "Chakra Cost", "Set"})  # may be written as numbers
NUMBERS = {
    "Entrance Cost": "entrance",
    "Hand Cost": "hand",
    "Healthy Combat": "combat",
    "Healthy Support": "support",
    "Injured Combat": "injured_combat",
    "Injured Support": "injured_support",
}


def _words(value: Any, at: str, field_name: str) -> list[str]:
    """Words of a list of strings or of a "Leaf, Jonin" string."""
    if value is None:
        return []
    if isinstance(value, list):
        words = [as_text(v, at, field_name, numbers=True).strip() for v in value]
        return [word for word in words if word]
    return [part.strip() for part in re.split(r"[,/;]", as_text(value, at, field_name, numbers=True)) if part.strip()]


def _sheets(data: Any, where: str) -> dict[str, list[Any]]:
    if isinstance(data, list):
        return {"cards": data}
    if not isinstance(data, dict):
        raise CatalogImportError(f"{where}: not N-CCG-DB JSON: expected an object of sheets or a list of cards")
    if isinstance(data.get("narutoccgdatabase.json"), dict):
        data = data["narutoccgdatabase.json"]
    if isinstance(data.get("cards"), list):
        return {"cards": data["cards"]}
    sheets = {k: v for k, v in data.items() if isinstance(v, list) and not str(k).startswith("_")}
    if not sheets:
        raise CatalogImportError(f"{where}: not N-CCG-DB JSON: no sheet holds a list of cards")
    return sheets


def parse_naruto(
    data: Any, where: str, game: str = "naruto", *, strict: bool = True, progress: Progress | None = None
) -> Parsed:
    """Records for every card object of every sheet."""
    parsed = Parsed(game=game)
    for sheet, cards in _sheets(data, where).items():
        for position, raw in enumerate(cards):
            at = f"{where}: sheet {sheet!r} card #{position + 1}"
            if not isinstance(raw, dict):
                raise CatalogImportError(f"{at}: expected a card object, got {describe_type(raw)} ({preview(raw)})")
            check_fields(raw, KNOWN_FIELDS, at, strict)
            text = {key: as_text(raw.get(key), at, key, numbers=key in NUMBERED_TEXT) for key in TEXT_FIELDS}
            name_field = next((k for k in ("Display Name", "Printed Name", "name") if text[k]), "Display Name")
            code_field = "Collector Number" if text["Collector Number"] else "Card ID"
            name, code = text[name_field].strip(), text[code_field].strip().upper()
            if not name or not code:
                parsed.skipped.append((at, "no name or no collector number"))
                continue
            stats: dict[str, Any] = {"symbols": _words(raw.get("Symbols"), at, "Symbols")}
            for field_name, key in NUMBERS.items():
                number = as_int(raw.get(field_name), at, field_name)
                if number is not None:
                    stats[key] = number
            if text["Combat Attribute"]:
                stats["attribute"] = text["Combat Attribute"]
            if text["Chakra Cost"]:
                stats["cost_text"] = text["Chakra Cost"]
            title, body = text["Effect Title"], text["Effect Text"]
            extra: dict[str, Any] = {
                "database_id": raw.get("Card ID"),
                "tags": _words(raw.get("Characteristics"), at, "Characteristics"),
                "keywords": _words(raw.get("Keywords"), at, "Keywords"),
            }
            for key, label in (("Year", "year"), ("Errata", "errata"), ("image_path", "image_path")):
                if raw.get(key):
                    extra[label] = raw[key]
            labels = {"name": name_field, "code": code_field, "type": "Type", "text": "Effect Text", "sets": "Set"}
            parsed.add(
                CardRecord(
                    game=game,
                    code=code,
                    name=name,
                    type=text["Type"],
                    stats=stats,
                    text=f"{title}: {body}" if title and body else body,
                    sets=[{"set": text["Set"] or str(sheet)}],
                    extra=extra,
                ),
                at,
                labels,
            )
            if progress is not None:
                progress(1)
    return parsed
