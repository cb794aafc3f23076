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

from cards.catalog.store import CardRecord, CatalogImportError, describe_type, preview
from cards.importers.base import Parsed, Progress, as_int, as_text, check_fields

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
TEXT_FIELDS = ("id", "name", "extension", "cardtype", "element", "team", "position", "effect", "flavor", "rarity")
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
            raise CatalogImportError(f"{at}: expected a card object, got {describe_type(raw)} ({preview(raw)})")
        check_fields(raw, KNOWN_FIELDS, at, strict)
        text = {key: as_text(raw.get(key), at, key, numbers=True) for key in TEXT_FIELDS}
        name = text["name"].strip()
        extension = text["extension"].strip()
        if not name:
            parsed.skipped.append((f"row id {text['id'][:40]}", "placeholder row without a name"))
            continue
        number = as_int(raw.get("id"), at, "id")
        if not extension or number is None:
            parsed.skipped.append((f"row id {number} {preview(name)}", "no set (extension) or id to make a code"))
            continue
        card_type = TYPES.get(text["cardtype"].lower())
        if card_type is None:
            raise CatalogImportError(f"{at}: unknown cardtype {preview(text['cardtype'])}; expected {sorted(TYPES)}")
        element = text["element"].strip().lower()
        stats: dict[str, Any] = {"attribute": ATTRIBUTES.get(element)}
        if element and element != "none" and element not in ATTRIBUTES:
            raise CatalogImportError(f"{at}: unknown element {preview(text['element'])}")
        if card_type != "technique":
            position_code = text["position"].strip() or None
            stats.update(
                team=text["team"] or None,
                position=None if card_type == "goalkeeper" else position_code,
                sp=as_int(raw.get("sp"), at, "sp"),
            )
        for key, field_name in (("fsp", "firesp"), ("ap", "ap"), ("level", "level")):
            value = as_int(raw.get(field_name), at, field_name)
            if value is not None:
                stats[key] = value
        code = f"{extension}-{number:02d}" if extension == "S1" else f"{extension}-{number:03d}"
        subtype = "" if card_type in ("goalkeeper", "technique") else text["position"]
        extra = {k: repair(text[k]) for k in ("rarity", "flavor") if text[k]}
        extra["collector_number"] = code
        parsed.add(
            CardRecord(
                game=game,
                code=code,
                name=name,
                type=card_type,
                subtype=subtype,
                stats=stats,
                text=repair(text["effect"]),
                sets=[{"set": extension}],
                extra=extra,
            ),
            at,
            {"code": "extension and id", "subtype": "position", "text": "effect", "extra": "rarity or flavor"},
        )
        if progress is not None:
            progress(1)
    return parsed
