"""Counted game things in a question and in an answer: "4 players", "lvl 5", "turn 2", "round 3".

A question naming "a 2 player game" is answered by the fact about 2 players, not the one about 3,
however alike their phrasings read; a "level 5 monster" by the rule for Levels 5 and 6. This module
reads which number goes with which unit in the question (`asked`) and which numbers, lists and
ranges an answer gives each unit (`given`), so that the ranking can prefer an answer that speaks of
the very number asked (`fit`).
"""

from __future__ import annotations

import math
import re

_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10}
_NUM = r"(\d{1,2}|" + "|".join(_WORDS) + r")(?:st|nd|rd|th)?"
_UNITS: dict[str, str] = {
    "player": "player",
    "players": "player",
    "way": "player",
    "level": "level",
    "levels": "level",
    "lvl": "level",
    "lv": "level",
    "star": "level",
    "stars": "level",
    "turn": "turn",
    "turns": "turn",
    "round": "round",
    "rounds": "round",
}
_UNIT = r"(players?|way|levels?|lvl|lv|stars?|turns?(?!\s*indicator)|rounds?)"
# "2 turns" counts turns; only "turn 2" or "2nd turn" names one
_COUNTED_UNIT = r"(players?|way|levels?|lvl|lv|stars?)"
_ORDINAL = r"(\d{1,2})(?:st|nd|rd|th)"
_NUMBER_FIRST = re.compile(rf"\b{_NUM}[\s-]?{_COUNTED_UNIT}\b|\b{_ORDINAL}\s+(turn|round)\b", re.IGNORECASE)
_UNIT_FIRST = re.compile(rf"\b{_UNIT}\s*{_NUM}\b", re.IGNORECASE)
_OF_US = re.compile(rf"\b{_NUM}\s+of\s+us\b|\b(\d)p\b", re.IGNORECASE)
_LEAD = r"and|so|ok|what|about|if|with|for|at|on|in|its|it's|theres|there's|we're|were"
_BARE = re.compile(rf"^\W*(?:(?:{_LEAD})\W+)*{_NUM}\b")
# in an answer: "Level 5 or 6", "turns 1, 3 and 5", "Level 7 or higher", "2-player", "levels 1-4"
_SPAN = rf"{_NUM}(?:\s*(?:,|or|and|to|-|–)\s*{_NUM})*(?:\s+or\s+(?P<tail>higher|more|above|lower|less|fewer|below))?"
_GIVEN_UNIT_FIRST = re.compile(rf"\b{_UNIT}\s+{_SPAN}", re.IGNORECASE)
_GIVEN_NUMBER_FIRST = re.compile(rf"\b{_NUM}[\s-]{_COUNTED_UNIT}\b", re.IGNORECASE)
_NUMBERS = re.compile(_NUM, re.IGNORECASE)


def _value(token: str) -> int:
    token = token.lower()
    return _WORDS[token] if token in _WORDS else int(token)


def asked(question: str, context: str = "") -> dict[str, int]:
    """The unit → number pairs a question names; a follow-up giving a bare number ("and with 5?")
    takes the unit its earlier question (`context`) counted.

    >>> asked("how many chronicle tokens for a 2 player game")
    {'player': 2}
    >>> asked("lvl 5 monster how many tributes")
    {'level': 5}
    >>> asked("what if theres 5 of us"), asked("6p game, how many tokens to win")
    ({'player': 5}, {'player': 6})
    >>> asked("and 6?", context="2 player game how many tokens")
    {'player': 6}
    >>> asked("turn indicator is 2, can i play it")
    {}
    >>> asked("can i normal summon twice in one turn"), asked("on my 3rd turn"), asked("turn 2 now")
    ({}, {'turn': 3}, {'turn': 2})
    """
    found: dict[str, int] = {}
    for match in _NUMBER_FIRST.finditer(question):
        number, unit = (match.group(1), match.group(2)) if match.group(1) else (match.group(3), match.group(4))
        found.setdefault(_UNITS[unit.lower()], _value(number))
    for match in _UNIT_FIRST.finditer(question):
        found.setdefault(_UNITS[match.group(1).lower()], _value(match.group(2)))
    for match in _OF_US.finditer(question):
        found.setdefault("player", _value(match.group(1) or match.group(2)))
    if not found and context:
        bare = _BARE.search(question)
        earlier = asked(context)
        if bare and len(earlier) == 1:
            return {unit: _value(bare.group(1)) for unit in earlier}
    return found


def given(answer: str) -> dict[str, list[tuple[float, float]]]:
    """The ranges of numbers an answer gives each unit.

    >>> given("1 Tribute: a Level 5 or 6 monster needs 1; Level 7 or higher needs 2")["level"]
    [(5, 5), (6, 6), (7, inf)]
    >>> given("At the start of turns 1, 3 and 5")["turn"]
    [(1, 1), (3, 3), (5, 5)]
    >>> given("16 tokens: in a 4-player game (pool of 31)")
    {'player': [(4, 4)]}
    """
    out: dict[str, list[tuple[float, float]]] = {}
    for match in _OF_US.finditer(answer):
        value = _value(match.group(1) or match.group(2))
        out.setdefault("player", []).append((value, value))
    for match in _GIVEN_UNIT_FIRST.finditer(answer):
        unit = _UNITS[match.group(1).lower()]
        span = match.group(0)[len(match.group(1)) :]
        values = [_value(m.group(1)) for m in _NUMBERS.finditer(span)]
        ranges: list[tuple[float, float]] = [(v, v) for v in values]
        tail = (match.group("tail") or "").lower()
        if values and tail in ("higher", "more", "above"):
            ranges[-1] = (values[-1], math.inf)
        elif values and tail in ("lower", "less", "fewer", "below"):
            ranges[-1] = (0, values[-1])
        elif len(values) == 2 and re.search(r"\d\s*(?:-|–|to)\s*\d", span):
            ranges = [(values[0], values[1])]
        out.setdefault(unit, []).extend(ranges)
    for match in _GIVEN_NUMBER_FIRST.finditer(answer):
        value = _value(match.group(1))
        out.setdefault(_UNITS[match.group(2).lower()], []).append((value, value))
    return out


def fit(wanted: dict[str, int], answer: str) -> int:
    """1 when the answer gives some asked unit the very number asked, -1 when it gives an asked unit
    only other numbers ("a 3-player game" to "2 player"), else 0.

    >>> fit({"player": 2}, "10 tokens: in a 2-player game (pool of 19)")
    1
    >>> fit({"player": 2}, "14 tokens: in a 3-player game (pool of 26)")
    -1
    >>> fit({"player": 2}, "By player count: 2 players start with 19, 3 players 26")
    1
    >>> fit({"level": 8}, "2 Tributes: a monster of Level 7 or higher needs 2")
    1
    >>> fit({"level": 5}, "Any order: deploy in whatever order you like")
    0
    """
    if not wanted:
        return 0
    offered = given(answer)
    covered = [
        any(low <= number <= high for low, high in offered[unit]) for unit, number in wanted.items() if unit in offered
    ]
    if any(covered):
        return 1
    return -1 if covered else 0
