""" "He", "him", "his" in a follow-up read as the character the conversation is about.

After "whats might guy's combat", "i put him as support with neji as head" names Neji but is about Might
Guy too; after "starting kevin dragonfly sp?", "hes my kicker and i play rolling kick" is Kevin's shot.
The readers that work out a Team, a kicker's SP or a fight look for names, so the person pronouns are
written out as the character's name. "It" is left alone: it stands as often for a rule or a card of any
kind as for a character.

>>> from rulesdocs.cardnames import card
>>> named_back("i put him as support with neji as head", card("naruto", "Might Guy"))
'i put Might Guy as support with neji as head'
>>> named_back("hes my kicker and i play rolling kick", card("inazuma", "Kevin Dragonfly"))
'Kevin Dragonfly is my kicker and i play rolling kick'
>>> named_back("then jude uses his discard ability", card("inazuma", "David Samford"), "jude")
>>> named_back("what does his text do", card("yugioh", "Dark Hole")) is None
True
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cards.pool import CardDef

PEOPLE = frozenset({"monster", "ninja", "character", "reserve", "starting", "goalkeeper"})
"""Card types whose cards are people (a Yu-Gi-Oh! monster is "he" to many players)."""

_PERSON = re.compile(
    r"\b(?:(?P<is>he'?s|she'?s|he is|she is)|(?P<own>his|hers)|(?P<plain>he|him|she|her|himself|herself))\b",
    re.IGNORECASE,
)
_HER_OWN = re.compile(r"\bher\s+(?=(?:sp|fsp|ap|atk|def|combat|support|ability|abilities|text|effect|stats?)\b)", re.I)
_OPPONENT_PERSON = re.compile(r"\b(?:opp\w*|the other (?:player|guy)|my friend|they)\b[^.?!]{0,12}$", re.IGNORECASE)
"""A pronoun right after the opponent is named stands for the opponent ("opp has 4, can he block")."""


def named_back(question: str, character: CardDef, other: str = "") -> str | None:
    """`question` with its person pronouns written as `character`'s name, or None when it has none or
    `character` is not a person. A possessive just after `other` (a second character's name or word,
    as typed) is that character's own ("then jude uses his discard ability")."""
    if character.type.lower() not in PEOPLE:
        return None
    name = character.name
    changed = False

    def write(found: re.Match[str]) -> str:
        nonlocal changed
        before = found.string[: found.start()]
        if _OPPONENT_PERSON.search(before):
            return found.group(0)
        if found.group("own") and other and other.lower() in " ".join(before.lower().split()[-3:]):
            return found.group(0)
        changed = True
        if found.group("is"):
            return f"{name} is"
        if found.group("own"):
            return f"{name}'s"
        return name

    text = _HER_OWN.sub(lambda m: f"{name}'s ", question)
    if text != question:
        changed = True
    text = _PERSON.sub(write, text)
    return text if changed else None
