"""An Inazuma Eleven card's level against the turn number, worked out.

A reserve character can't move from the bench to the field, and a super technique can't be played,
while its level is higher than the turn number (putting a reserve on the bench is fine at any level).

>>> print(outcome(read("i got a level 3 reserve on my bench, can i move it onto the field on turn 2")))
No: on turn 2 a level 3 reserve character is too high (a card's level can't be above the turn number); \
it can move to the field from turn 3 on.
>>> before = "i got a level 3 reserve on my bench, can i move it onto the field on turn 2"
>>> print(outcome(merge(before, "and turn 3?")))
Yes: a level 3 reserve character can move to the field from turn 3 on, and this is turn 3 (it must be \
ready, with a free space of its position or a same-name character to stack on).
>>> read("can i put my lvl 5 reserve on the bench on turn 1") is None
True
>>> read("my lvl 1 reserve was on the field in turn 3. can i bring it back onto the field in turn 4?") is None
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from rulesdocs.text import number

_LEVEL = re.compile(r"\b(?:level|lvl|lv)\s*-?\s*(\d)\b|\b(\d)\s*-?\s*(?:level|lvl|lv)\b", re.IGNORECASE)
_TURN = re.compile(r"\bturn\s*(?:number\s*(?:is\s*)?)?(\d)\b|\b(\d)(?:st|nd|rd|th)\s+turn\b", re.IGNORECASE)
_TECHNIQUE = re.compile(r"\b(?:super\s*)?tech(?:nique)?s?\b|\bst\b", re.IGNORECASE)
_RESERVE = re.compile(r"\breserves?\b|\bbench\b", re.IGNORECASE)
_TO_FIELD = re.compile(r"\b(?:field|onto|on to|move|bring|sub|swap)\b", re.IGNORECASE)
_FLIPPED = re.compile(r"\b(?:flip\w*|last chance|shoot ?out|penalty)\b", re.IGNORECASE)
"""A level flipped at the last chance or in a shootout is a score, not a card being used."""
_AGAIN = re.compile(r"\b(?:exhaust\w*|again|back)\b", re.IGNORECASE)
"""A reserve coming back to the field is held by exhaustion, another rule."""


@dataclass(frozen=True, slots=True)
class LevelTurn:
    """A card's level, the turn number, and which kind of card is used."""

    level: int
    turn: int
    technique: bool


def _kind(question: str) -> bool | None:
    """True for a super technique, False for a reserve moved to the field, None for neither."""
    if _TECHNIQUE.search(question):
        return True
    if _RESERVE.search(question) and _TO_FIELD.search(question):
        return False
    return None


def read(question: str) -> LevelTurn | None:
    """The level and turn number `question` gives for a reserve moved to the field or a super
    technique played, or None."""
    if _FLIPPED.search(question) or _AGAIN.search(question) or len(set(_TURN.findall(question))) > 1:
        return None
    level, turn, technique = number(_LEVEL, question), number(_TURN, question), _kind(question)
    if level is None or turn is None or technique is None:
        return None
    return LevelTurn(level, turn, technique)


def merge(previous: str, follow_up: str) -> LevelTurn | None:
    """The previous question's level and turn with what a follow-up changes ("and turn 3?", "what if
    its lvl 2 instead")."""
    before = read(previous)
    if before is None or _FLIPPED.search(follow_up):
        return None
    level, turn = number(_LEVEL, follow_up), number(_TURN, follow_up)
    if level is None and turn is None:
        return None
    return replace(before, level=level if level is not None else before.level, turn=turn or before.turn)


def described(found: LevelTurn) -> str:
    """`found` as a question `read` reads back the same, kept for the next follow-up."""
    if found.technique:
        return f"can i play a level {found.level} super technique on turn {found.turn}"
    return f"can i move a level {found.level} reserve onto the field on turn {found.turn}"


def outcome(found: LevelTurn | None) -> str:
    """Whether the card can be used on that turn, and why."""
    if found is None:
        return ""
    thing, verb = ("super technique", "be played") if found.technique else ("reserve character", "move to the field")
    if found.level <= found.turn:
        extra = (
            "it still needs each attribute icon matched by a character of yours on the field"
            if found.technique
            else "it must be ready, with a free space of its position or a same-name character to stack on"
        )
        return (
            f"Yes: a level {found.level} {thing} can {verb} from turn {found.level} on, and this is turn "
            f"{found.turn} ({extra})."
        )
    return (
        f"No: on turn {found.turn} a level {found.level} {thing} is too high (a card's level can't be above "
        f"the turn number); it can {verb} from turn {found.level} on."
    )
