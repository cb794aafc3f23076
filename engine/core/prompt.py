"""Prompts: who must decide what now, with every legal option.

Every decision is one prompt and one option: a multi-pick is a series of prompts with a
"done" option. Option ids are stable strings (what records store and bots send back);
labels are what a person reads on a Discord button and are unique within a prompt.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

ALL_PLAYERS = -1


@dataclass(frozen=True, slots=True)
class Option:
    """One legal choice. `group` lets a UI filter ("summon", "attack", "pass")."""

    id: str
    label: str
    group: str = ""
    data: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)

    def to_json(self) -> list[Any]:
        return [self.id, self.label, self.group, self.data]

    @classmethod
    def from_json(cls, raw: Sequence[Any]) -> Option:
        return cls(raw[0], raw[1], raw[2], dict(raw[3]))


@dataclass(frozen=True, slots=True)
class Prompt:
    """A decision for `player`: `kind` names it ("action", "target", "response", ...)."""

    player: int
    kind: str
    text: str
    options: tuple[Option, ...]
    rule: str = ""

    def __iter__(self) -> Iterator[Option]:
        return iter(self.options)

    def __len__(self) -> int:
        return len(self.options)

    def __contains__(self, option_id: object) -> bool:
        return any(option.id == option_id for option in self.options)

    def find(self, option_id: str) -> Option | None:
        """Return the option with this id, or None."""
        for option in self.options:
            if option.id == option_id:
                return option
        return None

    def find_label(self, label: str) -> Option | None:
        """Return the option whose label matches (case-insensitive), or None."""
        wanted = label.strip().casefold()
        for option in self.options:
            if option.label.casefold() == wanted:
                return option
        return None

    def to_json(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "kind": self.kind,
            "text": self.text,
            "rule": self.rule,
            "options": [option.to_json() for option in self.options],
        }

    @classmethod
    def from_json(cls, raw: dict[str, Any]) -> Prompt:
        return cls(
            player=raw["player"],
            kind=raw["kind"],
            text=raw["text"],
            options=tuple(Option.from_json(o) for o in raw["options"]),
            rule=raw.get("rule", ""),
        )
