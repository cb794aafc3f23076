"""The context an effect runs in: rebuilt from plain data (source id, controller, targets)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.core.state import State


@dataclass(slots=True)
class Ctx:
    """Who is doing what: `source` card id, its `controller`, chosen `targets`, extra `data`.

    A Ctx is built when an effect is checked or resolves; it is never stored in a state
    (store `source`, `player`, `targets` in a frame or chain link and rebuild it).
    """

    state: State
    source: int
    player: int
    targets: tuple[int, ...] = ()
    data: dict[str, Any] = field(default_factory=dict)

    @property
    def opponents(self) -> list[int]:
        return [p for p in range(self.state.num_players) if p != self.player]

    @property
    def card(self) -> Any:
        return self.state.cards[self.source]
