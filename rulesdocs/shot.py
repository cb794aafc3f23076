"""An Inazuma Eleven shot described with numbers, worked out by the last-chance rule.

In the shooting phase each player flips the top card of their deck: the attacker adds 100 x its
level to the kicker's SP, the defender the same to the goalkeeper's; higher kicker SP scores, higher
goalkeeper SP stops the shot, a tie repeats the last chance.

>>> shot = read("my kicker has 600 and their keeper 500, i flip a lvl 1 and they flip a lvl 3, do i score")
>>> print(outcome(shot))
Your kicker: 600 + 100 (level 1 flip) = 700 SP; the goalkeeper: 500 + 300 (level 3 flip) = 800 SP. The \
goalkeeper's SP is higher: the shot is stopped.
>>> print(outcome(merge(described(shot), "what if i had flipped a lvl 2 instead")))
Your kicker: 600 + 200 (level 2 flip) = 800 SP; the goalkeeper: 500 + 300 (level 3 flip) = 800 SP. A tie: \
both flip again (repeat the last chance) and compare until one side is higher.
>>> outcome(read("my kicker has 500 sp and i flip a lvl 2 card for last chance, whats my total"))
'Your kicker: 500 + 200 (level 2 flip) = 700 SP.'
>>> print(outcome(read("shot is 700 vs 700 after last chance, who wins")))
Your kicker: 700 SP after the last chance; the goalkeeper: 700 SP after the last chance. A tie: both flip \
again (repeat the last chance) and compare until one side is higher.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from rulesdocs.text import number

_KICKER = re.compile(
    r"\b(?:kicker|striker|shooter|my (?:fw|forward|guy|character|player))\b\D{0,25}?\b(\d{3,4})\b", re.I
)
_KEEPER = re.compile(r"\b(?:keeper|goalie|gk|goalkeeper)\b\D{0,25}?\b(\d{3,4})\b", re.I)
_MY_FLIP = re.compile(
    r"\b(?:i|my kicker|my side)\s+(?:\w+\s+){0,2}?(?:flip|flips|flipped|reveal|revealed)\s+(?:a\s+|over\s+a\s+)?"
    r"(?:(?:lvl|level|lv|l)\s*)?([1-6])\b(?!\s*(?:sp|fsp|ap)\b)",
    re.I,
)
_THEIR_FLIP = re.compile(
    r"\b(?:they|their \w+|the (?:goalie|keeper|goalkeeper|defender)|goalie|keeper|opp\w*)\s+(?:\w+\s+){0,2}?"
    r"(?:flip|flips|flipped|reveal|reveals|revealed)\s+(?:a\s+|over\s+a\s+)?(?:(?:lvl|level|lv|l)\s*)?([1-6])\b"
    r"(?!\s*(?:sp|fsp|ap)\b)",
    re.I,
)
_SHOT_WORDS = re.compile(r"\b(?:flip\w*|last chance|kicker|keeper|goalie|goalkeeper|shot|score)\b", re.I)
_BARE_LEVEL = re.compile(r"\b(?:lvl|level|lv)\s*(\d)\b", re.I)
_AFTER_FLIPS = re.compile(r"\bafter (?:the |our |both )?(?:last chance|flips?|flipping)\b", re.I)
_VERSUS = re.compile(r"\b(\d{3,4})\s*(?:vs\.?|v|versus|against|to)\s*(\d{3,4})\b", re.I)


@dataclass(frozen=True, slots=True)
class Shot:
    """The numbers of a shot: SP before the last chance and the flipped levels (None when not given)."""

    kicker: int | None
    keeper: int | None
    kicker_flip: int | None
    keeper_flip: int | None

    @property
    def worked(self) -> bool:
        """Enough numbers to work something out: a side's SP with its flip."""
        return (self.kicker is not None and self.kicker_flip is not None) or (
            self.keeper is not None and self.keeper_flip is not None
        )


def read(question: str) -> Shot | None:
    """The shot `question` describes, or None when it gives no SP with a flipped level."""
    if not _SHOT_WORDS.search(question):
        return None
    shot = Shot(
        number(_KICKER, question),
        number(_KEEPER, question),
        number(_MY_FLIP, question),
        number(_THEIR_FLIP, question),
    )
    if not shot.worked and _AFTER_FLIPS.search(question):  # "shot is 700 vs 700 after last chance": totals
        versus = _VERSUS.search(question)
        kicker, keeper = (int(versus[1]), int(versus[2])) if versus else (shot.kicker, shot.keeper)
        if kicker is not None and keeper is not None:
            return Shot(kicker, keeper, 0, 0)
    return shot if shot.worked else None


def merge(previous: str, follow_up: str) -> Shot | None:
    """The previous question's shot with the flip a follow-up changes ("what if i had flipped a lvl 2
    instead", "and if the goalie flips a lvl 2?"); a bare level changes the only flip given before."""
    before = read(previous)
    if before is None:
        return None
    mine, theirs = number(_MY_FLIP, follow_up), number(_THEIR_FLIP, follow_up)
    if mine is None and theirs is None:
        bare = number(_BARE_LEVEL, follow_up)
        if bare is None or (before.kicker_flip is not None) == (before.keeper_flip is not None):
            return None
        mine, theirs = (bare, None) if before.kicker_flip is not None else (None, bare)
    changed = replace(
        before,
        kicker_flip=mine if mine is not None else before.kicker_flip,
        keeper_flip=theirs if theirs is not None else before.keeper_flip,
    )
    return changed if changed.worked else None


def described(shot: Shot) -> str:
    """`shot` as a question `read` reads back the same, kept for the next follow-up."""
    parts = []
    if shot.kicker is not None:
        parts.append(f"my kicker has {shot.kicker}")
    if shot.keeper is not None:
        parts.append(f"their keeper {shot.keeper}")
    if shot.kicker_flip is not None:
        parts.append(f"i flip a lvl {shot.kicker_flip}")
    if shot.keeper_flip is not None:
        parts.append(f"they flip a lvl {shot.keeper_flip}")
    return ", ".join(parts)


def _side(name: str, sp: int | None, level: int | None) -> tuple[str, int | None]:
    if sp is None:
        return "", None
    if level is None:
        return f"{name}: {sp} SP (no flip given)", sp
    if level == 0:  # a total given after the last chance
        return f"{name}: {sp} SP after the last chance", sp
    total = sp + 100 * level
    return f"{name}: {sp} + {100 * level} (level {level} flip) = {total} SP", total


def outcome(shot: Shot | None) -> str:
    """Each side's total after the last chance and, with both, who wins the shot."""
    if shot is None:
        return ""
    kicker, attack = _side("Your kicker", shot.kicker, shot.kicker_flip)
    keeper, defence = _side("the goalkeeper", shot.keeper, shot.keeper_flip)
    said = "; ".join(part for part in (kicker, keeper) if part)
    said = said[:1].upper() + said[1:] + "."
    if attack is None or defence is None or shot.kicker_flip is None or shot.keeper_flip is None:
        return said
    if attack > defence:
        return f"{said} The kicker's SP is higher: a goal."
    if defence > attack:
        return f"{said} The goalkeeper's SP is higher: the shot is stopped."
    return f"{said} A tie: both flip again (repeat the last chance) and compare until one side is higher."
