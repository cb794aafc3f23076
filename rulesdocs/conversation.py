"""Conversation context per channel and game inference.

A channel (or thread) remembers the game being discussed and the last question, so a follow-up
such as "and in defense position?" is searched together with the question before it. The game
is taken, in order, from: an explicit choice, a game named in the question, terms only one
game uses, the channel's conversation, the channel's match, a server default. When none of
these decides, the assistant asks which game.
"""

from __future__ import annotations

import itertools
import re
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path

import yaml

from rulesdocs import text as textmod
from rulesdocs.index import RulesIndex
from rulesdocs.model import GameId

_GAME_NAMES: tuple[tuple[re.Pattern[str], GameId], ...] = tuple(
    (re.compile(pattern, re.IGNORECASE), game)
    for pattern, game in (
        (r"\byu[- ]?gi[- ]?oh!?(?:\s+tcg)?|\bygo\b|\byugi\b", "yugioh"),
        (r"\bnaruto(?:\s+ccg)?\b", "naruto"),
        (r"\binu[- ]?yasha(?:\s+tcg)?\b", "inuyasha"),
        (r"\binazuma(?:\s+eleven)?(?:\s+tcg)?\b", "inazuma"),
        (r"\busagi(?:\s+yojimbo)?(?:\s+ccg)?\b|\byojimbo\b", "usagi"),
    )
)

_FOLLOW_UP = re.compile(
    r"^\s*(and|but|or|also|so|then|what about|how about|what if|same|in that case|"
    r"and if|ok and|okay and|what happens if|does that|is that|does it|is it|can it|"
    r"even if|unless|instead)\b",
    re.IGNORECASE,
)
_PRONOUN = re.compile(r"\b(it|that|this|they|them|those|same)\b", re.IGNORECASE)


def named_game(question: str) -> GameId | None:
    """The game the question names outright ("in yugioh, ..."), if exactly one."""
    found = {game for pattern, game in _GAME_NAMES if pattern.search(question)}
    return found.pop() if len(found) == 1 else None


_AS_CHARACTER = re.compile(
    r"\b((?:my|your|their|his|her|our|injured|healthy|opp|opps|opp's|opponent's|opponents|enemy)\s+"
    r"(?:naruto|inu[- ]?yasha|usagi))\b(?!\s+(?:ccg|tcg|game|rules?|rulebook|cards?|decks?|format|collection)\b)",
    re.IGNORECASE,
)
"""A game's name that is also its hero's, used as a card ("my injured naruto"): kept."""

_CHARACTERS_VALUE = re.compile(
    r"\b((?:naruto|inu[- ]?yasha|usagi)(?:'s|s)\s+(?:(?:" + "|".join(sorted(textmod.CARD_VALUE_STATES)) + r")\s+)?"
    r"(?:" + "|".join(sorted(textmod.CARD_VALUE_WORDS)) + r"))\b",
    re.IGNORECASE,
)
"""The hero's value asked by the game's name ("whats narutos combat"): a card, kept."""


def strip_game_names(question: str) -> str:
    """`question` without game names (they say which game, not which rule); a name that is also a
    character's, used as a card ("can hinata heal my injured naruto"), stays."""
    kept: list[str] = []

    def keep(match: re.Match[str]) -> str:
        kept.append(match.group(1))
        return f"\x00{len(kept) - 1}\x00"

    question = _AS_CHARACTER.sub(keep, _CHARACTERS_VALUE.sub(keep, question))
    for pattern, _ in _GAME_NAMES:
        question = pattern.sub(" ", question)
    question = re.sub(r"\x00(\d+)\x00", lambda m: kept[int(m.group(1))], question)
    return " ".join(question.split())


def is_follow_up(question: str) -> bool:
    """True when `question` reads as continuing the previous one."""
    content = textmod.terms(question)
    if _FOLLOW_UP.match(question):
        return True
    return len(content) <= 2 and bool(_PRONOUN.search(question))


@dataclass(frozen=True, slots=True)
class Inference:
    """Evidence for each game from the question's terms; `strong` when one game clearly wins."""

    scores: dict[GameId, float]
    best: GameId | None
    strong: bool


def _load_game_terms() -> dict[GameId, frozenset[str]]:
    path = Path(__file__).with_name("game_terms.yaml")
    raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    if not isinstance(raw, dict):
        raise ValueError(f"{path}: expected a mapping of game id -> list of words")
    table: dict[GameId, frozenset[str]] = {}
    for game, words in raw.items():
        phrases = [" ".join(textmod.terms(str(w))) for w in words]
        table[str(game)] = frozenset(p for p in phrases if p)
    return table


GAME_TERMS: dict[GameId, frozenset[str]] = _load_game_terms()
"""Normalized words and phrases (from game_terms.yaml) that point to one game."""
CURATED_WEIGHT = 1.5
MIN_DF = 2
"""A word seen in fewer sections of a game is chance, not evidence for that game."""


def infer_game(question: str, index: RulesIndex) -> Inference:
    """Score games by their telltale words (game_terms.yaml) and by words that occur in the
    references of few games (in at least MIN_DF sections), weighted by how common they are there."""
    games = index.games
    scores: dict[GameId, float] = dict.fromkeys(games, 0.0)
    terms = textmod.terms(question)
    grams = set(terms) | {" ".join(pair) for pair in itertools.pairwise(terms)}
    for game in games:
        scores[game] += CURATED_WEIGHT * len(grams & GAME_TERMS.get(game, frozenset()))
    for term in set(terms):
        having = [g for g in games if index.stats[g].df.get(term, 0) >= MIN_DF]
        if not having or len(having) == len(games):
            continue
        for game in having:
            stats = index.stats[game]
            scores[game] += (0.5 + min(1.0, 4.0 * stats.df[term] / max(stats.docs, 1))) / len(having)
    ordered = sorted(scores.items(), key=lambda item: -item[1])
    if not ordered or ordered[0][1] < 0.3:
        return Inference(scores, None, False)
    best, top = ordered[0]
    second = ordered[1][1] if len(ordered) > 1 else 0.0
    if top <= second * 1.25:
        return Inference(scores, None, False)
    strong = top >= 1.0 and top >= second * 2.0
    return Inference(scores, best, strong)


@dataclass(frozen=True, slots=True)
class Context:
    """What a channel was last talking about."""

    game: GameId | None
    question: str
    section: str | None
    at: float
    pending: bool = False  # the assistant asked "which game?" and waits for the answer
    tokens: tuple[str, ...] = ()  # the question as understood (a follow-up rewritten whole), normalized
    card: str | None = None  # the built-in card the question was about ("it" in a follow-up)
    choices: tuple[str, ...] = ()  # fact ids offered by a "did you mean" and awaiting a pick
    asked: str = ""  # the question as the player typed it (a game switch asks it again)
    fact: str = ""  # the fact that answered it (a follow-up answered by the same fact changed nothing)
    worked: bool = False  # `asked` is a situation worked out with numbers (a battle, a showdown)
    before: str = ""  # the question a follow-up leaned on (a game switch falls back to it)


class ConversationStore:
    """Recent context per channel key, forgotten after `ttl` seconds; thread-safe, bounded."""

    def __init__(self, ttl: float = 1800.0, max_channels: int = 10_000) -> None:
        self.ttl = ttl
        self.max_channels = max_channels
        self._items: OrderedDict[str, Context] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: str | None, now: float | None = None) -> Context | None:
        """The live context of `key`, or None."""
        if key is None:
            return None
        now = time.monotonic() if now is None else now
        with self._lock:
            context = self._items.get(key)
            if context is None:
                return None
            if now - context.at > self.ttl:
                del self._items[key]
                return None
            return context

    def remember(self, key: str | None, context: Context) -> None:
        """Store `context` for `key` (no-op without a key)."""
        if key is None:
            return
        with self._lock:
            self._items[key] = context
            self._items.move_to_end(key)
            while len(self._items) > self.max_channels:
                self._items.popitem(last=False)

    def forget(self, key: str) -> None:
        """Drop the context of `key` (e.g. "new topic")."""
        with self._lock:
            self._items.pop(key, None)
