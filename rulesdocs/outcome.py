"""Yes or No to a yes/no question about a battle worked out: "does that still defeat it?", "goal?",
"do they lose any lp?", "does my guy survive?".

The calculators (`calc`, `colorfight`, `shot`) state what happens in plain words: which monster is
destroyed, whether the defender is defeated, who takes how much damage, whether the shot is a goal.
A yes/no question asks one of those outcomes of one side; its Yes or No is read from the statement.
Nothing is said when the question asks something the statement doesn't settle.

>>> verdict("my red 5 into their red 5, its equal, does that still defeat it?",
...         "Your attacker's red 5 against their defender's red 5: equal or higher, so the defender is defeated.")
'Yes'
>>> verdict("do they lose any lp?", "Your 1700 ATK monster destroys their 1200 DEF monster; nobody takes damage.")
'No'
>>> verdict("kicker 500 gk 600, i flip a lvl 3 opp flips a lvl 1, goal?", "The kicker's SP is higher: a goal.")
'Yes'
>>> verdict("does my monster survive", "Your 1500 ATK monster is destroyed by their 1800 ATK monster.")
'No'
>>> verdict("what happens", "a goal") is None
True
"""

from __future__ import annotations

import re

_GOAL_ASKED = re.compile(r"\b(?:goal|score[sd]?|scoring|go(?:es)? in)\b", re.IGNORECASE)
_GOAL = re.compile(r"\ba goal\b", re.IGNORECASE)
_NO_GOAL = re.compile(r"\bno goal\b|\bsaved?\b|\bstops the shot\b|\bgoalkeeper'?s sp is higher\b", re.IGNORECASE)
_DAMAGE_ASKED = re.compile(
    r"\b(?P<who>i|you|they|he|she|opp\w*|my opponent|the attacker|the defender)\s+(?:still\s+)?"
    r"(?:take|takes|lose|loses|get hit for)\s+(?:any\s+)?(?:lp|life|life points|damage|dmg|battle damage)\b",
    re.IGNORECASE,
)
_TAKES = re.compile(r"\b(?P<who>you|they|your opponent)\s+(?:take|takes)\s+(?P<n>\d+)", re.IGNORECASE)
_NOBODY = re.compile(r"\bnobody takes\b|\bno (?:battle )?damage\b", re.IGNORECASE)
_FALLS = re.compile(r"\b(?:defeat(?:s|ed)?|destroy(?:s|ed)?|die[sd]?|dying|kill(?:s|ed)?|gone|lose it)\b", re.I)
_STANDS = re.compile(r"\b(?:survive[sd]?|live[sd]?|lives|safe|stay(?:s)? alive|make it)\b", re.IGNORECASE)
_MINE = re.compile(r"\b(?:my|mine|i)\b", re.IGNORECASE)
_THEIRS = re.compile(r"\b(?:it|its|their|theirs|them|him|opp\w*|the defender|gensai|that)\b", re.IGNORECASE)


def _said(yes: bool) -> str:
    return "Yes" if yes else "No"


def _fallen(told: str, side: str) -> bool | None:
    """Whether the worked statement says `side`'s card ("mine" or "theirs") is destroyed or defeated,
    or None when it doesn't say."""
    text = told.lower()
    if "destroy each other" in text:
        return True
    if "neither monster is destroyed" in text:
        return False
    owner = {"your": "mine", "their": "theirs"}
    defender = re.search(r"\b(your|their) defender's\b", text)  # an Inuyasha attack: only a defender falls
    if defender is not None and "defender is" in text:
        return side == owner[defender.group(1)] and "defender is not defeated" not in text
    destroyed = re.search(r"\bdestroys (your|their)\b", text) or re.search(
        r"^\s*(your|their) [^.;:]*\bis destroyed by\b", text
    )
    return side == owner[destroyed.group(1)] if destroyed is not None else None


_DISCARD_ASKED = re.compile(r"\b(?:do|does|will|would|must|have to|gotta|need to|should)\b.{0,25}\bdiscard", re.I)
_DISCARDS_NOTHING = re.compile(r"\bdiscards? nothing\b", re.I)
_DISCARDS_SOME = re.compile(r"\bdiscards? \d+\b", re.I)


def verdict(question: str, told: str) -> str | None:
    """ "Yes" or "No" for the outcome the yes/no `question` asks, from the worked statement `told`.

    >>> verdict("opp also has 9 in hand rn, do they discard too", "your opponent discards nothing: only…")
    'No'
    >>> verdict("i have 8 cards at end of my turn, do i have to discard", "you discard 2 of your choice")
    'Yes'
    """
    if _DISCARD_ASKED.search(question) and (_DISCARDS_NOTHING.search(told) or _DISCARDS_SOME.search(told)):
        return _said(_DISCARDS_SOME.search(told) is not None)
    if _GOAL_ASKED.search(question) and (_GOAL.search(told) or _NO_GOAL.search(told)):
        return _said(bool(_GOAL.search(told)) and not _NO_GOAL.search(told))
    damage = _DAMAGE_ASKED.search(question)
    if damage is not None:
        who = damage.group("who").lower()
        side = "you" if who in ("i", "the attacker") else "they"
        if _NOBODY.search(told) and not _TAKES.search(told):
            return "No"
        took = {m.group("who").lower().replace("your opponent", "they") for m in _TAKES.finditer(told)}
        return _said(side in took) if took else None
    falls, stands = _FALLS.search(question), _STANDS.search(question)
    if bool(falls) == bool(stands):
        return None
    verb = falls or stands
    assert verb is not None
    before, after = question[: verb.start()], question[verb.end() :]
    subject_mine = bool(_MINE.search(before[-25:])) and not _THEIRS.search(before[-12:])
    side = "mine" if (subject_mine and stands) or (falls and _MINE.search(after[:20])) else "theirs"
    if falls and subject_mine and not _THEIRS.search(after[:20]):
        side = "mine"  # "does my monster die"
    fallen = _fallen(told, side)
    if fallen is None:
        return None
    return _said(fallen if falls else not fallen)
