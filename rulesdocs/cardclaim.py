"""Yes to a yes/no question that restates a card's own words.

Players ask whether a card does what it says, in their own words: "i flipped waboku, are my monsters
also safe from getting destroyed in battle" restates "your monsters are not destroyed by battle". When
one sentence of the card's text holds every word the question asks about (at least three), with the
same sense (both negated or neither), the text says Yes. No is never read from a missing or swapped
word: the question's term may not be what the card's text is about ("can I still Normal Summon after
Polymerization"). Anything looser gets no verdict: the card's text is shown and the player reads it.

>>> from rulesdocs.cardnames import card
>>> print(verdict("i flipped waboku, are my monsters also safe from getting destroyed in battle this turn",
...               card("yugioh", "Waboku")))
Yes, by its text: "For the rest of this turn you take no battle damage, and your monsters are not destroyed by battle."
>>> verdict("can waboku stop a spell", card("yugioh", "Waboku")) is None
True
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from rulesdocs import chat

if TYPE_CHECKING:
    from cards.pool import CardDef

CLAIM_WORDS = 3
"""Fewest of the question's words that sentence must hold."""
_FILLER = frozenset(
    {
        *("right", "correct", "already", "also", "too", "still", "realli", "just", "even", "actual"),
        *("work", "get", "make", "use", "play", "card", "thing", "lol", "guy", "need", "want", "abl"),
        *("sure", "effect", "text", "say", "mean", "happen", "true"),
    }
)
"""Normalized words that carry no claim ("…right?", "does it work", "does the card say")."""
_CLAUSE = re.compile(r"[,;:!?]+\s*|\.\s+")
_SENTENCE = re.compile(r"(?<=[.!?])\s+")
_NEGATED = re.compile(
    r"\b(?:not|no|never|cannot|can'?t|don'?t|doesn'?t|isn'?t|aren'?t|won'?t|without|safe|immune|stop|prevent"
    r"|protects?|nothing|none)\b",
    re.IGNORECASE,
)


_SENSE_STEMS = frozenset({"saf", "immun", "stop", "prevent", "protect", "not", "never", "noth", "none", "without"})
"""Normalized forms of the words `_NEGATED` reads: they give the sense, not the claim."""


def _words(text: str, game: str, named: set[str]) -> list[str]:
    return [w for w in chat.tokens(text, game) if w not in named and w not in _FILLER]


def _asked(question: str, game: str, named: set[str]) -> tuple[str, list[str]]:
    """The clause that asks (the last one, or the whole question when that is a bare "does that work")."""
    clauses = [c for c in _CLAUSE.split(question.replace("’", "'")) if c.strip()]
    last = clauses[-1] if clauses else question
    words = _words(last, game, named)
    if len(words) >= 2:
        return last, words
    return question, _words(question, game, named)


def verdict(question: str, card: CardDef) -> str | None:
    """Yes when the yes/no `question` restates one sentence of `card`'s text; None otherwise."""
    if not card.text:
        return None
    game = card.game
    named = set(chat.tokens(card.name, game))
    clause, asked = _asked(question, game, named)
    if len(asked) < 2:
        return None
    sentences = [(sentence, set(_words(sentence, game, named))) for sentence in _SENTENCE.split(card.text.strip())]
    sentence, stated = max(sentences, key=lambda pair: len(set(asked) & pair[1]))  # the first best one
    claimed = {w for w in asked if not _NEGATED.fullmatch(w) and w not in _SENSE_STEMS}  # the sense is compared apart
    every = claimed <= stated  # the word left out is often the one asked about ("…can i still attack")
    same_sense = bool(_NEGATED.search(clause)) == bool(_NEGATED.search(sentence))
    if len(claimed) >= CLAIM_WORDS and every and same_sense:
        return f'Yes, by its text: "{sentence}"'
    return None
