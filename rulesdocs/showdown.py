"""A Naruto CCG showdown described with numbers, worked out by the battle rules.

A blocked battle compares the two Teams' Power: a difference of 1 to 4 is a Victory (the losing
Head Ninja takes 1 damage), 5 or more an Outstanding Victory (the losing Head Ninja takes 2, each
losing Support Ninja 1), a tie damages both Head Ninjas by 1. An unblocked Team takes a Battle
Reward (Power 4 or less: the top card of the opponent's Deck) or an Outstanding Battle Reward
(Power 5 or more: the top 2 cards).

>>> print(outcome(read("blocked fight, my team is 7 and theirs is 5, what happens")))
Team Power 7 against 5: your Team wins by 2, a Victory. Their Head Ninja takes 1 damage; their \
Support Ninjas take none.
>>> print(outcome(merge(described(read("my team is 7 and theirs is 5, who wins")), "and if its 8 vs 3")))
Team Power 8 against 3: your Team wins by 5, an Outstanding Victory. Their Head Ninja takes 2 damage \
and each of their Support Ninjas takes 1.
>>> print(outcome(read("my team isnt blocked and has 4 power, how many rewards")))
An unblocked Team with Power 4 wins a Battle Reward: the top card of the opponent's Deck goes face \
down to its Battle Rewards (4 or less gives 1 card, 5 or more gives 2).
>>> print(outcome(merge(described(read("my team isnt blocked and has 4 power")), "what if its 5")))
An unblocked Team with Power 5 wins an Outstanding Battle Reward: the top 2 cards of the opponent's \
Deck go face down to its Battle Rewards.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

_UNBLOCKED = re.compile(
    r"\b(?:unblocked|not (?:get(?:ting)? )?blocked|(?:isnt|isn't|wasnt|wasn't|aint|doesnt|doesn't|didnt|didn't|"
    r"dont|don't|never|cant|can't|cannot)\s+(?:get\s+|be\s+)?block(?:ed)?|no (?:one|body) blocks?|nobody blocks?|"
    r"no block(?:er|s)?|goes? through|gets? through|they (?:dont|don't|didnt|didn't) block)\b",
    re.I,
)
_BLOCKED = re.compile(r"\b(?:block(?:ed|s|ing)?|blocker)\b", re.I)
_BATTLE = re.compile(
    r"\b(?:power|team\w*|block\w*|vs|versus|against|battle|fight|showdown|clash|attack\w*)\b",
    re.I,
)
_NUMBER = re.compile(r"(?<![\w.+/-])(\d{1,2})(?!\s*(?:/|\+|%|\d))(?:\s+(\w+))?", re.I)
_NOT_POWER = re.compile(
    r"^(?:damage|dmg|cards?|rewards?|br|brs|battle|chakra|turns?|ninjas?|teams?|supports?|heads?|players?|copies|combat|"
    r"jutsus?|missions?|times?|symbols?|entrance|hand|x)$",
    re.I,
)
_COUNTS_TEAMS = re.compile(r"\s+(?:(?!power\b|pow\b|pwr\b)\w+\s+){0,3}?teams?\b", re.I)
_BEFORE_NOT_POWER = re.compile(r"\b(?:turn|indicator|entrance|cost|level|lvl|draw|take|takes|deal|deals)\s*$", re.I)
_MINE = re.compile(r"\b(?:my|mine|i|i'm|im|me|our|ours|we)\b", re.I)
_THEIRS = re.compile(r"\b(?:their|theirs|they|opp\w*|enemy|enemies|his|her|the other)\b", re.I)


@dataclass(frozen=True, slots=True)
class Showdown:
    """A battle's Team Powers: `mine` and `theirs` (whose is unknown when `sided` is False); an
    unblocked battle has no `theirs`."""

    mine: int
    theirs: int | None
    sided: bool


def _powers(text: str) -> list[tuple[int, int]]:
    """(position, value) of the numbers in `text` that can be a Team's Power."""
    found = []
    for match in _NUMBER.finditer(text):
        after = match.group(2) or ""
        if _NOT_POWER.match(after) or _BEFORE_NOT_POWER.search(text[: match.start()]):
            continue
        if _COUNTS_TEAMS.match(text[match.end(1) :]):  # "attacked with 1 big team", "2 of my teams": counts
            continue
        found.append((match.start(), int(match.group(1))))
    return found


def _owner(text: str, at: int, start: int) -> str | None:
    """ "mine" or "theirs" for the number at `at`, from the nearest owner word before it (after `start`)."""
    window = text[start:at]
    mine = [m.end() for m in _MINE.finditer(window)]
    theirs = [m.end() for m in _THEIRS.finditer(window)]
    if not mine and not theirs:
        return None
    return "mine" if max(mine, default=-1) > max(theirs, default=-1) else "theirs"


def read(question: str) -> Showdown | None:
    """The showdown `question` describes (two Powers of a blocked battle, or one unblocked Team's), or None."""
    if not _BATTLE.search(question):
        return None
    powers = _powers(question)
    if _UNBLOCKED.search(question):
        return Showdown(powers[0][1], None, True) if len(powers) == 1 else None
    if len(powers) != 2:
        return None
    (first_at, first), (second_at, second) = powers
    owners = (_owner(question, first_at, 0), _owner(question, second_at, first_at))
    if owners[0] == "theirs" or (owners[0] is None and owners[1] == "mine"):
        return Showdown(second, first, True)
    return Showdown(first, second, owners != (None, None))


def merge(previous: str, follow_up: str) -> Showdown | None:
    """The previous question's showdown with what a follow-up changes: both Powers ("and if its 8 vs
    3"), one side's ("what if theirs was 6"), the only Power of an unblocked Team ("what if its 5"),
    the blocking ("what if it wasn't blocked"), or a blocking Team's Power after an unblocked one ("and
    if they blocked it with a 3 power team")."""
    before = read(previous)
    if before is None:
        return None
    powers = _powers(follow_up)
    if _UNBLOCKED.search(follow_up):
        return Showdown(powers[0][1] if len(powers) == 1 else before.mine, None, True)
    if len(powers) == 2:
        own = read(f"{follow_up} power") or read(follow_up)
        if own is None:
            return None
        return own if own.sided else replace(own, sided=before.sided)
    if len(powers) != 1:
        return None
    value = powers[0][1]
    if before.theirs is None and _BLOCKED.search(follow_up):  # "and if they blocked it with a 3 power team"
        return Showdown(before.mine, value, True)
    if before.theirs is None:
        return replace(before, mine=value)
    owner = _owner(follow_up, powers[0][0], 0)
    if owner == "mine":
        return replace(before, mine=value)
    if owner == "theirs":
        return replace(before, theirs=value)
    return None  # "what if its 6" after two Powers: which one is unclear


def described(showdown: Showdown) -> str:
    """`showdown` as a question `read` reads back the same, kept for the next follow-up."""
    if showdown.theirs is None:
        return f"my team is unblocked with {showdown.mine} power"
    if showdown.sided:
        return f"my team has {showdown.mine} power against their {showdown.theirs} power"
    return f"team power {showdown.mine} vs {showdown.theirs}"


def outcome(showdown: Showdown | None) -> str:
    """What the battle gives: the Battle Reward of an unblocked Team, or the blocked battle's damage."""
    if showdown is None:
        return ""
    if showdown.theirs is None:
        if showdown.mine <= 4:
            return (
                f"An unblocked Team with Power {showdown.mine} wins a Battle Reward: the top card of the "
                "opponent's Deck goes face down to its Battle Rewards (4 or less gives 1 card, 5 or more gives 2)."
            )
        return (
            f"An unblocked Team with Power {showdown.mine} wins an Outstanding Battle Reward: the top 2 cards "
            "of the opponent's Deck go face down to its Battle Rewards."
        )
    mine, theirs = showdown.mine, showdown.theirs
    said = f"Team Power {mine} against {theirs}:"
    if mine == theirs:
        return f"{said} a tie, so both Head Ninjas take 1 damage and no Support Ninja is damaged."
    difference = abs(mine - theirs)
    if showdown.sided:
        winner, loser = ("your Team", "Their") if mine > theirs else ("their Team", "Your")
    else:
        winner, loser = f"the Team with {max(mine, theirs)}", "The losing Team's"
    losing = loser.lower() if loser != "The losing Team's" else "its"
    if difference <= 4:
        return (
            f"{said} {winner} wins by {difference}, a Victory. {loser} Head Ninja takes 1 damage; "
            f"{losing} Support Ninjas take none."
        )
    return (
        f"{said} {winner} wins by {difference}, an Outstanding Victory. {loser} Head Ninja takes 2 damage "
        f"and each of {losing} Support Ninjas takes 1."
    )
