"""An Inazuma Eleven character's SP through a situation told over several messages, with the super
techniques and abilities played on it.

"starting kevin dragonfly sp?" then "hes my kicker and i play rolling kick": 400, +200 from his own
Striker text as the kicker, +300 from Rolling Kick ("your kicker gets +300 SP") = 900. Each step says
where it comes from. Only cards the situation names and conditions it states are applied; a card whose
text doesn't reach this character (a goalkeeper's technique on a kicker) is named as not applying.

>>> from rulesdocs.cardnames import card
>>> kevin = card("inazuma", "Kevin Dragonfly")
>>> print(tally("kevin dragonfly is my kicker and i play rolling kick", kevin, [card("inazuma", "Rolling Kick")]))
As your kicker, with Rolling Kick: 400 + 200 (its text: +200 SP while he is your kicker) + 300 (Rolling Kick: \
your kicker gets +300 SP) = 900 SP.
>>> print(tally("opp is shooting at mark evans and i play pressure punch", card("inazuma", "Mark Evans"),
...             [card("inazuma", "Pressure Punch")]))
With Pressure Punch: 500 + 300 (Pressure Punch: your goalkeeper gets +300 SP) = 800 SP.
>>> print(tally("i discard nathan swift to wild claw", card("inazuma", "Charlie Boardfield"),
...             [card("inazuma", "Nathan Swift")]))
With Wild Claw, discarding Nathan Swift: 500 + 100 (Wild Claw: SP equal to Nathan Swift's AP) = 600 SP.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Collection
from typing import TYPE_CHECKING

from rulesdocs import cardnames, cardstat, understand
from rulesdocs.cardstat import Step

if TYPE_CHECKING:
    from cards.pool import CardDef

PLAYERS = frozenset({"reserve", "starting", "goalkeeper"})

_KICKER_GETS = re.compile(r"\bYour kicker gets \+(\d+) SP\b")
_KEEPER_GETS = re.compile(r"\bYour goalkeeper gets \+(\d+) SP\b")
_CHOSEN_GETS = re.compile(
    r"\bChoose (?:a|one of your) (?:participating )?characters?(?: of yours)?(?: on the field)?: \+(\d+) SP"
    r"(?:, or \+(\d+) SP instead if you have scored fewer goals)?",
    re.IGNORECASE,
)
_EACH_OF_KIND = re.compile(r"\bEach of your (\w+) characters gets \+(\d+) SP\b")
_ADDS_DISCARDED = re.compile(r"\bdiscard an? (\w+) reserve character to add its SP to your kicker's SP\b", re.I)
_ABILITY = re.compile(
    r"(?P<name>[A-Z][\w' ]+?) — [^.]*phase\. (?:Cost: [^.]+\. )?(?:[A-Z][\w ]+ gets )?\+(?P<n>\d+) SP"
    r"(?:, or \+(?P<behind>\d+) SP if you have scored fewer goals)?"
)
_ABILITY_NAME = re.compile(r"(?:^|\. )(?P<name>[A-Z][\w' ]+?) — ")
"""An ability's printed name ("Wild Claw — Shooting phase. …")."""
_GAINS_AP = re.compile(
    r"(?P<name>[A-Z][\w' ]+?) — [^.]*\. Cost: discard a reserve character\. Gains SP equal to its AP"
)
_DISCARDS = re.compile(r"\b(?:discard\w*|pitch\w*|toss\w*|dump\w*)\b", re.IGNORECASE)
_BEHIND = re.compile(r"\b(?:behind|down|losing|fewer goals|less goals|trailing)\b", re.IGNORECASE)
_USES = re.compile(r"\b(?:abilit(?:y|ies)|uses?|using|activat\w*)\b", re.IGNORECASE)
"""A character's ability applies when the situation says it is used ("then jude uses his discard ability")."""
_ATTACKS = re.compile(r"\battack\w*\b", re.IGNORECASE)


def _said(name: str, situation: str) -> bool:
    words = re.findall(r"[a-z]+", name.lower())
    said = re.findall(r"[a-z]+", situation.lower())
    return any(said[i : i + len(words)] == words for i in range(len(said) - len(words) + 1))


def _own_ability_steps(situation: str, focus: CardDef) -> list[Step]:
    """Abilities printed on the focus character that the situation names ("with fire tornado")."""
    steps = []
    for found in _ABILITY.finditer(focus.text):
        name = found["name"].strip()
        if _said(name, situation):
            amount = int(found["behind"]) if found["behind"] and _BEHIND.search(situation) else int(found["n"])
            steps.append(Step(f"with {name}", amount, f"({name}: +{amount} SP)"))
    return steps


def _played_steps(situation: str, focus: CardDef, played: CardDef, others: list[CardDef]) -> list[Step]:
    """What `played` (a technique, or another character's ability) does to the focus character's SP."""
    text, name = played.text, played.name
    keeper = focus.type.lower() == "goalkeeper"
    steps = []
    kicker = _KICKER_GETS.search(text)
    if kicker and not keeper:
        steps.append(Step(f"with {name}", int(kicker[1]), f"({name}: your kicker gets +{kicker[1]} SP)"))
    guard = _KEEPER_GETS.search(text)
    if guard and keeper:
        steps.append(Step(f"with {name}", int(guard[1]), f"({name}: your goalkeeper gets +{guard[1]} SP)"))
    chosen = _CHOSEN_GETS.search(text)
    if chosen and not keeper:
        amount = int(chosen[2]) if chosen[2] and _BEHIND.search(situation) else int(chosen[1])
        steps.append(Step(f"with {name}", amount, f"({name}: +{amount} SP to a character of yours)"))
    each = _EACH_OF_KIND.search(text)
    if each and str(focus.stats.get("attribute", "")).lower() == each[1].lower():
        steps.append(Step(f"with {name}'s ability", int(each[2]), f"({name}: each {each[1]} character +{each[2]})"))
    adds = _ADDS_DISCARDED.search(text)
    if adds and not keeper:
        for other in others:
            position = str(other.stats.get("position", "")).lower()
            sp = other.stats.get("sp")
            if other.type.lower() == "reserve" and position == adds[1].lower() and isinstance(sp, int):
                why = f"({name}: the discarded {other.name}'s SP)"
                steps.append(Step(f"with {name}, discarding {other.name}", sp, why))
                break
    return steps


def _teammates_attacking(situation: str, focus: CardDef, others: list[CardDef]) -> list[Step]:
    """The focus character's "+N SP for each other <attribute> character of yours that is attacking",
    counted from the characters the situation names as attacking with it."""
    found = re.search(r"gets \+(\d+) SP for each other (\w+) character of yours that is attacking", focus.text)
    if found is None or not _ATTACKS.search(situation):
        return []
    fellows = [c for c in others if c.type.lower() in PLAYERS and str(c.stats.get("attribute", "")) == found[2]]
    if not fellows:
        return []
    amount = int(found[1]) * len(fellows)
    listed = ", ".join(c.name for c in fellows)
    why = f"(its text: +{found[1]} SP for each other {found[2]} character attacking: {listed})"
    plural = "s" if len(fellows) > 1 else ""
    return [Step(f"attacking with {len(fellows)} other {found[2]} character{plural}", amount, why)]


def tally(situation: str, focus: CardDef, named: list[CardDef]) -> str | None:
    """The focus character's SP in `situation` with the `named` cards played, or None when nothing the
    situation states changes its printed SP (or it is no Inazuma character)."""
    if focus.game != "inazuma" or focus.type.lower() not in PLAYERS:
        return None
    found = cardstat.situation(situation, focus, ["sp"])
    if found is None:
        return None
    others = [c for c in named if c.name != focus.name]
    extra = _own_ability_steps(situation, focus) + _teammates_attacking(situation, focus, others)
    wild = _GAINS_AP.search(focus.text)
    if wild and _DISCARDS.search(situation):
        for other in others:
            ap = other.stats.get("ap")
            if other.type.lower() == "reserve" and isinstance(ap, int):
                why = f"({wild['name']}: SP equal to {other.name}'s AP)"
                extra.append(Step(f"with {wild['name']}, discarding {other.name}", ap, why))
                break
    for played in others:
        if played.type.lower() == "technique" or (_EACH_OF_KIND.search(played.text) and _USES.search(situation)):
            extra += _played_steps(situation, focus, played, others)
    if not (found.steps or found.situations or extra):
        return None
    return found.told(extra)


_ASKS_SP = re.compile(
    r"\b(?:f?sp|total|power|how (?:much|strong)|what(?:'?s| is) (?:he|she|it|\w+) at|at now|ends? up)\b", re.I
)
_SITUATION = re.compile(
    r"\b(?:play\w*|use[sd]?|using|with|plus|add\w*|discard\w*|pitch\w*|toss\w*|stack\w*|fired[\s-]?up|kick\w*|"
    r"shoot\w*|attack\w*|defend\w*|abilit\w*|if)\b",
    re.IGNORECASE,
)
"""Words that put the character in a situation or play a card on it."""
_THAT_CARD = re.compile(r"\b(?:it|that|this one|that one)\b", re.IGNORECASE)


def follow(
    question: str,
    mentioned: CardDef | None,
    qtype: str,
    before: tuple[str, str, bool] | None,
    common: Collection[str] = (),
) -> tuple[CardDef, str, str] | None:
    """The SP a message works out for an Inazuma character: the one talked about before (`before`: its
    name, the situation told so far, and whether that was worked out here) or the character named
    beside a technique. Returns the character, the whole situation and the sentence, or None when the
    message changes no SP or asks something else (a yes/no, why, when, how to)."""
    if qtype in understand.NOT_WORKED_OUT or (mentioned is not None and mentioned.game != "inazuma"):
        return None
    named = cardnames.named_cards(question, "inazuma", common)
    players = [c for c in named if c.type.lower() in PLAYERS]
    prior = cardnames.card("inazuma", before[0]) if before is not None else None
    if prior is not None and prior.type.lower() == "technique":  # "my kicker is at 500 and i discard nathan swift"
        stated = _on_stated(question, prior, named)
        if stated is not None:
            return stated
        if players and _THAT_CARD.search(question):  # "kevin is my kicker and i play it"
            named = [*named, prior]
        prior = None
    focus, carried = None, ""
    if prior is not None and prior.type.lower() in PLAYERS:
        _, situation, worked = before or ("", "", False)
        own_ability = any(_said(m["name"].strip(), question) for m in _ABILITY_NAME.finditer(prior.text))
        if worked or own_ability or not players or any(c.name == prior.name for c in players):
            focus = next((c for c in players if c.name == prior.name), None) or cardnames.version_asked(
                situation, prior
            )
            earlier = cardstat.situation(situation, focus, ["sp"])
            carried = situation if worked or (earlier is not None and (earlier.steps or earlier.situations)) else ""
    if focus is None:
        played = any(c.type.lower() == "technique" for c in named) or _USES.search(question)
        if not players or len(named) < 2 or not played:  # no card played: the card's stat answer works it out
            return None
        focus = players[0]
    if not (_ASKS_SP.search(question) or _SITUATION.search(question)):
        return None  # "even a super technique like pressure punch?" names a card, plays none
    if tally(question, focus, named) is None and not (carried and _ASKS_SP.search(question)):
        return None
    whole = f"{carried} {question}".strip()
    every = cardnames.named_cards(whole, "inazuma", common)
    told = tally(whole, focus, every + [c for c in named if all(c.name != e.name for e in every)])
    return (focus, whole, told) if told is not None else None


_STATED = re.compile(
    r"\b(?P<who>kicker|striker|shooter|keeper|goalie|gk|goalkeeper)\b\D{0,20}?\b(?P<sp>\d{3,4})\b", re.IGNORECASE
)


def _on_stated(question: str, technique: CardDef, named: list[CardDef]) -> tuple[CardDef, str, str] | None:
    """A technique talked about, played on a kicker or goalkeeper whose SP the message states."""
    stated = _STATED.search(question)
    if stated is None or not _SITUATION.search(question):
        return None
    keeper = stated["who"].lower() in ("keeper", "goalie", "gk", "goalkeeper")
    role = "goalkeeper" if keeper else "kicker"
    base = int(stated["sp"])
    stand_in = dataclasses.replace(technique, type="goalkeeper" if keeper else "starting", text="", stats={"sp": base})
    steps = _played_steps(question, stand_in, technique, [c for c in named if c.name != technique.name])
    if not steps:
        return None
    told = cardstat.Situation("sp", base, str(base), [f"your {role} at {base}"], []).told(steps)
    return technique, question, told
