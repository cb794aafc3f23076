"""A Naruto CCG card's Entrance cost against the Turn Indicator, worked out.

A card can be played only when its Entrance cost is at most its player's Turn Indicator.

>>> print(outcome(read("turn marker is on 3, can i deploy a ninja with entrance cost 4")))
No: Entrance 4 is above your Turn Indicator of 3, so it can't be played until the Turn Indicator \
reaches 4.
>>> before = "turn marker is on 3, can i deploy a ninja with entrance cost 4"
>>> print(outcome(merge(before, "what about one with entrance 2")))
Yes: Entrance 2 is at or below your Turn Indicator of 3, so it can be played (a Ninja still needs \
its Hand cost paid, and you deploy 1 Ninja per turn).
>>> print(outcome(merge("turn marker is on 2, can i deploy a ninja with entrance 3", "what about on my next turn")))
Yes: Entrance 3 is at or below your Turn Indicator of 3, so it can be played (a Ninja still needs \
its Hand cost paid, and you deploy 1 Ninja per turn).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from rulesdocs.text import number

_INDICATOR = re.compile(
    r"\b(?:turn\s+(?:indicator|marker|counter|tracker)|indicator|marker)\s*(?:is\s+|on\s+|at\s+|=\s*|of\s+)*(\d{1,2})\b"
    r"|\b(\d{1,2})\s+on\s+(?:my\s+|the\s+)?turn\s+(?:indicator|marker)\b",
    re.IGNORECASE,
)
_COST = re.compile(
    r"\bentrance(?:\s+cost)?\s*(?:is\s+|of\s+|=\s*|at\s+)*(\d{1,2})\b|\b(\d{1,2})\s+entrance\b", re.IGNORECASE
)

_MISSION = re.compile(r"\bmissions?\b", re.IGNORECASE)
_NEXT_TURN = re.compile(r"\b(?:my\s+)?next\s+turn\b", re.IGNORECASE)
_PUT_ON = re.compile(r"\b(?:it|its|it's|marker|indicator)\s+(?:is\s+|was\s+)?(?:on|at)\s+(\d{1,2})\b", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Entrance:
    """The Turn Indicator and the Entrance cost a question gives."""

    indicator: int | None
    cost: int | None
    mission: bool = False
    """The card asked about is a Mission (one played per turn, besides the Ninja deployed)."""


_ORDINALS = {"first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3, "fourth": 4, "4th": 4, "fifth": 5}
_MY_NTH_TURN = re.compile(r"\bmy\s+(?:very\s+)?(" + "|".join(_ORDINALS) + r")\s+turn\b", re.IGNORECASE)


def _indicator(question: str) -> int | None:
    """The Turn Indicator typed, or the one "my first turn" means: it starts at 0 and goes up 1 at
    the end of each of your turns, so on your Nth turn it shows N - 1."""
    typed = number(_INDICATOR, question)
    if typed is not None:
        return typed
    nth = _MY_NTH_TURN.search(question)
    return _ORDINALS[nth.group(1).lower()] - 1 if nth is not None else None


def read(question: str, card_cost: int | None = None) -> Entrance | None:
    """The Turn Indicator (typed, or from "my first turn") and Entrance cost `question` gives (the card
    talked about gives the cost when the question doesn't), or None without both.

    >>> print(outcome(merge("its my very first turn, can i deploy an entrance 1 ninja", "what about my next turn")))
    ... # doctest: +ELLIPSIS
    Yes: Entrance 1 is at or below your Turn Indicator of 1, so it can be played ...
    """
    indicator, cost = _indicator(question), number(_COST, question)
    cost = cost if cost is not None else card_cost
    mission = _MISSION.search(question) is not None
    return Entrance(indicator, cost, mission) if indicator is not None and cost is not None else None


def merge(previous: str, follow_up: str) -> Entrance | None:
    """The previous question's Turn Indicator and Entrance cost with what a follow-up changes."""
    before = read(previous)
    if before is None:
        return None
    indicator, cost = number(_INDICATOR, follow_up), number(_COST, follow_up)
    if indicator is None and cost is None:
        indicator = number(_PUT_ON, follow_up)  # "and with it on 5?": the marker is put on a number
    if indicator is None and cost is None and before.indicator is not None and _NEXT_TURN.search(follow_up):
        indicator = before.indicator + 1  # "what about on my next turn": the marker goes up 1 at its end
    if indicator is None and cost is None:
        return None
    return replace(
        before,
        indicator=indicator if indicator is not None else before.indicator,
        cost=cost if cost is not None else before.cost,
        mission=_MISSION.search(follow_up) is not None or (before.mission and cost is None),
    )


def described(entrance: Entrance) -> str:
    """`entrance` as a question `read` reads back the same, kept for the next follow-up."""
    kind = "mission" if entrance.mission else "card"
    return f"turn indicator {entrance.indicator}, can i play a {kind} with entrance {entrance.cost}"


def outcome(entrance: Entrance | None) -> str:
    """Whether the card can be played, and why."""
    if entrance is None or entrance.indicator is None or entrance.cost is None:
        return ""
    if entrance.cost <= entrance.indicator:
        limit = (
            "a Mission still needs its Hand cost paid, and you may play 1 Mission per turn besides your 1 Ninja"
            if entrance.mission
            else "a Ninja still needs its Hand cost paid, and you deploy 1 Ninja per turn"
        )
        return (
            f"Yes: Entrance {entrance.cost} is at or below your Turn Indicator of {entrance.indicator}, so it can be "
            f"played ({limit})."
        )
    return (
        f"No: Entrance {entrance.cost} is above your Turn Indicator of {entrance.indicator}, so it can't be played "
        f"until the Turn Indicator reaches {entrance.cost}."
    )
