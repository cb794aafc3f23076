"""How a player reads a game: display names for its public values, zones and decision steps.

Each game keeps a `display.yaml` beside its engine (`engine/games/<game>/display.yaml`): values,
zones, decision steps, the private notes (`secrets`) and the card flags (`flags`) a player is
shown. A value or zone named "" there is engine bookkeeping and never shown; anything the file
doesn't name is shown with its id made readable ("kaitou_deck" -> "kaitou deck"), so a new game
renders before it has one.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

import yaml

if TYPE_CHECKING:
    from engine.core.game import Game


STACK = "stack of {}"  # how a card with others stacked on it reads, unless a game names it


@dataclass(frozen=True, slots=True)
class Display:
    values: dict[str, str] = field(default_factory=dict)
    zones: dict[str, str] = field(default_factory=dict)
    steps: dict[str, str] = field(default_factory=dict)
    secrets: dict[str, str] = field(default_factory=dict)
    flags: dict[str, tuple[str, tuple[str, ...]]] = field(default_factory=dict)
    stats: dict[str, str] = field(default_factory=dict)
    """Card stats worth showing, in order: stat -> template ("ATK {}"); "" hides a stat."""
    orientations: dict[str, str] = field(default_factory=dict)
    slots: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """Names of a slot zone's places, in order (Inazuma's field: FW-L, FW-R, ...)."""
    stack: str = STACK
    """A card with others stacked on it (its `stack` flag), "{}" = how many cards in all."""
    quiet: frozenset[str] = frozenset()
    """Values shown only when not 0 and zones shown only when not empty (per-turn bookkeeping a
    player reads only when it says something: Naruto's "missions this turn", an empty Chain)."""

    def orientation(self, key: str) -> str:
        """A card's orientation or position as players say it ("def" -> "Defense Position")."""
        return self.orientations.get(key, key.replace("_", " "))

    """Card flags a player is shown on their own hidden cards: flag -> (label, names of its values)."""

    def value(self, key: str) -> str:
        """The name a value is shown under ("" = never shown)."""
        return self.values.get(key, key.replace("_", " "))

    def zone(self, key: str) -> str:
        """The name a zone is shown under ("" = never shown)."""
        return self.zones.get(key, key.replace("_", " "))

    def secret(self, key: str) -> str:
        """What a player's private note is called ("tie_pick" -> "Your tie-break discard")."""
        return self.secrets.get(key, key.replace("_", " "))

    def flag(self, key: str, value: object) -> str:
        """A card flag as its owner reads it ("placed at FW-L"); "" for engine bookkeeping."""
        if key not in self.flags:
            return ""
        label, names = self.flags[key]
        if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < len(names):
            return f"{label} {names[value]}"
        return f"{label} {value}"

    def step(self, key: str) -> str:
        """What a decision step is called ("mission_phase" -> "Mission Phase")."""
        return self.steps.get(key, key.replace("_", " "))


def _flags(raw: object, where: str) -> dict[str, tuple[str, tuple[str, ...]]]:
    if raw is None:
        return {}
    if not isinstance(raw, dict) or not all(isinstance(v, dict) and "label" in v for v in raw.values()):
        raise ValueError(f"{where}: expected flag -> {{label: ..., values: [...]}}")
    return {str(k): (str(v["label"]), tuple(str(n) for n in v.get("values") or ())) for k, v in raw.items()}


def _slots(raw: object, where: str) -> dict[str, tuple[str, ...]]:
    if raw is None:
        return {}
    if not isinstance(raw, dict) or not all(isinstance(v, list) for v in raw.values()):
        raise ValueError(f"{where}: expected zone -> [name of each place]")
    return {str(k): tuple(str(n) for n in v) for k, v in raw.items()}


def _names(raw: object, where: str) -> dict[str, str]:
    if raw is None:
        return {}
    if not isinstance(raw, dict):
        raise ValueError(f"{where}: expected a mapping of id -> display name")
    return {str(k): "" if v is None else str(v) for k, v in raw.items()}


@lru_cache(maxsize=32)
def _load(module_name: str) -> Display:
    module = importlib.import_module(module_name)
    path = Path(module.__file__ or ".").parent / "display.yaml"
    if not module.__file__ or not path.is_file():
        return Display()
    raw = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    if not isinstance(raw, dict):
        raise ValueError(f"{path}: expected `values:`, `zones:` and `steps:`")
    return Display(
        _names(raw.get("values"), f"{path} values"),
        _names(raw.get("zones"), f"{path} zones"),
        _names(raw.get("steps"), f"{path} steps"),
        _names(raw.get("secrets"), f"{path} secrets"),
        _flags(raw.get("flags"), f"{path} flags"),
        _names(raw.get("stats"), f"{path} stats"),
        _names(raw.get("orientations"), f"{path} orientations"),
        _slots(raw.get("slots"), f"{path} slots"),
        str(raw.get("stack") or STACK),
        frozenset(str(key) for key in raw.get("quiet") or ()),
    )


def display_for(game: Game) -> Display:
    """The display names of `game` (read from its package's display.yaml once)."""
    return _load(type(game).__module__)
