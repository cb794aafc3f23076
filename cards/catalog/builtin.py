"""Load the built-in pools (`cards/data/<game>/cards.json`) and the nickname table into the catalog.

Runs on every `Catalog.open()`; each pool is fingerprinted, so an unchanged pool costs one query and a
changed one is rewritten in one transaction (cards gone from the pool are removed). Idempotent.
"""

from __future__ import annotations

import hashlib
import logging
from pathlib import Path
from typing import Any

import yaml
from sqlalchemy import delete

from cards.catalog.db import Catalog, bump_generation, get_meta, set_meta
from cards.catalog.models import ALIAS
from cards.catalog.store import CardRecord, ImportSummary, write_records
from cards.pool import DATA_DIR, CardDef, PoolError, available_pools, load_pool, normalize_name

log = logging.getLogger(__name__)
NICKNAMES_FILE = Path(__file__).with_name("nicknames.yaml")
NICKNAME_FILES = (NICKNAMES_FILE, *sorted(Path(__file__).parent.glob("nicknames_*.yaml")))
"""The main table and themed ones (`nicknames_inazuma_jp.yaml`: Japanese names of Inazuma Eleven characters)."""
BUILTIN_ORIGIN = "builtin"
NICKNAME_ORIGIN = "builtin-nicknames"
LOADER_VERSION = "1"


def _fingerprint(*paths: Path) -> str:
    digest = hashlib.sha256(LOADER_VERSION.encode())
    for path in paths:
        if path.exists():
            digest.update(path.read_bytes())
    return digest.hexdigest()


def record_from_def(card: CardDef) -> CardRecord:
    """A catalog record for one built-in card (pool `sets` are set names or printing numbers)."""
    sets = [{"set": entry} if not _looks_like_number(entry) else {"set": "", "number": entry} for entry in card.sets]
    return CardRecord(
        game=card.game,
        code=card.code,
        name=card.name,
        type=card.type,
        subtype=card.subtype,
        stats=dict(card.stats),
        text=card.text,
        sets=sets,
        aliases=list(card.aliases),
        extra={**card.extra, **({"tags": list(card.tags)} if card.tags else {})},
        group=str(card.extra.get("character", "")),
    )


def _looks_like_number(entry: str) -> bool:
    """ "LOB-062" is a printing number; "The Path to Hokage" is a set name."""
    head, _, tail = entry.partition("-")
    return bool(tail) and " " not in entry and head.isalnum() and tail.isalnum()


def load_nicknames(paths: tuple[Path, ...] = NICKNAME_FILES) -> dict[str, dict[str, str]]:
    """The nickname table merged from `paths`: game -> {nickname: printed name}."""
    table: dict[str, dict[str, str]] = {}
    for path in paths:
        raw: Any = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        if not isinstance(raw, dict):
            raise PoolError(f"{path}: expected a mapping of game -> {{nickname: card name}}")
        for game, entries in raw.items():
            if not isinstance(entries, dict):
                raise PoolError(f"{path}: game {game!r} must map nicknames to card names")
            table.setdefault(str(game), {}).update({str(alias): str(target) for alias, target in entries.items()})
    return table


async def sync_builtin_pools(catalog: Catalog) -> list[ImportSummary]:
    """Bring the catalog in line with the built-in pools and nicknames; return what changed."""
    summaries: list[ImportSummary] = []
    for game in available_pools():
        cards_file = DATA_DIR / game / "cards.json"
        key = f"pool:{game}"
        fingerprint = _fingerprint(cards_file)
        async with catalog.transaction() as conn:
            if await get_meta(conn, key) == fingerprint:
                continue
        try:
            pool = load_pool.__wrapped__(game)  # read the file afresh, leaving the engine's cached pool alone
        except (PoolError, ValueError, OSError) as exc:
            # A broken pool must not take card search down: keep what the catalog had, say why.
            log.warning("built-in %s pool not loaded into the catalog: %s", game, exc)
            continue
        records = [record_from_def(card) for card in pool.cards.values()]
        summary = ImportSummary(source=str(cards_file), format="builtin", game=game)
        await write_records(catalog, records, summary, origin=BUILTIN_ORIGIN, prune=True, yield_to_imports=True)
        async with catalog.transaction() as conn:
            await set_meta(conn, key, fingerprint)
        summaries.append(summary)
    await _sync_nicknames(catalog)
    return summaries


async def _sync_nicknames(catalog: Catalog) -> None:
    fingerprint = _fingerprint(*NICKNAME_FILES)
    async with catalog.transaction() as conn:
        if await get_meta(conn, "nicknames") == fingerprint:
            return
        rows = [
            {
                "game": game,
                "alias": alias,
                "norm_alias": normalize_name(alias),
                "kind": "nickname",
                "card_code": "",
                "target_name": normalize_name(target),
                "origin": NICKNAME_ORIGIN,
            }
            for game, entries in load_nicknames().items()
            for alias, target in entries.items()
        ]
        await conn.execute(delete(ALIAS).where(ALIAS.c.origin == NICKNAME_ORIGIN))
        if rows:
            await conn.execute(ALIAS.insert(), rows)
        await set_meta(conn, "nicknames", fingerprint)
        await bump_generation(conn)
