"""Life Points after a Yu-Gi-Oh! card that deals damage or gains Life Points, worked out.

"opp is at 700 lp, if i play ookazi do i win": Ookazi's text says the opponent takes 800 damage, so
700 goes to 0 and the Duel is won (a player at 0 Life Points loses).

>>> from rulesdocs.cardnames import card
>>> print(worked("opp is at 700 lp, if i play ookazi do i win", card("yugioh", "Ookazi")))
Yes: Ookazi deals 800 damage, so your opponent goes from 700 to 0 Life Points and loses the Duel.
>>> print(worked("im at 1200, how much do i have after red medicine", card("yugioh", "Red Medicine")))
Red Medicine gains you 500 Life Points: from 1200 to 1700.
>>> worked("can ookazi hit a monster with 1800 atk", card("yugioh", "Ookazi")) is None
True
>>> print(worked("they have 3 monsters and 1400 lp, does just desserts finish them", card("yugioh", "Just Desserts")))
Yes: Just Desserts deals 500 damage for each of their 3 monsters (1500), so your opponent goes from 1400 \
to 0 Life Points and loses the Duel.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cards.pool import CardDef

_DAMAGE = re.compile(r"your opponent takes (\d+) damage( for each monster they control)?", re.IGNORECASE)
_GAIN = re.compile(r"you gain (\d+) life points", re.IGNORECASE)
_LP = re.compile(
    r"\b(\d{2,5})\s*(?:lp|life(?:\s*points?)?)\b"
    r"|\b(?:at|has|have|got|on)\s+(\d{2,5})\b(?!\s*(?:atk|def|attack|defen\w*|cards?|dmg|damage|monsters?|sp)\b)",
    re.IGNORECASE,
)
_MONSTERS = re.compile(r"\b(\d)\s+(?:monsters?|mons?|guys?)\b", re.IGNORECASE)
_ASKS_END = re.compile(r"\b(?:win|lethal|kill|finish|dead|die|enough|lose|over)\b", re.IGNORECASE)


def _flat_damage(card: CardDef) -> int | None:
    found = _DAMAGE.search(card.text)
    return int(found.group(1)) if found is not None and not found.group(2) else None


def worked(question: str, card: CardDef, other: CardDef | None = None) -> str | None:
    """The Life Points a damage or gain card leaves (two damage cards played one after the other, when
    `other` is one too), for the Life Points the question gives, or None.

    >>> from rulesdocs.cardnames import card
    >>> print(worked("opp at 1200, i play hinotama then final flame, where does that leave em",
    ...              card("yugioh", "Hinotama"), card("yugioh", "Final Flame")))
    Hinotama deals 500 damage and Final Flame 600 (1100 in all), so your opponent goes from 1200 to 100 Life \
Points.
    """
    if card.game != "yugioh":
        return None
    life = _LP.search(question)
    if life is None:
        return None
    before = int(life.group(1) or life.group(2))
    first, second = _flat_damage(card), (_flat_damage(other) if other is not None else None)
    if other is not None and first is not None and second is not None:
        typed = question.lower()
        if 0 <= typed.find(other.name.split()[0].lower()) < typed.find(card.name.split()[0].lower()):
            card, other, first, second = other, card, second, first  # in the order they are played
        after = max(0, before - first - second)
        told = (
            f"{card.name} deals {first} damage and {other.name} {second} ({first + second} in all), so your "
            f"opponent goes from {before} to {after} Life Points"
        )
        told += " and loses the Duel." if after == 0 else "."
        return f"{'Yes' if after == 0 else 'No'}: {told}" if _ASKS_END.search(question) else told
    damage, gain = _DAMAGE.search(card.text), _GAIN.search(card.text)
    if gain is not None and damage is None:
        amount = int(gain.group(1))
        return f"{card.name} gains you {amount} Life Points: from {before} to {before + amount}."
    if damage is None:
        return None
    amount, how = int(damage.group(1)), f"{damage.group(1)} damage"
    if damage.group(2):
        counted = _MONSTERS.search(question)
        if counted is None:
            return None
        monsters = int(counted.group(1))
        how = f"{amount} damage for each of their {monsters} monsters ({amount * monsters})"
        amount *= monsters
    after = max(0, before - amount)
    told = f"{card.name} deals {how}, so your opponent goes from {before} to {after} Life Points"
    told += " and loses the Duel." if after == 0 else "."
    if _ASKS_END.search(question):
        told = f"{'Yes' if after == 0 else 'No'}: {told}"
    return told
