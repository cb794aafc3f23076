"""Naruto CCG cards in the N-CCG-DB shape (`narutoccgdatabase.json` of N-CCG-DB/naruto-ccg-deckbuilder).

Accepted layouts: the database object keyed by sheet name (`{"01 Path to Hokage": [cards...], ...}`),
an object with a `cards` list, or a bare list of card objects. Stats use the built-in pool's keys
(`entrance`, `hand`, `combat`, `support`, `injured_combat`, `injured_support`, `attribute`,
`symbols`, `cost_text`), so imported and built-in Naruto cards read alike.
"""

from __future__ import annotations

import re
from typing import Any

from cards.catalog.store import CardRecord, CatalogImportError
from cards.importers.base import Parsed, Progress, as_int, check_fields

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
NUMBERS = {
    "Entrance Cost": "entrance",
    "Hand Cost": "hand",
    "Healthy Combat": "combat",
    "Healthy Support": "support",
    "Injured Combat": "injured_combat",
    "Injured Support": "injured_support",
}


def _words(value: Any) -> list[str]:
    if value is None:
        return []
    if isinstance(value, list):
        return [str(v).strip() for v in value if str(v).strip()]
    return [part.strip() for part in re.split(r"[,/;]", str(value)) if part.strip()]


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
                raise CatalogImportError(f"{at}: expected a card object, got {str(raw)[:80]}")
            check_fields(raw, KNOWN_FIELDS, at, strict)
            name = str(raw.get("Display Name") or raw.get("Printed Name") or raw.get("name") or "").strip()
            code = str(raw.get("Collector Number") or raw.get("Card ID") or "").strip().upper()
            if not name or not code:
                parsed.skipped.append((at, "no name or no collector number"))
                continue
            stats: dict[str, Any] = {"symbols": _words(raw.get("Symbols"))}
            for field_name, key in NUMBERS.items():
                number = as_int(raw.get(field_name), at, field_name)
                if number is not None:
                    stats[key] = number
            if raw.get("Combat Attribute"):
                stats["attribute"] = str(raw["Combat Attribute"])
            if raw.get("Chakra Cost") not in (None, ""):
                stats["cost_text"] = str(raw["Chakra Cost"])
            title, body = str(raw.get("Effect Title") or ""), str(raw.get("Effect Text") or "")
            extra: dict[str, Any] = {
                "database_id": raw.get("Card ID"),
                "tags": _words(raw.get("Characteristics")),
                "keywords": _words(raw.get("Keywords")),
            }
            for key, label in (("Year", "year"), ("Errata", "errata"), ("image_path", "image_path")):
                if raw.get(key):
                    extra[label] = raw[key]
            parsed.records.append(
                CardRecord(
                    game=game,
                    code=code,
                    name=name,
                    type=str(raw.get("Type") or ""),
                    stats=stats,
                    text=f"{title}: {body}" if title and body else body,
                    sets=[{"set": str(raw.get("Set") or sheet)}],
                    extra=extra,
                )
            )
            if progress is not None:
                progress(1)
    return parsed
