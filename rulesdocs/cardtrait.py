"""Yes or No to "is farmers champion a ronin": whether a card has a trait, from its printed traits.

Effects name the cards they reach by a trait ("all Ronin Characters", "a Genin Ninja", "Spellcaster
monsters"), so players ask whether a card has one. The card's printed traits settle it: Naruto's
characteristics, Inuyasha's and Usagi's traits, a Yu-Gi-Oh! monster's Type (race), Attribute and kind,
an Inazuma Eleven character's attribute, team and position. A trait some card gains during play
("gains \\"Animal\\"") is never denied from the printed ones alone.

>>> from rulesdocs.cardnames import card
>>> verdict("if a card says all ronin characters does farmers champion count", card("usagi", "Farmers' Champion"))
"Yes: Farmers' Champion has the Ronin trait (traits: Champion, Farmer, Farmers', Ronin)."
>>> verdict("is kakashi a genin", card("naruto", "Kakashi Hatake"))
"No: Kakashi Hatake's characteristics are Leaf, Jonin, Male, Sharingan Eye; Genin isn't one of them."
>>> verdict("is dark magician a spellcaster", card("yugioh", "Dark Magician"))
"Yes: Dark Magician's type is Spellcaster (type Spellcaster, attribute DARK)."
>>> verdict("can kakashi use chidori", card("naruto", "Kakashi Hatake")) is None
True
"""

from __future__ import annotations

import re
from functools import cache
from typing import TYPE_CHECKING

from rulesdocs import cardnames

if TYPE_CHECKING:
    from cards.pool import CardDef
    from rulesdocs.model import GameId

_STAT_TRAITS = {"yugioh": ("race", "attribute"), "inazuma": ("attribute", "team", "position")}
_TAG_GAMES = frozenset({"naruto", "usagi", "inuyasha"})
"""Games whose card tags are printed traits (Inazuma Eleven's tags are the engine's keywords)."""
_TRAIT_NAME = {"naruto": "characteristic", "usagi": "trait", "inuyasha": "trait", "inazuma": "trait"}
_POSITIONS = {"forward": "fw", "midfielder": "mf", "defender": "df", "goalkeeper": "gk", "goalie": "gk", "keeper": "gk"}
_GENERIC = frozenset({"normal", "effect", "card", "character", "characters", "monster", "ninja", "the", "a"})
"""Words that name a kind of card, not a trait, even where a card's tags hold them."""


def _printed(card: CardDef) -> dict[str, str]:
    """The card's traits, lowercase -> as printed."""
    found = {tag.lower(): tag for tag in card.tags if card.game in _TAG_GAMES}
    for key in _STAT_TRAITS.get(card.game, ()):
        value = card.stats.get(key)
        if isinstance(value, str) and value:
            found[value.lower()] = value
    return found


@cache
def vocabulary(game: GameId) -> frozenset[str]:
    """Every trait some card of `game` prints or gains, lowercase."""
    words = {trait for printed in cardnames.pool(game) for trait in _printed(printed)}
    words |= cardnames.granted_tags(game)
    if game == "inazuma":
        words |= set(_POSITIONS)
    return frozenset(words - _GENERIC)


_CLAUSE = re.compile(r"[,.;:!?]+\s*")


@cache
def _membership(trait: str) -> re.Pattern[str]:
    word = re.escape(trait) + r"(?:s|es)?"
    return re.compile(
        rf"\b(?:is|isn'?t|are|aren'?t|count(?:s|ed)?(?: as)?|considered|also)\s+"
        rf"(?:[^\s,.;:!?]+\s+){{0,3}}?(?:an?\s+)?{word}\b"
        rf"(?!\s+(?:card|deck|phase|step|zone|area)\b)"
        rf"|\b(?:all|every|each|any|only|target)\s+{word}\s+(?:characters?|monsters?|ninjas?|cards?|allies|heroes|guys?)\b"
        rf"|\b(?:has|have|got)\s+(?:the\s+)?{word}\s+(?:trait|characteristic|type|attribute|tag)\b"
        rf"|\b{word}\s+(?:trait|characteristic|type|attribute)\b",
        re.IGNORECASE,
    )


def asked_trait(question: str, card: CardDef) -> str | None:
    """The one trait the last clause of `question` asks `card` to have, lowercase, or None (none,
    several, or a word of the card's own name).

    >>> from rulesdocs.cardnames import card
    >>> asked_trait("mark evans is raimon, does he count for maxwell carson's bonus", card("inazuma", "Mark Evans"))
    """
    own = set(re.findall(r"[a-z]+", card.name.lower()))
    clauses = [c for c in _CLAUSE.split(question.lower().replace("’", "'")) if c.strip()]
    typed = clauses[-1] if clauses else ""  # "mark evans is raimon, does he count for…": a premise, not asked
    asked = {
        trait
        for trait in vocabulary(card.game)
        if trait not in own and trait in typed and _membership(trait).search(typed)
    }
    longest = {t for t in asked if not any(t != other and t in other for other in asked)}
    return next(iter(longest)) if len(longest) == 1 else None


def verdict(question: str, card: CardDef) -> str | None:
    """Yes or No, with the card's traits, when `question` asks whether `card` has one trait; else None."""
    trait = asked_trait(question, card)
    if trait is None:
        return None
    printed = _printed(card)
    position = _POSITIONS.get(trait)
    key = position if position is not None and position in printed else trait
    listed = ", ".join(f"{label} {value}" if label else value for label, value in _labelled(card))
    kind = _TRAIT_NAME.get(card.game, "type")
    plural = "characteristics" if kind == "characteristic" else "traits"
    if key in printed and card.game in _TAG_GAMES:
        return f"Yes: {card.name} has the {printed[key]} {kind} ({plural}: {listed})."
    if key in printed:
        label = next(label for label, value in _labelled(card) if value.lower() == key)
        return f"Yes: {card.name}'s {label} is {printed[key]} ({listed})."
    if trait in cardnames.granted_tags(card.game):
        return None  # a card may gain it during play; its printed traits don't settle it
    shown = trait.upper() if len(trait) <= 3 else trait.title()
    if card.game not in _TAG_GAMES:
        return f"No: {card.name} is {listed}, not {shown}."
    return f"No: {card.name}'s {plural} are {listed}; {shown} isn't one of them."


def _labelled(card: CardDef) -> list[tuple[str, str]]:
    """The card's traits in print order, each with the stat it comes from ("" for a printed trait)."""
    if card.game == "yugioh":
        names = {"race": "type", "attribute": "attribute"}
        return [(names[k], str(card.stats[k])) for k in _STAT_TRAITS["yugioh"] if card.stats.get(k)]
    if card.game == "inazuma":
        return [(k, str(card.stats[k])) for k in _STAT_TRAITS["inazuma"] if card.stats.get(k)]
    return [("", tag) for tag in card.tags]
