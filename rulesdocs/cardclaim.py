"""Yes or No to a yes/no question that restates a card's own words, or swaps one of its terms.

Players ask whether a card does what it says, in their own words: "i flipped waboku, are my monsters
also safe from getting destroyed in battle" restates "your monsters are not destroyed by battle";
"journey to the underworld on a ready character, does that work" swaps the "expended" its text names
for "ready". When one sentence of the card's text holds every word the question asks about (at least
three), with the
same sense (both negated or neither), the text says Yes; when the question names a game term whose
class-mate (`contrasts.yaml`: ready/expended, face-up/face-down...) the sentence names instead, it says
No. Anything looser gets no verdict: the card's text is shown and the player reads it.

>>> from rulesdocs.cardnames import card
>>> print(verdict("i flipped waboku, are my monsters also safe from getting destroyed in battle this turn",
...               card("yugioh", "Waboku")))
Yes, by its text: "For the rest of this turn you take no battle damage, and your monsters are not destroyed by battle."
>>> verdict("journey to the underworld on a ready character, does that work",
...         card("inuyasha", "Journey to the Underworld"))
'No, by its text: it names an expended character, not a ready one ("Defeat target expended opposing character.").'
>>> verdict("can waboku stop a spell", card("yugioh", "Waboku")) is None
True
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from rulesdocs import chat, followup

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
    """Yes or No when the yes/no `question` restates one sentence of `card`'s text or swaps one of
    its game terms; None otherwise."""
    if not card.text:
        return None
    game = card.game
    named = set(chat.tokens(card.name, game))
    clause, asked = _asked(question, game, named)
    if len(asked) < 2:
        return None
    best: tuple[int, str, list[str]] | None = None
    for sentence in _SENTENCE.split(card.text.strip()):
        stated = _words(sentence, game, named)
        shared = len(set(asked) & set(stated))
        if best is None or shared > best[0]:
            best = (shared, sentence, stated)
    if best is None:
        return None
    shared, sentence, stated = best
    swapped = _swapped(asked, stated, game)
    if swapped is not None and shared >= 1:
        typed, printed = _surface(clause, swapped[0]), _surface(sentence, swapped[1])
        names = f"{_article(printed)} {printed} {_noun(sentence)}, not {_article(typed)} {typed} one"
        return f'No, by its text: it names {names} ("{sentence}").'
    claimed = {w for w in asked if not _NEGATED.fullmatch(w) and w not in _SENSE_STEMS}  # the sense is compared apart
    every = claimed <= set(stated)  # the word left out is often the one asked about ("…can i still attack")
    same_sense = bool(_NEGATED.search(clause)) == bool(_NEGATED.search(sentence))
    if len(claimed) >= CLAIM_WORDS and every and same_sense:
        return f'Yes, by its text: "{sentence}"'
    return None


def _surface(text: str, member: tuple[str, ...]) -> str:
    """The words of `text` a normalized term stands for ("expend" -> "expended")."""
    pattern = r"\W+".join(rf"{re.escape(stem)}\w*" for stem in member)
    found = re.search(rf"\b{pattern}", text, re.IGNORECASE)
    return found.group().lower() if found else " ".join(member)


def _swapped(asked: list[str], stated: list[str], game: str) -> tuple[tuple[str, ...], tuple[str, ...]] | None:
    """(the term typed, the term printed) when the question names a term of a class the sentence names
    another member of, and the sentence never names the typed one."""
    typed_terms = followup.terms(asked, game)
    printed_terms = followup.terms(stated, game)
    if not followup.clashes(typed_terms, printed_terms):
        return None
    for c, member in typed_terms:
        printed = [other for k, other in printed_terms if k == c]
        if not printed or (c, member) in printed_terms:
            continue
        if any(set(member) <= set(other) or set(other) <= set(member) for other in printed):
            continue  # "defense" within "defense position", "my turn" read as "this turn": not another term
        return member, printed[0]
    return None


def _article(word: str) -> str:
    return "an" if word[:1] in "aeiou" else "a"


def _noun(sentence: str) -> str:
    """The kind of card the sentence reaches ("character", "monster"), for the reply."""
    found = re.search(r"\b(character|monster|ninja|ally|card|event|item)s?\b", sentence, re.IGNORECASE)
    return found.group(1).lower() if found else "card"
