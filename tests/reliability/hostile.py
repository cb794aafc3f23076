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
ODD = ["", " ", "\x00", "\u202e", "\u200b", "名前", "🃏" * 50, "é" * 3, '"', "'", "key:", ":", "#1", "id:1", "１２"]


def huge() -> st.SearchStrategy[str]:
    return st.sampled_from(["x" * 5_000, "🃏" * 3_000, "@everyone " * 400, "9" * 10_000, "a\n" * 2_000])


def word(marker: bool = True) -> st.SearchStrategy[str]:
    """One hostile token: a known-dangerous literal, a number, random unicode, or a huge string.

    `marker=False` leaves out MARKER, for fuzz runs that may create things (a league, a deck) named by it.
    """
    names = [MARKER] if marker else []
    return st.one_of(
        st.sampled_from(MENTIONS + MARKDOWN + NUMBERS + ODD + [*names, "toy", "yugioh", "Numbers", "greedy"]),
        st.integers(min_value=-(2**70), max_value=2**70).map(str),
        st.text(max_size=40),
        huge(),
    )


def sentence(marker: bool = True) -> st.SearchStrategy[str]:
    return st.lists(word(marker), min_size=0, max_size=4).map(" ".join)
