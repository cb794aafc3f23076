"""An Inuyasha character's color values with an item or a location applied, from the card's own text.

Our card texts word these bonuses a few ways: "The attached character gets +2 red. If that character is
named Raiga, it gets +4 red instead.", "gets +2 purple and +1 red", "gets +1 to each of its colors",
"Your Human characters get +1 white." and "every character gets +1 blue". By the color-modifier rule a
character gains a color bonus only in a color it already has.

>>> from rulesdocs.cardnames import card
>>> print(with_bonus(card("inuyasha", "Fang Blade"), card("inuyasha", "Raiga, Hot-Headed Guardian")))
With Fang Blade, Raiga, Hot-Headed Guardian has red 9 (5 printed, +4, as it is named Raiga) and blue 3.
>>> print(with_bonus(card("inuyasha", "Traveler's Uniform"), card("inuyasha", "Village Militia")))
With Traveler's Uniform, Village Militia has red 3 (2 printed, +1) and white 3 (2 printed, +1).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cards.model import CardDef

_GETS = re.compile(r"\bgets? ((?:\+\d+ (?:red|white|black|blue|purple)(?:,? and )?)+)", re.IGNORECASE)
_ONE = re.compile(r"\+(\d+) (red|white|black|blue|purple)", re.IGNORECASE)
_EACH = re.compile(r"\bgets? \+(\d+) to each of its colou?rs\b", re.IGNORECASE)
_NAMED = re.compile(r"\bIf that character is named (\w+), it gets \+(\d+) (\w+) instead\b")
_TRAIT = re.compile(r"\bYour ([A-Z][\w-]*) characters get\b")
_TYPES = frozenset({"item", "location"})


def _colors(character: CardDef) -> dict[str, int]:
    table = character.stats.get("colors")
    return {str(k): v for k, v in table.items() if isinstance(v, int)} if isinstance(table, dict) else {}


def _changes(bonus: CardDef, character: CardDef) -> tuple[dict[str, int], str] | None:
    """Each color's change and a note on why, or None when the text gives no color bonus for `character`."""
    text = bonus.text
    trait = _TRAIT.search(text)
    if trait is not None and trait.group(1).lower() not in {t.lower() for t in character.tags}:
        return {}, f"it is for {trait.group(1)} characters"
    each = _EACH.search(text)
    if each is not None:
        return {color: int(each.group(1)) for color in _colors(character)}, ""
    gets = _GETS.search(text)
    if gets is None:
        return None
    changes = {m.group(2).lower(): int(m.group(1)) for m in _ONE.finditer(gets.group(1))}
    named = _NAMED.search(text)
    if named is not None and named.group(1).lower() in character.name.lower():
        changes[named.group(3).lower()] = int(named.group(2))
        return changes, f"as it is named {named.group(1)}"
    return changes, ""


def with_bonus(bonus: CardDef, character: CardDef) -> str | None:
    """`character`'s colors with `bonus` (an item or a location) applied, or None when its text gives no
    color bonus or `character` is no character."""
    if bonus.game != "inuyasha" or bonus.type not in _TYPES or character.type != "character":
        return None
    found = _changes(bonus, character)
    printed = _colors(character)
    if found is None or not printed:
        return None
    changes, why = found
    if not changes:
        return f"{bonus.name} doesn't change {character.name}: {why}."
    parts = []
    for color, value in printed.items():
        change = changes.get(color, 0)
        note = f", {why}" if why and change else ""
        parts.append(f"{color} {value + change} ({value} printed, +{change}{note})" if change else f"{color} {value}")
    missing = [c for c in changes if c not in printed]
    gains = " and ".join(parts)
    lacks = (
        f"; it has no {' or '.join(missing)}, so it gains none (a color bonus needs the color already)"
        if missing
        else ""
    )
    return f"With {bonus.name}, {character.name} has {gains}{lacks}."
