"""Write card records into the catalog in one transaction: add, update, leave unchanged, or skip.

Every importer and the built-in pool loader hand `CardRecord`s to `write_records`. Nothing reaches the
database unless the whole batch is valid; a duplicate code in the batch is an error, not a guess.
"""

from __future__ import annotations

import hashlib
import json
import re
import reprlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import bindparam, delete, select
from sqlalchemy.ext.asyncio import AsyncConnection
from sqlalchemy.sql.elements import BindParameter

from cards.catalog.db import Catalog, bump_generation
from cards.catalog.models import ALIAS, CARD, CARD_SET, IMPORT_RUN, utcnow
from cards.pool import normalize_name

# Games whose cards come in several versions of one character ("Kagome, Protector", "Kagome, Archer").
VERSIONED_GAMES = frozenset({"inuyasha", "naruto", "inazuma", "usagi"})
_SUBTITLE = re.compile(r",| \(| - | – ")

Progress = Callable[[int], None]
WRITE_CHUNK = 500  # rows per executemany: the progress bar moves as the database writes


class CatalogImportError(ValueError):
    """An import was refused; the message says which file, which entry and why. Nothing was written."""


# Bounds on every imported field. Real data stays far below them (the longest Yu-Gi-Oh! name has
# about 70 characters, the longest rules text about 1,500); a record beyond them is refused: a
# 1M-character name would make every fuzzy look-up of the game take minutes.
MAX_CODE = 64
MAX_NAME = 200  # names, aliases, groups, set names, tags
MAX_LABEL = 100  # type, subtype, rarity, set number
MAX_TEXT = 10_000
MAX_URL = 2_000
MAX_ITEMS = 1_000  # aliases, alternate codes, printings of one card
MAX_JSON = 10_000  # stats or extra, as JSON
MAX_DEPTH = 8  # nesting of stats or extra
_PREVIEW = reprlib.Repr()
_PREVIEW.maxstring = _PREVIEW.maxother = 60
_PREVIEW.maxlist = _PREVIEW.maxdict = _PREVIEW.maxtuple = 4
_PREVIEW.maxlevel = 3


def preview(value: Any) -> str:
    """A short repr of `value` for an error message, however big or deeply nested it is.

    >>> preview("x" * 1000)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxx...xxxxxxxxxxxxxxxxxxxxxxxxxxxxx'"
    >>> preview([[[[["deep"]]]]])
    '[[[[...]]]]'
    """
    return _PREVIEW.repr(value)


def describe_type(value: Any) -> str:
    """'a list', 'a number', ... for an error message that says what was found instead."""
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, (list, tuple)):
        return "a list"
    if isinstance(value, Mapping):
        return "an object"
    if isinstance(value, bytes):
        return "binary data"
    return "nothing" if value is None else type(value).__name__


def _depth(value: Any) -> int:
    """How deeply lists and objects nest in `value` (0 for a scalar), without recursion."""
    deepest = 0
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, Mapping):
            children: list[Any] = list(item.values())
        elif isinstance(item, (list, tuple)):
            children = list(item)
        else:
            continue
        deepest = max(deepest, level + 1)
        if level + 1 > MAX_DEPTH:
            return level + 1
        stack.extend((child, level + 1) for child in children)
    return deepest


def _too_long(at: str, label: str, value: str, limit: int) -> CatalogImportError:
    return CatalogImportError(
        f"{at}: field {label!r} is {len(value):,} characters long; at most {limit:,} are allowed "
        f"(starts {preview(value[:40])})"
    )


def check_length(value: str, at: str, field_name: str, limit: int) -> str:
    """`value`, or an error when it is longer than `limit` characters."""
    if len(value) > limit:
        raise _too_long(at, field_name, value, limit)
    return value


def check_record(record: CardRecord, at: str, labels: Mapping[str, str] | None = None) -> None:
    """Refuse a record with a field of the wrong type or beyond the bounds above.

    `at` names the file and the entry; `labels` maps record fields to the names the file uses
    (`{"text": "desc"}`), so the message names the field as the person importing it wrote it.
    """
    names = dict(labels or {})

    def label(key: str) -> str:
        return names.get(key, key)

    def text(key: str, value: Any, limit: int) -> None:
        if not isinstance(value, str):
            raise CatalogImportError(f"{at}: field {label(key)!r} must be text, got {describe_type(value)}")
        if len(value) > limit:
            raise _too_long(at, label(key), value, limit)

    text("code", record.code, MAX_CODE)
    text("name", record.name, MAX_NAME)
    text("type", record.type, MAX_LABEL)
    text("subtype", record.subtype, MAX_LABEL)
    text("text", record.text, MAX_TEXT)
    text("image_url", record.image_url, MAX_URL)
    text("group", record.group, MAX_NAME)
    for key, items, limit in (("aliases", record.aliases, MAX_NAME), ("alt_codes", record.alt_codes, MAX_CODE)):
        if len(items) > MAX_ITEMS:
            raise CatalogImportError(f"{at}: field {label(key)!r} has {len(items):,} entries; at most {MAX_ITEMS:,}")
        for item in items:
            text(key, item, limit)
    if len(record.sets) > MAX_ITEMS:
        raise CatalogImportError(
            f"{at}: field {label('sets')!r} has {len(record.sets):,} printings; at most {MAX_ITEMS:,}"
        )
    for printing in record.sets:
        for key, value in printing.items():
            limit = MAX_NAME if key == "set" else MAX_LABEL
            text("sets", value, limit)
    for key, value in (("stats", record.stats), ("extra", record.extra)):
        if _depth(value) > MAX_DEPTH:
            raise CatalogImportError(
                f"{at}: field {label(key)!r} nests lists or objects more than {MAX_DEPTH} levels deep"
            )
        size = len(json.dumps(value, ensure_ascii=False, default=str))
        if size > MAX_JSON:
            raise CatalogImportError(f"{at}: field {label(key)!r} is {size:,} characters as JSON; at most {MAX_JSON:,}")


def group_key(game: str, name: str, explicit: str = "") -> str:
    """Key shared by versions of one character: the name before its subtitle for versioned games.

    >>> group_key("inuyasha", "Kagome, Reincarnated Priestess")
    'kagome'
    >>> group_key("yugioh", "Winged Dragon, Guardian of the Fortress #1")
    'winged dragon guardian of the fortress 1'
    """
    if explicit:
        return normalize_name(explicit)
    if game in VERSIONED_GAMES:
        return normalize_name(_SUBTITLE.split(name, maxsplit=1)[0]) or normalize_name(name)
    return normalize_name(name)


@dataclass(slots=True)
class CardRecord:
    """One card as an importer read it, before it is written to the catalog."""

    game: str
    code: str
    name: str
    type: str = ""
    subtype: str = ""
    stats: dict[str, Any] = field(default_factory=dict)
    text: str = ""
    sets: list[dict[str, Any]] = field(default_factory=list)
    image_url: str = ""
    aliases: list[str] = field(default_factory=list)
    alt_codes: list[str] = field(default_factory=list)
    extra: dict[str, Any] = field(default_factory=dict)
    group: str = ""

    def content_hash(self) -> str:
        """A fingerprint of every stored field, to tell "updated" from "unchanged"."""
        payload = [
            self.name,
            self.type,
            self.subtype,
            self.stats,
            self.text,
            self.sets,
            self.image_url,
            sorted(self.aliases),
            sorted(self.alt_codes),
            self.extra,
            self.group,
        ]
        blob = json.dumps(payload, sort_keys=True, ensure_ascii=False, default=str)
        return hashlib.sha256(blob.encode("utf-8")).hexdigest()


@dataclass(slots=True)
class ImportSummary:
    """What an import did. `skipped` holds (entry, reason) pairs."""

    source: str
    format: str
    game: str
    added: int = 0
    updated: int = 0
    unchanged: int = 0
    removed: int = 0
    alt_codes: int = 0
    skipped: list[tuple[str, str]] = field(default_factory=list)
    note: str = ""

    def as_dict(self) -> dict[str, Any]:
        return {
            "source": self.source,
            "format": self.format,
            "game": self.game,
            "added": self.added,
            "updated": self.updated,
            "unchanged": self.unchanged,
            "removed": self.removed,
            "alt_codes": self.alt_codes,
            "skipped": [{"entry": entry, "reason": reason} for entry, reason in self.skipped],
            "note": self.note,
        }

    def describe(self) -> str:
        """One human line, then the skips grouped by reason (a few examples each)."""
        line = (
            f"{self.game}: {self.added} added, {self.updated} updated, {self.unchanged} unchanged, "
            f"{len(self.skipped)} skipped"
        )
        if self.alt_codes:
            line += f", {self.alt_codes} alternate-art codes"
        if self.removed:
            line += f", {self.removed} removed"
        if self.note:
            line += f" ({self.note})"
        by_reason: dict[str, list[str]] = {}
        for entry, reason in self.skipped:
            by_reason.setdefault(reason, []).append(entry)
        lines = [line]
        for reason, entries in list(by_reason.items())[:20]:
            shown = "; ".join(entries[:3]) + (f"; and {len(entries) - 3} more" if len(entries) > 3 else "")
            lines.append(f"  skipped {len(entries)}, {reason}: {shown}")
        if len(by_reason) > 20:
            lines.append(f"  ... and {len(by_reason) - 20} more reasons")
        return "\n".join(lines)


def check_records(records: Sequence[CardRecord], source: str) -> None:
    """Refuse a batch with duplicate codes, blank names or codes, or a code also used as an alt code."""
    seen: dict[tuple[str, str], str] = {}
    for record in records:
        check_record(record, f"{source}: card {preview(record.code)} ({preview(record.name)})")
        if not record.code.strip():
            raise CatalogImportError(f"{source}: card {record.name!r} has no code")
        if not record.name.strip():
            raise CatalogImportError(f"{source}: card {record.code!r} has no name")
        key = (record.game, record.code)
        if key in seen:
            raise CatalogImportError(
                f"{source}: duplicate card code {record.code!r} ({seen[key]!r} and {record.name!r}); "
                "each code may appear once per import"
            )
        seen[key] = record.name
    for record in records:
        for alt in record.alt_codes:
            if (record.game, alt) in seen:
                raise CatalogImportError(
                    f"{source}: code {alt!r} is both a card ({seen[(record.game, alt)]!r}) "
                    f"and an alternate-art code of {record.name!r}"
                )


def _row(record: CardRecord, origin: str, source: str, digest: str) -> dict[str, Any]:
    return {
        "game": record.game,
        "code": record.code,
        "name": record.name,
        "norm_name": normalize_name(record.name),
        "group_key": group_key(record.game, record.name, record.group),
        "type": record.type,
        "subtype": record.subtype,
        "stats": record.stats,
        "text": record.text,
        "sets": record.sets,
        "image_url": record.image_url,
        "origin": origin,
        "source": source,
        "imported_at": utcnow(),
        "extra": record.extra,
        "content_hash": digest,
    }


def _alias_rows(record: CardRecord, origin: str) -> list[dict[str, Any]]:
    rows = [
        {
            "game": record.game,
            "alias": alias,
            "norm_alias": normalize_name(alias),
            "kind": "name",
            "card_code": record.code,
            "target_name": "",
            "origin": origin,
        }
        for alias in record.aliases
        if normalize_name(alias)
    ]
    rows += [
        {
            "game": record.game,
            "alias": alt,
            "norm_alias": alt.lower(),
            "kind": "alt_code",
            "card_code": record.code,
            "target_name": "",
            "origin": origin,
        }
        for alt in record.alt_codes
    ]
    return rows


async def _add_sets(conn: AsyncConnection, game: str, records: Sequence[CardRecord], origin: str) -> None:
    wanted: dict[str, str] = {}
    for record in records:
        for printing in record.sets:
            name = str(printing.get("set", "")).strip()
            if name:
                number = str(printing.get("number", ""))
                wanted.setdefault(name, number.split("-", 1)[0] if "-" in number else "")
    if not wanted:
        return
    rows = await conn.execute(select(CARD_SET.c.name).where(CARD_SET.c.game == game))
    known = {name for (name,) in rows}
    new = [
        {"game": game, "name": name, "code": code, "origin": origin}
        for name, code in wanted.items()
        if name not in known
    ]
    if new:
        await conn.execute(CARD_SET.insert(), new)


async def record_run(conn: AsyncConnection, summary: ImportSummary) -> None:
    """Log a finished import in the import-run table."""
    await conn.execute(
        IMPORT_RUN.insert().values(
            source=summary.source[:500],
            format=summary.format,
            game=summary.game,
            finished_at=utcnow(),
            added=summary.added,
            updated=summary.updated,
            unchanged=summary.unchanged,
            skipped=len(summary.skipped),
        )
    )


async def write_records(
    catalog: Catalog,
    records: Sequence[CardRecord],
    summary: ImportSummary,
    *,
    origin: str,
    prune: bool = False,
    yield_to_imports: bool = False,
    progress: Progress | None = None,
) -> ImportSummary:
    """Upsert `records` (all of `summary.game`) in one transaction and fill in `summary`.

    `prune` deletes this origin's cards of the game that the batch no longer contains (pool reloads).
    Cards from another origin with the same code are taken over (the newest import wins), except
    with `yield_to_imports` (the built-in pool loader): a card a user imported stays as imported.
    """
    check_records(records, summary.source)
    game = summary.game
    if any(record.game != game for record in records):
        raise CatalogImportError(f"{summary.source}: records of several games in one import of {game!r}")
    await catalog.ensure_tables()
    async with catalog.transaction() as conn:
        found = await conn.execute(
            select(
                CARD.c.id,
                CARD.c.code,
                CARD.c.content_hash,
                CARD.c.origin,
                CARD.c.text,
                CARD.c.image_url,
                CARD.c.sets,
            ).where(CARD.c.game == game)
        )
        existing: dict[str, tuple[int, str, str]] = {}
        kept: dict[str, tuple[str, str, list[dict[str, Any]]]] = {}
        for row_id, code, digest, row_origin, old_text, old_image, old_sets in found:
            existing[code] = (row_id, digest, row_origin)
            kept[code] = (old_text, old_image, old_sets)
        inserts: list[dict[str, Any]] = []
        updates: list[dict[str, Any]] = []
        changed: list[CardRecord] = []
        for record in records:
            digest = record.content_hash()
            previous = existing.get(record.code)
            if yield_to_imports and previous is not None and previous[2] != origin:
                summary.skipped.append((record.code, f"kept as imported ({previous[2]})"))
                continue
            if previous is None:
                inserts.append(_row(record, origin, summary.source, digest))
                changed.append(record)
            elif previous[1] != digest or previous[2] != origin:
                row = _row(record, origin, summary.source, digest)
                # A fact-only dump never blanks the text, image URL or printings the catalog already has.
                row["text"] = row["text"] or kept[record.code][0]
                row["image_url"] = row["image_url"] or kept[record.code][1]
                row["sets"] = row["sets"] or kept[record.code][2]
                updates.append({"row_id": previous[0], **row})
                changed.append(record)
            else:
                summary.unchanged += 1
            summary.alt_codes += len(record.alt_codes)
        summary.added, summary.updated = len(inserts), len(updates)
        advance = progress or (lambda _: None)
        advance(summary.unchanged)
        for start in range(0, len(inserts), WRITE_CHUNK):
            await conn.execute(CARD.insert(), inserts[start : start + WRITE_CHUNK])
            advance(len(inserts[start : start + WRITE_CHUNK]))
        if updates:
            columns: dict[str, BindParameter[Any]] = {key: bindparam(key) for key in updates[0] if key != "row_id"}
            statement = CARD.update().where(CARD.c.id == bindparam("row_id")).values(columns)
            for start in range(0, len(updates), WRITE_CHUNK):
                await conn.execute(statement, updates[start : start + WRITE_CHUNK])
                advance(len(updates[start : start + WRITE_CHUNK]))
        if prune:
            keep = {record.code for record in records}
            stale = [code for code, (_, _, row_origin) in existing.items() if row_origin == origin and code not in keep]
            if stale:
                await conn.execute(delete(CARD).where(CARD.c.game == game, CARD.c.code.in_(stale)))
                await conn.execute(delete(ALIAS).where(ALIAS.c.game == game, ALIAS.c.card_code.in_(stale)))
            summary.removed = len(stale)
        changed_codes = [record.code for record in changed]
        for start in range(0, len(changed_codes), 500):
            chunk = changed_codes[start : start + 500]
            await conn.execute(
                delete(ALIAS).where(ALIAS.c.game == game, ALIAS.c.card_code.in_(chunk), ALIAS.c.kind != "nickname")
            )
        alias_rows = [row for record in changed for row in _alias_rows(record, origin)]
        if alias_rows:
            await conn.execute(ALIAS.insert(), alias_rows)
        await _add_sets(conn, game, changed, origin)
        await record_run(conn, summary)
        if inserts or updates or summary.removed:
            await bump_generation(conn)
    return summary
