"""Adversarial text for the fuzz tests: huge strings, unicode, mention and markdown injection, odd numbers.

`MARKER` names data that belongs to another server or another user: it must never appear in a reply.
"""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck
from hypothesis import strategies as st

# hypothesis settings for the fuzz tests: reproducible runs, no example database, no time limit per example
FUZZ: dict[str, Any] = {
    "deadline": None,
    "database": None,
    "suppress_health_check": list(HealthCheck),
    "derandomize": True,
}

MARKER = "Zq9OtherServer"
MENTIONS = ["@everyone", "@here", "<@&900000000000000777>", "<@800000000000000002>", "<#900000000000000200>"]
MARKDOWN = ["**", "__", "`", "```", "||", "> ", "# ", "[x](https://evil.example)", "\\", "~~"]
NUMBERS = ["0", "-1", "-99999999999", "1", "2", "3", "4", "5", "2147483648", "9223372036854775808", "9" * 400]
CONTROL = ["\x1b[2J", "\x07", "\x1b]0;pwned\x07", "\r", "\x9b31m", "\x08\x08", "\x7f"]
"""Terminal control sequences: clear screen, bell, window title, carriage return, C1 CSI, backspace."""
GAME_IDS = ["YUGIOH", "Naruto", "toy", "TOY", "InuYasha", "nogame", "usagi "]
"""Game ids in any case (accepted) and unknown ones (named as unknown)."""
ODD = ["", " ", "\x00", "\u202e", "\u200b", "名前", "🃏" * 50, "é" * 3, '"', "'", "key:", ":", "#1", "id:1", "１２"]


def huge() -> st.SearchStrategy[str]:
    return st.sampled_from(["x" * 5_000, "🃏" * 3_000, "@everyone " * 400, "9" * 10_000, "a\n" * 2_000])


def word(marker: bool = True) -> st.SearchStrategy[str]:
    """One hostile token: a known-dangerous literal, a number, random unicode, or a huge string.

    `marker=False` leaves out MARKER, for fuzz runs that may create things (a league, a deck) named by it.
    """
    names = [MARKER] if marker else []
    return st.one_of(
        st.sampled_from(
            MENTIONS + MARKDOWN + NUMBERS + ODD + CONTROL + GAME_IDS + [*names, "yugioh", "Numbers", "greedy"]
        ),
        st.integers(min_value=-(2**70), max_value=2**70).map(str),
        st.text(max_size=40),
        huge(),
    )


def sentence(marker: bool = True) -> st.SearchStrategy[str]:
    return st.lists(word(marker), min_size=0, max_size=4).map(" ".join)


# ----- card files and deck lists (issue 20): giant fields, nested structures, wrong types -----------------

GIANT = ["n" * 1_000_000, "é" * 250_000, "9" * 5_000, "Blue-Eyes " * 30_000, "\n" * 200_000]
"""Strings far beyond every imported field's bound (built once: hypothesis only picks among them)."""


def giant() -> st.SearchStrategy[str]:
    return st.sampled_from(GIANT)


def _nest(depth: int, leaf: Any) -> Any:
    value = leaf
    for level in range(depth):
        value = [value] if level % 2 else {"k": value}
    return value


def nested() -> st.SearchStrategy[Any]:
    """Lists and objects nested 9 to 600 levels deep (beyond the 8 levels stats and extra may have)."""
    return st.tuples(st.integers(min_value=9, max_value=600), st.sampled_from(["x", 1, None])).map(
        lambda args: _nest(*args)
    )


def json_scalar() -> st.SearchStrategy[Any]:
    return st.one_of(
        st.none(),
        st.booleans(),
        st.integers(min_value=-(2**70), max_value=2**70),
        st.sampled_from([10**400, -(10**30), 1.5, 1e308, float("inf"), float("-inf"), 3.0, -0.0]),
        word(marker=False),
    )


def wrong_type() -> st.SearchStrategy[Any]:
    """A value of the wrong kind for a text or number field: a list, an object, true/false, deep nesting."""
    small = st.recursive(
        json_scalar(),
        lambda children: st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=5), children, max_size=3),
        max_leaves=6,
    )
    return st.one_of(
        st.lists(small, min_size=1, max_size=3),
        st.dictionaries(st.text(max_size=5), small, min_size=1, max_size=3),
        st.booleans(),
        nested(),
    )


def field_value() -> st.SearchStrategy[Any]:
    """What a hostile card file puts in a field: an odd word, a giant string, a number or a wrong type."""
    return st.one_of(word(marker=False), giant(), json_scalar(), wrong_type())


def sqlite_value() -> st.SearchStrategy[Any]:
    """A value SQLite lets any column of a hand-edited cards.cdb hold."""
    return st.one_of(
        st.none(),
        st.integers(min_value=-(2**63), max_value=2**63 - 1),
        st.floats(allow_nan=False),
        word(marker=False),
        giant(),
        st.binary(max_size=20),
    )


def deck_line() -> st.SearchStrategy[str]:
    """A deck-list line as people paste them, with hostile counts, Markdown and names."""
    count = st.one_of(st.sampled_from([*NUMBERS, "-1", "0", "100", "−2", "+3", ""]), st.integers().map(str))
    marker = st.sampled_from(["", "- ", "* ", "+ ", "• ", "> ", "**", "__", "`", "## ", "#", "!", "// "])
    x = st.sampled_from(["x ", "x", " ", "× ", "X "])
    name = st.one_of(word(marker=False), st.sampled_from(["Dark Magician", "Mystical Elf", "Main:", "Extra deck (15)"]))
    first = st.tuples(marker, count, x, name, marker).map("".join)
    last = st.tuples(marker, name, st.sampled_from([" x", " x ", " X", " ×"]), count, marker).map("".join)
    return st.one_of(first, last, word(marker=False), huge())
