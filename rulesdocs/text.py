"""Text normalization shared by the index and the queries: tokens, stop words, stems, synonyms.

The index stores pre-normalized terms, so a question and a rules passage meet on the same
vocabulary: lower case, synonyms folded to one canonical word, then a light suffix stemmer.

>>> terms("Can I attack the turn I summoned it?")
['attack', 'turn', 'summon']
>>> terms("my monster is in DEF position")
['monster', 'defens', 'position']
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from pathlib import Path

import yaml

_WORD = re.compile(r"[a-z0-9]+(?:'[a-z]+)?")

_STOP_TEXT = """
    a an the and or but if then than so of to in on at by for from with without into onto over under
    is are was were be been being am do does did doing done have has had having can could may might
    must shall should will would i me my mine we us our you your yours he him his she her it its they
    them their theirs this that these those there here what which who whom whose when where why how
    just also only very too not no yes any some all each every both either neither other another
    such same as about again once while until because
    get gets got getting make makes made let lets like want wants need needs
    ok okay hey hi pls please thanks thx guys anyone someone something anything really actually
    still even ever way thing things work works happen happens happened else one ones
    many much guy guys stuff kind sort exactly literally basically tcg ccg big large
    difference explain mean means meaning question wondering know tell
    s t im ive id dont doesnt didnt cant cannot wont isnt arent wasnt whats hows
"""
STOP_WORDS: frozenset[str] = frozenset(_STOP_TEXT.split())
"""Words that never decide which rule a question is about."""


Synonyms = dict[str, tuple[str, ...]]


def _table(raw: object, where: str) -> Synonyms:
    if not isinstance(raw, dict):
        raise ValueError(f"{where}: expected a mapping of canonical word -> list of variants")
    table: Synonyms = {}
    for canonical, variants in raw.items():
        if not isinstance(variants, list):
            raise ValueError(f"{where}: {canonical!r} must map to a list, got {variants!r}")
        replacement = tuple(str(canonical).lower().split())
        for variant in variants:
            table[" ".join(_WORD.findall(str(variant).lower().replace("'", "")))] = replacement
    return table


Rewrites = tuple[tuple[re.Pattern[str], str], ...]


def _rewrites(raw: object, where: str) -> Rewrites:
    if not isinstance(raw, dict):
        raise ValueError(f"{where}: expected a mapping of words to add -> list of regular expressions")
    out: list[tuple[re.Pattern[str], str]] = []
    for added, patterns in raw.items():
        if not isinstance(patterns, list):
            raise ValueError(f"{where}: {added!r} must map to a list of regular expressions")
        for pattern in patterns:
            try:
                out.append((re.compile(str(pattern), re.IGNORECASE), str(added)))
            except re.error as exc:
                raise ValueError(f"{where}: bad pattern {pattern!r} for {added!r}: {exc}") from exc
    return tuple(out)


def _load_synonyms() -> tuple[Synonyms, dict[str, Synonyms], Rewrites]:
    path = Path(__file__).with_name("synonyms.yaml")
    raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    if not isinstance(raw, dict):
        raise ValueError(f"{path}: expected a mapping of canonical word -> list of variants")
    per_game = raw.pop("per_game", {}) or {}
    if not isinstance(per_game, dict):
        raise ValueError(f"{path}: per_game must map a game id to its own synonym table")
    rewrites = _rewrites(raw.pop("question_rewrites", {}) or {}, f"{path} question_rewrites")
    games = {str(game): _table(table, f"{path} per_game.{game}") for game, table in per_game.items()}
    return _table(raw, str(path)), games, rewrites


SYNONYMS, GAME_SYNONYMS, QUESTION_REWRITES = _load_synonyms()
"""Variant word -> canonical words (chat slang, British spellings, old card-type names), for all
games and per game (words whose meaning depends on the game: "tap" is expend in Inuyasha but
strike in Usagi Yojimbo; "kill" is a rules term in Inuyasha and chat for destroy in Yu-Gi-Oh!).
`QUESTION_REWRITES`: chat phrasings (regular expressions) and the rules words they stand for,
added to a question only ("how many cards in my deck" -> deck size)."""

_VOWELS = frozenset("aeiouy")

# (suffix, replacement, minimum stem length kept) in the order they are tried.
_SUFFIXES: tuple[tuple[str, str, int], ...] = (
    ("ational", "ate", 3),
    ("ization", "ize", 3),
    ("fulness", "ful", 3),
    ("iveness", "ive", 3),
    ("ations", "ate", 3),
    ("ation", "ate", 3),
    ("nesses", "", 3),
    ("ness", "", 3),
    ("ments", "", 4),
    ("ment", "", 4),
    ("ingly", "", 3),
    ("edly", "", 3),
    ("ings", "", 3),
    ("ing", "", 3),
    ("ies", "y", 2),
    ("ied", "y", 2),
    ("ers", "er", 3),
    ("ed", "", 3),
    ("ed", "e", 2),
    ("ly", "", 4),
    ("es", "", 4),
    ("s", "", 3),
)
_KEEP_ES = ("ches", "shes", "sses", "xes", "zes")


@lru_cache(maxsize=16384)
def stem(word: str) -> str:
    """Strip common English inflections so "attacks", "attacked", "attacking" meet.

    >>> [stem(w) for w in ("attacks", "attacked", "attacking", "defense", "destroyed", "copies")]
    ['attack', 'attack', 'attack', 'defens', 'destroy', 'copy']
    """
    if len(word) <= 3 or word.isdigit():
        return word
    for suffix, replacement, min_stem in _SUFFIXES:
        if not word.endswith(suffix):
            continue
        base = word[: -len(suffix)]
        if len(base) < min_stem or not _VOWELS.intersection(base):
            continue
        if suffix == "es" and not word.endswith(_KEEP_ES):
            base = word[:-1]
        if suffix == "s" and word.endswith(("ss", "us", "is")):
            return _final(word)
        doubled = len(base) > 2 and base[-1] == base[-2] and base[-1] not in "lsz"
        if doubled and suffix in ("ing", "ed", "ings", "edly", "ingly"):
            base = base[:-1]
        return _final(base + replacement)
    return _final(word)


def _final(word: str) -> str:
    """Drop a trailing silent "e" so "defense"/"defens" and "use"/"us-ed" line up."""
    if len(word) > 3 and word.endswith("e") and not word.endswith(("ee", "ie")):
        return word[:-1]
    return word


def fold(text: str) -> str:
    """Lower-case `text` and strip accents and typographic quotes."""
    text = unicodedata.normalize("NFKD", text)
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    return text.replace("’", "'").replace("‘", "'").lower()


_MAX_PHRASE = max((v.count(" ") + 1 for t in (SYNONYMS, *GAME_SYNONYMS.values()) for v in t), default=1)


def words(text: str, game: str | None = None) -> list[str]:
    """Folded words of `text` with synonyms (of `game`, then of all games) expanded, stop words kept.
    Multi-word variants ("starting hand" -> opening hand) are matched first, longest first.

    >>> words("Who goes first? My starting hand")
    ['who', 'first', 'player', 'my', 'opening', 'hand']
    """
    local = GAME_SYNONYMS.get(game, {}) if game else {}
    tokens = [raw[:-2] if raw.endswith("'s") else raw.replace("'", "") for raw in _WORD.findall(fold(text))]
    out: list[str] = []
    i = 0
    while i < len(tokens):
        for size in range(min(_MAX_PHRASE, len(tokens) - i), 0, -1):
            key = " ".join(tokens[i : i + size])
            replacement = local.get(key) or SYNONYMS.get(key)
            if replacement is not None:
                out.extend(replacement)
                i += size
                break
        else:
            out.append(tokens[i])
            i += 1
    return out


def terms(text: str, game: str | None = None, *, keep_stop_words: bool = False) -> list[str]:
    """Index terms of `text`: folded, synonym-expanded (for `game`), stop words dropped, stemmed."""
    return [stem(w) for w in words(text, game) if keep_stop_words or w not in STOP_WORDS]


def term_text(text: str, game: str | None = None) -> str:
    """`terms(text, game)` joined by spaces: what the FTS5 columns store."""
    return " ".join(terms(text, game))


def rewrite(question: str) -> str:
    """The rules words that chat phrasings in `question` stand for ("" when none applies).

    >>> rewrite("how many cards go in a deck?")
    'deck size'
    """
    folded = fold(question)
    return " ".join(added for pattern, added in QUESTION_REWRITES if pattern.search(folded))


NUMBER_WORDS: dict[str, int] = {
    "a": 1,
    "an": 1,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
}
"""Counts players spell out ("a" and "an" count one)."""


def count(word: str) -> int:
    """The count `word` (digits or a word of `NUMBER_WORDS`) stands for.

    >>> count("3"), count("Two"), count("an")
    (3, 2, 1)
    """
    return int(word) if word.isdigit() else NUMBER_WORDS[word.lower()]


def number(pattern: re.Pattern[str], text: str) -> int | None:
    """The number `pattern`'s first matching group captures in `text`, or None when it doesn't match.

    >>> number(re.compile(r"entrance (\\d+)|(\\d+) entrance"), "a 4 entrance ninja")
    4
    """
    found = pattern.search(text)
    if found is None:
        return None
    return int(next(group for group in found.groups() if group is not None))


CARD_VALUE_WORDS = frozenset(
    [
        "combat",
        "support",
        "power",
        "cost",
        "costs",
        "entrance",
        "stat",
        "stats",
        "effect",
        "ability",
        "abilities",
        "text",
        "atk",
        "def",
        "level",
        "sp",
        "color",
        "colors",
        "colour",
        "colours",
        "red",
        "blue",
        "green",
        "black",
        "yellow",
        "purple",
        "white",
        "rating",
        "ratings",
        "attribute",
        "attributes",
        "symbol",
    ]
)
"""Words for a card's printed values: after a possessive ("narutos combat"), the word before them is a card."""
CARD_VALUE_STATES = frozenset({"healthy", "injured", "printed", "base"})
"""Words that may stand between a possessive and the value ("narutos injured support")."""
