"""Questions outside the rules: prices, organized play, the shows, print history, other games,
and mechanics a game's rulebook predates. Such a question gets "not found" with the reason, unless
a fact of the knowledge base matches it very closely (`rulesdocs/scope.yaml`).

>>> outside("how much does a booster box cost", "yugioh").category
'money'
>>> outside("how do link monsters work", "yugioh").category
'game_specific'
>>> outside("how much does it cost to play a jutsu", "naruto") is None
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import yaml

from rulesdocs.model import GameId


@dataclass(frozen=True, slots=True)
class OutOfScope:
    """Why a question is not a rules question."""

    category: str
    reason: str


_Rule = tuple[str, str, tuple[re.Pattern[str], ...]]


def _load() -> tuple[list[_Rule], dict[GameId, list[_Rule]]]:
    path = Path(__file__).with_name("scope.yaml")
    raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    if not isinstance(raw, dict):
        raise ValueError(f"{path}: expected a mapping of category -> {{reason, patterns}}")

    def rule(category: str, body: object) -> _Rule:
        if not isinstance(body, dict) or not isinstance(body.get("patterns"), list):
            raise ValueError(f"{path}: {category} needs `reason` and `patterns`")
        patterns = tuple(re.compile(str(p), re.IGNORECASE) for p in body["patterns"])
        return category, str(body.get("reason") or ""), patterns

    per_game = raw.pop("game_specific", {}) or {}
    shared = [rule(str(c), b) for c, b in raw.items()]
    return shared, {
        str(g): [rule("game_specific", b) for b in (body if isinstance(body, list) else [body])]
        for g, body in per_game.items()
    }


_SHARED, _PER_GAME = _load()


_MONEY = re.compile(
    r"\$|\b(price|prices|priced|usd|dollars?|euros?|bucks|yen|buy|bought|sell|selling|tcgplayer|ebay|cardmarket"
    r"|worth|market|shop|store)\b",
    re.IGNORECASE,
)


def talks_money(question: str, *, scored: bool = False) -> bool:
    """True when a question names money or shops ("how much is X on tcgplayer"), not a card's printed cost;
    for a card that scores points (`scored`: an Usagi Event), "what is it worth" asks its score."""
    scored = scored or _SCORE_WORDS.search(question) is not None  # "how many tokens is it worth"
    return any(not (scored and m.group(0).lower() == "worth") for m in _MONEY.finditer(question))


_SCORE_WORDS = re.compile(r"\b(?:tokens?|points?|chronicle|score|vp|vps)\b", re.IGNORECASE)


def outside(question: str, game: GameId | None) -> OutOfScope | None:
    """The reason `question` is not about `game`'s rules, or None when it may be."""
    for category, reason, patterns in [*_PER_GAME.get(game or "", []), *_SHARED]:
        if any(p.search(question) for p in patterns):
            return OutOfScope(category, reason)
    return None
