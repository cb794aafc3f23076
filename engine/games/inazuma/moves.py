"""Moving Inazuma cards: draws and flips with the deck-out rule, stacking, bench and field moves."""

from __future__ import annotations

from typing import Final

from engine.core.events import only
from engine.core.state import EMPTY, State
from engine.games.inazuma.board import field_chars, name_of, other, stack_of, top, z
from engine.games.inazuma.facts import SLOT_NAMES, facts

EXHAUSTED: Final = "exhausted"


def player_name(player: int) -> str:
    return f"Player {player + 1}"


def deck_out(state: State, losers: list[int], why: str) -> None:
    """End the match because `losers` ran out of cards (5.4; both at once: a draw)."""
    if len(losers) >= state.num_players:
        state.finish((), f"Both players ran out of cards {why}: the match is a draw (inazuma 5.4).")
        return
    loser = losers[0]
    state.finish(
        (other(loser),),
        f"{player_name(loser)} ran out of cards {why}: {player_name(other(loser))} wins (inazuma 5.4).",
    )


def take_top(state: State, player: int, to: str, *, public: bool) -> int:
    """Move the top deck card of `player` to zone `to`; EMPTY when the deck is empty."""
    deck = state.zones[z("deck", player)]
    if not deck:
        return EMPTY
    cid = deck[-1]
    state.move(cid, to)
    if public:
        state.mcard(cid).face_up = True
    return cid


def draw_each(state: State, players: list[int]) -> bool:
    """Each player draws 1 card in order; False (and the match over) when someone ran out."""
    mode = state.options.get("deck_out", "empty")
    losers: list[int] = []
    for player in players:
        cid = take_top(state, player, z("hand", player), public=False)
        if cid == EMPTY:
            losers.append(player)
            continue
        state.log(
            f"{player_name(player)} draws {name_of(state, cid)}.",
            to=only(player),
            redacted=f"{player_name(player)} draws a card.",
        )
        if mode == "empty" and not state.zones[z("deck", player)]:
            losers.append(player)
    if losers:
        deck_out(state, losers, "while drawing")
        return False
    return True


def flip_each(state: State, players: list[int], zone: str) -> list[int] | None:
    """Each player flips their top card face up into their `zone`; None when someone ran out."""
    mode = state.options.get("deck_out", "empty")
    flipped: list[int] = []
    losers: list[int] = []
    for player in players:
        cid = take_top(state, player, z(zone, player), public=True)
        if cid == EMPTY:
            losers.append(player)
            continue
        flipped.append(cid)
        if mode == "empty" and not state.zones[z("deck", player)]:
            losers.append(player)
    if losers:
        deck_out(state, losers, "while flipping the last chance")
        return None
    return flipped


def stack_onto(state: State, base: int, cid: int) -> None:
    """Put the character `cid` (with its own stack) on top of the character `base` (6.4)."""
    owner = state.cards[base].owner
    moved = [cid, *stack_of(state, cid)]
    if stack_of(state, cid):
        state.mcard(cid).flags.pop("stack", None)
    for card_id in moved:
        card = state.move(card_id, z("stacked", owner))
        card.attached_to = base
        card.orientation = ""
    base_card = state.mcard(base)
    base_card.flags["stack"] = [*base_card.flags.get("stack", []), *moved]


def same_name_in(state: State, ids: list[int], name: str) -> int:
    for cid in ids:
        if name_of(state, cid) == name or name_of(state, top(state, cid)) == name:
            return cid
    return EMPTY


def bench_with_name(state: State, player: int, name: str) -> int:
    return same_name_in(state, state.zones[z("bench", player)], name)


def field_with_name(state: State, player: int, name: str) -> int:
    return same_name_in(state, field_chars(state, player), name)


def move_to_slot(state: State, cid: int, slot: int) -> None:
    """Move a character (and its stack) into an empty field slot."""
    owner = state.cards[cid].owner
    card = state.move(cid, z("field", owner), index=slot)
    card.orientation = ""
    card.face_up = True


def to_bench(state: State, cid: int, *, exhausted: bool) -> None:
    """Put a character on its owner's bench, stacking onto a same-name bench character."""
    owner = state.cards[cid].owner
    same = bench_with_name(state, owner, name_of(state, cid))
    if same != EMPTY:
        stack_onto(state, same, cid)
        if exhausted:
            state.mcard(same).orientation = EXHAUSTED
        return
    card = state.move(cid, z("bench", owner))
    card.face_up = True
    card.orientation = EXHAUSTED if exhausted else ""


def slot_label(slot: int) -> str:
    return SLOT_NAMES[slot]


def is_reserve(state: State, cid: int) -> bool:
    return facts(state.cards[cid].code).type == "reserve"
