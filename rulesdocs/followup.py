"""Follow-up questions rewritten as whole questions.

"ok and if that same monster was in defense instead?" after "what happens if i attack a monster in
attack position with higher atk" becomes "... attack a monster in defense position with higher atk":
a term of the follow-up replaces the earlier question's term of the same class (`contrasts.yaml`:
attack/defense position, my/opponent's turn, monster/magic/trap, healthy/injured...; numbers form
a class of their own, "what about a level 8?"), and new words are added. Everything works on
normalized tokens (`rulesdocs.chat.tokens`), which is what the fact matcher reads.

>>> rewrite(tokens("how many tributes for a lvl 5", "yugioh"), tokens("what about a level 8 one?", "yugioh"), "yugioh")
['tribut', 'level', '8']
>>> rewrite(tokens("what happens if i attack a monster in attack position", "yugioh"),
...         tokens("and if it was in defense instead", "yugioh"), "yugioh")
['attack', 'monster', 'defens']
"""

from __future__ import annotations

import re
from pathlib import Path

import yaml

from rulesdocs.chat import game_lexicon, tokens

__all__ = ["explicit", "rewrite", "tokens"]

Member = tuple[str, ...]
FILLER = frozenset({"instead", "case", "same", "scenario", "situation", "version", "way", "ask"})
"""Tokens that only say "this is a variation of the last question"."""

_EXPLICIT = re.compile(
    r"^\s*(?:(?:ok(?:ay)?|so|hmm+|wait|oh|ah|right|cool|thanks|thx|ty)\b[\s,.!]*)*"
    r"(?:and|but|or|also|then|what about|how about|what if|same (?:for|with|goes)|in that case|"
    r"and if|and what if|even if|unless|instead|does that|is that|does it|is it|can it|would it|"
    r"what happens if|if it|if they|if its|if it's|if that)\b"
    r"|\b(?:instead|tho|though|too|as well|either)\s*[?.!]*\s*$"
    r"|\b(?:for|about|with|to|of|on|in|like) (?:that|it|this|those|them|these)\s*(?:too|then|tho)?\s*[?.!]*\s*$",
    re.IGNORECASE,
)


_FILLERS = r"^\s*(?:(?:ok(?:ay)?|so|hmm+|wait|oh|ah|right|cool|alright|and|but|also|then)\b[\s,.!]*)*"
_SHORT_LEAD = re.compile(_FILLERS + r"(?:in|on|for|with|during|at|when|after|before|if|vs|versus|without|by)\b", re.I)
_ASKS_WHOLE = re.compile(r"\b(what|how|why|when|where|who|which|can|do|does|is|are|should|must|may)\b", re.I)
_MORE = re.compile(r"\b(how bout|how abt|what abt|wbu|same thing|same rule|same deal|also for|does the same)\b", re.I)


def explicit(question: str) -> bool:
    """True when `question` is worded as a follow-up ("and if...", "what about...", "...too?",
    "in a 4 player game?", or a bare fragment such as "a lvl 8?")."""
    if _EXPLICIT.search(question) or _MORE.search(question):
        return True
    words = question.split()
    if len(words) <= 8 and _SHORT_LEAD.search(question):
        return True
    return len(words) <= 3 and not _ASKS_WHOLE.search(question)


def _load() -> tuple[list[list[str]], dict[str, list[list[str]]]]:
    path = Path(__file__).with_name("contrasts.yaml")
    raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    if not isinstance(raw, dict):
        raise ValueError(f"{path}: expected `shared:` and `per_game:`")

    def classes(items: object) -> list[list[str]]:
        if not isinstance(items, list) or not all(isinstance(item, list) for item in items):
            raise ValueError(f"{path}: a list of classes (lists of terms) was expected")
        return [[str(term) for term in item] for item in items]

    per_game = raw.get("per_game") or {}
    return classes(raw.get("shared") or []), {str(g): classes(c) for g, c in per_game.items()}


_SHARED, _PER_GAME = _load()


def _classes(game: str | None) -> list[list[Member]]:
    """The game's classes, then the shared ones, normalized with the game's chat words (known by
    the time a follow-up is rewritten: the knowledge base registers them when it loads)."""
    raw = [*_PER_GAME.get(game or "", []), *_SHARED]
    return [[m for m in (tuple(tokens(term, game)) for term in terms) if m] for terms in raw]


def _find(words: list[str], member: Member, start: int = 0) -> int:
    size = len(member)
    for i in range(start, len(words) - size + 1):
        if tuple(words[i : i + size]) == member:
            return i
    return -1


def _covered(words: list[str], at: int, size: int, classes: list[list[Member]]) -> bool:
    """True when `words[at:at+size]` is only part of a longer term ("mission" in "mission phase")."""
    for members in classes:
        for member in members:
            if len(member) <= size:
                continue
            for start in range(max(0, at - len(member) + size), at + 1):
                if tuple(words[start : start + len(member)]) == member:
                    return True
    return False


def _find_term(words: list[str], member: Member, classes: list[list[Member]]) -> int:
    """Where `member` stands in `words` as a term of its own (not inside a longer term); -1 if not."""
    at = _find(words, member)
    while at >= 0 and _covered(words, at, len(member), classes):
        at = _find(words, member, at + 1)
    return at


def _swap_modifier(out: list[str], modifier: str, noun: str, follow_up: list[str]) -> bool:
    """ "and a normal mission?" after "...a permanent mission...": the word before the same noun
    is replaced (`permanent` -> `normal`); False when the noun or a replaceable word is missing."""
    at = _find(out, (noun,))
    if at < 0 or modifier in out:
        return False
    if at == 0:
        out.insert(0, modifier)
        return True
    before = out[at - 1]
    if before in follow_up or before.isdigit():
        return False
    out[at - 1] = modifier
    return True


def _member_at(words: list[str], i: int, classes: list[list[Member]]) -> tuple[Member, list[list[Member]]] | None:
    """The longest term starting at `words[i]`, with every class it belongs to (in order)."""
    best: Member | None = None
    for members in classes:
        for member in members:
            if tuple(words[i : i + len(member)]) == member and (best is None or len(member) > len(best)):
                best = member
    if best is None:
        return None
    return best, [members for members in classes if best in members]


def _swap(out: list[str], member: Member, members: list[Member], classes: list[list[Member]]) -> bool:
    """Replace the first other member of the class found in `out` by `member`; False if none."""
    for other in sorted(members, key=len, reverse=True):
        if other == member:
            continue
        at = _find_term(out, other, classes)
        if at >= 0:
            out[at : at + len(other)] = member
            return True
    return False


def _swap_number(out: list[str], number: str, before: str | None) -> None:
    digits = [i for i, w in enumerate(out) if w.isdigit()]
    if not digits:
        out.append(number)
        return
    if before is not None:
        for i in reversed(digits):
            if i > 0 and out[i - 1] == before:
                out[i] = number
                return
    out[digits[-1]] = number  # scenario questions end with the value that varies ("...is at 2")


def rewrite(previous: list[str], follow_up: list[str], game: str | None) -> list[str]:
    """The tokens of `previous` with the contrasted terms of `follow_up` swapped in."""
    words = [w for w in follow_up if w not in FILLER]
    if len(words) >= 2 and words[-1] == "1":  # "a level 8 one", "the trap one": a pronoun, not a number
        words = words[:-1]
    out = list(previous)
    classes = _classes(game)
    i = 0
    while i < len(words):
        found = _member_at(words, i, classes)
        if found is not None:
            member, member_classes = found
            if _find_term(out, member, classes) < 0 and not any(
                _swap(out, member, members, classes) for members in member_classes
            ):
                out.extend(member)
            i += len(member)
            continue
        word = words[i]
        if word.isdigit():
            _swap_number(out, word, words[i - 1] if i > 0 else None)
        elif word in out:
            pass
        elif not (i + 1 < len(words) and _swap_modifier(out, word, words[i + 1], words)):
            out.append(word)
        i += 1
    return out


CLASH_SHARED = frozenset({"attack position", "my turn", "draw phase", "hand"})
"""Shared classes (by their first term) whose terms name game things: a question naming one of them
is not answered by a rule naming only another ("normal summon" is not "fusion summon"). The other
shared classes (before/after, higher/lower...) are everyday words."""


def _clash_classes(game: str | None) -> list[list[Member]]:
    shared = [terms for terms in _SHARED if terms and terms[0] in CLASH_SHARED]
    return [
        [m for m in (tuple(tokens(term, game)) for term in terms) if m]
        for terms in [*_PER_GAME.get(game or "", []), *shared]
    ]


_CLASH_INDEX: dict[tuple[str | None, int], tuple[list[list[Member]], dict[str, list[tuple[int, Member]]]]] = {}


def _clash_index(game: str | None) -> tuple[list[list[Member]], dict[str, list[tuple[int, Member]]]]:
    """The clash classes of `game` and its terms by first word; rebuilt when the game's lexicon changes."""
    key = (game, id(game_lexicon(game)))
    if key not in _CLASH_INDEX:
        classes = _clash_classes(game)
        by_first: dict[str, list[tuple[int, Member]]] = {}
        for c, members in enumerate(classes):
            for member in members:
                by_first.setdefault(member[0], []).append((c, member))
        _CLASH_INDEX[key] = (classes, by_first)
    return _CLASH_INDEX[key]


def terms(words: list[str], game: str | None) -> frozenset[tuple[int, Member]]:
    """The contrasted game terms standing in `words` (normalized tokens), each with its class."""
    _, by_first = _clash_index(game)
    spans = [
        (at, len(member), c, member)
        for at, word in enumerate(words)
        for c, member in by_first.get(word, ())
        if tuple(words[at : at + len(member)]) == member
    ]
    return frozenset(
        (c, member)
        for at, size, c, member in spans
        # not only part of a longer term found ("mission" in "mission phase")
        if not any(s > size and a <= at and at + size <= a + s for a, s, _, _ in spans)
    )


def clashes(asked: frozenset[tuple[int, Member]], stated: frozenset[tuple[int, Member]]) -> bool:
    """True when a question names a term (a Normal Summon) that a rule never names while the rule names
    another term of its class (a Fusion Summon): the rule is about something else."""
    stated_classes = {c for c, _ in stated}
    return any(c in stated_classes and (c, member) not in stated for c, member in asked)
