"""A Yu-Gi-Oh! monster's ATK and DEF with a Field or Equip Spell applied, from the Spell's own text.

Our card texts word these bonuses one way: "Field: Fiend and Spellcaster monsters gain 200 ATK and
DEF; Fairy monsters lose 200 ATK and DEF." and "Equip only to a DARK monster: it gains 400 ATK and
loses 200 DEF." (a Type or an Attribute), and "One face-up monster gains 500 ATK".

>>> from rulesdocs.cardnames import card
>>> print(with_bonus(card("yugioh", "Yami"), card("yugioh", "Mystical Elf"), ["def"]))
With Yami, Mystical Elf has DEF 2200 (2000 printed, +200) (its bonus is for Spellcaster monsters).
>>> print(with_bonus(card("yugioh", "Sword of Dark Destruction"), card("yugioh", "Dark Magician"), []))
With Sword of Dark Destruction, Dark Magician has ATK 2900 (2500 printed, +400) and DEF 1900 (2100 printed, -200) \
(its bonus is for DARK monsters).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rulesdocs import colorbonus, ratingmod

if TYPE_CHECKING:
    from cards.model import CardDef

_CLAUSE = re.compile(
    r"(?P<who>[A-Z][\w-]*(?:(?:, | and )[A-Z][\w-]*)*) monsters (?P<verb>gain|lose) (?P<n>\d+) "
    r"(?P<stats>ATK and DEF|ATK|DEF)"
)
_EQUIP = re.compile(
    r"Equip only to an? (?P<who>[\w-]+(?: [A-Z][\w-]*)?) monster: it (?P<verb>gains|loses) (?P<n>\d+) (?P<stat>ATK|DEF)"
    r"(?: and (?P<verb2>gains|loses) (?P<n2>\d+) (?P<stat2>ATK|DEF))?"
)
_ANY = re.compile(r"\bOne face-up monster (?P<verb>gains|loses) (?P<n>\d+) (?P<stat>ATK|DEF)\b")


@dataclass(frozen=True, slots=True)
class Bonus:
    """A change to one stat for monsters of some Types or Attributes ("" = any face-up monster)."""

    who: tuple[str, ...]
    stat: str
    amount: int


def bonuses(spell: CardDef) -> list[Bonus]:
    """The stat changes `spell`'s text gives, in the text's order."""
    text = spell.text
    found: list[Bonus] = []
    equip = _EQUIP.search(text)
    if equip is not None:
        who: tuple[str, ...] = (equip.group("who"),)
        for verb, n, stat in (
            (equip["verb"], equip["n"], equip["stat"]),
            (equip["verb2"], equip["n2"], equip["stat2"]),
        ):
            if verb:
                found.append(Bonus(who, stat.lower(), int(n) * (-1 if verb.startswith("lose") else 1)))
        return found
    if text.startswith("Field:"):
        for clause in _CLAUSE.finditer(text):
            listed = tuple(w for w in re.split(r", | and ", clause["who"]) if w)
            sign = -1 if clause["verb"] == "lose" else 1
            for stat in ("atk", "def"):
                if stat.upper() in clause["stats"]:
                    found.append(Bonus(listed, stat, sign * int(clause["n"])))
        return found
    anyone = _ANY.search(text)
    if anyone is not None:
        sign = -1 if anyone["verb"] == "loses" else 1
        found.append(Bonus((), anyone["stat"].lower(), sign * int(anyone["n"])))
    return found


def fits(bonus: Bonus, monster: CardDef) -> bool:
    """True when `bonus` reaches `monster` (its Type or Attribute, or any face-up monster)."""
    if not bonus.who:
        return True
    race, attribute = str(monster.stats.get("race", "")), str(monster.stats.get("attribute", ""))
    return any(w.lower() in (race.lower(), attribute.lower()) for w in bonus.who)


def with_bonus(spell: CardDef, monster: CardDef, stats: list[str]) -> str | None:
    """The stats asked of `monster` with `spell`'s bonus applied, or None when `spell` changes no stat
    or `monster` is not a monster (an Inuyasha item's or location's colors: `colorbonus`)."""
    if spell.game == "inuyasha":
        return colorbonus.with_bonus(spell, monster)
    if spell.game == "naruto":
        return jutsu_bonus(spell, monster)
    if spell.game == "usagi":
        return ratingmod.with_bonus(spell, monster)
    if spell.game != "yugioh" or monster.type != "monster" or spell.type != "spell":
        return None
    found = bonuses(spell)
    asked = [s for s in stats if s in ("atk", "def")] or ["atk", "def"]
    printed = {s: v for s in asked if isinstance(v := monster.stats.get(s), int)}
    if not found or not printed:
        return None
    applying = [b for b in found if fits(b, monster)]
    race, attribute = monster.stats.get("race", "?"), monster.stats.get("attribute", "?")
    if not applying:
        kinds = " or ".join(sorted({w for b in found for w in b.who}))
        now = " and ".join(f"{s.upper()} {v}" for s, v in printed.items())
        return (
            f"{spell.name} doesn't change {monster.name}: its bonus is for {kinds} monsters, and {monster.name} "
            f"is a {attribute} {race}; it keeps {now}."
        )
    parts = []
    for stat, value in printed.items():
        change = sum(b.amount for b in applying if b.stat == stat)
        parts.append(
            f"{stat.upper()} {value + change} ({value} printed, {change:+d})" if change else f"{stat.upper()} {value}"
        )
    own = {str(race).lower(), str(attribute).lower()}
    whom = " or ".join(dict.fromkeys(w for b in applying for w in b.who if w.lower() in own)) or "any face-up"
    effect = "bonus" if sum(b.amount for b in applying) >= 0 else "penalty"
    return f"With {spell.name}, {monster.name} has {' and '.join(parts)} (its {effect} is for {whom} monsters)."


_USER_GETS = re.compile(
    r"^(?:User: (?P<user>[^.]+)\. )?The user gets (?P<c>[+-]\d+)/(?P<s>[+-]\d+)(?: and \"[^\"]+\")? this turn"
    r"(?:, or (?P<c2>[+-]\d+)/(?P<s2>[+-]\d+) if it has the (?P<attr>\w+) attribute)?\."
)


def jutsu_bonus(jutsu: CardDef, ninja: CardDef) -> str | None:
    """A Naruto Ninja's Combat/Support with a Jutsu's "The user gets +X/+Y this turn" applied, or None.

    >>> from rulesdocs.cardnames import card
    >>> print(jutsu_bonus(card("naruto", "Lightning Blade"), card("naruto", "Kakashi Hatake")))
    With Lightning Blade, Kakashi Hatake is 12/3 this turn (5/3 printed, +7/+0).
    >>> jutsu_bonus(card("naruto", "Lightning Blade"), card("naruto", "Tenten")) is None
    True
    >>> print(jutsu_bonus(card("naruto", "Kunai"), card("naruto", "Tenten")))
    With Kunai, Tenten is 4/3 this turn (2/1 printed, +2/+2).
    >>> print(jutsu_bonus(card("naruto", "Demon Wind Shuriken"), card("naruto", "Tenten")))
    With Demon Wind Shuriken, Tenten is 5/1 this turn (2/1 printed, +3/+0, as it has the Weapon attribute).
    """
    found = _USER_GETS.search(jutsu.text)
    combat, support = ninja.stats.get("combat"), ninja.stats.get("support")
    if jutsu.type != "Jutsu" or ninja.type != "Ninja" or found is None:
        return None
    if not isinstance(combat, int) or not isinstance(support, int):
        return None
    user = (found["user"] or "").strip()
    attribute_needed = re.fullmatch(r"(\w+) attribute", user)
    if (
        user
        and user != ninja.name
        and not (
            attribute_needed and attribute_needed.group(1).lower() == str(ninja.stats.get("attribute", "")).lower()
        )
    ):
        return None  # a Jutsu only some Ninjas may use, and this one is not named by it: a question of its own
    plus_c, plus_s, why = int(found["c"]), int(found["s"]), ""
    attribute = str(ninja.stats.get("attribute", ""))
    if found["attr"] and found["attr"].lower() in attribute.lower():
        plus_c, plus_s = int(found["c2"]), int(found["s2"])
        why = f", as it has the {found['attr']} attribute"
    return (
        f"With {jutsu.name}, {ninja.name} is {combat + plus_c}/{support + plus_s} this turn "
        f"({combat}/{support} printed, {plus_c:+d}/{plus_s:+d}{why})."
    )
