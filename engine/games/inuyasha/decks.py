"""Deck construction (rule 2) and Kaitou-deck swaps between the games of a match (rule 2.5)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any, Final

from cards.pool import load_pool
from engine.core.errors import InvalidActionError
from engine.games.inuyasha.facts import GAME_ID, KAITOU, facts

DeckList = dict[str, list[str]]
MAIN_SIZE: Final = {"standard": 60, "demo": 40}
SECTIONS: Final = ("main", "kaitou", "side")
KAITOU_ALIAS: Final = "extra"  # deck-list text formats know main/extra/side: "extra" holds the Kaitou card


def kaitou_card(deck: Mapping[str, list[str]]) -> list[str]:
    """The Kaitou section of a deck (the "kaitou" section, or "extra" as its alias)."""
    return [*deck.get("kaitou", []), *deck.get(KAITOU_ALIAS, [])]


def deck_size(options: Mapping[str, Any] | None) -> int:
    return MAIN_SIZE[str((options or {}).get("format", "standard"))]


def validate_deck(deck: Mapping[str, list[str]], options: Mapping[str, Any] | None = None) -> list[str]:
    """Every problem of a deck in words; an empty list means it is legal."""
    problems: list[str] = []
    pool = load_pool(GAME_ID)
    for section in deck:
        if section not in SECTIONS and section != KAITOU_ALIAS:
            problems.append(f"unknown deck section {section!r} (use main, kaitou (or extra) and side)")
    main, kaitou, side = list(deck.get("main", [])), kaitou_card(deck), list(deck.get("side", []))
    unknown = sorted({c for c in main + kaitou + side if c not in pool})
    if unknown:
        return [*problems, f"unknown card codes: {', '.join(unknown)}"]
    size = deck_size(options)
    if len(main) != size:
        problems.append(f"the main deck has {len(main)} cards; it must have exactly {size} (rule 2.1)")
    for code in sorted(set(main + side)):
        if facts(code).type == KAITOU:
            problems.append(f"{facts(code).title} is a Kaitou card: put it in the kaitou section (rule 2.4)")
    if len(kaitou) > 1:
        problems.append(f"a deck may have only 1 Kaitou card, not {len(kaitou)} (rule 2.4)")
    for code in kaitou:
        if facts(code).type != KAITOU:
            problems.append(f"{facts(code).title} is not a Kaitou card (rule 2.4)")
    capacity = facts(kaitou[0]).kaitou_size if kaitou and facts(kaitou[0]).type == KAITOU else 0
    if side and not kaitou:
        problems.append("a Kaitou deck (side) needs a Kaitou card to hold it (rule 2.4)")
    elif len(side) > capacity:
        problems.append(
            f"the Kaitou deck has {len(side)} cards but the Kaitou card holds at most {capacity} (rule 2.4)"
        )
    counts = Counter(facts(c).title for c in main + side)
    for code in sorted(set(main + side)):
        card = facts(code)
        if card.limit and counts[card.title] > card.limit:
            problems.append(
                f"{card.title} is limited to {card.limit} per deck (main and Kaitou deck together), "
                f"found {counts[card.title]} (rule 2.2)"
            )
    return problems


def side_swap(before: Mapping[str, list[str]], after: Mapping[str, list[str]]) -> int:
    """Check a swap between main deck and Kaitou deck between games; return how many cards moved.

    The opponent is told that number (rule 2.5). Raises InvalidActionError when the new deck is
    not the same cards, not the same main size, or changes the Kaitou card.
    """
    if kaitou_card(before) != kaitou_card(after):
        raise InvalidActionError("the Kaitou card cannot change between games of a match (rule 2.5)")
    old_all = Counter(before.get("main", [])) + Counter(before.get("side", []))
    new_all = Counter(after.get("main", [])) + Counter(after.get("side", []))
    if old_all != new_all:
        raise InvalidActionError("a swap only exchanges cards between the main deck and the Kaitou deck (rule 2.5)")
    if len(after.get("main", [])) != len(before.get("main", [])):
        raise InvalidActionError(
            f"after the swap the main deck must keep its size of {len(before.get('main', []))} cards (rule 2.5)"
        )
    problems = validate_deck(after, {"format": "standard" if len(after.get("main", [])) == 60 else "demo"})
    if problems:
        raise InvalidActionError("the deck after the swap is not legal: " + "; ".join(problems))
    moved_in = Counter(after.get("main", [])) - Counter(before.get("main", []))
    return sum(moved_in.values())
