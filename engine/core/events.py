"""Narration events: what happened, in words, with hidden details only for those who may know.

An event is seen in full by the players in `to` (a bitmask; `EVERYONE` for all) and as
`redacted` (or not at all when empty) by everyone else, spectators included.
"""

from __future__ import annotations

from typing import Final, NamedTuple

EVERYONE: Final = -1


class Event(NamedTuple):
    text: str
    to: int = EVERYONE
    redacted: str = ""

    def text_for(self, player: int | None) -> str:
        """The text this viewer may read ("" when the event is hidden from them)."""
        if self.to == EVERYONE or (player is not None and player >= 0 and (self.to >> player) & 1):
            return self.text
        return self.redacted


def only(*players: int) -> int:
    """Bitmask of these players, for `Event.to` and card `known` masks."""
    mask = 0
    for player in players:
        mask |= 1 << player
    return mask
