"""Stage 1 of the pipeline: what a question asks, before any fact is matched.

Three things are read from the question as typed:
- its **type**: yes/no, how many, how to (a procedure), why, when, what is, what happens;
- its **situation**: the numbers it gives ("i have 2 chakra"), whose turn, which position;
- its **subject** when that is a card (`rulesdocs.cardsubject`), found by the service.

The type ranks facts (a fact's own phrasings say which types it answers) and shapes the answer: a
"how do I" question never gets an answer that opens with "No:".

>>> question_type("can i normal summon twice in one turn")
'yesno'
>>> question_type("how do i deploy a ninja? i have 2 chakra")
'howto'
>>> question_type("why cant i play leaf headband")
'why'
>>> question_type("how many cards in a deck")
'howmany'
>>> situation("i have 2 chakra on my turn and neji costs 3").numbers
(2, 3)
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal, TypeAlias

QuestionType: TypeAlias = Literal["yesno", "howmany", "howto", "why", "when", "whatis", "whathappens", "other"]
QUESTION_TYPES: tuple[QuestionType, ...] = ("yesno", "howmany", "howto", "why", "when", "whatis", "whathappens")
NOT_WORKED_OUT: frozenset[str] = frozenset({"yesno", "why", "when", "howto"})
"""Question types no worked-out number answers (a stat tally is for "what is he at", not "can he…")."""

_LEAD = (
    r"^\s*(?:(?:so|ok|okay|k|wait|and|but|hey|yo|hi|quick q|q|question|um+|hmm+|also|then|like|pls|please)[\s,:!.]+)*"
)
_WHY = re.compile(_LEAD + r"(?:why|y|whys|how come|whats the reason|what is the reason)\b", re.IGNORECASE)
_WHY_ANYWHERE = re.compile(r"\b(?:why (?:can.?t|cant|cannot|not|doesn.?t|does|do|did|is|was|won.?t)|how come)\b", re.I)
_HOW_MANY = re.compile(
    r"\bhow\s+(?:many|much|big|long|large|small|often|far|high|low)\b|\b(?:max|maximum|min|minimum|limit|"
    r"number of|amount of)\b|^\s*(?:whats|what is|what's)\s+the\s+(?:max|min|limit|number)",
    re.IGNORECASE,
)
_HOW_MANY_OPENING = re.compile(_LEAD + r"how\s+(?:many|much|big|long|large|small|often|far|high|low)\b", re.I)
_HOW_TO = re.compile(
    _LEAD + r"(?:how\s+(?:do|does|can|should|would|to|d|r|are|is)\b|how\s+(?:i|u|you|we)\b|"
    r"what\s+(?:do|should)\s+(?:i|u|you|we)\s+(?:need|have)\s+to\b|whats the (?:way|procedure|process) to|"
    r"walk me through|steps? (?:to|for))|\bhow (?:does|do) (?:it|that|this|they) work\b",
    re.IGNORECASE,
)
_WHEN = re.compile(
    _LEAD + r"(?:when|at what point|what (?:phase|step|time)|which (?:phase|step)|during which|what timing)\b",
    re.IGNORECASE,
)
_WHAT_HAPPENS = re.compile(
    r"\bwhat\s+(?:happens|happen|hapens|happns|now|then|do i do|do you do|should i do)\b|\bwhat if\b|"
    r"\bthen what\b|\bwhat do(?:es)? (?:it|that) do\b|\bwho wins\b|\bwhat (?:is|s) the (?:result|outcome)\b",
    re.IGNORECASE,
)
_WHAT_IS = re.compile(
    _LEAD + r"(?:what(?:'?s| is| are| r| does| do)|what (?:kind|type|color|colou?r|attribute|level) |which |"
    r"what [a-z]+s? (?:do|does|can|should|would|is|are|r) (?:i|u|you|we|it|they|he|she)\b|"
    r"wat(?:s| is)|wut(?:s| is)|define|definition of|meaning of|"
    r"explain|tell me about)\b",
    re.IGNORECASE,
)
_YES_NO = re.compile(
    _LEAD + r"(?:can|cant|can't|could|couldnt|do|does|dont|don't|doesnt|doesn't|did|didnt|is|isnt|isn't|are|"
    r"aren't|arent|am|may|must|should|shouldnt|will|wont|won't|would|have|has|was|were|r|cn|is it|its|it's)\b",
    re.IGNORECASE,
)
_MEANS = re.compile(r"\bmeans?\b|\bmeaning\b|\bdefinition\b", re.IGNORECASE)


def question_type(question: str) -> QuestionType:
    """The kind of answer `question` wants (see the module doc); "other" for statements and fragments.

    How a question opens decides first; a question that opens with a situation ("lvl 6 monster, how
    many tributes") is read by its last clause.
    """
    q = " ".join(question.split())
    asked = _LEADING_STATEMENTS.sub("", q) or q  # "its turn 3. how many…", "…it wont let me play x. why??"
    if _WHY.search(q) or _WHY.search(asked) or _WHY_ANYWHERE.search(q):
        return "why"
    confirms = _CONFIRMATION.search(q) is not None and len(q.split()) > 3 and not _OR_RIGHT.search(q)
    if (confirms or _SO_STATEMENT.match(q)) and not _WH_WORD.search(q):
        return "yesno"  # "so max 2 characters per setup right?", "so my moment just fizzles?"
    for clause in _clauses(asked):
        conditioned = _CONDITIONED_ASK.match(clause)  # "when opp blocks, do they discard too": the question after
        if conditioned is not None and conditioned.group(1).strip() and not _WH_WORD.search(conditioned.group(1)):
            found = _opening_type(conditioned.group(2))
            if found is not None:
                return found
        found = _opening_type(clause)
        if found is not None:
            return found
    conditioned = _AFTER_CONDITION.search(q)  # "if i fusion summon can i still normal summon": the question after
    if conditioned is not None:
        found = _opening_type(conditioned.group(1))
        if found is not None:
            return found
    if _WHAT_HAPPENS.search(q):
        return "whathappens"
    if _HOW_MANY.search(q):
        return "howmany"
    if _MEANS.search(q):
        return "whatis"
    return "other"


_CONFIRMATION = re.compile(
    r"(?:[\s,]\s*(?:right|rite|yeah|yea|ya|yh|yes|correct|innit|eh|isn'?t (?:it|that right)|"
    r"is that (?:right|correct|true)|(?:am i|is that) (?:right|correct)|(?:that'?s|thats) (?:right|correct))"
    r"\s*[?!.]*\s*$)",
    re.IGNORECASE,
)
"""A claim typed for confirmation ("...so hes gone right", "...is that correct?"): a yes/no question."""
_OR_RIGHT = re.compile(r"\bor (?:right|yes|no)\b", re.IGNORECASE)
_SO_STATEMENT = re.compile(r"^\W*(?:(?:ok|okay|wait|and|hmm)\W+)?so\b[^?]*\?+\s*$", re.IGNORECASE)
_WH_WORD = re.compile(r"\b(?:what|whats|how|when|where|why|who|whose|which|wat|wut)\b", re.IGNORECASE)
_AFTER_CONDITION = re.compile(
    r"^\W*(?:(?:and|so|but|ok) )?(?:if|after|once)\b.*?\s((?:can|could|may|do|does|will|am|is|are) "
    r"(?:i|you|we|it|they|he|she)\b.*)$",
    re.IGNORECASE,
)
_CONDITIONED_ASK = re.compile(
    _LEAD + r"(?:if|after|once|when|whenever|while|with)\b(.*?)\s"
    r"((?:can|could|may|do|does|did|will|would|must|am|is|are|should|has|have)\s+(?:i|u|you|we|it|they|he|she|my|their|the|opp\w*)\b.*)$",
    re.IGNORECASE,
)
"""A question asked after a situation it opens with ("with gato transport out does my opp…")."""
_LEADING_STATEMENTS = re.compile(r"^(?:[^?.!]+\.+\s+)+(?=\S)")
"""Sentences of situation, ended by a period, before the question ("i stole their fang blade. do i pay…")."""
_CLAUSE = re.compile(r"[,;?!]+\s*|\s+(?:so|then|but)\s+")


def _clauses(question: str) -> list[str]:
    """The question whole, then each clause after a comma or "so/then/but", last first."""
    parts = [p for p in _CLAUSE.split(question) if p and p.strip()]
    return [question, *reversed(parts[1:])] if len(parts) > 1 else [question]


def _opening_type(clause: str) -> QuestionType | None:
    if _HOW_MANY_OPENING.search(clause):
        return "howmany"
    if _HOW_TO.search(clause):
        return "howto"
    if _WHEN.search(clause):
        return "when"
    if _WHAT_HAPPENS.search(clause):
        return "whathappens"
    if _YES_NO.search(clause):
        return "yesno"
    if _WHAT_IS.search(clause):
        return "howmany" if _HOW_MANY.search(clause) else "whatis"
    return None


def profile(phrasings: Iterable[str]) -> frozenset[QuestionType]:
    """The question types a fact answers, read from the ways players ask it (types that make up at
    least a tenth of its phrasings, so one odd phrasing does not count)."""
    counts = Counter(question_type(p) for p in phrasings)
    total = sum(counts.values()) or 1
    return frozenset(t for t, n in counts.items() if t != "other" and n / total >= 0.1)


_YES_NO_OPENING = re.compile(r"^\s*(?:yes|no)\s*(?:[:.,;!—–-]\s*|\s+(?=but\b|only\b|unless\b|not\b))", re.IGNORECASE)


def shape(answer: str, kind: QuestionType) -> str:
    """`answer` worded for a `kind` question: a Yes/No opening only answers a yes/no question.

    >>> shape("No: a Ninja is deployed only in your Mission Phase.", "howto")
    'A Ninja is deployed only in your Mission Phase.'
    >>> shape("Yes, but only once per turn.", "when")
    'Only once per turn.'
    >>> shape("No: only once.", "yesno")
    'No: only once.'
    """
    if kind in ("yesno", "other"):
        return answer
    opening = _YES_NO_OPENING.match(answer)
    if opening is None:
        return answer
    rest = answer[opening.end() :].lstrip()
    if rest.lower().startswith("but "):
        rest = rest[4:]
    return rest[:1].upper() + rest[1:] if rest else answer


Turn = Literal["mine", "theirs"]
_NUMBER = re.compile(r"(?<![\w.])(\d{1,5})(?![\w.])")
_THEIRS = re.compile(r"\b(?:opp(?:onent)?'?s?|their|enemy'?s?|other player'?s?)\s+turn\b", re.IGNORECASE)
_MINE = re.compile(r"\b(?:my|own|your)\s+turn\b", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Situation:
    """What a question says about the position: the numbers it gives and whose turn it is."""

    numbers: tuple[int, ...]
    turn: Turn | None


def situation(question: str) -> Situation:
    """The numbers and the turn a question describes."""
    numbers = tuple(int(n) for n in _NUMBER.findall(question))
    turn: Turn | None = "theirs" if _THEIRS.search(question) else "mine" if _MINE.search(question) else None
    return Situation(numbers, turn)


@dataclass(frozen=True, slots=True)
class Understanding:
    """A question as understood: its type and situation (the card subject is found separately)."""

    type: QuestionType
    situation: Situation


def understand(question: str) -> Understanding:
    """Type and situation of `question`."""
    return Understanding(question_type(question), situation(question))


_COMPARED = re.compile(r"\b(?:higher|lower|more|less|equal|same|bigger|smaller|greater|weaker|stronger)\b", re.I)
VALUE_FLOOR = 100
"""Numbers this large are stat values (ATK 1500, SP 600), not counts: their size means nothing to
a rule, only how two of them compare."""


def value_tokens(words: list[str], question: str, game: str) -> list[str]:
    """`words` (normalized tokens of `question`) with stat values masked as "value" and, when the
    question compares two values, the comparison added: "2000 atk attacks a 1000 def monster"
    reads as "value atk attacks value def monster higher"."""
    from rulesdocs.chat import tokens

    out = ["value" if w.isdigit() and int(w) >= VALUE_FLOOR else w for w in words]
    if game == "naruto":
        out += tokens(_naruto_margin(question), game)
    values = [n for n in situation(question).numbers if n >= VALUE_FLOOR]
    if len(values) == 2 and not _COMPARED.search(question):
        first, second = values
        out += tokens("higher" if first > second else "lower" if first < second else "equal", game)
    return out


_DIFFERENCE = re.compile(r"\b(?:difference|diff|differ(?:s|ence)? by|by)\s*(?:is|of|was|=)?\s*(\d{1,2})\b", re.I)
_POWERS = re.compile(r"\b(\d{1,2})\s*(?:power\s*)?(?:vs\.?|versus|against|into|to)\s*(\d{1,2})\b", re.I)
OUTSTANDING_MARGIN = 5
"""Naruto: a battle won by this much Team Power or more is an Outstanding Victory."""


def _naruto_margin(question: str) -> str:
    """ "outstanding victory" or "victory" for a Naruto battle typed with its power difference
    ("the power difference is 6", "power 3 vs 8"), else ""."""
    if not re.search(r"\bpower|\bbattle|\bblock|\bteam|\b(?:won|win|lost|lose) by\b", question, re.I):
        return ""
    said = _DIFFERENCE.search(question)
    powers = _POWERS.search(question)
    if said is not None:
        margin = int(said.group(1))
    elif powers is not None:
        margin = abs(int(powers.group(1)) - int(powers.group(2)))
    else:
        return ""
    if margin <= 0:
        return ""
    return "outstanding victory" if margin >= OUTSTANDING_MARGIN else "victory"
