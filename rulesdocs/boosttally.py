"""A Yu-Gi-Oh! monster's ATK and DEF with every Field and Equip Spell told so far, over several messages.

"legendary sword on my celtic guardian, whats the atk" then "and with sogen out too?": 1400 + 300 from
Legendary Sword + 200 from Sogen = 1900. A card that turns increases into decreases (Reverse Trap)
turns every bonus told so far. One spell alone on one monster is `statmod.with_bonus`'s answer.

>>> from rulesdocs.cardnames import card
>>> celtic = card("yugioh", "Celtic Guardian")
>>> print(stacked(celtic, [card("yugioh", "Legendary Sword"), card("yugioh", "Sogen")], ["atk"]))
With Legendary Sword and Sogen, Celtic Guardian has ATK 1900 (1400 printed, +300 Legendary Sword, +200 Sogen).
>>> print(stacked(celtic, [card("yugioh", n) for n in ("Legendary Sword", "Sogen", "Reverse Trap")], ["atk"]))
With Legendary Sword and Sogen, turned by Reverse Trap, Celtic Guardian has ATK 900 (1400 printed, \
-300 Legendary Sword, -200 Sogen).
"""

from __future__ import annotations

import re
from collections.abc import Collection
from typing import TYPE_CHECKING

from rulesdocs import cardnames, statmod, understand

if TYPE_CHECKING:
    from cards.pool import CardDef

_REVERSES = re.compile(r"\bevery ATK/DEF increase works as a decrease\b", re.IGNORECASE)
_ASKED = {"atk": re.compile(r"\b(?:atk|attack)\b", re.I), "def": re.compile(r"\b(?:def|defen[cs]e)\b", re.I)}
_ADDS = re.compile(r"\b(?:with|too|also|plus|and|add\w*|equip\w*|play\w*|activat\w*|flip\w*|out|on)\b", re.I)


def _boosting(cards: list[CardDef], monster: CardDef) -> list[tuple[CardDef, dict[str, int]]]:
    """The spells among `cards` that change `monster`'s stats, with the change per stat."""
    out = []
    for spell in cards:
        fitting = [b for b in statmod.bonuses(spell) if statmod.fits(b, monster)] if spell.type == "spell" else []
        if fitting:
            change: dict[str, int] = {}
            for bonus in fitting:
                change[bonus.stat] = change.get(bonus.stat, 0) + bonus.amount
            out.append((spell, change))
    return out


def stacked(monster: CardDef, cards: list[CardDef], stats: list[str]) -> str | None:
    """`monster`'s stats asked with every fitting spell among `cards` applied (and turned by a card
    that reverses increases), or None when fewer than two changes apply."""
    boosts = _boosting(cards, monster)
    reverser = next((c for c in cards if _REVERSES.search(c.text)), None)
    if not boosts or (len(boosts) < 2 and reverser is None):
        return None
    sign = -1 if reverser is not None else 1
    asked = [s for s in stats if s in ("atk", "def")] or ["atk", "def"]
    parts = []
    for stat in asked:
        printed = monster.stats.get(stat)
        if not isinstance(printed, int):
            continue
        changes = [(spell.name, sign * change[stat]) for spell, change in boosts if change.get(stat)]
        if not changes:
            parts.append(f"{stat.upper()} {printed} (unchanged)")
            continue
        each = ", ".join(f"{amount:+d} {name}" for name, amount in changes)
        parts.append(f"{stat.upper()} {max(0, printed + sum(a for _, a in changes))} ({printed} printed, {each})")
    if not parts:
        return None
    names = " and ".join(spell.name for spell, _ in boosts)
    turned = f", turned by {reverser.name}," if reverser is not None else ","
    return f"With {names}{turned} {monster.name} has {' and '.join(parts)}."


def follow(
    question: str, qtype: str, before: tuple[str, str] | None, common: Collection[str] = ()
) -> tuple[CardDef, str, str] | None:
    """The monster talked about before (`before`: its name and the situation told so far), or the
    monster named now, with every spell told so far: the monster, the whole situation and the sentence;
    None when the message adds no card that changes it, or asks a yes/no, why, when or how to."""
    if qtype in understand.NOT_WORKED_OUT or not _ADDS.search(question):
        return None
    named = cardnames.named_cards(question, "yugioh", common)
    monsters = [c for c in named if c.type == "monster"]
    prior = cardnames.card("yugioh", before[0]) if before is not None else None
    if prior is not None and prior.type != "monster" and before is not None:  # the spell was named first
        prior = next((c for c in cardnames.named_cards(before[1], "yugioh", common) if c.type == "monster"), None)
    if prior is not None and (not monsters or monsters[0].name == prior.name):
        monster, whole = prior, f"{before[1] if before else ''} {question}".strip()
    elif monsters:
        monster, whole = monsters[0], question
    else:
        return None
    adds = [c for c in named if c.type in ("spell", "trap")]
    if not (_boosting(adds, monster) or any(_REVERSES.search(c.text) for c in adds)):
        return None
    every = cardnames.named_cards(whole, "yugioh", common)
    stats = [s for s, said in _ASKED.items() if said.search(whole)]
    told = stacked(monster, [c for c in every if c.name != monster.name], stats)
    return (monster, whole, told) if told is not None else None
