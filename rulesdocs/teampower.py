"""A Naruto Team named by its Ninjas, its Power worked out from their printed values.

A Team's Power is its Head Ninja's Combat plus each Support Ninja's Support, injured Ninjas using their
injured values. "so asuma leading with shino and tenten behind him, whats that come to" names the Head
(the Ninja that leads, or the first named) and the Supports; "what if he was hurt" injures the Head.

>>> team = read("asuma leading with shino and tenten behind him, whats that come to")
>>> print(outcome(team))
Asuma Sarutobi as Head (Combat 5) + Shino Aburame (Support 1) + Tenten (Support 1) = Team Power 7.
>>> print(outcome(merge(described(team), "what if he was hurt")))
Asuma Sarutobi as Head (injured Combat 3) + Shino Aburame (Support 1) + Tenten (Support 1) = Team Power 5.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from rulesdocs import cardnames

MAX_TEAM = 3
"""A Team has at most 3 Ninjas."""
_ASKS_POWER = re.compile(r"\b(?:power|come to|comes to|total|how strong|add up|adds up)\b", re.IGNORECASE)
_LEADS = re.compile(r"\b(?:lead\w*|as (?:the )?head|head ninja|is head|up front|in front)\b", re.IGNORECASE)
_HURT = re.compile(r"\b(?:hurt|injured|damaged|sideways|turned)\b", re.IGNORECASE)
_INJURED_BEFORE = re.compile(r"\b(?:injured|hurt|damaged)\s*$", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Member:
    """A Ninja of the Team, and whether it is injured."""

    name: str
    injured: bool = False


@dataclass(frozen=True, slots=True)
class Team:
    """The Head Ninja and the Support Ninjas."""

    head: Member
    supports: tuple[Member, ...]


def _named(question: str) -> list[tuple[int, str]]:
    """The Naruto Ninjas named in `question`, each with where its name starts, in typed order."""
    words = cardnames.words_of(question)
    found: list[tuple[int, str]] = []
    rest = list(words)
    for _ in range(MAX_TEAM):
        mention = cardnames.lookup(" ".join(rest), "naruto")
        if mention is None or not mention.words or any(name == mention.name for _, name in found):
            break
        card = cardnames.card("naruto", mention.name)
        size = len(mention.words)
        at = next((i for i in range(len(rest) - size + 1) if tuple(rest[i : i + size]) == mention.words), None)
        if card is None or card.type != "Ninja" or at is None:
            break
        found.append((at, mention.name))
        rest[at : at + size] = ["_"] * size
    return sorted(found)


def read(question: str) -> Team | None:
    """The Team `question` names (2 or 3 Ninjas) when it asks for its Power, or None."""
    if not _ASKS_POWER.search(question):
        return None
    named = _named(question)
    if len(named) < 2:
        return None
    words = cardnames.words_of(question)
    head = 0
    for index, (at, _) in enumerate(named):
        after = " ".join(words[at : at + 6])
        if _LEADS.search(after):
            head = index
            break
    members = [Member(name, _INJURED_BEFORE.search(" ".join(words[:at])) is not None) for at, name in named]
    return Team(members[head], tuple(m for i, m in enumerate(members) if i != head))


def merge(previous: str, follow_up: str) -> Team | None:
    """The previous question's Team with the Head injured ("what if he was hurt")."""
    before = read(previous)
    if before is None or not _HURT.search(follow_up) or cardnames.lookup(follow_up, "naruto") is not None:
        return None
    return replace(before, head=replace(before.head, injured=True))


def described(team: Team) -> str:
    """`team` as a question `read` reads back the same, kept for the next follow-up."""

    def typed(member: Member) -> str:
        return f"{'injured ' if member.injured else ''}{member.name}"

    supports = " and ".join(typed(m) for m in team.supports)
    return f"{typed(team.head)} leading with {supports}, whats the team power"


def _value(member: Member, stat: str) -> int | None:
    card = cardnames.card("naruto", member.name)
    value = card.stats.get(f"injured_{stat}" if member.injured else stat) if card is not None else None
    return value if isinstance(value, int) else None


def outcome(team: Team | None) -> str:
    """Each Ninja's value and the Team's Power, or "" when a value isn't printed."""
    if team is None:
        return ""
    combat = _value(team.head, "combat")
    supports = [(m, _value(m, "support")) for m in team.supports]
    if combat is None or any(v is None for _, v in supports):
        return ""
    hurt = "injured " if team.head.injured else ""
    parts = [f"{team.head.name} as Head ({hurt}Combat {combat})"]
    parts += [f"{m.name} ({'injured ' if m.injured else ''}Support {v})" for m, v in supports]
    total = combat + sum(v for _, v in supports if v is not None)
    return f"{' + '.join(parts)} = Team Power {total}."
