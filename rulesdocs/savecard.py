"""Yes or No to saving a defeated Inuyasha character with another card from hand, by their names.

In the Recovery step a defeated character is saved by discarding from hand a character with the same
name; only the name before the comma must match ("Kurogane, Demon Lord" and "Kurogane, the Cold
Prince" are both Kurogane). A character with Regeneration may be saved by discarding any card.

>>> from rulesdocs.cardnames import card
>>> print(verdict("kurogane demon lord got beat, can kurogane the cold prince in my hand save him",
...               card("inuyasha", "Kurogane, Demon Lord"), card("inuyasha", "Kurogane, the Cold Prince")))
Yes: both are named Kurogane, and a defeated character is saved in the Recovery step by discarding a \
character with the same name from your hand (the title after the comma may differ).
>>> print(verdict("can i save raiga by discarding gensai", card("inuyasha", "Raiga, Hot-Headed Guardian"),
...               card("inuyasha", "Gensai, Wandering Monk"))[:59])
No: a defeated character is saved only by discarding a char
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cards.pool import CardDef

_SAVES = re.compile(r"\b(?:sav(?:e|es|ed|ing)|rescue\w*|bring (?:him|her|it) back)\b", re.IGNORECASE)


def _name(card: CardDef) -> str:
    return card.name.split(",")[0].strip()


def _regenerates(card: CardDef) -> bool:
    keywords = {str(k).lower() for k in (card.extra or {}).get("keywords", ())}
    return "regeneration" in keywords or "regeneration" in card.text.lower()


def verdict(question: str, card: CardDef, other: CardDef | None) -> str | None:
    """The Yes/No for saving one of the two named characters with the other, or None when the question
    asks no save or the two are not both Inuyasha characters."""
    if other is None or card.game != "inuyasha" or not _SAVES.search(question):
        return None
    if card.type != "character" or other.type != "character":
        return None
    if _name(card) == _name(other):
        return (
            f"Yes: both are named {_name(card)}, and a defeated character is saved in the Recovery step by "
            "discarding a character with the same name from your hand (the title after the comma may differ)."
        )
    regenerating = [c.name for c in (card, other) if _regenerates(c)]
    if regenerating:
        return (
            f"Yes, through Regeneration: {regenerating[0]} may be saved by discarding any card from your hand; "
            f"without it, {_name(card)} and {_name(other)} have different names."
        )
    return (
        "No: a defeated character is saved only by discarding a character with the same name from your hand, "
        f"and {_name(card)} and {_name(other)} have different names."
    )
