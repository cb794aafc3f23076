"""Choosing cards without leaking hidden ones: labels name a card only if the chooser may see it."""

from __future__ import annotations

from typing import Final

from engine.core.prompt import Option
from engine.core.state import Frame, State, procedure
from engine.games.yugioh.facts import facts

ZONE_WORDS: Final = {
    "mzone": "Monster Zone",
    "szone": "Magic & Trap Zone",
    "fzone": "Field Zone",
    "hand": "hand",
    "grave": "Graveyard",
    "deck": "Deck",
    "fusion": "Fusion Deck",
    "banished": "removed from play",
}


def label(state: State, cid: int, viewer: int) -> str:
    """ "Dark Magician (opponent's Monster Zone #12)" or "face-down card (your Magic & Trap Zone #7)"."""
    card = state.cards[cid]
    zone, _, seat = card.zone.partition(":")
    whose = "your" if seat and int(seat) == viewer else "opponent's"
    where = f"{whose} {ZONE_WORDS.get(zone, zone)}"
    what = facts(card.code).name if card.visible_to(viewer) else "face-down card"
    return f"{what} ({where} #{cid})"


@procedure("ygo.pick")
def pick(state: State, frame: Frame) -> None:
    """Pick `min`..`max` of `candidates`, one per prompt ("Done" once `min` are picked)."""
    data = frame.data
    picked: list[int] = data.setdefault("picked", [])
    if frame.step == 1:
        answer = state.take_answer()
        if answer.id == "done":
            state.pop(picked)
            return
        picked.append(int(answer.id.rpartition(":")[2]))
    frame.step = 1
    rest = [c for c in data["candidates"] if c not in picked]
    player = int(data["player"])
    if len(picked) >= int(data["max"]) or not rest:
        state.pop(picked)
        return
    options = [Option(f"card:{cid}", label(state, cid, player), "card") for cid in rest]
    if len(picked) >= int(data["min"]):
        options.append(Option("done", "Done", "done"))
    state.ask(player, data.get("kind", "target"), data["text"], options, data.get("rule", ""))
