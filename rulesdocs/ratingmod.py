"""Usagi Yojimbo ratings changed by cards: a Character's own "Pay 1 Honor: +1 Combat" paid some number
of times, and a Moment or ability's "target Character gets +2 Combat" on the Character named.

>>> from rulesdocs.cardnames import card
>>> print(paid_pump("ok and if i pay to pump her twice whats her combat", card("usagi", "Swordmistress of the Mifune")))
Paid twice (1 Honor each): Combat 4 + 2 = 6 until the end of the turn.
>>> print(with_bonus(card("usagi", "Battle Cry"), card("usagi", "Captain of the Mifune Guard")))
With Battle Cry, Captain of the Mifune Guard has Combat 5 (3 printed, +2) until the end of the turn.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cards.pool import CardDef

_PAY_PUMP = re.compile(r"Pay (\d+) (Honor|Ryo): this Character gets \+(\d+) (\w+)", re.IGNORECASE)
_TIMES = {"twice": 2, "thrice": 3, "two times": 2, "three times": 3, "2 times": 2, "3 times": 3, "2x": 2, "3x": 3}
_TIMES_SAID = re.compile(r"\b(" + "|".join(re.escape(t) for t in _TIMES) + r")\b", re.IGNORECASE)
_PAID = re.compile(r"\bpay(?:s|ing)?\s+(?:in\s+)?(\d+)\s*(honou?r|ryo)\b", re.IGNORECASE)
_PAYS = re.compile(r"\bpa(?:y|ys|id|ying)\b|\bpump\w*\b", re.IGNORECASE)
_NUMBER_ASKED = re.compile(
    r"\b(?:what(?:'?s| is| are)|how (?:much|high|strong)|total|now|pump\w*|boost\w*|twice|times)\b", re.IGNORECASE
)
"""The number after paying is asked ("what is it now"), not why a card can't be paid for."""
_TARGET_GETS = re.compile(r"\btarget Character(?: you control)? gets \+(\d+) (\w+) until the end of the turn", re.I)


def _rating(card: CardDef, name: str) -> int | None:
    ratings = card.stats.get("ratings")
    value = ratings.get(name.lower()) if isinstance(ratings, dict) else None
    return value if isinstance(value, int) else None


def paid_pump(question: str, card: CardDef) -> str | None:
    """A Character's rating after paying its own pump the number of times the question says."""
    found = _PAY_PUMP.search(card.text)
    if found is None or not _PAYS.search(question) or not _NUMBER_ASKED.search(question):
        return None
    cost, currency, plus, rating = int(found.group(1)), found.group(2), int(found.group(3)), found.group(4)
    printed = _rating(card, rating)
    if printed is None:
        return None
    said = _TIMES_SAID.search(question)
    paid = _PAID.search(question)
    if said is not None:
        times = _TIMES[said.group(1).lower()]
        how = "twice" if times == 2 else f"{times} times"
    elif paid is not None and int(paid.group(1)) >= cost:
        times = int(paid.group(1)) // cost
        how = "once" if times == 1 else f"{times} times"
    else:
        times, how = 1, "once"
    return (
        f"Paid {how} ({cost} {currency.capitalize()} each): {rating.capitalize()} {printed} + {plus * times} "
        f"= {printed + plus * times} until the end of the turn."
    )


def with_bonus(source: CardDef, character: CardDef) -> str | None:
    """`character`'s rating with `source`'s "target Character gets +N Rating" applied, or None."""
    found = _TARGET_GETS.search(source.text)
    if found is None or character.type != "Character":
        return None
    plus, rating = int(found.group(1)), found.group(2)
    printed = _rating(character, rating)
    if printed is None:
        return None
    label = rating.capitalize()
    return (
        f"With {source.name}, {character.name} has {label} {printed + plus} ({printed} printed, +{plus}) "
        "until the end of the turn."
    )
