"""YGOPRODeck API v7 (`cardinfo.php`) JSON: from a file, or downloaded from its URL.

Downloads go through aiohttp at most 20 requests per second (the API's published limit), follow the
v7 `meta.next_page` links of paginated answers, and are cached on disk (`~/.cache/tcgtable` or
`TCGTABLE_CACHE_DIR`) so repeated imports do not hit the API. Images are never downloaded: only their
URL is stored (`image_url`), as YGOPRODeck asks.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import os
import time
from pathlib import Path
from typing import Any

from cards.catalog.store import CardRecord, CatalogImportError, describe_type, preview
from cards.importers.base import Parsed, Progress, as_int, as_text, check_fields, parse_json_bytes

API_URL = "https://db.ygoprodeck.com/api/v7/cardinfo.php"
REQUESTS_PER_SECOND = 20
CACHE_TTL_SECONDS = 24 * 3600
KNOWN_FIELDS = frozenset(
    {
        "id",
        "name",
        "type",
        "frameType",
        "desc",
        "atk",
        "def",
        "level",
        "race",
        "attribute",
        "archetype",
        "scale",
        "linkval",
        "linkmarkers",
        "card_sets",
        "card_images",
        "card_prices",
        "banlist_info",
        "misc_info",
        "ygoprodeck_url",
        "typeline",
        "humanReadableCardType",
        "pend_desc",
        "monster_desc",
    }
)
EXTRA_DECK_KINDS = ("fusion", "ritual", "synchro", "xyz", "link", "token")
# The v7 names of the record's fields, for error messages.
LABELS = {
    "code": "id",
    "text": "desc",
    "sets": "card_sets",
    "alt_codes": "card_images",
    "extra": "archetype or banlist_info",
}


class RateLimiter:
    """At most `rate` acquisitions per second, spaced evenly (shared by every request of an import)."""

    def __init__(self, rate: float = REQUESTS_PER_SECOND) -> None:
        self.interval = 1.0 / rate
        self._next = 0.0
        self._lock = asyncio.Lock()

    async def acquire(self) -> None:
        async with self._lock:
            now = time.monotonic()
            wait = self._next - now
            if wait > 0:
                await asyncio.sleep(wait)
            self._next = max(now, self._next) + self.interval


def cache_dir() -> Path:
    """Where downloaded API answers are kept."""
    base = os.environ.get("TCGTABLE_CACHE_DIR") or str(Path.home() / ".cache" / "tcgtable")
    return Path(base) / "ygoprodeck"


async def download(
    url: str,
    *,
    cache: Path | None = None,
    refresh: bool = False,
    limiter: RateLimiter | None = None,
    max_pages: int = 1000,
) -> dict[str, Any]:
    """Fetch `url` (and its next pages) into one `{"data": [...]}` answer, using the disk cache."""
    import aiohttp  # imported here: only URL imports need it

    folder = cache or cache_dir()
    folder.mkdir(parents=True, exist_ok=True)
    cached = folder / (hashlib.sha256(url.encode()).hexdigest()[:32] + ".json")
    if not refresh and cached.exists() and time.time() - cached.stat().st_mtime < CACHE_TTL_SECONDS:
        data = parse_json_bytes(cached.read_bytes(), str(cached))
        return data if isinstance(data, dict) else {"data": data}
    limiter = limiter or RateLimiter()
    cards: list[Any] = []
    next_url: str | None = url
    pages = 0
    timeout = aiohttp.ClientTimeout(total=120)
    async with aiohttp.ClientSession(timeout=timeout, headers={"User-Agent": "tcgtable card importer"}) as s:
        while next_url and pages < max_pages:
            await limiter.acquire()
            try:
                async with s.get(next_url) as response:
                    body = await response.read()
                    if response.status != 200:
                        raise CatalogImportError(
                            f"{next_url}: HTTP {response.status}: {body[:200].decode('utf-8', 'replace')}"
                        )
            except aiohttp.ClientError as exc:
                raise CatalogImportError(f"{next_url}: download failed ({exc})") from exc
            page = parse_json_bytes(body, next_url)
            if not isinstance(page, dict) or not isinstance(page.get("data"), list):
                raise CatalogImportError(f"{next_url}: not a YGOPRODeck v7 answer (no 'data' list)")
            cards.extend(page["data"])
            meta = page.get("meta")
            next_url = meta.get("next_page") if isinstance(meta, dict) else None
            pages += 1
    answer = {"data": cards}
    cached.write_text(json.dumps(answer), encoding="utf-8")
    return answer


def _kind(card_type: str) -> tuple[str, str, list[str]]:
    """("monster", "effect", [...]) from "Pendulum Effect Monster" and the like."""
    words = card_type.lower().replace("card", "").replace("monster", "").split()
    lowered = card_type.lower()
    if "spell" in lowered:
        return "spell", "", []
    if "trap" in lowered and "monster" not in lowered:
        return "trap", "", []
    if "skill" in lowered:
        return "skill", "", []
    kinds = [w for w in words if w]
    if lowered == "token":
        return "monster", "token", []
    primary = next((k for k in EXTRA_DECK_KINDS if k in kinds), "normal" if "normal" in kinds else "effect")
    return "monster", primary, [k for k in kinds if k != primary]


def parse_cards(
    data: Any, where: str, game: str = "yugioh", *, strict: bool = True, progress: Progress | None = None
) -> Parsed:
    """Turn a v7 answer (`{"data": [...]}` or a bare list) into records."""
    cards = data.get("data") if isinstance(data, dict) else data
    if not isinstance(cards, list):
        raise CatalogImportError(f'{where}: not a YGOPRODeck v7 file: expected {{"data": [cards...]}}')
    parsed = Parsed(game=game)
    for position, raw in enumerate(cards):
        at = f"{where}: card #{position + 1}"
        if not isinstance(raw, dict) or "id" not in raw or "name" not in raw or "type" not in raw:
            raise CatalogImportError(f"{at}: each card needs at least id, name and type, got {preview(raw)}")
        name = as_text(raw["name"], at, "name").strip()
        at = f"{at} ({preview(name)})"
        check_fields(raw, KNOWN_FIELDS, at, strict)
        card_type, subtype, kinds = _kind(as_text(raw["type"], at, "type"))
        stats: dict[str, Any] = {}
        if card_type == "monster":
            stats = {
                "atk": as_int(raw.get("atk"), at, "atk"),
                "attribute": as_text(raw.get("attribute"), at, "attribute"),
                "race": as_text(raw.get("race"), at, "race"),
            }
            if "link" in kinds or subtype == "link":
                stats["link"] = as_int(raw.get("linkval"), at, "linkval")
                stats["link_markers"] = _list(raw.get("linkmarkers"), at, "linkmarkers")
            else:
                stats["rank" if subtype == "xyz" else "level"] = as_int(raw.get("level"), at, "level")
                stats["def"] = as_int(raw.get("def"), at, "def")
            if raw.get("scale") is not None:
                stats["scale_left"] = stats["scale_right"] = as_int(raw.get("scale"), at, "scale")
        else:
            subtype = as_text(raw.get("race"), at, "race").lower()
        images = _list(raw.get("card_images"), at, "card_images")
        image_url = (
            as_text(images[0].get("image_url"), at, "image_url") if images and isinstance(images[0], dict) else ""
        )
        alt_codes = [
            f"{as_int(img['id'], at, 'card_images.id'):08d}"
            for img in images[1:]
            if isinstance(img, dict) and img.get("id") not in (None, "")
        ]
        sets = [
            {
                "set": as_text(s.get("set_name"), at, "set_name"),
                "number": as_text(s.get("set_code"), at, "set_code"),
                "rarity": as_text(s.get("set_rarity"), at, "set_rarity"),
            }
            for s in _list(raw.get("card_sets"), at, "card_sets")
            if isinstance(s, dict)
        ]
        extra: dict[str, Any] = {k: raw[k] for k in ("archetype", "banlist_info") if raw.get(k)}
        if kinds:
            extra["kinds"] = kinds
        code = as_int(raw["id"], at, "id")
        if code is None or code < 0:
            raise CatalogImportError(f"{at}: field 'id' must be the card's passcode, got {preview(raw['id'])}")
        parsed.add(
            CardRecord(
                game=game,
                code=f"{code:08d}",
                name=name,
                type=card_type,
                subtype=subtype,
                stats=stats,
                text=as_text(raw.get("desc"), at, "desc"),
                sets=sets,
                image_url=image_url,
                alt_codes=[c for c in alt_codes if c != f"{code:08d}"],
                extra=extra,
            ),
            at,
            LABELS,
        )
        if progress is not None:
            progress(1)
    return parsed


def _list(value: Any, at: str, field_name: str) -> list[Any]:
    """A list field ([] when absent); anything else is an error naming the field."""
    if value is None or value == "":
        return []
    if not isinstance(value, list):
        raise CatalogImportError(
            f"{at}: field {field_name!r} must be a list, got {describe_type(value)} ({preview(value)})"
        )
    return value
