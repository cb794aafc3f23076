"""The Yes or No a fact's phrasing gets, for facts whose answer doesn't open with one.

A fact answers many wordings of one question, and its answer states the rule: "To its owner's
Graveyard: a stolen monster...". A yes/no question wants a Yes or a No first, and which one depends
on the wording: "does it go back to the owner's gy" is a Yes, "does it go to my graveyard" a No.
`rulesdocs/verdicts/<game>.yaml` records, for each such fact, the phrasings its answer answers Yes
and those it answers No (labelled by readers from the fact's answer alone). A question gets the
verdict of the fact's labelled phrasing it covers most (`COVERED`), only when it asks what that
phrasing asks: the same kind of verb, negation, numbers and owner, and no contrasted term swapped
("trap" for "monster", `followup.terms`); and not when the answer's opening words say the opposite.
Otherwise the answer is left as it is.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import yaml

from rulesdocs import chat, followup
from rulesdocs import text as textmod
from rulesdocs.model import GameId, RulesError

VERDICTS_DIR = Path(__file__).with_name("verdicts")

_CLAUSE = re.compile(r"[.,;!?]+\s*")
_OPENS = re.compile(r"^\s*(?:yes|no)\b", re.IGNORECASE)
_MINE = re.compile(r"\b(?:my|mine|myself|our)\b", re.IGNORECASE)
_THEIRS = re.compile(
    r"\b(?:their|theirs|opp'?s?|opponent'?s?|opponents'?|enemy'?s?|his|her|the other (?:player|guy)'?s?)\b",
    re.IGNORECASE,
)


def _key(phrasing: str) -> str:
    return " ".join(phrasing.lower().split())


@cache
def labels(game: GameId) -> dict[str, dict[str, bool]]:
    """Fact id -> phrasing (lower case, spaces folded) -> True for Yes, False for No."""
    path = VERDICTS_DIR / f"{game}.yaml"
    if not path.exists():
        return {}
    try:
        raw = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    except (OSError, yaml.YAMLError) as exc:
        raise RulesError(f"{path}: {exc}") from exc
    facts = raw.get("verdicts") if isinstance(raw, dict) else None
    if not isinstance(facts, dict):
        raise RulesError(f"{path}: expected `verdicts:` mapping fact ids to `yes:` and `no:` phrasings")
    out: dict[str, dict[str, bool]] = {}
    for fact_id, said in facts.items():
        if not isinstance(said, dict) or not set(said) <= {"yes", "no"}:
            raise RulesError(f"{path}: {fact_id}: expected `yes:` and `no:` lists of phrasings")
        out[str(fact_id)] = {
            _key(str(p)): verdict for verdict, key in ((True, "yes"), (False, "no")) for p in said.get(key) or []
        }
    return out


def _owner(text: str) -> str | None:
    """Whose card the question is about: "my" or "their" words, in its last clause when that names one
    ("took opp's monster and tributed it for my skull. does it go to their gy?": theirs)."""
    for part in (_CLAUSE.split(text.strip(" ?!."))[-1], text):
        mine, theirs = bool(_MINE.search(part)), bool(_THEIRS.search(part))
        if mine != theirs:
            return "mine" if mine else "theirs"
    return None


_AUXILIARIES = {
    "can": "can", "could": "can", "may": "can", "cant": "can", "cannot": "can",
    "do": "do", "does": "do", "did": "do", "dont": "do", "doesnt": "do",
    "is": "be", "are": "be", "am": "be", "was": "be", "isnt": "be", "arent": "be",
    "will": "will", "would": "will", "wont": "will",
    "should": "must", "must": "must",
}  # fmt: skip
_WORD = re.compile(r"[a-z]+")


def _auxiliary(text: str) -> str | None:
    """The kind of verb a yes/no question is asked with ("can", "do", "be"...), from its last clause
    that has one: "is involving an ability" doesn't ask what "can my hero still get involved" asks."""
    for part in reversed(_CLAUSE.split(text.lower().replace("'", ""))):
        for word in _WORD.findall(part):
            if word in _AUXILIARIES:
                return _AUXILIARIES[word]
    return None


def _numbers(words: list[str]) -> frozenset[str]:
    return frozenset(w for w in words if w.isdigit())


def asks_the_same(question: str, phrasing: str, game: GameId) -> bool:
    """True when `question` asks what `phrasing` asks, as far as a Yes or No goes: the same negation,
    the same numbers (or none typed), the same owner, and no term of a contrasted class swapped.

    >>> asks_the_same("took their guy, does it go to their gy", "does it go back to the owners gy", "yugioh")
    True
    >>> asks_the_same("can i have 4 copies", "can i have 3 copies", "yugioh")
    False
    >>> asks_the_same("does it go to my gy", "does it go to their graveyard", "yugioh")
    False
    >>> asks_the_same("it wont come back right", "does it come back", "yugioh")
    False
    >>> asks_the_same("can i chain a trap to it", "can i chain a monster effect to it", "yugioh")
    False
    """
    asked, phrased = chat.tokens(question, game), chat.tokens(phrasing, game)
    if asked.count("not") % 2 != phrased.count("not") % 2:
        return False
    numbers = _numbers(asked)
    if numbers and numbers != _numbers(phrased):
        return False
    auxiliaries = _auxiliary(question), _auxiliary(phrasing)
    if None not in auxiliaries and auxiliaries[0] != auxiliaries[1]:
        return False
    owners = _owner(question), _owner(phrasing)
    if None not in owners and owners[0] != owners[1]:
        return False
    asked_terms, phrased_terms = followup.terms(asked, game), followup.terms(phrased, game)
    return not (followup.clashes(asked_terms, phrased_terms) or followup.clashes(phrased_terms, asked_terms))


COVERED = 0.7
"""The share of a labelled phrasing's words the question must hold for the phrasing to lend its verdict."""


@cache
def _labelled_words(game: GameId, fact_id: str) -> tuple[tuple[str, frozenset[str], bool], ...]:
    return tuple(
        (phrasing, words, verdict)
        for phrasing, verdict in labels(game).get(fact_id, {}).items()
        if (words := frozenset(chat.tokens(phrasing, game)))
    )


def closest_labelled(question: str, fact_id: str, game: GameId) -> tuple[str, bool] | None:
    """The labelled phrasing of the fact whose words the question holds the most of (the most shared
    overall among equals), when the question holds at least `COVERED` of them."""
    words = frozenset(chat.tokens(question, game))
    best: tuple[tuple[float, float], str, bool] | None = None
    for phrasing, phrased, verdict in _labelled_words(game, fact_id):
        shared = len(words & phrased)
        rank = (shared / len(phrased), shared / len(words | phrased))
        if best is None or rank > best[0]:
            best = (rank, phrasing, verdict)
    return (best[1], best[2]) if best is not None and best[0][0] >= COVERED else None


_LEAD_NEGATED = re.compile(
    r"\b(?:no|not|never|none|nothing|cannot|only|(?:ca|do|does|is|are|wo|did|has|have)n'?t)\b", re.IGNORECASE
)
_LEAD_AFFIRMS = re.compile(r"^\s*(?:it|you|they|he|she|both|each|every\w*)\s+(?:can|do|does|is|are|still|may)\b", re.I)


def _contradicts(verdict: bool, answer: str) -> bool:
    """True when the answer's opening words say the opposite of `verdict`: a "No" before "It can still
    be involved", a "Yes" before "Not in the Battle Phase"."""
    lead = answer.split(":", 1)[0] if 0 < answer.find(":") < 90 else answer.split(".", 1)[0]
    if verdict:
        return bool(_LEAD_NEGATED.search(lead))
    return bool(_LEAD_AFFIRMS.match(lead)) and not _LEAD_NEGATED.search(lead)


def opened(question: str, fact_id: str, answer: str, game: GameId) -> str:
    """`answer` opened with the Yes or No its fact gives the labelled phrasing closest to the yes/no
    `question`, when the question asks what that phrasing asks; else `answer` unchanged."""
    if _OPENS.match(answer):
        return answer
    closest = closest_labelled(question, fact_id, game)
    if closest is None:
        return answer
    phrasing, verdict = closest
    if not asks_the_same(question, phrasing, game) or _contradicts(verdict, answer):
        return answer
    first = answer.split(" ", 1)[0]
    if first.lower() in textmod.STOP_WORDS:  # "To its owner's Graveyard" -> "Yes: to its owner's Graveyard"
        answer = answer[:1].lower() + answer[1:]
    return f"{'Yes' if verdict else 'No'}: {answer}"
