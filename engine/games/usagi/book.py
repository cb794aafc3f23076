"""The Usagi Yojimbo script book: every card code's effects (filled by `cards_*.py`).

Effect kinds used by this game:
- "ability": a voluntary ability (rule 9.1), used as an action or a response; `cost` is its cost.
- "moment": what a Moment does when it resolves; `extra["place"]` says where a Held Moment stays
  ("self": your play field, "events": the Event field, "target_player": that player's field).
- "static": always on while in play; `extra` holds "aura" (rating, amount, scope),
  "score_bonus" (extra tokens when its Event is resolved by its controller) or
  "event_score" (every Event scores this much more).
- "trigger": involuntary; `on` = "involved" (this Character became involved).
- "resolve": a "Resolve >>" effect of an Event or Setting (rule 9.5).
A targeted effect lists its legal targets with `target`; `extra["target"] = "player"` targets a
player instead of a card.
"""

from __future__ import annotations

from typing import Final

from engine.dsl.scripts import Effect, ScriptBook

ABILITY: Final = "ability"
MOMENT: Final = "moment"
STATIC: Final = "static"
TRIGGER: Final = "trigger"
RESOLVE: Final = "resolve"


class UsagiBook(ScriptBook):
    """A ScriptBook with fast per-code look-ups for the hot paths of the rules."""

    def __init__(self) -> None:
        super().__init__("usagi")
        self._by_kind: dict[tuple[str, str], tuple[Effect, ...]] = {}
        self._aura: dict[str, tuple[str, int, str] | None] = {}
        self._static: dict[tuple[str, str], int] = {}

    def of_kind(self, code: str, kind: str) -> tuple[Effect, ...]:
        """The effects of one kind on a card (cached)."""
        key = (code, kind)
        found = self._by_kind.get(key)
        if found is None:
            found = tuple(e for e in self.effects(code) if e.kind == kind)
            self._by_kind[key] = found
        return found

    def aura(self, code: str) -> tuple[str, int, str] | None:
        """(rating, amount, scope) of the card's rating aura, if it has one."""
        if code not in self._aura:
            found = None
            for effect in self.of_kind(code, STATIC):
                if "aura" in effect.extra:
                    rating, amount, scope = effect.extra["aura"]
                    found = (str(rating), int(amount), str(scope))
            self._aura[code] = found
        return self._aura[code]

    def static_value(self, code: str, key: str) -> int:
        """A numeric static ability ("score_bonus", "event_score"), 0 when absent."""
        cache_key = (code, key)
        if cache_key not in self._static:
            self._static[cache_key] = sum(int(e.extra.get(key, 0)) for e in self.of_kind(code, STATIC))
        return self._static[cache_key]


BOOK: Final = UsagiBook()
