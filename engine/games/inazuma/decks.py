"""Team construction rules (3.1) and the starter teams' suggested formations (3.2)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Final

from engine.games.inazuma.facts import all_facts

MIN_DECK: Final = 30
MAX_COPIES: Final = 3
STARTING: Final = 10
SECTIONS: Final = ("goalkeeper", "starting", "main")
# The rulebook's suggested starting formations per round for the two starter teams (3.2):
# the starter decks list their 10 starting characters in this order, split 3 / 3 / 4.
FORMATION_SPLIT: Final = (3, 3, 4)


def suggested_formations(starting: list[str]) -> list[list[str]]:
    """The starting characters of a starter team split into its suggested rounds 1-3 (3.2)."""
    rounds: list[list[str]] = []
    start = 0
    for size in FORMATION_SPLIT:
        rounds.append(starting[start : start + size])
        start += size
    return rounds


def validate(deck: Mapping[str, list[str]]) -> list[str]:
    """Every construction problem of a team, in words, citing rule 3.1."""
    known = all_facts()
    problems = [
        f"unknown deck section {name!r} (sections: {', '.join(SECTIONS)})" for name in deck if name not in SECTIONS
    ]
    for name, codes in deck.items():
        problems.extend(f"section {name}: unknown card code {code!r}" for code in codes if code not in known)
    if problems:
        return problems
    keepers, starting, main = deck.get("goalkeeper", []), deck.get("starting", []), deck.get("main", [])
    if len(keepers) != 1:
        problems.append(f"a team needs exactly 1 goalkeeper, this one has {len(keepers)} (inazuma 3.1)")
    problems.extend(
        f"{known[c].name} is not a goalkeeper (inazuma 3.1)" for c in keepers if known[c].type != "goalkeeper"
    )
    if len(starting) != STARTING:
        problems.append(
            f"a team needs exactly {STARTING} starting characters, this one has {len(starting)} (inazuma 3.1)"
        )
    problems.extend(
        f"{known[c].name} ({c}) is not a starting character (inazuma 3.1)"
        for c in starting
        if known[c].type != "starting"
    )
    for name, count in Counter(known[c].name for c in starting).items():
        if count > 1:
            problems.append(f"the starting characters include {count} called {name!r}; names must differ (inazuma 3.1)")
    if len(main) < MIN_DECK:
        problems.append(f"the deck needs at least {MIN_DECK} cards, this one has {len(main)} (inazuma 3.1)")
    problems.extend(
        f"{known[c].name} ({c}) cannot go in the deck: only reserve characters and super techniques can (inazuma 3.1)"
        for c in main
        if known[c].type not in ("reserve", "technique")
    )
    for name, count in Counter(known[c].name for c in main).items():
        if count > MAX_COPIES:
            problems.append(f"the deck has {count} cards named {name!r}; at most {MAX_COPIES} (inazuma 3.1)")
    return problems
