"""A card's stat in the situation a question describes: fired up, as the kicker, attacking or defending,
against several attackers, next to other characters of a team or attribute.

"nathan swift fired up and they attack with 2 guys. whats his sp" is not asking for the printed 200:
fired up he uses his FSP (500), and his text gives +300 while 2 or more opposing characters attack, so
800. Each step names where it comes from (the fired-up rule, the card's own text), so a player can check
it. Only what the question states is applied; a condition it doesn't mention is left out.

>>> from rulesdocs.cardnames import card
>>> situated("nathan swift fired up and they attack with 2 guys. whats his sp", card("inazuma", "Nathan Swift"), ["sp"])
'Fired up, with 2 opposing characters attacking: 500 (FSP, used while fired up) + 300 (its text: while 2 or more \
opposing characters are attacking) = 800 SP.'
>>> situated("starting kevin dragonfly sp when hes the kicker?", card("inazuma", "Kevin Dragonfly"), ["sp"])
'As your kicker: 400 + 200 (its text: +200 SP while he is your kicker) = 600 SP.'
>>> situated("maxwell carson with 3 other raimon guys on the field, whats his sp",
...     card("inazuma", "Maxwell Carson"), ["sp"])
'With 3 other Raimon characters: 200 + 300 (its text: +100 SP for each other Raimon character) = 500 SP.'
>>> situated("whats maxwell carsons sp", card("inazuma", "Maxwell Carson"), ["sp"]) is None
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rulesdocs.text import count

if TYPE_CHECKING:
    from cards.pool import CardDef

_COUNT = r"(\d|one|two|three|four|five|six)"

_WHILE = re.compile(
    r"([+-]\d+) (SP|AP|ATK|DEF) while (?:he is |she is |it is )?(?:your )?(kicker|attacking|defending)\b", re.I
)
_CONDITION_WORDS = {
    "kicker": re.compile(r"\b(?:kicker|kicks|kicking|shoots|shooting|shot|striker)\b", re.IGNORECASE),
    "attacking": re.compile(r"\b(?:attack(?:s|ing)?|dribbl\w*)\b", re.IGNORECASE),
    "defending": re.compile(r"\b(?:defend(?:s|ing)?|defence|defense|blocks?|blocking)\b", re.IGNORECASE),
}
_AGAINST = re.compile(r"while (\d) or more opposing characters are attacking, [^.]*? has ([+-]\d+) (SP)", re.IGNORECASE)
_ATTACKERS = re.compile(
    r"\b(?:attack(?:s|ing)? (?:me |us |him |her )?with|attacked (?:me |us )?(?:by|with)|send(?:s|ing)? (?:in )?|"
    r"com(?:e|es|ing) (?:at|after) (?:him|her|me|us|it) with)\s*"
    + _COUNT
    + r"\b|\b"
    + _COUNT
    + r" (?:of (?:their|them|the opp\w*)\s+)?(?:\w+ )?(?:guys?|characters?|chars?|players?|attackers?|opponents?)"
    r"(?: \w+){0,2} (?:are |r )?attack|\b(?:vs\.?|versus|against) " + _COUNT + r" (?:attackers?|attacking)"
    r"|\b" + _COUNT + r" of them (?:are |r )?attack",
    re.IGNORECASE,
)
_EACH_OTHER = re.compile(r"([+-]\d+) (SP) for each other (\w+) character", re.IGNORECASE)
_OTHERS = re.compile(r"\b" + _COUNT + r" other (\w+)", re.IGNORECASE)
_FIRED = re.compile(r"\bfired[\s-]?up\b|\bstacked\b|\bfsp\b", re.IGNORECASE)
_NOT_FIRED = re.compile(r"\b(?:not|isn.?t|is not|aint|without being|un)[\s-]?(?:yet |been )?fired[\s-]?up\b", re.I)


@dataclass(frozen=True, slots=True)
class Step:
    """One change to the printed stat: the situation that causes it, the amount and where it comes from."""

    situation: str
    amount: int
    why: str


def _attackers(question: str) -> int | None:
    """How many opposing characters attack, as the question says ("they attack with 2", "vs 3 attackers")."""
    said = list(_ATTACKERS.finditer(question))  # the last said: "…with 2" then "what if only 1 attacks"
    return count(next(g for g in said[-1].groups() if g)) if said else None


@dataclass(frozen=True, slots=True)
class Situation:
    """A stat worked out for a situation: the base (printed, or fired up), the situations named and the
    steps that change it."""

    stat: str
    base: int
    base_part: str
    situations: list[str]
    steps: list[Step]

    def told(self, extra: list[Step] | None = None) -> str:
        """The sentence: situations, then base + each step = total."""
        steps = [*self.steps, *(extra or [])]
        situations = self.situations + [s.situation for s in steps if s.situation not in self.situations]
        counted = [step for step in steps if step.amount]
        total = max(0, self.base + sum(step.amount for step in counted))
        parts = [self.base_part] + [f"{'+' if s.amount > 0 else '-'} {abs(s.amount)} {s.why}" for s in counted]
        parts += [
            f"(unchanged: {s.why[1:-1].replace('its text: ', 'its text applies only ')})" for s in steps if not s.amount
        ]
        lead = ", ".join(situations)
        label = self.stat.upper() if len(self.stat) <= 3 else self.stat.capitalize()
        return f"{lead[:1].upper()}{lead[1:]}: {' '.join(parts)} = {total} {label}."


def situation(question: str, card: CardDef, keys: list[str]) -> Situation | None:
    """The stat asked, its base and the steps the situation `question` states (possibly none), or None
    when the card has no such stat."""
    stat = next((key for key in keys if isinstance(card.stats.get(key), int) and "f" + key in card.stats), None)
    stat = stat or (keys[0] if len(keys) == 1 and isinstance(card.stats.get(keys[0]), int) else None)
    if stat is None:
        return None
    base = int(card.stats[stat])
    situations: list[str] = []
    fired = card.stats.get("f" + stat)
    base_part = str(base)
    if _FIRED.search(question) and not _NOT_FIRED.search(question) and isinstance(fired, int):
        base, base_part = fired, f"{fired} (F{stat.upper()}, used while fired up)"
        situations.append("fired up")
    steps = [*_while_steps(question, card, stat), *_against_steps(question, card, stat)]
    steps += _each_other_steps(question, card, stat) + _sent_to_attack_steps(question, card, stat)
    return Situation(stat, base, base_part, situations, steps)


def situated(question: str, card: CardDef, keys: list[str]) -> str | None:
    """The stat asked worked out for the situation `question` states, or None when it states none
    that the card's stats or text change."""
    found = situation(question, card, keys)
    if found is None or not (found.steps or found.situations):
        return None
    return found.told()


def _while_steps(question: str, card: CardDef, stat: str) -> list[Step]:
    steps = []
    for found in _WHILE.finditer(card.text):
        condition = found.group(3).lower()
        said = next(reversed(list(_CONDITION_WORDS[condition].finditer(question))), None)  # the last said
        if found.group(2).lower() == stat and said is not None:
            situation = "as your kicker" if condition == "kicker" else f"while {condition}"
            if _NOT_YET.search(question[: said.start()]):  # "before hes the kicker": not yet
                situation = "not yet your kicker" if condition == "kicker" else f"not {condition}"
                steps.append(Step(situation, 0, f"(its text: {found.group(0)})"))
                continue
            steps.append(Step(situation, int(found.group(1)), f"(its text: {found.group(0)})"))
    return steps


_NOT_YET = re.compile(r"\b(?:before|until|not|isn.?t|is not|aint|without)\b(?:\s+\S+){0,3}\s*$", re.IGNORECASE)
"""A condition said as not (yet) met: "before hes the kicker", "when hes not attacking"."""


def _against_steps(question: str, card: CardDef, stat: str) -> list[Step]:
    found = _AGAINST.search(card.text)
    attackers = _attackers(question)
    if found is None or attackers is None or found.group(3).lower() != stat:
        return []
    needed = int(found.group(1))
    amount = int(found.group(2)) if attackers >= needed else 0  # fewer attackers: the text doesn't apply
    why = f"(its text: while {needed} or more opposing characters are attacking)"
    plural = "character" if attackers == 1 else "characters"
    return [Step(f"with {attackers} opposing {plural} attacking", amount, why)]


_SENT_TO_ATTACK = re.compile(
    r"When this Ninja's Team is sent out to attack, this Ninja gets \+(\d+)/\+(\d+)", re.IGNORECASE
)
_ATTACKS_ASKED = re.compile(
    r"\b(?:attack(?:s|ing)?|swing\w*|goes in|sent out to attack|on (?:the|an|my) attack|going in)\b", re.I
)
_BLOCKS_OR_HURT = re.compile(r"\b(?:block\w*|defend\w*|injured|hurt)\b", re.IGNORECASE)


def _sent_to_attack_steps(question: str, card: CardDef, stat: str) -> list[Step]:
    """A Naruto Ninja's "+C/+S when its Team is sent out to attack" ("choji's combat when he goes in on an attack")."""
    found = _SENT_TO_ATTACK.search(card.text)
    if found is None or stat not in ("combat", "support") or not _ATTACKS_ASKED.search(question):
        return []
    if _BLOCKS_OR_HURT.search(question):
        return []
    amount = int(found.group(1) if stat == "combat" else found.group(2))
    if not amount:
        return []
    return [
        Step("sent out to attack", amount, f"(its text: +{found.group(1)}/+{found.group(2)} when its Team attacks)")
    ]


def _each_other_steps(question: str, card: CardDef, stat: str) -> list[Step]:
    found = _EACH_OTHER.search(card.text)
    if found is None or found.group(2).lower() != stat:
        return []
    label = found.group(3)
    for asked in reversed(list(_OTHERS.finditer(question))):  # the last said: "what if i had 4 other raimon guys"
        if asked.group(2).lower().rstrip("s") == label.lower().rstrip("s"):
            others = count(asked.group(1))
            why = f"(its text: {found.group(1)} SP for each other {label} character)"
            return [Step(f"with {others} other {label} characters", int(found.group(1)) * others, why)]
    return []


_ASKS_BONUS = re.compile(
    r"\b(?:bonus|boost|buff|dribbler|striker|defender|extra sp|more sp)\b|[+-]\s?\d+"
    r"|\bget (?:his|her|its|the) (?:sp|\+)|\b(?:get|gets|getting) (?:anything|something|any(?: extra)?)\b",
    re.IGNORECASE,
)
_SIDE_ASKED = {
    "attacking": re.compile(r"\b(?:attack(?:s|ing)?|on my (?:own )?turn|during my (?:own )?turn)\b", re.IGNORECASE),
    "defending": re.compile(
        r"\b(?:defend(?:s|ing)?|defen[cs]e|block(?:s|ing)?|on (?:my )?(?:opp\w*|their|the other player'?s?) turn)\b",
        re.IGNORECASE,
    ),
}


_TURN_SIDE = re.compile(r"\bturn\b", re.IGNORECASE)


def bonus_verdict(question: str, card: CardDef) -> str | None:
    """Yes or No to "does X get his bonus when ..." from the card's "+N SP while attacking/defending",
    when the question names one side of the attack (attacking or on your own turn; defending or on the
    opponent's turn), else None.

    >>> from rulesdocs.cardnames import card
    >>> bonus_verdict("they only attack with 1 guy, does he still get the -200", card("inazuma", "Jack Wallside"))
    'No: its text gives -200 SP only while 2 or more opposing characters are attacking.'
    >>> bonus_verdict("does trainee playmaker get his +100 when defending", card("inazuma", "Trainee Playmaker"))
    'No: its text gives +100 SP only while attacking, and defending is the other side of the attack.'
    >>> bonus_verdict("does tim saunders get the dribbler bonus on my turn", card("inazuma", "Tim Saunders"))
    'Yes, on your own turn: its text gives +200 SP while he is attacking.'
    >>> bonus_verdict("does he get his dribbler bonus on their turn", card("inazuma", "Tim Saunders"))
    "No: its text gives +200 SP only while attacking, and on your opponent's turn you defend."
    """
    if not _ASKS_BONUS.search(question):
        return None
    against, count = _AGAINST.search(card.text), _attackers(question)
    if against is not None and count is not None:  # "opp only attacks with 1 guy, does X still get the -200"
        needed = int(against.group(1))
        change = f"{against.group(2)} {against.group(3)}"
        if count >= needed:
            return f"Yes: its text gives {change} while {needed} or more opposing characters are attacking."
        return f"No: its text gives {change} only while {needed} or more opposing characters are attacking."
    for found in _WHILE.finditer(card.text):
        condition = found.group(3).lower()
        if condition not in _SIDE_ASKED:
            continue
        asked = [side for side, pattern in _SIDE_ASKED.items() if pattern.search(question)]
        if len(asked) != 1:
            return None
        turn = _TURN_SIDE.search(question)
        side = (
            ("on your opponent's turn you defend" if asked[0] == "defending" else "on your own turn you attack")
            if turn is not None
            else f"{asked[0]} is the other side of the attack"
        )
        if asked[0] == condition:
            lead = f"Yes, {side.split(' you ')[0]}" if turn is not None else f"Yes, while {condition}"
            return f"{lead}: its text gives {found.group(0)}."
        return f"No: its text gives {found.group(1)} {found.group(2)} only while {condition}, and {side}."
    return None


_ON_TURN = re.compile(r"\b(?:on|in|during|by)\s+(?:turn|trn)\s*(\d)\b|\bturn\s*(\d)\b", re.IGNORECASE)
_USE = re.compile(r"\b(?:play|use|move|cast|bring|put|activate|field|run)\w*\b", re.IGNORECASE)


def level_verdict(question: str, card: CardDef) -> str | None:
    """Yes or No to playing an Inazuma super technique (or moving a reserve character to the field) on
    the turn the question names: a card's level may not be higher than the turn number.

    >>> from rulesdocs.cardnames import card
    >>> level_verdict("can i play it on turn 1?", card("inazuma", "Pressure Punch"))
    'Yes: Pressure Punch is level 1, and a card can be used once the turn number is at least its level.'
    >>> level_verdict("can i use twin boost on turn 2", card("inazuma", "Twin Boost"))
    'No: Twin Boost is level 3, higher than turn 2; it can be used from turn 3 on.'
    """
    level = card.stats.get("level")
    turn = _ON_TURN.search(question)
    if not isinstance(level, int) or turn is None or not _USE.search(question) or card.type not in _LEVELLED:
        return None
    number = int(turn.group(1) or turn.group(2))
    if level <= number:
        return f"Yes: {card.name} is level {level}, and a card can be used once the turn number is at least its level."
    return f"No: {card.name} is level {level}, higher than turn {number}; it can be used from turn {level} on."


_LEVELLED = frozenset({"technique", "reserve"})

_PHASE_ASKED = re.compile(
    r"\b(strategy|attack|shooting|shoot|end)(?:ing)?\s+phase\b|\b(?:during|in|on|for) (?:the |a |my |their )?(shot)\b",
    re.IGNORECASE,
)
_ON_ONE = re.compile(r"\bon (?:my|his|her|their|the|a|an|opp\w*'?s?) \w+", re.IGNORECASE)
"""A card named with what it goes on ("illusion ball on my kicker during the shot?"): a use asked."""
_PHASE_PRINTED = re.compile(r"\b(Strategy|Attack|Shooting|End) phase\.", re.IGNORECASE)


def phase_verdict(question: str, card: CardDef) -> str | None:
    """No to using an Inazuma card in a phase its text is not marked for ("Shooting phase. Your
    goalkeeper gets +300 SP."); in its own phase, whatever else the question asks decides it.

    >>> from rulesdocs.cardnames import card
    >>> punch = card("inazuma", "Pressure Punch")
    >>> phase_verdict("can i play pressure punch in the attack phase to pump my defenders", punch)
    'No, by its text: Pressure Punch is used only in the shooting phase, not the attack phase.'
    >>> phase_verdict("can i use it twice in the shooting phase", punch) is None
    True
    >>> phase_verdict("illusion ball on my kicker during the shot?", card("inazuma", "Illusion Ball"))
    'No, by its text: Illusion Ball is used only in the attack phase, not the shooting phase.'
    """
    asked = _PHASE_ASKED.search(question)
    printed = sorted({found.group(1).lower() for found in _PHASE_PRINTED.finditer(card.text)})
    used = _USE.search(question) or _ON_ONE.search(question)
    if card.game != "inazuma" or asked is None or not printed or not used:
        return None
    said = (asked.group(1) or asked.group(2)).lower()
    phase = "shooting" if said in ("shoot", "shot") else said
    if phase in printed:
        return None  # the right phase: whatever else the question asks decides it
    marked = " or ".join(f"the {p} phase" for p in printed)
    return f"No, by its text: {card.name} is used only in {marked}, not the {phase} phase."
