"""Inazuma Eleven TCG cards in the shape of Archeveque/Inazuma_eleven_tcg `db/card_list.json`.

A list of flat objects (`id, cardid, extension, cardtype, element, name, team, position, sp, firesp,
ap, level, effect, flavor, rarity, picture`), all values strings. Codes follow the built-in pool:
`S1-01` for the starter (two digits), `FF-026` for Football Frontier (three digits of the row `id`).
Elements become the pool's attributes (Fire is `power`); placeholder rows without a name are skipped.
The source lost its typographic quotes (U+FFFD): between letters one becomes an apostrophe, elsewhere
it is dropped.
"""

from __future__ import annotations

import re
from typing import Any

from cards.catalog.store import CardRecord, CatalogImportError
from cards.importers.base import Parsed, Progress, as_int, check_fields

KNOWN_FIELDS = frozenset(
    {
        "id",
        "cardid",
        "extension",
        "cardtype",
        "element",
        "name",
        "team",
        "position",
        "picture",
        "effect",
        "flavor",
        "sp",
        "firesp",
        "ap",
        "rarity",
        "level",
    }
)
ATTRIBUTES = {"fire": "power", "speed": "speed", "teamwork": "teamwork", "tactic": "tactic", "tactics": "tactic"}
TYPES = {
    "goal": "goalkeeper",
    "goalkeeper": "goalkeeper",
    "starting": "starting",
    "reserve": "reserve",
    "technique": "technique",
}
_LOST_APOSTROPHE = re.compile(r"(?<=[A-Za-z])\ufffd(?=[A-Za-z])")


def repair(text: str) -> str:
    """Undo the source's lost quotes as well as can be guessed.

    >>> repair("It\\ufffds my job\\ufffd!")
    "It's my job!"
    """
    return _LOST_APOSTROPHE.sub("'", text).replace("\ufffd", "")


def parse_archeveque(
    data: Any, where: str, game: str = "inazuma", *, strict: bool = True, progress: Progress | None = None
) -> Parsed:
    """Records for every named row."""
    if not isinstance(data, list):
        raise CatalogImportError(f"{where}: expected a list of card objects (Archeveque card_list.json)")
    parsed = Parsed(game=game)
    for position, raw in enumerate(data):
        at = f"{where}: row #{position + 1}"
        if not isinstance(raw, dict):
            raise CatalogImportError(f"{at}: expected a card object, got {str(raw)[:80]}")
        check_fields(raw, KNOWN_FIELDS, at, strict)
        name = str(raw.get("name") or "").strip()
        extension = str(raw.get("extension") or "").strip()
        if not name:
            parsed.skipped.append((f"row id {raw.get('id')}", "placeholder row without a name"))
            continue
        number = as_int(raw.get("id"), at, "id")
        if not extension or number is None:
            parsed.skipped.append((f"row id {raw.get('id')} {name}", "no set (extension) or id to make a code"))
            continue
        card_type = TYPES.get(str(raw.get("cardtype") or "").lower())
        if card_type is None:
            raise CatalogImportError(f"{at}: unknown cardtype {raw.get('cardtype')!r}; expected {sorted(TYPES)}")
        element = str(raw.get("element") or "").strip().lower()
        stats: dict[str, Any] = {"attribute": ATTRIBUTES.get(element)}
        if element and element != "none" and element not in ATTRIBUTES:
            raise CatalogImportError(f"{at}: unknown element {raw.get('element')!r}")
        if card_type != "technique":
            position_code = str(raw.get("position") or "").strip() or None
            stats.update(
                team=str(raw.get("team") or "") or None,
                position=None if card_type == "goalkeeper" else position_code,
                sp=as_int(raw.get("sp"), at, "sp"),
            )
        for key, field_name in (("fsp", "firesp"), ("ap", "ap"), ("level", "level")):
            value = as_int(raw.get(field_name), at, field_name)
            if value is not None:
                stats[key] = value
        code = f"{extension}-{number:02d}" if extension == "S1" else f"{extension}-{number:03d}"
        subtype = "" if card_type in ("goalkeeper", "technique") else str(raw.get("position") or "")
        extra = {k: repair(str(raw[k])) for k in ("rarity", "flavor") if raw.get(k)}
        extra["collector_number"] = code
        parsed.records.append(
            CardRecord(
                game=game,
                code=code,
                name=name,
                type=card_type,
                subtype=subtype,
                stats=stats,
                text=repair(str(raw.get("effect") or "")),
                sets=[{"set": extension}],
                extra=extra,
            )
        )
        if progress is not None:
            progress(1)
    return parsed
