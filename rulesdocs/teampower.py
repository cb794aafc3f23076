"""A Naruto Team named by its Ninjas, its Power worked out from their printed values.

A Team's Power is its Head Ninja's Combat plus each Support Ninja's Support, injured Ninjas using their
injured values. "so asuma leading with shino and tenten behind him, whats that come to" names the Head
(the Ninja that leads, or the first named) and the Supports; "what if he was hurt" injures the Head.

>>> team = read("asuma leading with shino and tenten behind him, whats that come to")
>>> print(outcome(team))
Asuma Sarutobi as Head (Combat 5) + Shino Aburame (Support 1) + Tenten (Support 1) = Team Power 7.
>>> print(outcome(merge(described(team), "what if he was hurt")))
Asuma Sarutobi as Head (injured Combat 3) + Shino Aburame (Support 1) + Tenten (Support 1) = Team Power 5.

Values typed as Combat/Support work the same way:

>>> print(from_values("team power calc: head is 5/3 and the support is 1/1, whats the total?"))
Head Ninja's Combat 5 + the Support Ninja's Support 1 = Team Power 6 (a Head adds its Combat, a Support its Support).
>>> print(from_values("head 4/2, supports 2/3 and 1/2, total power?"))  # doctest: +NORMALIZE_WHITESPACE
Head Ninja's Combat 4 + the Support Ninjas' Support 3 + 2 = Team Power 9
(a Head adds its Combat, a Support its Support).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from rulesdocs import cardnames

MAX_TEAM = 3
"""A Team has at most 3 Ninjas."""
_ASKS_POWER = re.compile(
    r"\b(?:power|come to|comes to|total|how strong|add up|adds up)\b"
    # one member's share: "how much support does guy add", "whats gai's support value then"
    r"|\b(?:support|combat)\b.{0,30}\b(?:add|adds|give|gives|bring|brings|contribute\w*|value|worth)\b"
    r"|\b(?:add|adds|give|gives|bring|brings)\b.{0,30}\b(?:support|combat)\b",
    re.IGNORECASE,
)
_LEADS = re.compile(
    r"^\W*(?:lead\w*|as (?:the )?head|head ninja|is (?:the )?head|heads?|heading|up front|in front)\b",
    re.IGNORECASE,
)
"""Said right after a Ninja's name ("neji heads", "rock lee as head", "asuma leading"): that Ninja is the Head."""
_BACKS = re.compile(r"^\W*(?:as (?:a |the )?support\w*|supports?|supporting|behind|backing)\b", re.IGNORECASE)
"""Said right after a Ninja's name ("guy as support", "guy supporting"): that Ninja is not the Head."""
_BARE_GUY = re.compile(
    r"(?<!\bmight )(?<!\bmy )(?<!\ba )(?<!\bthe )(?<!\bur )(?<!\byour )(?<!\btheir )(?<!\bthat )(?<!\bthis )(?<!\bone )"
    r"(?<!\bother )(?<!\bsome )(?<!\bany )(?<!\beach )\b(?:guy|gai)(?:'?s)?\b"
    r"(?=\s+(?:support\w*|is|as|heads?|heading|lead\w*|behind|adds?|gives?|injured|hurt)\b|\s*[,?]|\s*$)",
    re.IGNORECASE,
)
"""Might Guy called by his name alone inside a Team ("neji heads and guy supports", "gai supporting rock
lee"), never "my guy"."""
_HURT = re.compile(r"\b(?:hurt|injured|damaged|sideways|turned)\b", re.IGNORECASE)
_INJURED_BEFORE = re.compile(r"\b(?:injured|hurt|damaged)\s*$", re.IGNORECASE)


_PAIR = r"(-?\d{1,2})\s*/\s*(-?\d{1,2})"
_HEAD_VALUES = re.compile(r"\bhead\w*\b[^/\d]{0,20}" + _PAIR, re.IGNORECASE)
_SUPPORT_VALUES = re.compile(
    r"\b(?:supports?|the others?|the rest|other two|other 2|others)\b[^/\d]{0,20}"
    + _PAIR
    + r"(?:\s*(?:,|and|&|\+)\s*"
    + _PAIR
    + r")?",
    re.I,
)


def from_values(question: str) -> str | None:
    """The Power of a Team whose Head and Supports are typed as Combat/Support values ("head is 5/3 and the
    support is 1/1", "head is 5/1, the others are 2/3 and 1/2"), or None when the question asks no Power
    or types no such values.

    >>> from_values("head is 5/1, the others are 2/3 and 1/2. team power?")[:65]
    "Head Ninja's Combat 5 + the Support Ninjas' Support 3 + 2 = Team "
    """
    if not _ASKS_POWER.search(question):
        return None
    head, supports = _HEAD_VALUES.search(question), _SUPPORT_VALUES.search(question)
    if head is None or supports is None:
        return _from_named_values(question)
    combat = int(head.group(1))
    values = [int(supports.group(2))] + ([int(supports.group(4))] if supports.group(4) else [])
    return _told(combat, values)


_HEAD_COMBAT = re.compile(r"\bhead\w*\b[^\d/]{0,20}?(\d{1,2})\s*combat\b", re.IGNORECASE)
_SUPPORTS_SUPPORT = re.compile(
    r"\bsupports?\b[^\d/]{0,20}?(\d{1,2})(?:\s*(?:,|and|&|\+)\s*(\d{1,2}))?(?:\s*(?:,|and|&|\+)\s*(\d{1,2}))?"
    r"\s*support\b",
    re.IGNORECASE,
)


def _from_named_values(question: str) -> str | None:
    """ "head has 4 combat and my two supports have 1 and 2 support": the values named by stat."""
    head, supports = _HEAD_COMBAT.search(question), _SUPPORTS_SUPPORT.search(question)
    if head is None or supports is None or re.match(r"\s*each\b", question[supports.end() :]):
        return None  # "1 support each": as many as there are Supports, a count read elsewhere
    return _told(int(head.group(1)), [int(v) for v in supports.groups() if v is not None])


def _told(combat: int, values: list[int]) -> str:
    whose = "the Support Ninja's Support" if len(values) == 1 else "the Support Ninjas' Support"
    listed = " + ".join(str(v) for v in values)
    total = combat + sum(values)
    return (
        f"Head Ninja's Combat {combat} + {whose} {listed} = Team Power {total} "
        "(a Head adds its Combat, a Support its Support)."
    )


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
    attacking: bool = False
    """The question says the Team is sent out to attack (not blocking)."""


def _words(question: str) -> list[str]:
    """The folded words of `question`, Might Guy's bare name ("guy", "gai") read as his full one."""
    return cardnames.words_of(_BARE_GUY.sub("might guy", question))


def _named(words: list[str]) -> list[tuple[int, str, int]]:
    """The Naruto Ninjas named in a question's folded `words`, each with where its name starts and how
    many words it takes, in typed order."""
    found: list[tuple[int, str, int]] = []
    rest = list(words)
    for _ in range(MAX_TEAM):
        mention = cardnames.lookup(" ".join(rest), "naruto")
        if mention is None or not mention.words or any(name == mention.name for _, name, _ in found):
            break
        card = cardnames.card("naruto", mention.name)
        size = len(mention.words)
        at = next((i for i in range(len(rest) - size + 1) if tuple(rest[i : i + size]) == mention.words), None)
        if card is None or card.type != "Ninja" or at is None:
            break
        found.append((at, mention.name, size))
        rest[at : at + size] = ["_"] * size
    return sorted(found)


def read(question: str) -> Team | None:
    """The Team `question` names (2 or 3 Ninjas) when it asks for its Power, or None."""
    if not _ASKS_POWER.search(question):
        return None
    words = _words(question)
    named = _named(words)
    if len(named) < 2:
        return None
    after = [" ".join(words[at + size : at + size + 4]) for at, _, size in named]
    leading = [i for i, said in enumerate(after) if _LEADS.search(said)]
    backing = [i for i, said in enumerate(after) if _BACKS.search(said)]
    head = leading[0] if leading else next((i for i in range(len(named)) if i not in backing), 0)
    members = [Member(name, _INJURED_BEFORE.search(" ".join(words[:at])) is not None) for at, name, _ in named]
    attacking = _SENT_TO_ATTACK.search(question) is not None and _BLOCKING.search(question) is None
    return Team(members[head], tuple(m for i, m in enumerate(members) if i != head), attacking)


def merge(previous: str, follow_up: str) -> Team | None:
    """The previous question's Team with the Head injured ("what if he was hurt"), or the member the
    follow-up names ("and if guy is injured?")."""
    before = read(previous)
    if before is None or not _HURT.search(follow_up):
        return None
    named = [name for _, name, _ in _named(_words(follow_up))]
    if not named:
        return replace(before, head=replace(before.head, injured=True))
    if len(named) > 1 or named[0] not in {m.name for m in (before.head, *before.supports)}:
        return None  # another Ninja: not this Team
    hurt = named[0]
    if before.head.name == hurt:
        return replace(before, head=replace(before.head, injured=True))
    return replace(before, supports=tuple(replace(m, injured=True) if m.name == hurt else m for m in before.supports))


def described(team: Team) -> str:
    """`team` as a question `read` reads back the same, kept for the next follow-up."""

    def typed(member: Member) -> str:
        return f"{'injured ' if member.injured else ''}{member.name}"

    supports = " and ".join(typed(m) for m in team.supports)
    attacking = " and they attack" if team.attacking else ""
    return f"{typed(team.head)} leading with {supports}{attacking}, whats the team power"


def _value(member: Member, stat: str) -> int | None:
    card = cardnames.card("naruto", member.name)
    value = card.stats.get(f"injured_{stat}" if member.injured else stat) if card is not None else None
    return value if isinstance(value, int) else None


_HEAD_IS = re.compile(
    r'While the Head Ninja of this Ninja\'s Team is an? "(\w+)" with the (\w+) attribute, this Ninja gets '
    r"\+(\d)/\+(\d)",
    re.IGNORECASE,
)
_SENT_WITH_HEAD = re.compile(
    r'Team is sent out with an? "(\w+)" Head Ninja, this Ninja gets \+(\d)/\+(\d)', re.IGNORECASE
)
_TEAM_HAS_BOTH = re.compile(
    r'sent out in a Team that includes a Ninja with both "(\w+)" and "(\w+)", it gets \+(\d)/\+(\d)', re.IGNORECASE
)
_TEAM_HAS = re.compile(r'sent out in a Team that includes an? "(\w+)" Ninja, it gets \+(\d)/\+(\d)', re.IGNORECASE)
_ATTACK_BONUS = re.compile(r"When this Ninja's Team is sent out to attack, this Ninja gets \+(\d)/\+(\d)", re.I)
_SENT_TO_ATTACK = re.compile(r"\b(?:attack(?:s|ing)?|swing\w*|goes in|go in|sent out to attack)\b", re.IGNORECASE)
_BLOCKING = re.compile(r"\b(?:block\w*|defend\w*)\b", re.IGNORECASE)
_EACH_WITH_BOTH = re.compile(r'each Ninja of that Team with both "(\w+)" and "(\w+)" gets \+(\d)/\+(\d)', re.IGNORECASE)


def _traits(name: str) -> set[str]:
    card = cardnames.card("naruto", name)
    if card is None:
        return set()
    attribute = card.stats.get("attribute")
    return {t.lower() for t in card.tags} | ({str(attribute).lower()} if attribute else set())


def _active(member: Member) -> str:
    """The text of `member` that works now: a healthy Ninja's effect, or a Valid one's even injured."""
    card = cardnames.card("naruto", member.name)
    text = card.text if card is not None else ""
    return text if not member.injured or text.lower().startswith("valid") else ""


def bonuses(team: Team) -> dict[str, tuple[int, int, str]]:
    """The +Combat/+Support each Ninja of `team` gets from texts that look at the Team's make-up
    (Might Guy behind a Taijutsu Genin Head, Kakashi's Leaf Genin), by name, with the reason."""
    members = [team.head, *team.supports]
    out: dict[str, tuple[int, int, str]] = {}

    def add(name: str, combat: int, support: int, why: str) -> None:
        before = out.get(name, (0, 0, ""))
        out[name] = (before[0] + combat, before[1] + support, f"{before[2]}; {why}".strip("; "))

    for member in members:
        text, others = _active(member), [m for m in members if m is not member]
        head = _traits(team.head.name)
        found = _HEAD_IS.search(text)
        if found and member is not team.head and {found[1].lower(), found[2].lower()} <= head:
            add(member.name, int(found[3]), int(found[4]), f"its text: Head is a {found[1]} with {found[2]}")
        if (found := _SENT_WITH_HEAD.search(text)) and member is not team.head and found[1].lower() in head:
            add(member.name, int(found[2]), int(found[3]), f"its text: a {found[1]} Head")
        if (found := _TEAM_HAS_BOTH.search(text)) and any(
            {found[1].lower(), found[2].lower()} <= _traits(m.name) for m in others
        ):
            add(member.name, int(found[3]), int(found[4]), f"its text: a {found[1]} {found[2]} teammate")
        if (found := _TEAM_HAS.search(text)) and any(found[1].lower() in _traits(m.name) for m in others):
            add(member.name, int(found[2]), int(found[3]), f"its text: an {found[1]} teammate")
        if team.attacking and (found := _ATTACK_BONUS.search(text)):
            add(member.name, int(found[1]), int(found[2]), "its text: when its Team is sent out to attack")
        if found := _EACH_WITH_BOTH.search(text):
            for m in members:
                if {found[1].lower(), found[2].lower()} <= _traits(m.name):
                    add(m.name, int(found[3]), int(found[4]), f"{member.name}'s text: {found[1]} {found[2]}")
    return out


def outcome(team: Team | None) -> str:
    """Each Ninja's value and the Team's Power, or "" when a value isn't printed; a Team-make-up bonus
    from a card's text is added with its reason.

    >>> print(outcome(read("rock lee leading with might guy, whats the team power")))
    Rock Lee as Head (Combat 3) + Might Guy (Support 0 + 4, its text: Head is a Genin with Taijutsu) = Team Power 7.
    >>> print(outcome(merge("neji heads and guy supports, whats the team power", "and if guy is injured?")))
    ... # doctest: +NORMALIZE_WHITESPACE
    Neji Hyuga as Head (Combat 3) + Might Guy (injured Support 0; its +4 is off while injured, its effect not being
    Valid) = Team Power 3.
    """
    if team is None:
        return ""
    combat = _value(team.head, "combat")
    supports = [(m, _value(m, "support")) for m in team.supports]
    if combat is None or any(v is None for _, v in supports):
        return ""
    extra = bonuses(team)
    healthy = bonuses(Team(replace(team.head, injured=False), tuple(replace(m, injured=False) for m in team.supports)))

    def shown(member: Member, label: str, value: int, index: int) -> tuple[str, int]:
        combat_bonus, support_bonus, why = extra.get(member.name, (0, 0, ""))
        added = combat_bonus if index == 0 else support_bonus
        hurt = "injured " if member.injured else ""
        lost = healthy.get(member.name, (0, 0, ""))[index]
        if not added and member.injured and lost and member.name not in extra:
            return f"{hurt}{label} {value}; its +{lost} is off while injured, its effect not being Valid", value
        if not added:
            return f"{hurt}{label} {value}", value
        return f"{hurt}{label} {value} + {added}, {why}", value + added

    head_text, total = shown(team.head, "Combat", combat, 0)
    parts = [f"{team.head.name} as Head ({head_text})"]
    for member, value in supports:
        text, added = shown(member, "Support", value or 0, 1)
        parts.append(f"{member.name} ({text})")
        total += added
    return f"{' + '.join(parts)} = Team Power {total}."
