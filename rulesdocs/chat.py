"""Chat normalization: the way players type, folded to the words the rules use.

Shared chat words (`chat_lexicon.yaml`) and each game's own (`facts/<game>.yaml`, `lexicon:`) are
applied first, multi-word entries longest first, then the synonym table and the stemmer of
`rulesdocs.text`. Questions and the knowledge base's phrasings go through the same function, so
"how many mons do i gotta tribute for a lvl 7" and "how many tributes for a level 7 monster" meet.

>>> tokens("how many mons do i gotta tribute for a lvl 7")
['monster', 'tribut', 'level', '7']
>>> tokens("what if we both drop to 0 at the same time")
['both', 'drop', '0', 'sam', 'tim']
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path

import yaml

from rulesdocs import text as textmod

_SPECIAL = (
    (re.compile(r"\bw/o\b"), " without "),
    (re.compile(r"\bw/(?=\s|\w|$)"), " with "),
    (re.compile(r"\s&\s|\s\+\s"), " and "),
    (re.compile(r"(\d+)\s*(?:lp|life points?)\b"), r"\1 life points"),
    (re.compile(r"\b(\d+)(?:st|nd|rd|th)\b"), r"\1 th"),
    (re.compile(r"\b(lvl|lv|level|atk|def)(\d+)\b"), r"\1 \2"),
    (re.compile(r"\b(\d+)(k)\b"), r"\g<1>000"),
)
_TOKEN = re.compile(r"[a-z0-9]+(?:'[a-z]+)?")
_ORDINALS = {"1": "first", "2": "second", "3": "third", "4": "fourth", "5": "fifth", "6": "sixth"}

KEPT_WORDS = frozenset({"both", "each", "every", "other", "another", "first", "same", "before", "after"})
"""Words the search index ignores that still tell two rules questions apart."""
STOP_WORDS: frozenset[str] = textmod.STOP_WORDS - KEPT_WORDS


Lexicon = dict[tuple[str, ...], tuple[str, ...]]


def _split(phrase: str) -> tuple[str, ...]:
    return tuple(_TOKEN.findall(textmod.fold(phrase).replace("'", "")))


def compile_lexicon(raw: Mapping[str, object], where: str) -> Lexicon:
    """A lexicon from a `{chat words: rules words}` mapping; an empty value drops the words."""
    table: Lexicon = {}
    for key, value in raw.items():
        if value is None:
            value = ""
        if not isinstance(value, (str, int, float)):
            raise ValueError(f"{where}: {key!r} must map to a string, got {value!r}")
        words = _split(str(key))
        if words:
            table[words] = _split(str(value))
    return table


def _load_shared() -> Lexicon:
    path = Path(__file__).with_name("chat_lexicon.yaml")
    raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    if not isinstance(raw, dict):
        raise ValueError(f"{path}: expected a mapping of chat words -> rules words")
    return compile_lexicon({str(k): v for k, v in raw.items()}, str(path))


SHARED: Lexicon = _load_shared()
_GAME_LEXICONS: dict[str, Lexicon] = {}


def game_lexicon(game: str | None) -> Lexicon | None:
    """The chat words registered for `game` (None before its knowledge base loads)."""
    return _GAME_LEXICONS.get(game or "")


def register_lexicon(game: str, lexicon: Lexicon) -> None:
    """Make `game`'s own chat words known (the knowledge base loader calls this)."""
    _GAME_LEXICONS[game] = lexicon
    _normalized.cache_clear()
    _chat_words.cache_clear()


_LONGEST_KEY: dict[int, tuple[Lexicon, int]] = {}


def _longest_key(table: Lexicon) -> int:
    """The most words any key of `table` has (remembered per table: lexicons are built once)."""
    known = _LONGEST_KEY.get(id(table))
    if known is None or known[0] is not table:
        known = (table, max((len(k) for k in table), default=1))
        _LONGEST_KEY[id(table)] = known
    return known[1]


def _apply(tokens: list[str], tables: tuple[Lexicon, ...]) -> list[str]:
    longest = max((_longest_key(table) for table in tables), default=1)
    out: list[str] = []
    i = 0
    while i < len(tokens):
        for size in range(min(longest, len(tokens) - i), 0, -1):
            key = tuple(tokens[i : i + size])
            replacement = next((table[key] for table in tables if key in table), None)
            if replacement is not None:
                out.extend(replacement)
                i += size
                break
        else:
            out.append(tokens[i])
            i += 1
    return out


def chat_words(text: str, game: str | None = None) -> list[str]:
    """`text` folded, with chat words replaced by rules words (game's lexicon first), stop words kept."""
    return list(_chat_words(text, game))


@lru_cache(maxsize=65536)
def _chat_words(text: str, game: str | None) -> tuple[str, ...]:
    folded = textmod.fold(text)
    for pattern, replacement in _SPECIAL:
        folded = pattern.sub(replacement, folded)
    raw = [t[:-2] if t.endswith("'s") else t.replace("'", "") for t in _TOKEN.findall(folded)]
    tables = tuple(t for t in (_GAME_LEXICONS.get(game or ""), SHARED) if t)
    words = _apply(raw, tables)
    words = [(_ORDINALS.get(w, w) if nxt == "th" else w) for w, nxt in zip(words, [*words[1:], ""], strict=False)]
    return tuple(w for w in words if w != "th")


NEGATIONS = frozenset(
    ["not", "dont", "doesnt", "didnt", "cant", "cannot", "wont", "isnt", "arent", "wasnt", "werent", "never", "without"]
)
"""Kept as one token, `not`: "do i have to block" and "what if i dont block" ask different things."""
KEPT = {"why": "why"}
"""Question words that change what is asked, kept although they are stop words."""


@lru_cache(maxsize=65536)
def _normalized(text: str, game: str | None) -> tuple[str, ...]:
    words = textmod.words(" ".join(chat_words(text, game)), game)
    out = []
    for w in words:
        if w in NEGATIONS:
            out.append("not")
        elif w in KEPT:
            out.append(KEPT[w])
        elif w not in STOP_WORDS:
            out.append(textmod.stem(w))
    return tuple(out)


def tokens(text: str, game: str | None = None) -> list[str]:
    """Matching tokens of `text`: chat words folded, synonyms applied, stop words dropped, stemmed."""
    return list(_normalized(text, game))
