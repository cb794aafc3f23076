"""A board's public cards rebuilt as a small engine `State`, so that the values a board shows are
counted by the game's own rules (each game's `_Table` adds what its rules read: flags, attachments)."""

from __future__ import annotations

from typing import Any

from bot.render.boards import kit
from engine.core.state import Card, Modifier, State


class Table:
    """An engine `State` holding only cards placed from a view; `index` maps view ids to its card ids."""

    def __init__(self, game_id: str, seats: int) -> None:
        self.state = State(game_id, seats, 0)
        self.index: dict[kit.CardId, int] = {}

    def place(self, raw: dict[str, Any], key: str, *, owner: int, controller: int, **traits: Any) -> Card:
        """A face-up card of the view (`raw`) put into zone `key`, numbered afresh."""
        cid = len(self.state.cards)
        card = Card(cid, raw["code"], owner, key, controller=controller, face_up=True, **traits)
        self.index[raw["id"]] = cid
        self.state.cards.append(card)
        self.state.zones.setdefault(key, []).append(cid)
        return card

    def add_modifiers(self, view: dict[str, Any]) -> None:
        """The view's lasting changes on the cards placed."""
        for target, stat, amount, mode, until, *_ in view.get("modifiers", []):
            if target in self.index:
                self.state.add_modifier(Modifier(self.index[target], stat, amount, mode, until))
