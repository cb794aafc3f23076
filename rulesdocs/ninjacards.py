"""Naruto card readings that follow from a Ninja's or Jutsu's own text or Entrance cost: the earliest
turn a card can be played, a Ninja deployed free beside its partner (Akamaru with Kiba), a Ninja that
can't battle in a Team of one, and a Jutsu whose user must be the Head Ninja. Each gives a sentence for a
yes/no or "which turn" question, or None when the card or the question is not of that kind."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cards.pool import CardDef


_EARLIEST = re.compile(
    r"\b(?:earliest|soonest|first)\b[^?.]{0,20}\bturn\b|\b(?:what|which) turn\b|\bhow (?:early|soon)\b"
    r"|\bwhen can (?:i|u|you) (?:actually )?(?:play|deploy|get|drop|put|bring)\b",
    re.IGNORECASE,
)


def _ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def earliest_turn(question: str, card: CardDef) -> str | None:
    """The first of your turns a Naruto card can be played by its Entrance cost, the Turn Indicator
    starting at 0 and rising 1 at the end of each of your turns.

    >>> from rulesdocs.cardnames import card
    >>> print(earliest_turn("earliest turn i can get the 3rd hokage out?", card("naruto", "The Third Hokage")))
    Entrance 6: your Turn Indicator starts at 0 and goes up 1 at the end of each of your turns, so it reaches 6 \
on your 7th turn, the earliest The Third Hokage can be played (its Hand cost still has to be paid).
    """
    entrance = card.stats.get("entrance")
    if card.game != "naruto" or not isinstance(entrance, int) or not _EARLIEST.search(question):
        return None
    return (
        f"Entrance {entrance}: your Turn Indicator starts at 0 and goes up 1 at the end of each of your turns, so it "
        f"reaches {entrance} on your {_ordinal(entrance + 1)} turn, the earliest {card.name} can be played "
        "(its Hand cost still has to be paid)."
    )


_FREE_DEPLOY = re.compile(
    r'while you have "([^"]+)" in play, deploying this Ninja does not use up your deployment', re.IGNORECASE
)
_DEPLOYS = re.compile(r"\b(?:deploy\w*|play\w*|drop\w*|put\w* (?:out|down)|get\w* out|bring\w* out)\b", re.I)


def deploy_verdict(question: str, card: CardDef) -> str | None:
    """Yes to deploying a Ninja whose text frees the turn's deployment while its partner is in play
    (Akamaru with Kiba), when the question says the partner is out; otherwise the condition.

    >>> from rulesdocs.cardnames import card
    >>> akamaru = card("naruto", "Akamaru")
    >>> print(deploy_verdict("kiba's already out. can i play akamaru AND another ninja this turn", akamaru))
    Yes, by its text: with Kiba Inuzuka in play, deploying Akamaru doesn't use up your deployment of the turn, \
so you can still deploy another Ninja.
    """
    free = _FREE_DEPLOY.search(card.text)
    if free is None or not _DEPLOYS.search(question):
        return None
    partner = free.group(1)
    first = re.escape(partner.split()[0].lower())
    condition = f"with {partner} in play, deploying {card.name} doesn't use up your deployment of the turn"
    if re.search(rf"\b{first}", question, re.IGNORECASE):
        return f"Yes, by its text: {condition}, so you can still deploy another Ninja."
    return f"Only with {partner} in play: {condition}; without {partner} it is your one deployment."


_NOT_ALONE = re.compile(r"cannot be sent out to Battle in a Team of one", re.IGNORECASE)
_ALONE = re.compile(
    r"\b(?:alone|solo|by (?:him|her|it)self|on (?:its|his|her) own|team of (?:one|1)|1 ?man team)\b", re.I
)


def alone_verdict(question: str, card: CardDef) -> str | None:
    """No to sending out alone a Ninja whose text forbids a Team of one ("can akamaru attack alone")."""
    if _NOT_ALONE.search(card.text) and _ALONE.search(question):
        return f"No, by its text: {card.name} can't be sent out to Battle in a Team of one; it needs a teammate."
    return None


_HEAD_USER = re.compile(r"\bUser: an? Head Ninja\b", re.IGNORECASE)
_AS_SUPPORT = re.compile(r"\bsupport(?:ing)?(?: ninja)?\b|\bbehind\b", re.IGNORECASE)


def role_verdict(question: str, card: CardDef) -> str | None:
    """No to a Support Ninja using a Jutsu whose user must be a Head Ninja ("can a support ninja be the
    user for guillotine sword")."""
    if _HEAD_USER.search(card.text) and _AS_SUPPORT.search(question):
        return f"No, by its text: {card.name}'s user must be a Head Ninja, so a Support Ninja can't use it."
    return None


def verdict(question: str, card: CardDef) -> str | None:
    """The first of the Yes/No readings above that the card's text and the question both fit."""
    return deploy_verdict(question, card) or alone_verdict(question, card) or role_verdict(question, card)
