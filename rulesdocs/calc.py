"""Working out a Yu-Gi-Oh! battle a player describes with numbers (ATK/DEF; Inuyasha colors: `colorfight`).

"my 1800 atk attacks their 1400 atk monster, how much dmg" is a rules question with a number for an
answer: the rule (the lower ATK is destroyed, its controller takes the difference) applied to the
values typed. `battle` reads the two monsters (value, ATK or DEF, whose, face-down) and who attacks,
and `outcome` applies the damage-calculation rules of the rulebook's Battle Phase chapter.
A follow-up that changes one value ("and if theirs has 2000 atk instead?") is `merge`d into the
previous question's battle.

>>> outcome(battle("my 1800 atk attacks their 1400 atk monster"))
'Your 1800 ATK monster destroys their 1400 ATK monster, and they take 400 battle damage.'
>>> outcome(battle("my 1200 atk monster attacked a face down with 1500 def"))  # doctest: +ELLIPSIS
'Your 1200 ATK monster is lower than their 1500 DEF: neither monster is destroyed (...), and you take 300 ...'
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Literal

Stat = Literal["atk", "def"]
Side = Literal["mine", "theirs", ""]

_VALUE = re.compile(
    r"(?P<pre>\b(?:atk|attack points|def|defen[cs]e(?: points)?)\s*(?:(?:of|was|is|were|at|became|becomes|=|:)\s*)?)?"
    r"\b(?P<n>\d{1,2},\d{3}|\d{2,5})\b"
    r"(?P<post>\s*(?:atk|attack points|def|defen[cs]e(?: points)?)\b)?",
    re.IGNORECASE,
)
_MINE = re.compile(r"\b(?:my|mine|i|ive|i've|me|our)\b", re.IGNORECASE)
_THEIRS = re.compile(r"\b(?:their|theirs|his|her|hers|opponents?|opp'?s?|enemy|they)\b", re.IGNORECASE)
_ATTACKS = re.compile(r"\b(?:attack(?:s|ed|ing)?|swings?|swung|hits?|battles?|into)\b", re.IGNORECASE)
ATTACKED_BY = re.compile(r"\battacked by\b|\bgets? attacked\b|\bwas attacked\b|\bis attacked\b", re.IGNORECASE)
_ATTACKING_VALUE = re.compile(
    r"\s*(?:(?:monster|guy|one|beater|beatstick)\s+)?"
    r"(?:attacks|attacked|attacking|swings|swung|hits|goes into|battles)\b",
    re.IGNORECASE,
)
_FACE_DOWN = re.compile(r"\bface.?down\b|\bset monster\b|\bfacedown\b", re.IGNORECASE)
_DEFENSE_POSITION = re.compile(r"\b(?:def(?:en[cs]e)? (?:position|pos|mode)|in def\b)", re.IGNORECASE)
_ASKS_BATTLE = re.compile(
    r"\b(?:dmg|damage|destroy(?:ed|s)?|dies|die|survive|survives|wins?|loses?|what happens|happens|who|lp|life)\b",
    re.IGNORECASE,
)
MIN_STAT = 100
"""An unlabelled number that attacks ("my 1600 attacks") is read as ATK from this value up."""
SIDE_WINDOW = 28
"""Characters before a value searched for whose monster it is ("their", "my")."""


@dataclass(frozen=True, slots=True)
class Monster:
    """One monster of a described battle."""

    value: int
    stat: Stat
    side: Side
    at: int
    """Where its value was typed."""


@dataclass(frozen=True, slots=True)
class Battle:
    """An attack described with numbers: the attacker, the attack target, and whether the target is face-down."""

    attacker: Monster
    target: Monster
    face_down: bool


def side_of(before: str) -> Side:
    """Whose card a value is, from the words typed just before it: the last "my" or "their" wins."""
    mine = [m.start() for m in _MINE.finditer(before)]
    theirs = [m.start() for m in _THEIRS.finditer(before)]
    if not mine and not theirs:
        return ""
    return "mine" if max(mine, default=-1) > max(theirs, default=-1) else "theirs"


def _values(question: str) -> list[Monster]:
    found: list[Monster] = []
    previous_end = 0
    for match in _VALUE.finditer(question):
        label = (match.group("post") or match.group("pre") or "").strip().lower()
        attacking = (
            _ATTACKING_VALUE.match(question, match.end()) is not None
            or _ATTACK_WITH.search(question, 0, match.start()) is not None  # "i hit it with my 1800"
        )
        if not label and attacking and int(match.group("n").replace(",", "")) >= MIN_STAT:
            label = "atk"  # "my 1600 attacks their face down": the value that attacks is its ATK
        if not label:
            continue
        stat: Stat = "def" if label.startswith("def") else "atk"
        before = question[max(previous_end, match.start() - SIDE_WINDOW) : match.start()]
        previous_end = match.end()
        found.append(Monster(int(match.group("n").replace(",", "")), stat, side_of(before), match.start()))
    return found


def asks_battle(question: str) -> bool:
    """True when `question` has a word a battle question needs (an attack, damage, who wins)."""
    return bool(_ATTACKS.search(question) or _ASKS_BATTLE.search(question))


def battle(question: str) -> Battle | None:
    """The battle `question` describes with two monsters' values, or None when it describes none."""
    monsters = _values(question)
    if len(monsters) != 2 or not asks_battle(question):
        return None
    first, second = monsters
    verb = _ATTACKS.search(question)
    attacked_by = ATTACKED_BY.search(question)
    if attacked_by is not None and first.at < attacked_by.start() < second.at:
        attacker, target = second, first
    elif _ATTACK_WITH.search(question, 0, second.at) is not None:
        attacker, target = second, first  # "opp has a 1000 atk monster, i hit it with my 1800"
    elif verb is not None and first.at < verb.start() < second.at:
        attacker, target = first, second
    elif first.side == "theirs" and second.side == "mine" and attacked_by is not None:
        attacker, target = second, first
    else:
        attacker, target = first, second
    if attacker.stat == "def":
        return None  # a monster attacks with its ATK; a DEF attacker is a question we don't read
    if target.stat == "atk" and _DEFENSE_POSITION.search(question[target.at :]):
        return None  # an Attack value typed for a Defense Position target: its DEF is what battles
    if not attacker.side:
        attacker = replace(attacker, side="theirs" if target.side == "mine" else "mine")
    if not target.side:
        target = replace(target, side="theirs" if attacker.side == "mine" else "mine")
    return Battle(attacker, target, bool(_FACE_DOWN.search(question)))


def described(fight: Battle) -> str:
    """`fight` as a question `battle` reads back the same, kept for the next follow-up.

    >>> described(battle("my 1800 atk monster attacks their face-down 1500 def monster, what happens"))
    'my 1800 atk monster attacks their face-down 1500 def monster, what happens'
    >>> battle(described(battle("their 2000 atk monster attacks my 1200 def monster"))).target.value
    1200
    """

    def side(monster: Monster) -> str:
        return "my" if monster.side == "mine" else "their"

    down = " face-down" if fight.face_down else ""
    return (
        f"{side(fight.attacker)} {fight.attacker.value} atk monster attacks "
        f"{side(fight.target)}{down} {fight.target.value} {fight.target.stat} monster, what happens"
    )


_ATTACKS_IT = re.compile(
    r"\b(?:attacks?|attacked|attacking|swings? (?:at|into)|hits?|into)\s+(?:it|that|him|her)\b", re.IGNORECASE
)


def against_card(question: str, atk: int | None, defence: int | None) -> Battle | None:
    """The battle of "my 1500 atk attacks it in def position" with "it", the card talked about, as the
    target: its DEF in Defense Position or face-down, else its ATK.

    >>> outcome(against_card("so if my 1500 atk attacks it in def position what happens", 1000, 1850))
    'Your 1500 ATK monster is lower than their 1850 DEF: neither monster is destroyed, and you take 350 battle damage.'
    """
    values = _values(question)
    if len(values) != 1 or values[0].stat != "atk" or values[0].side == "theirs" or not _ATTACKS_IT.search(question):
        return None
    in_defence = bool(_DEFENSE_POSITION.search(question) or _FACE_DOWN.search(question))
    value = defence if in_defence else atk
    if value is None:
        return None
    target = Monster(value, "def" if in_defence else "atk", "theirs", len(question))
    return Battle(replace(values[0], side="mine"), target, bool(_FACE_DOWN.search(question)))


def merge(previous: str, follow_up: str) -> Battle | None:
    """The previous question's battle with the value a follow-up changes ("and if theirs has 2000 atk
    instead?"): the monster whose side it names, else the one with the same stat."""
    before = battle(previous)
    changed = _values(follow_up)
    if before is None:
        return None
    if not changed:
        changed = _bare(follow_up, before)
    if len(changed) != 1:
        return None
    new = changed[0]
    if new.side:
        on_attacker = new.side == before.attacker.side
    elif _THE_TARGET.search(follow_up):
        on_attacker = False  # "what if it was 2000 atk (in attack pos)": "it" is the monster attacked
    elif new.stat != before.attacker.stat or new.stat != before.target.stat:
        on_attacker = new.stat == before.attacker.stat and new.stat != before.target.stat
    else:
        return None  # "and if one was 2000 atk?" with two ATK values: which one is unclear
    if on_attacker:
        if new.stat == "def":
            return None
        return replace(before, attacker=replace(before.attacker, value=new.value))
    target = replace(before.target, value=new.value, stat=new.stat)
    return replace(before, target=target, face_down=before.face_down and new.stat == "def")


_BARE = re.compile(r"\b(?P<n>\d{1,2},\d{3}|\d{3,5})\b")
_THE_TARGET = re.compile(r"\b(?:it|it's|its|the target|the defender)\b", re.IGNORECASE)


def _bare(follow_up: str, before: Battle) -> list[Monster]:
    """A value typed without ATK or DEF ("what if theirs had 2500 instead"): it keeps the stat of the
    monster whose side the follow-up names."""
    values = list(_BARE.finditer(follow_up))
    mine, theirs = bool(_MINE.search(follow_up)), bool(_THEIRS.search(follow_up))
    if len(values) != 1 or mine == theirs:
        return []
    side: Side = "mine" if mine else "theirs"
    monster = before.attacker if before.attacker.side == side else before.target
    return [Monster(int(values[0].group("n").replace(",", "")), monster.stat, side, values[0].start())]


def whose(side: Side, capital: bool = False) -> str:
    word = "your" if side == "mine" else "their"
    return word.capitalize() if capital else word


def _who(side: Side) -> str:
    return "you" if side == "mine" else "they"


def outcome(fight: Battle | None) -> str:
    """What happens in `fight`, by the damage-calculation rules, in one or two sentences."""
    if fight is None:
        return ""
    a, t = fight.attacker, fight.target
    mine = f"{whose(a.side, True)} {a.value} ATK monster"
    theirs = f"{whose(t.side)} {t.value} {t.stat.upper()}"
    flipped = " (the face-down monster is flipped face-up)" if fight.face_down else ""
    if t.stat == "atk":
        if a.value > t.value:
            return f"{mine} destroys {theirs} monster, and {_who(t.side)} take {a.value - t.value} battle damage."
        if a.value == t.value:
            return f"{mine} and {theirs} monster destroy each other; nobody takes battle damage."
        return f"{mine} is destroyed by {theirs} monster, and {_who(a.side)} take {t.value - a.value} battle damage."
    if a.value > t.value:
        return f"{mine} destroys {theirs} monster{flipped}; nobody takes battle damage (it was in Defense Position)."
    if a.value == t.value:
        return f"{mine} equals {theirs}: neither monster is destroyed{flipped} and nobody takes battle damage."
    return (
        f"{mine} is lower than {theirs}: neither monster is destroyed{flipped}, "
        f"and {_who(a.side)} take {t.value - a.value} battle damage."
    )


_NO_DEFENDERS = re.compile(
    r"\b(?:no|zero|0|without|empty)\s+(?:\w+\s+){0,2}?(?:monsters?|field|board|blockers?)\b|\bdirect(?:ly)?\b"
    r"|\bempty (?:field|board)\b|\b(?:field|board) is empty\b",
    re.IGNORECASE,
)
_ATTACK_WITH = re.compile(
    r"\b(?:attack(?:s|ed|ing)?|hit(?:s|ting)?|swing(?:s|ing)?|swung)\s+(?:(?:into\s+|at\s+)?(?:it|that|him|them|directly|in)\s+)?"
    r"(?:with|w/?)\s+(?:my|a|an|the|their|his|her)?\s*$",
    re.I,
)
"""Words before a value that attacks ("i hit it with my 1800", "i attack w my 1700 guy")."""


def direct_attack(question: str) -> int | None:
    """The ATK of a monster attacking directly ("they got no monsters and i attack with my 2500 guy").

    >>> direct_attack("they got no monsters on the field and i attack with my 2500 guy")
    2500
    >>> direct_attack("i attack directly with a 1800 atk monster")
    1800
    """
    if not _NO_DEFENDERS.search(question):
        return None
    values = _values(question)  # a value typed after "attack with my" is its ATK
    atk = [v for v in values if v.stat == "atk"]
    return atk[0].value if len(values) == 1 and atk else None


_THEIR_LP = re.compile(
    r"\b(?:opp\w*|they|their|he|she|his|her|enemy)(?:'?s| is| are|'re| has| have| got| at)?\s+"
    r"(?:(?:at|on|has|have|got|only|lp|life(?: points)?)\s+){0,3}(?P<n>\d{1,2},\d{3}|\d{2,5})\b(?!\s*(?:atk|def))",
    re.IGNORECASE,
)


def life_points_left(question: str) -> int | None:
    """The opponent's Life Points a question states ("opp is at 3000", "they have 2400 lp left").

    >>> life_points_left("opp is at 3000 and has no monsters. i attack w my 1700 guy, what is he at after")
    3000
    >>> life_points_left("they have a 1500 atk monster") is None
    True
    """
    found = _THEIR_LP.search(question)
    return int(found.group("n").replace(",", "")) if found is not None else None


def direct_outcome(atk: int | None, life_points: int | None = None) -> str:
    """What a direct attack with `atk` does (and the opponent's Life Points after it, when given).

    >>> direct_outcome(1700, 3000)
    'With no monster to block it, your 1700 ATK monster attacks directly: your opponent takes 1700 damage \
(Direct Damage), from 3000 down to 1300 Life Points.'
    >>> direct_outcome(2500, 2000).endswith("from 2000 down to 0 Life Points: they lose the Duel.")
    True
    """
    if atk is None:
        return ""
    opening = f"With no monster to block it, your {atk} ATK monster attacks directly: your opponent takes {atk} damage"
    if life_points is None:
        return f"{opening} (Direct Damage), losing {atk} Life Points."
    left = max(0, life_points - atk)
    ending = ": they lose the Duel." if left == 0 else "."
    return f"{opening} (Direct Damage), from {life_points} down to {left} Life Points{ending}"
