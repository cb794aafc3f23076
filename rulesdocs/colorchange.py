"""An Inuyasha character's color value after a bonus or a penalty, worked out.

"No numbers in this game ever go below 0": a character with red 1 that gets -3 red has red 0.

>>> asked = "opps char has 1 red and gets -3 red, so is it at -2 now?"
>>> print(outcome(read(asked), asked))
No: red 1 - 3 = 0: no number in this game ever goes below 0, so it is red 0, not -2.
>>> print(outcome(read("my guy has 4 blue and gets +2 blue, whats his blue")))
Blue 4 + 2 = 6.
>>> read("my red 5 attacks their red 4") is None
True
>>> read("effect says +2 black to my guy but he has no black at all. does he end up with 2 black?") is None
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rulesdocs.colorfight import COLORS

_COLOR = "(" + "|".join(COLORS) + ")"
_HAS = re.compile(rf"\b(?:has|have|got|at|is)\s+(?:a\s+)?(\d{{1,2}})\s+{_COLOR}\b|\b{_COLOR}\s+(\d{{1,2}})\b", re.I)
_LACKS = re.compile(rf"\b(?:no|without|not?\s+any|doesn.?t have(?: any)?|lacks?)\s+{_COLOR}\b", re.IGNORECASE)
"""A character without the color gains nothing from a bonus in it: another rule, not worked out here."""
_CHANGE = re.compile(rf"([+-])\s?(\d{{1,2}})\s+{_COLOR}\b", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class ColorChange:
    """A color, the value it has, and the bonus (positive) or penalty (negative) it gets."""

    color: str
    value: int
    change: int


def read(question: str) -> ColorChange | None:
    """The color value and the change to it that `question` gives, both in the same color, or None."""
    change = _CHANGE.search(question)
    if change is None or _LACKS.search(question):
        return None
    color = change.group(3).lower()
    for has in _HAS.finditer(question[: change.start()] + " " + question[change.end() :]):
        value, named = (has.group(1), has.group(2)) if has.group(1) else (has.group(4), has.group(3))
        if named.lower() == color:
            amount = int(change.group(2))
            return ColorChange(color, int(value), amount if change.group(1) == "+" else -amount)
    return None


_GUESSED = re.compile(
    r"\b(?:at|be|become|becomes|now|to|go to|goes to)\s+(-\s?\d{1,2}|\d{1,2})\b"
    r"(?!\s*" + _COLOR + r"\b)",
    re.I,
)


def outcome(found: ColorChange | None, question: str = "") -> str:
    """The value after the change, floored at 0 as the rulebook says; Yes or No first when the
    question guesses the value ("so is it at -2 now?")."""
    if found is None:
        return ""
    sign = "+" if found.change >= 0 else "-"
    raw = found.value + found.change
    head = f"{found.color.capitalize()} {found.value} {sign} {abs(found.change)} = {max(0, raw)}"
    told = (
        f"{head}: no number in this game ever goes below 0, so it is {found.color} 0, not {raw}."
        if raw < 0
        else f"{head}."
    )
    guessed = _GUESSED.search(question)
    if guessed is None:
        return told
    right = int(guessed.group(1).replace(" ", "")) == max(0, raw)
    return f"{'Yes' if right else 'No'}: {told[:1].lower()}{told[1:]}"
