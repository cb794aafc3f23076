"""Prompts: who must decide what now, with every legal option.

Every decision is one prompt and one option: a multi-pick is a series of prompts with a
"done" option. Option ids are stable strings (what records store and bots send back);
labels are what a person reads on a Discord button and are unique within a prompt.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, Final

ALL_PLAYERS: Final = -1


class Option:
    """One legal choice. `group` lets a UI filter ("summon", "attack", "pass").

    Immutable (its fields are `Final`); equality and hash ignore `data`. A plain class with
    its own `__init__` rather than a dataclass: the engine builds thousands of options a
    second, and a dataclass's generated `__init__` would stay interpreted in the compiled
    build.
    """

    __slots__ = ("data", "group", "id", "label")

    def __init__(self, id: str, label: str, group: str = "", data: dict[str, Any] | None = None) -> None:
        self.id: Final = id
        self.label: Final = label
        self.group: Final = group
        self.data: Final[dict[str, Any]] = {} if data is None else data

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not Option:
            return NotImplemented
        assert isinstance(other, Option)
        return self.id == other.id and self.label == other.label and self.group == other.group

    def __hash__(self) -> int:
        return hash((self.id, self.label, self.group))

    def __repr__(self) -> str:
        return f"Option(id={self.id!r}, label={self.label!r}, group={self.group!r}, data={self.data!r})"

    def to_json(self) -> list[Any]:
        return [self.id, self.label, self.group, self.data]

    @classmethod
    def from_json(cls, raw: Sequence[Any]) -> Option:
        return cls(raw[0], raw[1], raw[2], dict(raw[3]))


class Prompt:
    """A decision for `player`: `kind` names it ("action", "target", "response", ...).

    Immutable, compared field by field; a plain class for the same reason as `Option`.
    """

    __slots__ = ("kind", "options", "player", "rule", "text")

    def __init__(self, player: int, kind: str, text: str, options: tuple[Option, ...], rule: str = "") -> None:
        self.player: Final = player
        self.kind: Final = kind
        self.text: Final = text
        self.options: Final = options
        self.rule: Final = rule

    def _key(self) -> tuple[int, str, str, tuple[Option, ...], str]:
        return (self.player, self.kind, self.text, self.options, self.rule)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not Prompt:
            return NotImplemented
        assert isinstance(other, Prompt)
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return (
            f"Prompt(player={self.player!r}, kind={self.kind!r}, text={self.text!r}, "
            f"options={self.options!r}, rule={self.rule!r})"
        )

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
