"""Choosing the ruling that answers a question: fact matches fused with section retrieval.

A fact's score is its phrasing similarity (`rulesdocs.factmatch`) plus a bonus when the section
search ranks the fact's section near the top, plus small bonuses when the fact's answer has the
shape the question asks for (a number for "how many", a Yes/No for "can I"). The best fact
answers when its score reaches `FACT_FLOOR`; below it the section extract of `rulesdocs.answer`
is the fallback, itself subject to the confidence floor.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from rulesdocs import quantities
from rulesdocs.factmatch import FactHit
from rulesdocs.facts import Fact
from rulesdocs.model import Hit
from rulesdocs.understand import QuestionType

FACT_FLOOR = 0.42
"""Fused score at which a fact answers (tuned on the dev chat sets)."""
SECTION_TOP_BONUS = 0.12
SECTION_NEAR_BONUS = 0.08
SHAPE_BONUS = 0.03
SEE_ALSO_RATIO = 0.75
STRANGE_PENALTY = 0.04
STRANGE_MAX = 3
TYPE_BONUS = 0.06
"""A fact players ask with the question's type ("how do i", "why") fits it better."""
TYPE_PENALTY = 0.04
"""A fact never asked with the question's type fits it worse (both chosen on the tuning sets asked
against the knowledge base without each set's own wordings: rules 83.8 → 84.3 right, 12.8 → 12.3 wrong)."""
COUNT_BONUS = 0.04
"""An answer that speaks of the very count the question names ("4 players", "level 5")."""
COUNT_PENALTY = 0.04
"""An answer that speaks only of other counts of it ("a 3-player game" to "a 2 player game")."""
WHEN_OPENING = 60
"""How much of an answer's opening is read for a time or a moment of the game."""
_WHEN_ANSWER = re.compile(
    r"\b(?:phase|step|turn|before|after|during|until|once|whenever|any ?time|start|end|immediately|at once"
    r"|in response|respon\w*|first|then|when|while|round)\b",
    re.IGNORECASE,
)
"""An answer that opens with a time or a moment ("In your Main Phase", "Until the end of the phase")."""
VOICE_PENALTY = 0.04
"""A phrasing asking about the same verb in the other voice (attack / be attacked) fits worse."""
_PASSIVE = re.compile(
    r"\b(?:be|been|being|get|gets|got|getting|is|are|was|were)\s+(?:\w+ly\s+)?([a-z]{3,}?)(?:ed|en)\b"
)


def _voices(text: str) -> tuple[set[str], set[str]]:
    """The verb stems `text` uses in the passive ("be attacked") and those it uses actively ("attack")."""
    lowered = text.lower()
    passive = set(_PASSIVE.findall(lowered))
    active = set(re.findall(r"\b([a-z]{3,})(?:s|ing)?\b", lowered)) - passive
    return passive, active


def voice_differs(question: str, phrasing: str) -> bool:
    """True when a phrasing asks about a verb in the passive ("be attacked") that the question uses
    actively ("attack").

    >>> voice_differs("can an expended char attack", "can an expended character be attacked")
    True
    >>> voice_differs("can my expended guy be attacked", "can an expended character be attacked")
    False
    >>> voice_differs("can i attack with it", "who can i attack")
    False
    >>> voice_differs("if it gets discarded", "if i discard it")  # a card something is done to, either way
    False
    """
    asked_passive, asked_words = _voices(question)
    said_passive, _ = _voices(phrasing)
    # only this way round: "if it gets discarded" asks about a card something is done to, which a
    # phrasing in the active ("when i discard it") often asks as well
    return any(stem in asked_words for stem in said_passive - asked_passive)


DEFINITION_PENALTY = 0.06
"""A "what is X" fact answering a question that doesn't ask what something is."""
DEFINITION = re.compile(
    r"^\s*(?:what(?:'?s| is| are| does| do)|wat is|define|definition|meaning of|explain)\b.{0,40}$|\bmeans?\b",
    re.IGNORECASE,
)

QUANTITY = re.compile(
    r"\bhow\s+(?:many|much|big|long|large|small|often|far|high|low)\b|\b(?:max|maximum|min|minimum|limit|"
    r"most|least|smallest|biggest|largest|fewest|number of|count|amount)\b",
    re.IGNORECASE,
)
YES_NO = re.compile(
    r"^\s*(?:(?:so|ok|okay|wait|and|but|hey|yo|quick q|q)[\s,:]+)*"
    r"(?:can|cant|can't|could|do|does|dont|don't|did|is|isnt|isn't|are|aren't|arent|am|may|must|should|will|would|"
    r"have|has|was|were)\b",
    re.IGNORECASE,
)
_NUMBER = re.compile(r"\d")
_YES_NO_ANSWER = re.compile(r"^\s*(?:yes|no)\b", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Ruling:
    """The fact chosen for a question, its fused score and the runners-up."""

    fact: Fact
    score: float
    similarity: float
    runners_up: tuple[Fact, ...]
    phrasing: str = ""
    close: tuple[tuple[Fact, str], ...] = ()
    """Other facts (and the phrasing they matched) scoring within `CLOSE_MARGIN` of the best."""
    margin: float = 1.0
    """How far the best fused score is ahead of the best fact with another answer."""


def _section_rank(fact: Fact, sections: Sequence[str]) -> int | None:
    for rank, section in enumerate(sections):
        for own in fact.sections:
            if own == section or section.startswith(own + ".") or own.startswith(section + "."):
                return rank
    return None


def fuse(
    question: str,
    facts: Sequence[FactHit],
    sections: Sequence[Hit],
    qtype: QuestionType = "other",
    context: str = "",
) -> list[tuple[float, FactHit]]:
    """Fact hits re-scored with the section ranking and the question's shape, best first (`context`:
    a follow-up's earlier question)."""
    ranked = [h.chunk.section for h in sections[:3] if h.chunk.is_reference]
    quantity = bool(QUANTITY.search(question))
    yes_no = bool(YES_NO.search(question))
    definition = bool(DEFINITION.search(question))
    counted = quantities.asked(question, context)
    out = []
    for hit in facts:
        score = hit.score
        rank = _section_rank(hit.fact, ranked)
        if rank == 0:
            score += SECTION_TOP_BONUS
        elif rank is not None:
            score += SECTION_NEAR_BONUS
        if quantity and _NUMBER.search(hit.fact.answer):
            score += SHAPE_BONUS
        if yes_no and _YES_NO_ANSWER.search(hit.fact.answer):
            score += SHAPE_BONUS
        if qtype == "when" and _WHEN_ANSWER.search(hit.fact.answer[:WHEN_OPENING]):
            score += SHAPE_BONUS
        counts = quantities.fit(counted, hit.fact.answer) if counted else 0
        if counts > 0:
            score += COUNT_BONUS  # "a 2 player game" is answered by the 2-player fact, not the 3-player one
        elif counts < 0:
            score -= COUNT_PENALTY
        if hit.phrasing and voice_differs(question, hit.phrasing):
            score -= VOICE_PENALTY  # "can an expended char attack" is not "can it be attacked"
        if hit.fact.is_definition and not definition:
            score -= DEFINITION_PENALTY
        if qtype != "other" and qtype in hit.types:
            score += TYPE_BONUS
        elif qtype != "other" and hit.types:
            score -= TYPE_PENALTY
        out.append((score, hit))
    out.sort(key=lambda item: -item[0])
    return out


CLOSE_MARGIN = 0.02
"""Facts this close to the best one are rivals: the answer may be a "did you mean"."""


def choose(
    question: str,
    facts: Sequence[FactHit],
    sections: Sequence[Hit],
    strange: int = 0,
    qtype: QuestionType = "other",
    context: str = "",
) -> Ruling | None:
    """The best fact for `question` (None when no fact matched at all); `strange` words (ones the
    game never uses and that aren't typos of its words: "pizza") lower the confidence."""
    fused = fuse(question, facts, sections, qtype, context)
    if not fused:
        return None
    top, best = fused[0]
    score = top - min(strange, STRANGE_MAX) * STRANGE_PENALTY
    runners = tuple(h.fact for s, h in fused[1:] if s >= SEE_ALSO_RATIO * score and h.fact.section != best.fact.section)
    close = tuple(
        (h.fact, h.phrasing) for s, h in fused[1:4] if s >= top - CLOSE_MARGIN and h.fact.answer != best.fact.answer
    )
    second = next((s for s, h in fused[1:] if h.fact.answer != best.fact.answer), 0.0)
    return Ruling(best.fact, score, best.score, runners, best.phrasing, close, top - second)
