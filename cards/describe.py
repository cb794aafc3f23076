"""Cards as words: a card's printed stats as one short line, for chat, the CLI and rules answers.

>>> stat_line({"level": 7, "atk": 2500, "def": 2100})
'level 7 · atk 2500 · def 2100'
>>> stat_line({"cost": {"ryo": 1}, "ratings": {"combat": 2, "labor": 0}})
'cost 1 ryo · ratings: combat 2, labor 0'
>>> stat_line({"cost": {}, "colors": {"red": 0, "blue": 3}})
'colors: blue 3'

A Naruto Jutsu's chakra cost: the symbols it needs, then the cards of any symbol.

>>> stat_line({"symbols": ["Fire"], "cost": {"specific": {"Fire": 1}, "generic": 1, "x": False}, "cost_text": "F 1"})
'symbols Fire · cost 2 (1 Fire + 1 of any symbol)'
>>> stat_line({"cost": {"specific": {}, "generic": 0, "x": True}, "cost_text": "X"})
'cost X of any symbol'
"""

from __future__ import annotations

from typing import Any

AMOUNTS = frozenset({"cost", "produces"})
"""Stats made of amounts of a currency: "cost 1 ryo"."""
ZERO_COUNTS = frozenset({"ratings"})
"""Tables whose printed 0 means something: an Usagi card rated 0 is rated, unlike one with no number."""


def stat_line(stats: dict[str, Any]) -> str:
    """ "atk 2500 · def 2100 · level 7", "cost 1 ryo · ratings: combat 2", "colors: purple 5, red 3"
    from a card's printed stats (lists joined; zero entries of a table left out, except a rating of 0)."""
    parts = []
    for key, value in stats.items():
        name = key.replace("_", " ")
        if isinstance(value, dict) and "generic" in value:
            parts.append(f"{name} {_chakra(value)}")
            continue
        if key == "cost_text" and isinstance(stats.get("cost"), dict):
            continue  # the printed shorthand of the cost just written out
        if isinstance(value, dict):
            blank: tuple[object, ...] = (None, "", [], {}) if key in ZERO_COUNTS else (0, None, "", [], {})
            entries = [(str(k), v) for k, v in value.items() if v not in blank]
            if not entries:
                continue
            if key in AMOUNTS:
                parts.append(f"{name} " + ", ".join(f"{v} {k}" for k, v in entries))
            else:
                parts.append(f"{name}: " + ", ".join(f"{k} {v}" for k, v in entries))
            continue
        if value in (None, "", []):
            continue
        shown = "/".join(str(v) for v in value) if isinstance(value, list) else str(value)
        parts.append(f"{name} {shown}")
    return " · ".join(parts)


def _chakra(cost: dict[str, Any]) -> str:
    """ "2 (1 Fire + 1 of any symbol)", "X of any symbol", "free": a chakra cost in words."""
    specific = {symbol: n for symbol, n in (cost.get("specific") or {}).items() if n}
    parts = [f"{n} {symbol}" for symbol, n in specific.items()]
    if cost.get("x"):
        parts.append("X of any symbol")
    elif cost.get("generic"):
        parts.append(f"{cost['generic']} of any symbol")
    if len(parts) > 1 and not cost.get("x"):
        return f"{sum(specific.values()) + int(cost.get('generic') or 0)} ({' + '.join(parts)})"
    return " + ".join(parts) or "free"


def kind_line(card_type: str, subtype: str = "") -> str:
    """ "monster / normal", "Character / Hero": a card's type and subtype as printed."""
    return " / ".join(part for part in (card_type, subtype) if part)


TRAIT_WORDS: dict[str, str] = {"naruto": "characteristics", "usagi": "traits", "inuyasha": "traits"}
"""Games whose card tags are printed traits players and effects refer to ("Genin"), and their word."""


def traits_line(game: str, tags: list[str] | tuple[str, ...]) -> str:
    """ "characteristics: Leaf, Genin, Male" for a game that prints them; "" otherwise.

    >>> traits_line("naruto", ["Leaf", "Genin"]), traits_line("yugioh", ["normal"])
    ('characteristics: Leaf, Genin', '')
    """
    return f"{TRAIT_WORDS[game]}: {', '.join(tags)}" if game in TRAIT_WORDS and tags else ""
