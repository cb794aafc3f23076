"""Attach set printings (set, number, rarity) to cards already in the catalog, matched by name.

Set lists (YDM-Data's `sets/*.json`) name cards rather than codes, so they enrich whatever cards
an earlier import brought in: the cdb has no sets, a set list adds them. One transaction.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import bindparam, select

from cards.catalog.db import Catalog, bump_generation
from cards.catalog.models import ALIAS, CARD, CARD_SET
from cards.catalog.store import ImportSummary, record_run
from cards.pool import normalize_name


@dataclass(slots=True)
class SetListing:
    """One set and its card list: (card name, printing number, rarity) per entry."""

    name: str
    code: str = ""
    kind: str = ""
    released: str = ""
    entries: list[tuple[str, str, str]] = field(default_factory=list)


def merge_printings(current: list[dict[str, Any]], new: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """`current` with `new` printings added; a printing with the same number is replaced.

    >>> merge_printings([{"set": "", "number": "LOB-001"}], [{"set": "LOB", "number": "LOB-001", "rarity": "UR"}])
    [{'set': 'LOB', 'number': 'LOB-001', 'rarity': 'UR'}]
    """
    merged = {str(p.get("number") or p.get("set")): p for p in current}
    for printing in new:
        merged[str(printing.get("number") or printing.get("set"))] = printing
    return sorted(merged.values(), key=lambda p: (str(p.get("number", "")), str(p.get("set", ""))))


async def attach_printings(
    catalog: Catalog, listings: Sequence[SetListing], summary: ImportSummary, *, origin: str
) -> ImportSummary:
    """Add every listed printing to the matching card of `summary.game`; unknown names are skipped."""
    game = summary.game
    await catalog.open()
    async with catalog.transaction() as conn:
        rows = (await conn.execute(select(CARD.c.id, CARD.c.norm_name, CARD.c.sets).where(CARD.c.game == game))).all()
        by_name: dict[str, list[int]] = defaultdict(list)
        sets_of: dict[int, list[dict[str, Any]]] = {}
        for card_id, norm, sets in rows:
            by_name[norm].append(card_id)
            sets_of[card_id] = list(sets or [])
        aliases = (
            await conn.execute(
                select(ALIAS.c.norm_alias, ALIAS.c.target_name).where(ALIAS.c.game == game, ALIAS.c.target_name != "")
            )
        ).all()
        for alias, target in aliases:
            if alias not in by_name and target in by_name:
                by_name[alias] = by_name[target]
        new: dict[int, list[dict[str, Any]]] = defaultdict(list)
        for listing in listings:
            for card_name, number, rarity in listing.entries:
                ids = by_name.get(normalize_name(card_name))
                if not ids:
                    summary.skipped.append((f"{listing.name}: {card_name}", "no card of that name in the catalog"))
                    continue
                for card_id in ids:
                    new[card_id].append({"set": listing.name, "number": number, "rarity": rarity})
        updates = []
        for card_id, printings in new.items():
            merged = merge_printings(sets_of[card_id], printings)
            if merged != sets_of[card_id]:
                updates.append({"row_id": card_id, "sets": merged})
        summary.updated = len(updates)
        summary.unchanged = len(new) - len(updates)
        if updates:
            await conn.execute(
                CARD.update().where(CARD.c.id == bindparam("row_id")).values(sets=bindparam("sets")), updates
            )
        known = {name for (name,) in await conn.execute(select(CARD_SET.c.name).where(CARD_SET.c.game == game))}
        fresh = [
            {"game": game, "name": s.name, "code": s.code, "kind": s.kind, "released": s.released, "origin": origin}
            for s in {s.name: s for s in listings}.values()
            if s.name not in known
        ]
        if fresh:
            await conn.execute(CARD_SET.insert(), fresh)
        summary.added = len(fresh)
        await record_run(conn, summary)
        if updates or fresh:
            await bump_generation(conn)
    return summary
