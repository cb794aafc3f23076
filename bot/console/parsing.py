"""The console's command line: words and key:value options, and the registry of command handlers
(`@command("match play")`); the handlers live in `commands` and `leagues`."""

from __future__ import annotations

import re
import shlex
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from rapidfuzz import process
from rapidfuzz.distance import DamerauLevenshtein

from bot.services.errors import ServiceError

if TYPE_CHECKING:
    from bot.console.session import Console

Handler = Callable[["Console", "Args"], Awaitable[str]]


@dataclass(slots=True)
class Args:
    """A typed command split into positional words and key:value options."""

    words: list[str] = field(default_factory=list)
    opts: dict[str, str] = field(default_factory=dict)

    def get(self, key: str, default: str | None = None) -> str | None:
        return self.opts.get(key, default)

    def need(self, key: str, usage: str) -> str:
        value = self.opts.get(key)
        if not value:
            raise ServiceError(f"Missing {key}:… — usage: {usage}")
        return value

    def rest(self) -> str:
        return " ".join(self.words)

    def text(self, key: str) -> str:
        """Free text given either way: `key:words…` as Discord's option reads, or bare words
        (`question:can I attack` is the whole question, not "can")."""
        return " ".join(part for part in (self.opts.get(key, ""), self.rest()) if part)

    def match_id(self, fallback: int | None) -> int:
        raw = self.opts.get("id") or (self.words[0] if self.words and self.words[0].lstrip("#").isdigit() else None)
        if raw is not None:
            return number(raw.lstrip("#"), "a match number (see /match list)")
        if fallback is None:
            raise ServiceError("Which match? Give its number (see /match list).")
        return fallback


def number(text: str, what: str) -> int:
    """A small non-negative whole number typed in ASCII digits; ServiceError naming `what` otherwise."""
    if not (text.isascii() and text.isdigit()) or len(text) > 12:
        raise ServiceError(f"{text[:20]!r} is not {what}.")
    return int(text)


def split_words(line: str) -> list[str]:
    """Words of `line`; quotes group words (`deck:"Starter Deck Yugi"`, `deck:'My Deck'`), but an
    apostrophe inside a word is a letter ("/card Wayfarer's Bundle", "/rules ask what's a shard?")."""
    protected = _INNER_APOSTROPHE.sub(_APOSTROPHE_MARK, line)
    try:
        words = shlex.split(protected)
    except ValueError:
        lexer = shlex.shlex(protected, posix=True)
        lexer.whitespace_split = True
        lexer.quotes = '"'  # a lone apostrophe is a letter too
        try:
            words = list(lexer)
        except ValueError as exc:  # an unclosed double quote
            raise ServiceError(f'Could not read that line: {exc}; close the quote (") or remove it.') from exc
    return [w.replace(_APOSTROPHE_MARK, "'") for w in words]


_INNER_APOSTROPHE = re.compile(r"(?<=\w)['’](?=\w)")
_APOSTROPHE_MARK = "\ue000"  # a private-use character no player types


def parse(line: str, keys: frozenset[str]) -> Args:
    """Split `line` (after the command words) into words and `key:value` options for known keys."""
    tokens = split_words(line)
    args = Args()
    for token in tokens:
        key, sep, value = token.partition(":")
        if sep and key.lower() in keys:
            args.opts[key.lower()] = value
        else:
            misspelt = _misspelt_option(key, keys) if sep and value else None
            if misspelt is not None:
                raise ServiceError(
                    f"Unknown option {key[:20]!r}: did you mean {misspelt}:? Options are written name:value "
                    f"({', '.join(sorted(keys)[:12])}, …; see /help)."
                )
            args.words.append(token)
    return args


_OPTION_NAME = re.compile(r"^[A-Za-z_]{3,16}$")


def _misspelt_option(key: str, keys: frozenset[str]) -> str | None:
    """The known option a `key:` is a typo of ("levl" -> level), None when it is no option name.

    >>> _misspelt_option("levl", frozenset({"level", "game"})), _misspelt_option("cost", frozenset({"game"}))
    ('level', None)
    """
    if not _OPTION_NAME.match(key):
        return None
    found = process.extractOne(key.lower(), keys, scorer=DamerauLevenshtein.normalized_similarity, score_cutoff=0.7)
    return str(found[0]) if found is not None else None


KEYS = frozenset(
    {
        "game",
        "deck",
        "level",
        "opponent",
        "players",
        "choice",
        "id",
        "step",
        "name",
        "list",
        "question",
        "ai_deck",
        "options",
    }
)


COMMANDS: dict[str, Handler] = {}


def command(*names: str) -> Callable[[Handler], Handler]:
    def register(func: Handler) -> Handler:
        for name in names:
            COMMANDS[name] = func
        return func

    return register
