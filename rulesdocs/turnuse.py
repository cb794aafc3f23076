"""Yes or No to "can i use X on my opponent's turn", from the kind of card X is and the game's timing rule.

A Yu-Gi-Oh! Normal, Equip or Field Magic Card is activated only in its owner's Main Phase; a Quick-Play
Magic may be used in a Battle Phase, and on the opponent's turn once Set; a Trap once Set, from the
next turn on. A Naruto Jutsu is played in the Exchange of Jutsu of a battle its user is in, so on the
opponent's turn when your Team blocks. The verdict names the card's kind, so a player sees why.

>>> from rulesdocs.cardnames import card
>>> print(verdict("can i use pot of greed on my opps turn", card("yugioh", "Pot of Greed")))
No: Pot of Greed is a Normal Magic (Spell) Card, and Magic Cards are activated only in your own Main Phase; \
only a Quick-Play Magic may be used on your opponent's turn.
>>> print(verdict("can i flip trap hole on their turn", card("yugioh", "Trap Hole"))[:52])
Yes, once it is Set: Trap Hole is a Normal Trap Card
>>> print(verdict("can i use kunai on opp's turn when im blocking", card("naruto", "Kunai"))[:40])
Yes: when your Team blocks, you play Jut
>>> verdict("can i use pot of greed in main phase 2", card("yugioh", "Pot of Greed")) is None
True
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cards.pool import CardDef

_THEIR_TURN = re.compile(
    r"\b(?:on|during|in)\s+(?:my\s+|the\s+)?(?:opp\w*|opponent'?s?|their|enemy|the other (?:player|guy)'?s?)'?s?\s+"
    r"(?:own\s+)?(?:turn|battle phase|main phase|end phase|draw phase|standby phase|attack)\b"
    r"|\bwhen (?:it'?s|its) (?:not my turn|their turn|my opp\w*'?s? turn)\b",
    re.IGNORECASE,
)
_BLOCKING = re.compile(r"\b(?:block\w*|blocker|defend\w*)\b", re.IGNORECASE)
_SUBTYPE = {"normal": "Normal", "equip": "Equip", "field": "Field", "continuous": "Continuous", "ritual": "Ritual"}


def _article(word: str) -> str:
    return "an" if word[:1].lower() in "aeiou" else "a"


def _yugioh(card: CardDef) -> str | None:
    subtype = str(card.subtype or "normal").lower()
    if card.type == "spell":
        if subtype in ("quick-play", "quickplay", "quick"):
            return (
                f"Yes, once it is Set: {card.name} is a Quick-Play Magic (Spell) Card; Set on the field, it can be "
                "activated on your opponent's turn like a Normal Trap."
            )
        kind = _SUBTYPE.get(subtype, subtype.capitalize())
        return (
            f"No: {card.name} is {_article(kind)} {kind} Magic (Spell) Card, and Magic Cards are activated only "
            "in your own Main Phase; only a Quick-Play Magic may be used on your opponent's turn."
        )
    if card.type == "trap":
        kind = _SUBTYPE.get(subtype, subtype.capitalize())
        return (
            f"Yes, once it is Set: {card.name} is {_article(kind)} {kind} Trap Card, which can be activated on "
            "either player's turn from the turn after it was Set, when its condition is met."
        )
    return None


def _naruto(question: str, card: CardDef) -> str | None:
    kind = card.type.lower()
    if kind == "jutsu" and _BLOCKING.search(question):
        return (
            f"Yes: when your Team blocks, you play Jutsus such as {card.name} in the Exchange of Jutsu of that battle, "
            "on the Attacker's turn (both players take turns playing them, the Attacker first); its user must be "
            "a Ninja in that battle."
        )
    if kind == "mission" and "counter" not in card.text.lower():
        return (
            f"No: {card.name} is a Mission, played only in your own Mission Phase; on your opponent's turn "
            "the only Mission the Blocker plays is a Counter Mission."
        )
    if kind == "ninja":
        return f"No: {card.name} is a Ninja, deployed only in your own Mission Phase."
    return None


def verdict(question: str, card: CardDef) -> str | None:
    """The Yes/No for using `card` on the opponent's turn, or None when the question doesn't ask that
    or the card's kind doesn't settle it."""
    if not _THEIR_TURN.search(question):
        return None
    if card.game == "yugioh":
        return _yugioh(card)
    if card.game == "naruto":
        return _naruto(question, card)
    return None
