"""Card names inside rules questions, recognised through the built-in card pools.

"can Dark Magician attack the turn i summon it" is a question about monsters: the name is read as
its card kind with its level ("level 7 monster") unless the knowledge base knows the card itself (Exodia, a card a rule
names). "what does Dark Magician do" asks about one card's text, which the rulebook doesn't rule
on: `card_question` spots that, so the assistant can point to the card look-up instead.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from rulesdocs import text as textmod
from rulesdocs.model import GameId

_WORD = re.compile(r"[a-z0-9]+")
MAX_NAME_WORDS = 8
KIND_WORDS = {
    "reserve": "reserve character",
    "starting": "starting character",
    "technique": "super technique",
    "attachment": "item",
}
"""Card types whose display word differs from the type id."""

_CARD_QUESTION = re.compile(
    r"^\s*(?:what|wat|wut)\s*(?:does|do|is|s|'s)\s+(?:the\s+|a\s+)?xcardx(?:'?s)?\s*"
    r"(?:card\s*)?(?:do|does|effect|ability|abilities|text|say|says)?\s*[?!.]*\s*$"
    r"|\bhow\s+does\s+(?:the\s+)?xcardx\s+work\b"
    r"|\bxcardx(?:'?s)?\s+(?:effect|ability|abilities|text|ruling|rulings)\b"
    r"|\b(?:ruling|rulings)\s+(?:on|for|about)\s+(?:the\s+)?xcardx\b"
    r"|\bis\s+xcardx\s+(?:good|bad|broken|banned|legal|worth|meta|strong|playable)\b",
    re.IGNORECASE,
)


@dataclass(frozen=True, slots=True)
class Mention:
    """A card named in a question: its printed name, its kind word, and where it was typed."""

    name: str
    kind: str
    words: tuple[str, ...]


def _words(text: str) -> list[str]:
    return _WORD.findall(textmod.fold(text).replace("'", ""))


@cache
def _names(game: GameId) -> dict[tuple[str, ...], tuple[str, str]]:
    try:
        from cards.pool import PoolError, load_pool
    except ImportError:  # the rules assistant also works without the card package
        return {}
    try:
        pool = load_pool(game)
    except (PoolError, OSError, ValueError, KeyError):
        return {}
    table: dict[tuple[str, ...], tuple[str, str]] = {}
    for card in pool.cards.values():
        kind = KIND_WORDS.get(card.type.lower(), card.type.lower())
        level = card.stats.get("level") if isinstance(card.stats, dict) else None
        if isinstance(level, int) and not isinstance(level, bool):
            kind = f"level {level} {kind}"  # "Blue-Eyes White Dragon" -> a level 8 monster (tributes!)
        for name in (card.name, *card.aliases):
            words = tuple(_words(name))
            if words and (len(words) >= 2 or len(words[0]) >= 5):
                table.setdefault(words, (card.name, kind))
    return table


def find(question: str, game: GameId) -> Mention | None:
    """The longest card name of `game` typed in `question`, if any."""
    table = _names(game)
    if not table:
        return None
    words = _words(question)
    best: Mention | None = None
    for start in range(len(words)):
        for size in range(min(MAX_NAME_WORDS, len(words) - start), 0, -1):
            key = tuple(words[start : start + size])
            if key in table and (best is None or size > len(best.words)):
                name, kind = table[key]
                best = Mention(name, kind, key)
                break
    return best


def replace(question: str, mention: Mention, *, level: bool = True) -> str:
    """`question` (folded) with the card's name read as its kind ("a level 7 monster"; without
    `level`, just "a monster")."""
    words = _words(question)
    size = len(mention.words)
    kind = mention.kind.split()
    if not level and len(kind) > 2 and kind[0] == "level":
        kind = kind[2:]
    for start in range(len(words) - size + 1):
        if tuple(words[start : start + size]) == mention.words:
            words[start : start + size] = kind
            break
    return " ".join(words)


_NAMED_CARD_QUESTIONS = (
    re.compile(
        r"^\s*(?:what|wat|wut)\s+(?:does|do|did)\s+(?:the|a|an|my|his|her|their|this|that)?\s*"
        r"(?P<name>[a-z0-9' -]{3,60}?)(?:\s+(?:card|super technique|technique|jutsu|ability|effect))?"
        r"\s+(?:do|does|say|says)\b(?:\s+exactly)?\s*(?:[?!.,]|$)"
    ),
    re.compile(
        r"\bwhat\s+(?:are|r|is|s)\s+(?:the\s+)?(?P<name>[a-z0-9' -]{3,40}?)(?:'?s)?\s+"
        r"(?:ratings?|stats|colou?r values?|values|atk|def|power|sp|text|effect|ability|abilities)\b"
    ),
    re.compile(
        r"^\s*(?:does|do|can|will|would)\s+(?P<name>[a-z0-9' -]{3,40}?)\s+"
        r"(?:negate|negates|stop|stops|destroy|destroys|counter|counters|beat|beats|target|work with|combo with"
        r"|respond to)\s+"
        r"(?P<other>[a-z0-9' -]{3,40}?)\s*[?!.]*\s*$"
    ),
)


def named_card_question(question: str) -> list[str]:
    """The names in a question about particular cards ("what does the tetsusaiga card do", "does ash
    blossom negate pot of greed", "what are jotaro's ratings"), or [] when it isn't one."""
    folded = " ".join(question.lower().replace("\u2019", "'").split())
    for pattern in _NAMED_CARD_QUESTIONS:
        found = pattern.search(folded)
        if found is not None:
            return [value.strip() for value in found.groupdict().values() if value]
    return []


def card_question(question: str, mention: Mention) -> bool:
    """True when `question` asks what one card does (its text, not a rule)."""
    folded = " ".join(_words(question))
    named = " ".join(mention.words)
    return bool(_CARD_QUESTION.search(folded.replace(named, "xcardx", 1)))


def names(text: str, mention: Mention) -> bool:
    """True when `text` names the mentioned card."""
    return f" {' '.join(mention.words)} " in f" {' '.join(_words(text))} "
