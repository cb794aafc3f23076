"""Yes or No to paying a Naruto Jutsu's cost with Chakra cards of a given Symbol.

A Jutsu's cost has Symbol parts (each paid with a card of that Symbol), generic parts (any card) and
maybe an X, which some Jutsus ask in one Symbol only. "can i pay water clones X with fire cards" is
settled by the card's printed cost, shown with the answer.

>>> from rulesdocs.cardnames import card
>>> paid_with("can i pay water clones X with fire cards from my chakra", card("naruto", "Water Clone Jutsu"))
'No: Water Clone Jutsu (cost X) must be paid with Water Chakra only; Fire cards cannot pay it.'
>>> paid_with("can i pay kunai with a fire card", card("naruto", "Kunai"))
'Yes: Kunai costs 1 of any Symbol, so Fire cards can pay it.'
>>> paid_with("can i pay fire ball jutsu with 3 fire cards", card("naruto", "Fire Style: Fire Ball Jutsu"))
'Yes: Fire Style: Fire Ball Jutsu costs F F 1: 2 Fire and 1 of any Symbol, so Fire cards can pay all of it.'
>>> paid_with("can i pay hidden mist with wind chakra", card("naruto", "Hidden Mist Jutsu"))
'No: Hidden Mist Jutsu costs W W: 2 Water; Wind cards cannot pay the Water parts.'
>>> paid_with("can i pay hidden mist with 2 non water chakra", card("naruto", "Hidden Mist Jutsu"))
'No: Hidden Mist Jutsu costs W W: 2 Water; only Water cards can pay the Water parts.'
>>> print(paid_with("my senjutsu ninja uses hidden mist, pay with fire chakra?", card("naruto", "Hidden Mist Jutsu")))
None
>>> paid_with("can i pay hidden mist w 1 water + 1 wind", card("naruto", "Hidden Mist Jutsu"))
'No: Hidden Mist Jutsu costs W W: 2 Water; 1 Water and 1 Wind leaves it 1 more Water short.'
>>> fire_ball = card("naruto", "Fire Style: Fire Ball Jutsu")
>>> paid_with("can i pay fire ball with 2 fire and 1 water", fire_ball)
'Yes: Fire Style: Fire Ball Jutsu costs F F 1: 2 Fire and 1 of any Symbol, and 2 Fire and 1 Water covers it.'
>>> print(paid_with("costs fire + 1, can i pay the 1 with a water card", fire_ball))  # doctest: +NORMALIZE_WHITESPACE
Yes: the 1 of any Symbol in Fire Style: Fire Ball Jutsu's cost (F F 1) can be paid with a Water card;
the 2 Fire still need Fire cards.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from rulesdocs.text import count

if TYPE_CHECKING:
    from cards.pool import CardDef

SYMBOLS = ("Earth", "Fire", "Lightning", "Void", "Water", "Wind")
_PAY = re.compile(r"\b(?:pay|paying|paid|use|using|cover|covering)\b", re.IGNORECASE)
_ASKED_SYMBOL = re.compile(r"\b(" + "|".join(SYMBOLS) + r")\b(?:[\s-]+(?:symbol|chakra|cards?))", re.IGNORECASE)
_NOT_SYMBOL = re.compile(
    r"\b(?:non|not|no|other than|anything but|off)[\s-]*(" + "|".join(SYMBOLS) + r")\b", re.IGNORECASE
)
_GENERIC_PART = re.compile(
    r"\bthe\s+(?:\+\s*)?(?:1|one|2|two|3|three|generic|any|colou?rless)(?:\s+part)?\s+with\b", re.I
)


_SENJUTSU = re.compile(r"\bsenjutsu\b|\bsage mode\b", re.IGNORECASE)
_COUNTED_SYMBOL = re.compile(
    r"\b(\d|a|an|one|two|three|four)\s+(" + "|".join(SYMBOLS) + r")\b(?:\s+(?:symbol|chakra|cards?))?", re.IGNORECASE
)


def _covers(card: CardDef, printed: str, specific: dict[str, int], generic: int, offered: dict[str, int]) -> str:
    """Yes or No to paying the cost with the cards `offered` (Symbol: how many)."""
    short = [
        f"{need - offered.get(name, 0)} more {name}" for name, need in specific.items() if offered.get(name, 0) < need
    ]
    spare = sum(offered.values()) - sum(min(offered.get(name, 0), need) for name, need in specific.items())
    listed = " and ".join(f"{n} {name}" for name, n in offered.items())
    needs = " and ".join(f"{n} {name}" for name, n in specific.items()) + (
        f" and {generic} of any Symbol" if generic else ""
    )
    if short:
        return f"No: {card.name} costs {printed}: {needs}; {listed} leaves it {' and '.join(short)} short."
    if spare < generic:
        return f"No: {card.name} costs {printed}: {needs}; {listed} is {generic - spare} card short."
    return f"Yes: {card.name} costs {printed}: {needs}, and {listed} covers it."


def paid_with(question: str, card: CardDef) -> str | None:
    """The verdict on paying `card`'s cost with the Symbol the question names, or None when the
    question names no Symbol or the card has no Jutsu cost."""
    cost = card.stats.get("cost")
    if not isinstance(cost, dict) or "generic" not in cost or not _PAY.search(question):
        return None
    if _SENJUTSU.search(question):  # a Senjutsu user pays Symbol parts with any card: the keyword's rule decides
        return None
    specific = {str(k): int(v) for k, v in (cost.get("specific") or {}).items()}
    generic = int(cost.get("generic") or 0)
    x_symbol = cost.get("x_symbol")
    printed = str(card.stats.get("cost_text") or "")
    excluded = {m.group(1).title() for m in _NOT_SYMBOL.finditer(question)}
    if len(excluded) == 1 and specific and set(specific) == excluded:  # "with 2 non water chakra"
        symbol = excluded.pop()
        needs = " and ".join(f"{n} {name}" for name, n in specific.items())
        return f"No: {card.name} costs {printed}: {needs}; only {symbol} cards can pay the {symbol} parts."
    offered = {m.group(2).title(): count(m.group(1)) for m in _COUNTED_SYMBOL.finditer(question)}
    if len(offered) >= 2 and specific:  # "w 1 water + 1 wind"
        return _covers(card, printed, specific, generic, offered)
    named = {m.group(1).title() for m in _ASKED_SYMBOL.finditer(_NOT_SYMBOL.sub(" ", question))}
    if len(named) != 1:
        return None
    symbol = named.pop()
    if generic and specific and _GENERIC_PART.search(question):  # "can i pay the 1 with a fire card"
        rest = " and ".join(f"{n} {name}" for name, n in specific.items())
        return (
            f"Yes: the {generic} of any Symbol in {card.name}'s cost ({printed}) can be paid with a {symbol} card; "
            f"the {rest} still need {'/'.join(specific)} cards."
        )
    if cost.get("x") and x_symbol and not specific and not generic:
        if x_symbol == symbol:
            return f"Yes: {card.name} (cost X) is paid with {x_symbol} Chakra only, so {symbol} cards can pay it."
        return f"No: {card.name} (cost X) must be paid with {x_symbol} Chakra only; {symbol} cards cannot pay it."
    parts = [f"{n} {name}" for name, n in specific.items()] + ([f"{generic} of any Symbol"] if generic else [])
    if not specific:
        return f"Yes: {card.name} costs {generic} of any Symbol, so {symbol} cards can pay it."
    needs = " and ".join(parts)
    if set(specific) == {symbol}:
        return f"Yes: {card.name} costs {printed}: {needs}, so {symbol} cards can pay all of it."
    others = " and ".join(name for name in specific if name != symbol)
    return f"No: {card.name} costs {printed}: {needs}; {symbol} cards cannot pay the {others} parts."
