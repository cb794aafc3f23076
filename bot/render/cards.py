"""A card look-up result as text (console, fallbacks) and as the data of a Discord embed."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cards.describe import kind_line, stat_line, traits_line

if TYPE_CHECKING:
    from cards.catalog.search import CardResult

MAX_TEXT = 1000


def card_fields(card: CardResult) -> dict[str, str]:
    """Title, kind, stats, rules text and sets of a card, trimmed for an embed."""
    kind = kind_line(card.type, card.subtype)
    sets = ", ".join(printing(s) for s in card.sets[:6] if isinstance(s, dict))
    versions = ", ".join(version_label(v) for v in card.versions[:8] if isinstance(v, dict))
    text = card.text if len(card.text) <= MAX_TEXT else card.text[: MAX_TEXT - 1] + "…"
    return {
        "title": card.name,
        "game": card.game,
        "kind": kind,
        "stats": stat_line(card.stats),
        "traits": traits_line(card.game, card.tags),
        "text": text,
        "sets": sets.strip(", "),
        "versions": versions.strip(", "),
        "code": card.code,
    }


def version_label(version: dict[str, Any]) -> str:
    """ "Jude Sharp [S1-23] (starting)": another version of a card, by the code that opens it."""
    name = str(version.get("name") or "")
    code = str(version.get("code") or "")
    kind = f" ({version['type']})" if version.get("type") else ""
    return (f"{name} [{code}]" if name and code else name or code) + kind


def printing(entry: dict[str, Any]) -> str:
    """ "LOB-001 (Ultra Rare)" from a catalog set entry ({set, number, rarity})."""
    where = str(entry.get("number") or entry.get("set") or entry.get("code") or entry.get("name") or "")
    rarity = str(entry.get("rarity") or "")
    return f"{where} ({rarity})" if where and rarity else where


def card_text(card: CardResult) -> str:
    fields = card_fields(card)
    lines = [f"{fields['title']} [{fields['game']} {fields['code']}]"]
    lines.extend(fields[key] for key in ("kind", "stats", "traits", "text") if fields[key])
    if fields["sets"]:
        lines.append(f"Sets: {fields['sets']}")
    if fields["versions"]:
        lines.append(f"Other versions (open one with /card CODE): {fields['versions']}")
    return "\n".join(lines)
