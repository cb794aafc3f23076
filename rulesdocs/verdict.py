"""The Yes or No a limit gives to a yes/no question about a number.

"can i put 2 reserve characters on the bench in the same turn" is answered by a rule that opens
with a limit, "1 reserve character per strategy phase: ...": the player asked yes or no, and the
limit decides it. The number asked and the limit must count the same thing (the word after each
number: "2 reserve" and "1 reserve"), or nothing is added.

>>> prefixed("can i put 2 reserve characters on my bench per turn", "1 reserve character per turn: ...")
'No: 1 reserve character per turn: ...'
>>> prefixed("can i run 3 copies of pot of greed", "3 copies at most of any card.")
'Yes: 3 copies at most of any card.'
>>> prefixed("can i place just 1 starting character", "At least 2 starting characters each round.")
'No: at least 2 starting characters each round.'
>>> prefixed("can a team have 4 ninjas in it", "1 to 3 Ninjas per Team: ...")
'No: 1 to 3 Ninjas per Team: ...'
>>> prefixed("can i keep 2 heroes around for next turn", "You may keep 1 Hero for next turn, or none.")
'No: you may keep 1 Hero for next turn, or none.'
>>> prefixed("card doesnt say restricted, can i still jam 4 copies in my deck", "3 copies at most of a name.")
'No: 3 copies at most of a name.'
>>> prefixed("can i have 2 monsters", "Yes: up to 5 monsters.")
'Yes: up to 5 monsters.'
>>> prefixed("can i attack with 2 monsters", "Each monster attacks once per turn.")
'Each monster attacks once per turn.'

A "No" that limits something to your own turn answers "can I ... on my turn" with Yes:

>>> prefixed("can i use dark hole on my turn", "No: Spells are activated only in your own Main Phase 1 or 2.")
'Yes, on your own turn: Spells are activated only in your own Main Phase 1 or 2.'
>>> prefixed("can i use dark hole on my opponents turn", "No: Spells are activated only in your own Main Phase.")
'No: Spells are activated only in your own Main Phase.'

An answer opening with no limit ("as many as you like") answers "can I" with Yes:

>>> prefixed("already summoned, can i still flip summon my set guy", "As many as you like: flip any number.")
'Yes: as many as you like: flip any number.'
>>> prefixed("cant i flip summon twice", "As many as you like: flip any number.")
'As many as you like: flip any number.'

A "No" saying something doesn't use up a once-a-turn play answers "can I still make it" with Yes:

>>> prefixed("if i fusion summon can i still normal summon", "No: a Fusion Summon doesn't use up your Normal Summon.")
"Yes, you still can: a Fusion Summon doesn't use up your Normal Summon."
"""

from __future__ import annotations

import re

from rulesdocs.text import NUMBER_WORDS, count

_NUMBER = r"(\d{1,3}|" + "|".join(w for w in NUMBER_WORDS if len(w) > 2) + r")"
_ASKED = re.compile(
    r"(?:^|[,.;!?]\s)\W*(?:(?:so|ok|okay|and|but|wait|also)\W+)*"
    r"(?:can|could|may|am i allowed to|is it (?:ok|legal|allowed) to)\b"
    r"[^?.]{0,60}?\b" + _NUMBER + r"\s+([a-z]+)",
    re.IGNORECASE,
)
_AT_MOST = re.compile(
    r"^\W*(?:only |just |exactly )?(?:at most |up to |max(?:imum)? (?:of )?|a maximum of )?" + _NUMBER + r"\s+([a-z]+)"
    r"(?=[^.:;]{0,60}\b(?:at most|max(?:imum)?|per\b|each turn|a turn|only|limit|no more)\b)",
    re.IGNORECASE,
)
_MAY = re.compile(
    r"^[^:;.]{0,60}?\b(?:may|can|only)\s+(?:\w+\s+){0,2}?"
    + _NUMBER
    + r"\s+([a-z]+)(?![^:;.]*\b(?:or more|at least)\b)",
    re.IGNORECASE,
)
_LIMIT_FIRST = re.compile(r"^\W*(?:at most|up to|max(?:imum)?(?: of)?|only|just)\s+" + _NUMBER + r"\s+([a-z]+)", re.I)
_RANGE = re.compile(r"^\W*(?:from )?" + _NUMBER + r"\s*(?:to|-|–)\s*" + _NUMBER + r"\s+([a-z]+)", re.IGNORECASE)
_AT_LEAST = re.compile(r"^\W*(?:at least|a minimum of|min(?:imum)?(?: of)?)\s+" + _NUMBER + r"\s+([a-z]+)", re.I)
_OPENS_YES_NO = re.compile(r"^\s*(?:yes|no)\b", re.IGNORECASE)


def _same_thing(a: str, b: str) -> bool:
    """ "reserve"/"reserve", "copies"/"copy", "characters"/"character": the same counted word."""
    a, b = a.lower(), b.lower()
    stem = min(len(a), len(b), 5)
    return (stem >= 3 and a[:stem] == b[:stem]) or {a, b} <= {"copy", "copies"}


_ON_MY_TURN = re.compile(r"\b(?:on|during|in) my (?:own )?turn\b", re.IGNORECASE)
_OPPONENT = re.compile(r"\b(?:opp\w*|enemy|their|other player\w*)\b", re.IGNORECASE)
_NO_OWN_TURN_ONLY = re.compile(
    r"^\s*No\s*[:,]\s*(?=[^.]*\bonly (?:in|during|on) your (?:own )?(?:turn|main phase))", re.IGNORECASE
)


_UNLIMITED = re.compile(
    r"^\s*(?:as many as you (?:like|want)|any number|unlimited|no limit|as often as you (?:like|want)|any order)\b",
    re.I,
)
_CAN = re.compile(r"\b(?:can|could|may) (?:i|we|you|my|a|an|the|he|she|they)\b", re.IGNORECASE)
_STILL = re.compile(r"\bcan (?:i|you|we) (?:still|also)\b", re.IGNORECASE)
_NOT_USED_UP = re.compile(
    r"^\s*No\s*[:,]\s*(?=[^.;]*?\b(?:doesn.?t|does not|isn.?t|is not)\b[^.;]*?\b(?:use up|count as)\b)", re.I
)


def prefixed(question: str, answer: str) -> str:
    """`answer` opened with the Yes or No its leading limit gives to the number `question` asks about,
    or to "can I ... on my turn" when the rule's No limits it to your own turn."""
    own_turn_only = _NO_OWN_TURN_ONLY.match(answer)
    if own_turn_only is not None and _ON_MY_TURN.search(question) and not _OPPONENT.search(question):
        return f"Yes, on your own turn: {answer[own_turn_only.end() :]}"
    not_used_up = _NOT_USED_UP.match(answer)
    if not_used_up is not None and _STILL.search(question):
        return f"Yes, you still can: {answer[not_used_up.end() :]}"
    if _OPENS_YES_NO.match(answer):
        return answer
    if _UNLIMITED.match(answer) and _CAN.search(question) and not _negated(question):
        return f"Yes: {answer[:1].lower()}{answer[1:]}"  # "can i still flip summon" -> "As many as you like"
    asked = _ASKED.search(question)
    if asked is None:
        return answer
    wanted, thing = count(asked.group(1)), asked.group(2)
    most = _LIMIT_FIRST.match(answer) or _AT_MOST.match(answer) or _MAY.match(answer)
    least = _AT_LEAST.match(answer)
    span = _RANGE.match(answer)
    if span is not None and _same_thing(thing, span.group(3)):
        low, high = count(span.group(1)), count(span.group(2))
        verdict = "Yes" if low <= wanted <= high else "No"
    elif most is not None and _same_thing(thing, most.group(2)):
        verdict = "Yes" if wanted <= count(most.group(1)) else "No"
    elif least is not None and _same_thing(thing, least.group(2)):
        verdict = "Yes" if wanted >= count(least.group(1)) else "No"
    else:
        return answer
    return f"{verdict}: {answer[:1].lower()}{answer[1:]}" if answer[:2].istitle() else f"{verdict}: {answer}"


_NEGATION = re.compile(
    r"\b(?:no|not|none|never|nothing|nobody|without|empty|zero|0|cannot|"
    r"(?:ca|do|does|is|are|wo|was|were|did|has|have|had|should|could|would|must)n'?t)\b",
    re.IGNORECASE,
)
_OPENING = re.compile(r"^\s*no\s*[:.,;!—–-]\s*", re.IGNORECASE)
_ONLY_WHEN = re.compile(r"\bonly (?:when|if|while|once)\s+([^.;,]+)", re.IGNORECASE)
_CONTENT = re.compile(r"[a-z]{4,}")
_CONTENT_STOP = frozenset({"when", "only", "they", "them", "their", "your", "have", "still", "while", "with", "that"})


def _negated(text: str) -> bool:
    return len(_NEGATION.findall(text.replace("’", "'"))) % 2 == 1


def _content(text: str) -> set[str]:
    return {w.rstrip("s") for w in _CONTENT.findall(text.lower())} - _CONTENT_STOP


_STAYS = re.compile(r"\b(?:stays?|remains?|keeps?|same|unchanged)\b", re.IGNORECASE)
_CHANGES = re.compile(
    r"\b(?:changes?|drops?|go(?:es)? (?:down|up)|lower(?:ed|s)?|reduced?|decreases?|resets?|loses?|raised?)\b",
    re.IGNORECASE,
)
_VERDICT = re.compile(r"^\s*(yes|no)\b", re.IGNORECASE)


def _flipped(question: str, phrasing: str, answer: str) -> str | None:
    """The answer with its Yes/No swapped when the question asks whether something *stays* and the
    phrasing it matched asks whether it *changes* (or the other way round), else None.

    >>> _flipped("does his mental power stay at 3", "does mental power drop when injured", "No: it stays the same.")
    'Yes: it stays the same.'
    >>> _flipped("does it stay at 3", "injured ninja mental power", "No: it stays the same when injured.")
    'Yes: it stays the same when injured.'
    >>> _flipped("does it change", "does it change", "No: it stays.")
    """
    verdict = _VERDICT.match(answer)
    if verdict is None or not phrasing:
        return None
    asks_stay = bool(_STAYS.search(question)) and not _CHANGES.search(question)
    asks_change = bool(_CHANGES.search(question)) and not _STAYS.search(question)
    phrased_stay = bool(_STAYS.search(phrasing)) and not _CHANGES.search(phrasing)
    phrased_change = bool(_CHANGES.search(phrasing)) and not _STAYS.search(phrasing)
    body = answer[verdict.end() :]
    if not phrased_stay and not phrased_change and verdict.group(1).lower() == "no":
        # a neutral phrasing ("injured ninja mental power"): "No: it stays the same" answered "does it change"
        phrased_change = bool(_STAYS.search(body)) and not _CHANGES.search(body) and not _negated(body)
    if not ((asks_stay and phrased_change) or (asks_change and phrased_stay)):
        return None
    other = "Yes" if verdict.group(1).lower() == "no" else "No"
    return other + answer[verdict.end() :]


_FIRST = re.compile(
    r"\b(?:go(?:es|ing)?|went|play(?:s|ing)?) (?:1st|first)\b|\b(?:1st|first) (?:player|turn player)\b"
    r"|\bi'?m (?:1st|first)\b|\bstarting player\b|\bplayer who starts\b|\bstarts the (?:duel|game)\b",
    re.IGNORECASE,
)
_SECOND = re.compile(
    r"\b(?:go(?:es|ing)?|went|play(?:s|ing)?) (?:2nd|second)\b|\b(?:2nd|second) player\b|\bi'?m (?:2nd|second)\b",
    re.IGNORECASE,
)


_ONLY = re.compile(r"\bonly\b", re.IGNORECASE)
_BOTH = re.compile(r"\b(?:too|also|as well|both|either|each|every(?:one)?|all)\b", re.IGNORECASE)


_THEY_GO = re.compile(r"\(they go (first|second)\)")


def _as_asker(found: re.Match[str]) -> str:
    return f"going {found.group(1)}"


def _other_player(question: str, phrasing: str, answer: str) -> str | None:
    """The answer with its Yes/No swapped when it rules on the player going first only, the phrasing it
    matched asks about that player and the question about the one going second (or the other way round).

    >>> _other_player("im going 2nd, do i draw on my first turn", "does the player going first draw",
    ...     "No: the player who goes first doesn't draw on their first turn.")
    "Yes: the rule is only about the player going first: the player who goes first doesn't draw on their first turn."
    >>> _other_player("im going first, do i draw", "does the player going first draw", "No: the first player skips it.")
    >>> _other_player("going 2nd, do i draw", "does the first player draw", "Yes, the first player draws too.")
    """
    verdict = _VERDICT.match(answer)
    if verdict is None or not phrasing:
        return None
    body = answer[verdict.end() :]

    def side(text: str) -> str | None:
        first, second = bool(_FIRST.search(text)), bool(_SECOND.search(text))
        return "first" if first and not second else "second" if second and not first else None

    asked, phrased, ruled = side(_THEY_GO.sub(_as_asker, question)), side(phrasing), side(body)
    # a restriction: negated ("can't enter the Battle Phase…, so no attacks": its first clause), or "only"
    restricts = _negated(body) or _negated(re.split(r"[,;]", body)[0]) or _ONLY.search(body)
    if not restricts or _BOTH.search(body):
        return None  # "the first player draws too" rules on both players
    if asked is None or ruled is None or asked == ruled or phrased not in (None, ruled):
        return None
    other = "Yes" if verdict.group(1).lower() == "no" else "No"
    rest = body.lstrip(" :,.-")
    return f"{other}: the rule is only about the player going {ruled}: {rest[:1].lower()}{rest[1:]}"


_OPPONENT_ASKED = re.compile(r"\b(?:opp\w*|they|them|their|theirs|the other (?:guy|player|person))\b", re.IGNORECASE)


def _side(text: str) -> str | None:
    first, second = bool(_FIRST.search(text)), bool(_SECOND.search(text))
    return "first" if first and not second else "second" if second and not first else None


def side_carried(earlier: str, question: str) -> str:
    """A follow-up about the opponent ("ok and my opp on their first turn?") after a question that said
    which player the asker is ("im going first, do i draw"), with the opponent's side said, so the Yes
    or No of a rule about one side can be turned for them; any other question as it is.

    >>> side_carried("im going first, do i draw my first turn", "ok and my opp on their first turn?")
    'ok and my opp on their first turn? (they go second)'
    >>> side_carried("im going first, do i draw my first turn", "and on turn 3?")
    'and on turn 3?'
    """
    mine = _side(earlier)
    if mine is None or _side(question) is not None or not _OPPONENT_ASKED.search(question):
        return question
    return f"{question} (they go {'second' if mine == 'first' else 'first'})"


def polarity_checked(question: str, phrasing: str, answer: str) -> str:
    """`answer` with its No turned to Yes when `question` states the very condition the No allows.

    A question that negates where the phrasing it matched doesn't ("...if they have no characters"
    matched to "...if they still have a character") asks the opposite: a "No: ... only when they control
    no characters" whose condition the question states is a Yes. Anything else is left as it is.

    >>> polarity_checked("can i attack directly if they have no characters",
    ...     "can i hit my opponent directly if they still have a character",
    ...     "No: you may attack directly only when they control no characters; else attack one.")
    'Yes: you may attack directly only when they control no characters; else attack one.'
    >>> polarity_checked("can i attack directly", "can i attack directly", "No: only when they have none.")
    'No: only when they have none.'
    >>> polarity_checked("if i dont have kiba out?", "do i wait a turn", "No waiting: a Ninja is ready at once.")
    'No waiting: a Ninja is ready at once.'
    """
    flipped = _flipped(question, phrasing, answer) or _other_player(question, phrasing, answer)
    if flipped is not None:
        return flipped
    opening = _OPENING.match(answer)
    if not phrasing or opening is None or _negated(question) == _negated(phrasing):
        return answer
    rest = answer[opening.end() :].lstrip()
    only = _ONLY_WHEN.search(rest)
    if (
        only is not None
        and _negated(only.group(1)) == _negated(question)
        and _content(only.group(1)) & _content(question)
    ):
        return f"Yes: {rest}"
    return answer
