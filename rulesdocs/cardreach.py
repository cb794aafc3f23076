"""What a card's text reaches, read for a question naming another card: what a search can fetch
("can summon the horde grab swarm of imps") and which Summons a trigger answers ("can i trap hole a
fusion monster"). Each verdict quotes the condition of the card's text that decides it.

>>> from rulesdocs.cardnames import card
>>> horde = card("inuyasha", "Summon the Horde")
>>> print(search_verdict("can summon the horde grab hana", horde, card("inuyasha", "Hana, Shrine Archer")))
No, by its text: Summon the Horde fetches only a Demon character card; Hana, Shrine Archer is not a Demon.
>>> print(search_verdict("can it fetch tobi", horde, card("inuyasha", "Tobi, the Fox Kit")))
Yes, by its text: Summon the Horde fetches a Demon character card, and Tobi, the Fox Kit is one (it is revealed).
>>> print(summon_verdict("can i trap hole a fusion monster when they summon it", card("yugioh", "Trap Hole"), None))
No, by its text: Trap Hole answers only a Normal Summon or a Flip Summon; a Fusion Summon is a Special Summon.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cards.pool import CardDef

_SEARCH = re.compile(r"\bsearch your deck for an? (?:(\w+) )?(character|item|event|location) card\b", re.IGNORECASE)


def _traits(card: CardDef) -> set[str]:
    return {t.lower() for t in card.tags}


_FETCH = re.compile(r"\b(?:grab|fetch|search|tutor|find|pull|dig|look for|get me)\w*\b", re.IGNORECASE)


def search_verdict(question: str, card: CardDef, other: CardDef | None) -> str | None:
    """Yes or No to `card`'s search fetching `other`, by the kind (and trait) the search names, when the
    question asks a fetch."""
    found = _SEARCH.search(card.text)
    if found is None or other is None or other.game != card.game or not _FETCH.search(question):
        return None
    trait, kind = (found.group(1) or "").lower(), found.group(2).lower()
    wanted = f"{found.group(1)} {kind}" if trait else kind
    only = f"No, by its text: {card.name} fetches only {_article(wanted)} {wanted} card"
    if other.type.lower() != kind:
        return f"{only}; {other.name} is {_article(other.type)} {other.type}."
    if trait and trait not in _traits(other):
        return f"{only}; {other.name} is not a {found.group(1)}."
    fetched = f"{_article(wanted)} {wanted} card"
    return f"Yes, by its text: {card.name} fetches {fetched}, and {other.name} is one (it is revealed)."


def _article(word: str) -> str:
    return "an" if word[:1].lower() in "aeiou" else "a"


_TRIGGER = re.compile(
    r"\bwhen your opponent (Normal Summons or Flip Summons|Normal Summons|Flip Summons|Special Summons) a monster"
    r"(?: that has (\d+) ATK or more)?",
    re.IGNORECASE,
)
_SPECIAL_KINDS = re.compile(r"\b(fusion|ritual|special)\b", re.IGNORECASE)
_FLIP = re.compile(r"\bflip(?:s|ped|ping)?\b", re.IGNORECASE)
_SET_MONSTER = re.compile(
    r"\b(?:they|opp\w*|he|she|i)\s+(?:just\s+)?(?:set|sets)\b(?!\s+(?:from|last|up))"
    r"|\bset (?:a|their|his|her|the|my) (?:\w+ ){0,2}(?:monster|guy|card)\b|\bsetting\b|\bface.?down\b",
    re.IGNORECASE,
)
_ATK = re.compile(r"\b(\d{3,4})\s*(?:atk|attack)\b|\b(?:atk|attack) (?:of )?(\d{3,4})\b", re.IGNORECASE)


def summon_verdict(question: str, card: CardDef, other: CardDef | None) -> str | None:
    """Yes or No to a Summon trigger (Trap Hole) answering the Summon the question describes: its kind,
    and the monster's ATK when the question or the monster named gives it."""
    found = _TRIGGER.search(card.text)
    if found is None:
        return None
    kinds = found.group(1).lower()
    special = _SPECIAL_KINDS.search(question)
    if special is not None and "special" not in kinds:
        summon = f"a {special.group(1).capitalize()} Summon" if special.group(1).lower() != "special" else "it"
        label = (
            kinds.replace(" or ", " or a ")
            .replace("summons", "Summon")
            .replace("normal", "Normal")
            .replace("flip", "Flip")
        )
        return f"No, by its text: {card.name} answers only a {label}; {summon} is a Special Summon."
    if _SET_MONSTER.search(question) and not _FLIP.search(question):
        return f"No, by its text: {card.name} answers a Summon, and Setting a monster face down is not a Summon."
    if _FLIP.search(question) and "flip" not in kinds:
        return f"No, by its text: {card.name} doesn't answer a Flip Summon."
    threshold = int(found.group(2)) if found.group(2) else None
    atk = None
    typed = _ATK.search(question)
    if typed is not None:
        atk = int(typed.group(1) or typed.group(2))
    elif other is not None and other.type == "monster" and isinstance(other.stats.get("atk"), int):
        atk = int(other.stats["atk"])
    if threshold is None or atk is None:
        return None
    named = other.name if other is not None and typed is None else f"a {atk} ATK monster"
    if atk < threshold:
        return f"No, by its text: {card.name} needs a monster with {threshold} ATK or more; {named} has {atk}."
    return f"Yes, by its text: {named} has {atk} ATK, at least the {threshold} {card.name} needs."
