"""The context an effect runs in: rebuilt from plain data (source id, controller, targets)."""

from __future__ import annotations

from typing import Any

from engine.core.state import State


class Ctx:
    """Who is doing what: `source` card id, its `controller`, chosen `targets`, extra `data`.

    A Ctx is built when an effect is checked or resolves; it is never stored in a state
    (store `source`, `player`, `targets` in a frame or chain link and rebuild it). A plain
    class rather than a dataclass so that its `__init__` is compiled with the engine.
    """

    __slots__ = ("data", "player", "source", "state", "targets")

    def __init__(
        self,
        state: State,
        source: int,
        player: int,
        targets: tuple[int, ...] = (),
        data: dict[str, Any] | None = None,
    ) -> None:
        self.state = state
        self.source = source
        self.player = player
        self.targets = targets
        self.data: dict[str, Any] = {} if data is None else data

    def __repr__(self) -> str:
        return f"Ctx(source={self.source}, player={self.player}, targets={self.targets}, data={self.data!r})"

    @property
    def opponents(self) -> list[int]:
        return [p for p in range(self.state.num_players) if p != self.player]

    @property
    def card(self) -> Any:
        return self.state.cards[self.source]
