"""A hand size at the end of a turn, worked out by the hand limit (Yu-Gi-Oh! and Naruto CCG: 6).

Both rulebooks make the player whose turn ends discard down to 6 cards; holding 6 or fewer costs
nothing. The other three games' rules set no hand limit, so nothing is worked out for them.

>>> outcome("yugioh", read("i have 9 cards in hand at the end of my turn what happens"))
'With 9 cards in hand at the end of your turn you discard 3 of your choice to the Graveyard, down to 6.'
>>> outcome("yugioh", read("end of my turn and im holding 8 cards, how many do i gotta discard"))
'With 8 cards in hand at the end of your turn you discard 2 of your choice to the Graveyard, down to 6.'
>>> outcome("naruto", read("its my end phase and i have 5 cards in hand, do i discard"))
'With 5 cards in hand you discard nothing: the End Phase only makes you discard when you hold 7 or more.'
>>> outcome("naruto", merge("whats the hand limit", "what if i have 8", limit_answered=True))
'With 8 cards in hand at the End Phase you discard 2 of your choice to the Discard Pile, down to 6.'
>>> merge("whats the hand limit", "can my village have 2 narutos", limit_answered=True) is None
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class HandLimit:
    """A game's hand limit: the most cards kept, where discards go, when, and the fact stating it."""

    keep: int
    pile: str
    when: str
    fact: str


LIMITS = {
    "yugioh": HandLimit(6, "the Graveyard", "the end of your turn", "c-hand-limit"),
    "naruto": HandLimit(6, "the Discard Pile", "the End Phase", "c-hand-size"),
}

_HELD = re.compile(
    r"\b(?:have|has|had|got|holding|hold|held|with|at|having|its|it's|i'm|im|sitting on)\s+"
    r"(?:like\s+|about\s+|only\s+)?(\d{1,2})"
    r"(?!\s+(?!cards?\b|does\b|is\b|was\b|has\b|its\b|this\b|plus\b|as\b)[a-z]+s\b)"  # not "2 narutos", "3 ninjas"
    r"(?:\s+cards?)?(?:\s+(?:in|on)\s+(?:my\s+|the\s+)?hand)?\b",
    re.I,
)
_CARDS_IN_HAND = re.compile(r"\b(\d{1,2})\s+cards?\s+(?:in|on)\s+(?:my\s+|the\s+|your\s+)?hand\b", re.I)
_END = re.compile(
    r"\b(?:end(?:\s+of)?(?:\s+my|\s+the|\s+your)?\s+turn|end\s*phase|hand\s*(?:limit|size)|discard)", re.I
)
_HAND = re.compile(r"\bhand\b", re.I)
_CARDS = re.compile(r"\s+cards?\b", re.I)
_NOT_HAND = re.compile(r"\b(?:damage|life|lp|chakra|rewards?|monsters?|ninjas?|deck|field)\b", re.I)
_BARE = re.compile(r"^\D*\b(\d{1,2})\b\D*$")
SHORT_WORDS = 4
"""A follow-up this short may give the hand size as a bare number ("and 5?")."""


def read(question: str) -> int | None:
    """The number of cards held at the end of a turn that `question` describes, or None."""
    if not _END.search(question):
        return None
    found = _CARDS_IN_HAND.search(question)
    if found is None and not _NOT_HAND.search(question):
        held = _HELD.search(question)  # "i have 9 at end of turn, hand limit?", "im holding 8 cards"
        found = held if held is not None and (_HAND.search(question) or _CARDS.match(question, held.end(1))) else None
    return int(found.group(1)) if found is not None else None


def merge(previous: str, follow_up: str, *, limit_answered: bool = False) -> int | None:
    """The hand size a follow-up gives ("what if i have 9", "and with 8 cards?") after a question
    about the hand limit (or one whose answer was the hand limit)."""
    if read(previous) is None and not limit_answered:
        return None
    found = _CARDS_IN_HAND.search(follow_up)
    if found is None and _NOT_HAND.search(follow_up):
        return None
    found = found or _HELD.search(follow_up)
    if found is None and len(follow_up.split()) <= SHORT_WORDS:
        found = _BARE.search(follow_up)  # "and 5?"
    return int(found.group(1)) if found is not None else None


_THEIR_TURN = re.compile(
    r"\b(?:opp\w*|their|the other (?:player|guy)'?s?|enemy'?s?)\s+(?:end\s*phase|turn)\b|\bnot my turn\b", re.I
)


def on_their_turn(question: str) -> bool:
    """True when `question` places the hand size on the opponent's turn ("on my opponents turn, if im
    holding 8 do i discard too"): the limit binds only the player whose turn ends."""
    return _THEIR_TURN.search(question) is not None


_MINE = re.compile(r"\b(?:i|im|i'm|ive|i've)\s+(?:have|got|hold|holding|am|sitting|'m)\b|\bmy hand\b", re.I)
_OPPONENT = re.compile(r"\b(?:opp\w*|they|theyre|they're|them|the other (?:player|guy))\b", re.I)


def held_by_opponent(question: str) -> bool:
    """True when the cards counted are the opponent's ("what about my opponent? theyre sitting on 9").

    >>> held_by_opponent("opp also has 9 in hand rn, do they discard too")
    True
    >>> held_by_opponent("on opps turn i have 8, do i discard then too")
    False
    """
    return _OPPONENT.search(question) is not None and _MINE.search(question) is None


def opponent_outcome(game: str, held: int | None, *, their_turn: bool = False) -> str:
    """What the hand limit makes the opponent holding `held` cards do at the end of your turn (or of
    theirs), or "".

    >>> opponent_outcome("yugioh", 9)
    'With 9 cards in hand at the end of your turn your opponent discards nothing: only the player whose \
turn ends discards down to 6.'
    >>> opponent_outcome("naruto", 8, their_turn=True)
    'With 8 cards in hand at the end of their own turn your opponent discards 2 of their choice to the \
Discard Pile, down to 6.'
    """
    limit = LIMITS.get(game)
    if limit is None or held is None:
        return ""
    if their_turn and held > limit.keep:
        return (
            f"With {held} cards in hand at the end of their own turn your opponent discards {held - limit.keep} "
            f"of their choice to {limit.pile}, down to {limit.keep}."
        )
    if their_turn:
        return f"With {held} cards in hand at the end of their own turn your opponent discards nothing."
    return (
        f"With {held} cards in hand at the end of your turn your opponent discards nothing: only the player "
        f"whose turn ends discards down to {limit.keep}."
    )


def outcome(game: str, held: int | None, *, theirs: bool = False) -> str:
    """What the hand limit makes a player holding `held` cards do, or "" (no number, or no limit);
    `theirs`: at the end of the opponent's turn, when only the opponent is bound by it.

    >>> outcome("naruto", 8, theirs=True)
    "With 8 cards in hand on your opponent's turn you discard nothing: only the player whose turn ends \
discards down to 6 (at the End Phase)."
    """
    limit = LIMITS.get(game)
    if limit is None or held is None:
        return ""
    if theirs:
        return (
            f"With {held} cards in hand on your opponent's turn you discard nothing: only the player whose "
            f"turn ends discards down to {limit.keep} (at {limit.when.replace('your ', 'their ')})."
        )
    if held <= limit.keep:
        return (
            f"With {held} cards in hand you discard nothing: {limit.when} only makes "
            f"you discard when you hold {limit.keep + 1} or more."
        )
    extra = held - limit.keep
    return (
        f"With {held} cards in hand at {limit.when} you discard {extra} of your choice to {limit.pile}, "
        f"down to {limit.keep}."
    )
