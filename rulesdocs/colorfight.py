"""An Inuyasha attack a player describes with numbers, worked out by the attack rule.

The attacker and the defender compare their values in the attack color: equal or higher defeats the
defender and steals a shard. Aggressive (the attacker's) and Defensive (the defender's) add the deck
cost of the card discarded for them to that value, for that attack only.

>>> print(color_outcome(color_attack("my red 5 attacks their red 6")))
Your attacker's red 5 against their defender's red 6: lower, so nothing happens: the defender is not \
defeated and no shard is stolen.
>>> print(color_outcome(color_attack("my red 5 attacks their red 6, i discard a 2 cost card for aggressive")))
Your attacker's red 5 + 2 (Aggressive) = 7 against their defender's red 6: equal or higher, so the \
defender is defeated and the attacker steals 1 shard.
>>> before = described(color_attack("my red 7 attacks their red 2"))
>>> print(color_outcome(merge_color(before, "they pitch a 3 cost card for defensive")))
Your attacker's red 7 against their defender's red 2 + 3 (Defensive) = 5: equal or higher, so the \
defender is defeated and the attacker steals 1 shard.
>>> defended = described(merge_color(before, "they use defensive with a 3 cost"))
>>> print(described(merge_color(defended, "what if it was a 6 cost instead")))
my red 7 attacks their red 2, they discard a 6 cost card for defensive

A named card with Aggressive or Defensive, its value worked out for the card discarded:

>>> from rulesdocs.cardnames import card
>>> print(card_boost("raiga swings in red and i pitch a 3 cost card. whats his red now",
...     card("inuyasha", "Raiga, Half-Demon Wanderer")))
Attacking in red with Aggressive: red 7 + 3 (the discarded card's deck cost) = red 10, for this attack only.
>>> print(card_boost("hana gets attacked in blue, i discard a 2 cost, what's her blue",
...     card("inuyasha", "Hana, Shrine Archer")))
Attacked in blue with Defensive: blue 4 + 2 (the discarded card's deck cost) = blue 6, for this attack only.
>>> print(card_boost("raiga is attacked in red and i discard a 3 cost", card("inuyasha", "Raiga, Half-Demon Wanderer")))
None
>>> asked = "raiga half-demon wanderer attacks with red and i discard rampage path for aggressive. how much red"
>>> print(card_boost(asked, card("inuyasha", "Raiga, Half-Demon Wanderer"), discarded_card(asked)))
Attacking in red with Aggressive: red 7 + 3 (Rampage Path's deck cost) = red 10, for this attack only.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from rulesdocs.calc import ATTACKED_BY, SIDE_WINDOW, Side, side_of, whose
from rulesdocs.cardnames import card as pool_card
from rulesdocs.cardnames import lookup, words_of

if TYPE_CHECKING:
    from cards.pool import CardDef

COLORS = ("red", "white", "black", "blue", "purple")
_COLOR_VALUE = re.compile(
    r"\b(?P<color>red|white|black|blue|purple)\s*(?:value\s*(?:of\s*)?|of\s*)?(?P<n>\d{1,2})\b"
    r"|\b(?P<n2>\d{1,2})\s*(?P<color2>red|white|black|blue|purple)\b",
    re.IGNORECASE,
)
_ATTACK_WORDS = re.compile(
    r"\battack|\bhit|\bwins?\b|\bdefeat|\bwhat happens|\bswing|\bsurviv|\blives?\b|\bdies?\b", re.IGNORECASE
)
_BOOST = re.compile(r"\b(aggressive|defensive)\b", re.IGNORECASE)
_DECK_COST = re.compile(r"\b(\d{1,2})\s*(?:deck\s*)?(?:cost|dc)\b|\b(?:deck\s*)?costs?(?:\s+of)?\s+(\d{1,2})\b", re.I)


@dataclass(frozen=True, slots=True)
class ColorValue:
    """A character's value in one color, as typed ("red 3"), whose character it is, and the deck cost
    a boost (Aggressive or Defensive) adds to it for this attack."""

    color: str
    value: int
    side: Side
    boost: int = 0

    @property
    def total(self) -> int:
        return self.value + self.boost


@dataclass(frozen=True, slots=True)
class ColorAttack:
    """An Inuyasha attack described with the two values in the attack color."""

    attacker: ColorValue
    defender: ColorValue


def _colors(question: str) -> list[ColorValue]:
    found: list[ColorValue] = []
    previous_end = 0
    for match in _COLOR_VALUE.finditer(question):
        color = (match.group("color") or match.group("color2")).lower()
        value = int(match.group("n") or match.group("n2"))
        before = question[max(previous_end, match.start() - SIDE_WINDOW) : match.start()]
        previous_end = match.end()
        found.append(ColorValue(color, value, side_of(before)))
    return found


def _deck_cost(text: str) -> int | None:
    found = _DECK_COST.search(text)
    return int(found.group(1) or found.group(2)) if found is not None else None


def _boosted(attack: ColorAttack, text: str) -> ColorAttack:
    """`attack` with the Aggressive or Defensive boost `text` names with a deck cost ("they pitch a 3
    cost card for defensive"); a cost alone changes the only boost already given ("what if it was a 5
    cost instead")."""
    keyword = _BOOST.search(text)
    cost = _deck_cost(text)
    if cost is None:
        return attack
    if keyword is None:
        boosted = [v for v in (attack.attacker, attack.defender) if v.boost]
        if len(boosted) != 1:
            return attack
        attacking = boosted[0] is attack.attacker
    else:
        attacking = keyword.group(1).lower() == "aggressive"
    if attacking:
        return replace(attack, attacker=replace(attack.attacker, boost=cost))
    return replace(attack, defender=replace(attack.defender, boost=cost))


_COLOR = re.compile(r"\b(red|white|black|blue|purple)\b", re.IGNORECASE)
_DISCARDS = re.compile(r"\b(?:discard|pitch|toss|ditch|dump|throw)", re.IGNORECASE)
_IS_ATTACKED = re.compile(r"\b(?:(?:gets?|is|was|being) attacked|defend\w*|blocks?)\b", re.IGNORECASE)
_ATTACKS = re.compile(r"\b(?:attack(?:s|ing)?|swings?|swinging|hits?)\b", re.IGNORECASE)
_THEY_ATTACK = re.compile(
    r"\b(?:opp\w*|they|their \w+|enemy)\s+(?:\w+\s+)?(?:attacks?|attacking|swings?|swinging|hits?|goes? after)\b", re.I
)
"""The opponent named as the one attacking ("opp attacks my 5 white guy with 6 white")."""


_DISCARDED = re.compile(
    r"\b(?:discard|pitch|toss|ditch|dump|throw)\w*\s+(?:away\s+)?(?:my\s+|a\s+|the\s+)?([^,.?!;]+)", re.I
)


def discarded_card(question: str, game: str = "inuyasha") -> CardDef | None:
    """The card of our pool a question discards by name ("i discard rampage path for aggressive")."""
    found = _DISCARDED.search(question)
    if found is None:
        return None
    words = re.split(r"\s+(?:for|to|into|with|and|so|then|on)\s+", found.group(1), maxsplit=1)[0]
    mention = lookup(words, game)
    return pool_card(game, mention.name) if mention is not None else None


def color_named(question: str) -> bool:
    """True when the question names a color ("attack with red")."""
    return _COLOR.search(question) is not None


def card_boost(question: str, card: CardDef, discarded: CardDef | None = None) -> str | None:
    """A named Inuyasha character's value in the color asked with its own Aggressive (when it attacks)
    or Defensive (when it is attacked) and the deck cost of the card the question discards (typed as a
    cost, or `discarded`, a card named), or None."""
    colors = card.stats.get("colors")
    keywords = {str(k).lower() for k in (card.extra or {}).get("keywords", ())}
    cost = _deck_cost(question)
    named_cost = discarded.stats.get("cost") if discarded is not None and discarded.name != card.name else None
    if cost is None and isinstance(named_cost, int):
        cost = named_cost
    if not isinstance(colors, dict) or cost is None or not _DISCARDS.search(question):
        return None
    color = next((c.lower() for c in _COLOR.findall(question) if c.lower() in colors), None)
    if color is None:
        return None
    if "defensive" in keywords and _IS_ATTACKED.search(question):
        situation, keyword = "Attacked", "Defensive"
    elif "aggressive" in keywords and _ATTACKS.search(question) and not _IS_ATTACKED.search(question):
        situation, keyword = "Attacking", "Aggressive"
    else:
        return None
    value = int(colors[color])
    whose = (
        f"{discarded.name}'s deck cost"
        if discarded is not None and cost == named_cost
        else "the discarded card's deck cost"
    )
    return (
        f"{situation} in {color} with {keyword}: {color} {value} + {cost} ({whose}) "
        f"= {color} {value + cost}, for this attack only."
    )


_OTHER_VALUE = re.compile(r"\b(\d{1,2})\b")


def one_named(question: str, card: CardDef, typed_name: tuple[str, ...]) -> ColorAttack | None:
    """An attack on or by the named character `card` (typed as the words `typed_name`) whose other side
    is only a number ("opp attacks my hana shrine archer in white with a 7, i pitch a 2 cost card for
    defensive"): the card's printed value in the color asked against that number, or None."""
    colors = card.stats.get("colors")
    if not isinstance(colors, dict):
        return None
    color = next((c.lower() for c in _COLOR.findall(question) if c.lower() in colors), None)
    typed = _colors(question)
    if color is None or len(typed) > 1 or (typed and typed[0].color != color):
        return None  # "red 3 against red 3" is read by `color_attack`
    numbers = [v.value for v in typed] or [int(n) for n in _OTHER_VALUE.findall(_DECK_COST.sub(" ", question))]
    if len(numbers) != 1:
        return None
    folded = " ".join(words_of(question))  # as the name's words were read
    at = folded.find(" ".join(typed_name))
    verb = _ATTACKS.search(folded) or _IS_ATTACKED.search(folded)
    if at < 0 or verb is None:
        return None
    side = side_of(folded[max(0, at - SIDE_WINDOW) : at]) or "mine"
    named = ColorValue(color, int(colors[color]), side)
    other = ColorValue(color, numbers[0], "theirs" if side == "mine" else "mine")
    attacked = _IS_ATTACKED.search(folded) is not None or verb.start() < at
    attack = ColorAttack(other, named) if attacked else ColorAttack(named, other)
    return _boosted(attack, question)


def asks_color_attack(question: str) -> bool:
    """True when `question` has a word an Inuyasha attack question needs (an attack, who wins)."""
    return _ATTACK_WORDS.search(question) is not None


def color_attack(question: str) -> ColorAttack | None:
    """The attack `question` describes ("my guy attacks with red 3 and their char has red 3"): two
    values in the same color, the first the attacker's unless the question says theirs attacks."""
    values = _colors(question)
    if len(values) != 2 or values[0].color != values[1].color:
        return None
    if not asks_color_attack(question):
        return None
    first, second = values
    if (
        ATTACKED_BY.search(question)
        or (first.side == "mine" and second.side == "theirs" and "defend" in question)
        or (first.side == "mine" and _THEY_ATTACK.search(question[: question.lower().find(first.color)]))
    ):
        first, second = second, first
    attacker = first if first.side else replace(first, side="theirs" if second.side == "mine" else "mine")
    defender = second if second.side else replace(second, side="theirs" if attacker.side == "mine" else "mine")
    return _boosted(ColorAttack(attacker, defender), question)


def merge_color(previous: str, follow_up: str) -> ColorAttack | None:
    """The previous question's attack with the value or boost a follow-up changes ("what if theirs was
    red 4", "they discard a 3 cost card for defensive")."""
    before = color_attack(previous)
    if before is None:
        return None
    changed = _colors(follow_up)
    if not changed:
        boosted = _boosted(before, follow_up)
        if boosted != before:
            return boosted
        return _side_value(before, follow_up)
    if len(changed) != 1 or changed[0].color != before.attacker.color:
        return None
    new = changed[0]
    if new.side == before.attacker.side and new.side:
        return replace(before, attacker=replace(before.attacker, value=new.value))
    if new.side == before.defender.side and new.side:
        return replace(before, defender=replace(before.defender, value=new.value))
    return None


_SIDE_VALUE = re.compile(
    r"\b(?:(?P<mine>mine|my (?:guy|char\w*|attacker|defender|one)|i)|(?P<theirs>theirs|their (?:guy|char\w*|attacker|"
    r"defender|one)|they|his|he|hers|she|opp\w*))\s+(?:(?:was|is|were|are|had|has|only|just|got|at|like)\s+){1,3}"
    r"(?P<value>\d{1,2})\b",
    re.IGNORECASE,
)


def _side_value(before: ColorAttack, follow_up: str) -> ColorAttack | None:
    """`before` with one side's value a follow-up gives without naming the color ("and if mine was
    only 5?", "what if theirs was 7").

    >>> fight = color_attack("my attacker's got 6 black, their guy has 6 black, is their guy defeated")
    >>> _side_value(fight, "and if mine was only 5?").attacker.value
    5
    >>> _side_value(fight, "what if theirs was 7").defender.value
    7
    """
    found = _SIDE_VALUE.search(follow_up)
    if found is None:
        return None
    side = "mine" if found.group("mine") else "theirs"
    value = int(found.group("value"))
    if before.attacker.side == side:
        return replace(before, attacker=replace(before.attacker, value=value))
    if before.defender.side == side:
        return replace(before, defender=replace(before.defender, value=value))
    return None


def described(attack: ColorAttack) -> str:
    """`attack` as a question `color_attack` reads back the same, kept for the next follow-up."""
    a, d = attack.attacker, attack.defender
    text = f"{'my' if a.side == 'mine' else 'their'} {a.color} {a.value} attacks"
    text += f" {'my' if d.side == 'mine' else 'their'} {d.color} {d.value}"
    for value, keyword in ((a, "aggressive"), (d, "defensive")):
        if value.boost:
            who = "i" if value.side == "mine" else "they"
            text += f", {who} discard a {value.boost} cost card for {keyword}"
    return text


def _value(value: ColorValue, keyword: str) -> str:
    if not value.boost:
        return f"{value.color} {value.value}"
    return f"{value.color} {value.value} + {value.boost} ({keyword}) = {value.total}"


def color_outcome(attack: ColorAttack | None) -> str:
    """What happens in an Inuyasha attack: equal or higher defeats the defender and steals a shard."""
    if attack is None:
        return ""
    a, d = attack.attacker, attack.defender
    told = (
        f"{whose(a.side, True)} attacker's {_value(a, 'Aggressive')} against "
        f"{whose(d.side)} defender's {_value(d, 'Defensive')}"
    )
    if a.total >= d.total:
        return f"{told}: equal or higher, so the defender is defeated and the attacker steals 1 shard."
    return f"{told}: lower, so nothing happens: the defender is not defeated and no shard is stolen."


def discards_for_cost(question: str) -> bool:
    """True when the question discards a card with a deck cost typed ("i pitch a card that costs 4")."""
    return _DISCARDS.search(question) is not None and _deck_cost(question) is not None


def one_side_boost(question: str, keyword: str) -> str | None:
    """One character's value in one color with `keyword`'s deck cost added ("my guy swings with 3 black
    and i pitch a card that costs 4", after a question about Aggressive), or None.

    >>> one_side_boost("so my guy swings with 3 black and i pitch a card that costs 4, whats the black", "aggressive")
    "With Aggressive: black 3 + 4 (the discarded card's deck cost) = black 7, for this attack only."
    """
    values = _colors(question)
    cost = _deck_cost(question)
    if len(values) != 1 or cost is None or not _DISCARDS.search(question) or keyword not in ("aggressive", "defensive"):
        return None
    value = values[0]
    return (
        f"With {keyword.capitalize()}: {value.color} {value.value} + {cost} (the discarded card's deck cost) "
        f"= {value.color} {value.value + cost}, for this attack only."
    )
