"""The truth of a match: seed + decks + options + choices, replayed to a state digest.

>>> record = MatchRecord.start("inuyasha", decks, seed=7)      # doctest: +SKIP
>>> state = record.new_state(); state.apply(opt); record.choices.append(opt.id)  # doctest: +SKIP
>>> record.replay().digest() == state.digest()                # doctest: +SKIP
True
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.core.errors import InvalidActionError
from engine.core.game import DeckList
from engine.core.registry import get_game
from engine.core.state import State


@dataclass(slots=True)
class MatchRecord:
    """Everything needed to rebuild a match bit for bit."""

    game: str
    engine_version: str
    seed: int
    decks: list[DeckList]
    options: dict[str, Any] = field(default_factory=dict)
    choices: list[str] = field(default_factory=list)
    check_decks: bool = True

    @classmethod
    def start(
        cls, game_id: str, decks: list[DeckList], seed: int, options: dict[str, Any] | None = None
    ) -> MatchRecord:
        game = get_game(game_id)
        return cls(game_id, game.version, seed, [dict(d) for d in decks], dict(options or {}))

    def new_state(self) -> State:
        """The state before any choice."""
        game = get_game(self.game)
        if game.version != self.engine_version:
            raise InvalidActionError(
                f"this {self.game} match was recorded by engine version {self.engine_version}; "
                f"this engine is version {game.version} and cannot replay it exactly"
            )
        return game.new_match(self.decks, self.seed, self.options, check_decks=self.check_decks)

    def replay(self, upto: int | None = None) -> State:
        """Rebuild the state after the first `upto` choices (all by default)."""
        state = self.new_state()
        for choice in self.choices[: len(self.choices) if upto is None else upto]:
            state.apply(choice)
        return state

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "engine_version": self.engine_version,
            "seed": self.seed,
            "decks": self.decks,
            "options": self.options,
            "choices": self.choices,
            "check_decks": self.check_decks,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> MatchRecord:
        try:
            return cls(
                game=str(data["game"]),
                engine_version=str(data["engine_version"]),
                seed=int(data["seed"]),
                decks=[{str(k): [str(c) for c in v] for k, v in d.items()} for d in data["decks"]],
                options=dict(data.get("options", {})),
                choices=[str(c) for c in data.get("choices", [])],
                check_decks=bool(data.get("check_decks", True)),
            )
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise InvalidActionError(f"not a valid match record: {exc}") from exc
