"""The turn: Draw, Standby, Main 1, Battle, Main 2 and End Phases (rules 9.1-9.5)."""

from __future__ import annotations

from typing import Final

from engine.core.state import EMPTY, Frame, State, procedure
from engine.games.yugioh.board import SWORDS, draw, monsters, name, opp, sweep, to_grave, to_hand, turn
from engine.games.yugioh.chain import window

WICKED_WORM: Final = "06285791"
HAND_LIMIT: Final = 6


@procedure("ygo.turn")
def run_turn(state: State, frame: Frame) -> None:
    """One turn of the active player; pushes itself again for the next turn."""
    v = state.vars
    player = int(v["active"])
    step = frame.step
    if step == 0:  # Draw Phase
        v["turn"] = turn(state) + 1
        v["phase"] = "draw"
        v["chain"] = []
        state.log(f"Turn {v['turn']}: Player {player + 1}'s turn. Draw Phase.")
        if v["turn"] > 1 or state.options.get("first_player_draws", True):
            draw(state, player)
        frame.step = 1
        if sweep(state):
            return
        window(state, player, "Draw Phase: activate a card?", rule="9.2")
        return
    if step == 1:  # Standby Phase
        v["phase"] = "standby"
        frame.step = 2
        window(state, player, "Standby Phase: activate a card?", rule="9.3")
        return
    if step == 2:
        v["phase"] = "main1"
        frame.step = 3
        state.push("ygo.main")
        return
    if step == 3:
        if state.take_returned() == "battle":
            frame.step = 4
            state.push("ygo.battle")
            return
        frame.step = 5
        return
    if step == 4:
        v["phase"] = "main2"
        state.log("Main Phase 2.")
        frame.step = 5
        state.push("ygo.main")
        return
    if step == 5:  # End Phase
        state.take_returned()
        v["phase"] = "end"
        state.log(f"Player {player + 1}'s End Phase.")
        frame.step = 6
        window(state, player, "End Phase: activate a card?", rule="9.5")
        return
    if step == 6:
        end_phase_effects(state, player)
        if sweep(state):
            return
        hand = state.zones[f"hand:{player}"]
        frame.step = 7
        if len(hand) > HAND_LIMIT:
            extra = len(hand) - HAND_LIMIT
            state.push(
                "core.choose_cards",
                player=player,
                candidates=list(hand),
                min=extra,
                max=extra,
                text=f"Hand limit: discard {extra} card{'s' if extra > 1 else ''}",
                kind="discard",
                rule="yugioh 9.5",
            )
        else:
            state.returned = []
        if v.get("triggers"):  # e.g. a monster whose control reverted with no room (12.5)
            state.push("ygo.triggers")
        return
    for cid in state.take_returned() or []:
        to_grave(state, cid, why="discarded for the hand limit")
    state.expire("end_of_turn")
    state.prune_modifiers()
    v["active"] = opp(player)
    frame.step = 0


def end_phase_effects(state: State, player: int) -> None:
    """Effects that end or happen in the End Phase: Wicked Worm Beast, control reverting, Swords."""
    now = turn(state)
    for cid in monsters(state, player):
        card = state.cards[cid]
        if card.face_up and card.code == WICKED_WORM:
            state.log("The Wicked Worm Beast returns to its owner's hand.")
            to_hand(state, cid)
    for p in (0, 1):
        for cid in monsters(state, p):
            card = state.cards[cid]
            if card.flags.get("revert") == now:
                owner = card.owner
                moved = state.mcard(cid)
                moved.flags.pop("revert", None)
                if EMPTY in state.zones[f"mzone:{owner}"]:
                    state.move(
                        cid,
                        f"mzone:{owner}",
                        controller=owner,
                        face_up=card.face_up,
                        known=-1 if card.face_up else 1 << owner,
                    )
                    what = name(state, cid) if card.face_up else "a face-down monster"
                    state.log(f"Control of {what} returns to Player {owner + 1}.")
                else:
                    to_grave(state, cid, why="returned with no room (rule 12.5)")
    for p in (0, 1):
        for cid in state.zones[f"szone:{p}"]:
            if cid == EMPTY:
                continue
            card = state.cards[cid]
            if card.code == SWORDS and card.face_up and p != player:
                left = int(card.counters.get("turns", 3)) - 1
                state.mcard(cid).counters["turns"] = left
                if left <= 0:
                    to_grave(state, cid, why="done after three of the opponent's turns")
