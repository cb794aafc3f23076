"""The turn (rules section 4) and the initiation (section 5) as resumable procedures."""

from __future__ import annotations

from typing import Final

from engine.core.events import only
from engine.core.prompt import Option
from engine.core.state import Frame, State, procedure
from engine.games.usagi import board
from engine.games.usagi.board import EVENTS, STRICKEN
from engine.games.usagi.conclusion import seat_order
from engine.games.usagi.facts import HAND_SIZE, facts

DONE: Final = "done"
PASS: Final = "pass"


@procedure("usagi.turn")
def turn(state: State, frame: Frame) -> None:
    """Initiation, actions, conclusion; then a new turn (rule 4.1)."""
    if frame.step == 0:
        state.vars["turn"] += 1
        state.vars["finished"] = [False] * state.num_players
        state.vars["someone_finished"] = False
        state.log(f"Turn {state.vars['turn']} begins; {board.owner_label(state.vars['first'])} is the first player.")
        frame.step = 1
        state.push("usagi.initiation")
        return
    if frame.step == 1:
        frame.step = 2
        state.push("usagi.actions")
        return
    if frame.step == 2:
        frame.step = 3
        state.push("usagi.conclusion")
        return
    frame.step = 0


def produce(state: State) -> None:
    """Step 1: cards in play that produce currency give it to their controller (rule 5.2)."""
    cards = state.cards
    for key in board.play_zones(state):
        for cid in state.zones[key]:
            card = cards[cid]
            for cur, n in facts(card.code).produces:
                values = state.players[card.controller]
                values[cur] = int(values.get(cur, 0)) + n
                state.log(
                    f"{board.name(state, cid)} produces {n} {cur.capitalize()} for "
                    f"{board.owner_label(card.controller)}."
                )


def refresh_all(state: State) -> None:
    """Step 2: every stricken card is refreshed (rule 5.3)."""
    cards = state.cards
    for key in board.play_zones(state):
        for cid in state.zones[key]:
            if cards[cid].orientation == STRICKEN:
                state.mcard(cid).orientation = ""


def draw_up(state: State) -> None:
    """Step 4: everyone draws to 6, reshuffling when the deck runs out (rule 5.5)."""
    for seat in seat_order(state):
        need = HAND_SIZE - len(state.zones[f"hand:{seat}"])
        if need > 0:
            got = board.draw(state, seat, need)
            state.log(f"{board.owner_label(seat)} draws {got} card{'s' if got != 1 else ''}.")


def reveal(state: State) -> None:
    """Step 6: all proposed Events are turned face up at once (rule 5.7)."""
    shown = []
    for seat in seat_order(state):
        for cid in list(state.zones[f"proposal:{seat}"]):
            state.move(cid, EVENTS, controller=seat)
            state.mcard(cid).flags["age"] = state.vars["turn"]
            shown.append(f"{board.owner_label(seat)}: {board.name(state, cid)} ({board.rating_line(state, cid)})")
    if shown:
        state.log("Events revealed - " + "; ".join(shown) + ".")
    else:
        state.log("No Event was proposed this turn.")


@procedure("usagi.initiation")
def initiation(state: State, frame: Frame) -> None:
    """The six initiation steps (rule 5.1); steps 3 and 5 ask each player in seat order."""
    data = frame.data
    if frame.step == 0:
        state.vars["phase"] = "initiation"
        state.vars["step"] = "produce"
        produce(state)
        refresh_all(state)
        state.vars["step"] = "discard"
        data.update(order=seat_order(state), index=0, discarded=0)
        frame.step = 1
    if frame.step == 1:
        if _discard_step(state, frame):
            return
        state.vars["step"] = "draw"
        draw_up(state)
        state.vars["step"] = "propose"
        data.update(index=0)
        frame.step = 2
    if frame.step == 2:
        if _propose_step(state, frame):
            return
        state.vars["step"] = "reveal"
        reveal(state)
        state.vars["step"] = ""
        state.pop()


def discard_limit(state: State, seat: int) -> int:
    """1 card, or any number without a Hero in your play field (rule 5.4)."""
    return 1 if board.has_hero_in_field(state, seat) else HAND_SIZE * 100


def _discard_step(state: State, frame: Frame) -> bool:
    """Ask the next player about discards; False once everyone is done."""
    data = frame.data
    if data.get("asking") is not None:
        seat = data["asking"]
        data["asking"] = None
        answer = state.take_answer()
        if answer.id == DONE:
            data.update(index=data["index"] + 1, discarded=0)
        else:
            cid = int(answer.id.split(":")[1])
            state.move(cid, f"rest:{seat}")
            data["discarded"] += 1
            state.log(f"{board.owner_label(seat)} discards {board.name(state, cid)}.")
            if data["discarded"] >= discard_limit(state, seat):
                data.update(index=data["index"] + 1, discarded=0)
    order = data["order"]
    while data["index"] < len(order):
        seat = order[data["index"]]
        hand = state.zones[f"hand:{seat}"]
        if not hand:
            data.update(index=data["index"] + 1, discarded=0)
            continue
        data["asking"] = seat
        limit = discard_limit(state, seat)
        options = [Option(f"discard:{cid}", f"Discard {board.name(state, cid)} #{cid}", "discard") for cid in hand]
        options.append(Option(DONE, "Keep the rest of my hand", "done"))
        how = "1 card" if limit == 1 else "any number of cards (no Hero in your play field)"
        state.ask(seat, "discard", f"Initiation: you may discard {how}", options, "usagi 5.4")
        return True
    return False


def _propose_step(state: State, frame: Frame) -> bool:
    """Ask the next player to propose an Event face down; False once everyone has chosen."""
    data = frame.data
    if data.get("asking") is not None:
        seat = data["asking"]
        answer = state.take_answer()
        if answer.id == PASS:
            state.log(f"{board.owner_label(seat)} proposes no Event.")
        else:
            cid = int(answer.id.split(":")[1])
            state.move(cid, f"proposal:{seat}")
            state.log(
                f"{board.owner_label(seat)} proposes {board.name(state, cid)} face down.",
                to=only(seat),
                redacted=f"{board.owner_label(seat)} proposes an Event face down.",
            )
        data["asking"] = None
        data["index"] += 1
    order = data["order"]
    while data["index"] < len(order):
        seat = order[data["index"]]
        events = [cid for cid in state.zones[f"hand:{seat}"] if facts(state.cards[cid].code).is_event]
        if not events and not state.options.get("always_ask"):
            # told exactly as a pass: whether a player holds an Event is theirs to know
            state.log(f"{board.owner_label(seat)} proposes no Event.")
            data["index"] += 1
            continue
        data["asking"] = seat
        options = [Option(f"propose:{cid}", f"Propose {board.name(state, cid)} #{cid}", "propose") for cid in events]
        options.append(Option(PASS, "Propose no Event", "pass"))
        state.ask(
            seat,
            "propose",
            "Initiation: propose an Event face down (hidden until all have chosen)",
            options,
            "usagi 5.6",
        )
        return True
    return False
