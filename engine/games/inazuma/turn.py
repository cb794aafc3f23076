"""The match and turn machine as resumable procedures (rules 5, 6 and 9).

Procedures: "inazuma.match" (turns 1-6, then the result), "inazuma.turn" (strategy phase
steps, then attack, shooting and end phases), "inazuma.place" (secret placement, 6.1),
"inazuma.bench" (6.3), "inazuma.position" (6.5) and "inazuma.window" (6.6, 7.3, 8.4).
"""

from __future__ import annotations

from typing import Final

from engine.core.events import only
from engine.core.prompt import Option
from engine.core.state import EMPTY, Frame, State, procedure
from engine.dsl.durations import END_OF_PHASE, END_OF_TURN, end_of
from engine.games.inazuma.actions import perform, window_options, window_possible
from engine.games.inazuma.board import (
    attacker,
    field_chars,
    goals,
    name_of,
    other,
    publish_sp,
    stack_of,
    top,
    top_facts,
    turn,
    z,
)
from engine.games.inazuma.facts import POSITION_SLOTS, SIDES, SLOT_INDEX, SLOT_NAMES, facts, slot_of
from engine.games.inazuma.moves import (
    EXHAUSTED,
    bench_with_name,
    draw_each,
    field_with_name,
    move_to_slot,
    player_name,
    stack_onto,
    to_bench,
)

LAST_TURN: Final = 6
TURN_STEPS: Final = {"start": 0, "draw": 3, "bench": 4, "position": 7, "attack": 10, "end": 12}
AFTER_ATTACK: Final = 11


def offer(state: State, player: int, kind: str, text: str, options: list[Option], rule: str) -> None:
    """Ask, or take the only option at once when there is nothing to decide."""
    if len(options) == 1:
        state.answer = options[0]
        return
    state.ask(player, kind, text, options, rule)


# ----------------------------------------------------------------- the match
@procedure("inazuma.match")
def match(state: State, frame: Frame) -> None:
    if frame.step == 1:
        state.vars["turn"] = turn(state) + 1
        state.vars["attacker"] = other(attacker(state))
        frame.step = 0
        return
    if turn(state) <= LAST_TURN:
        frame.step = 1
        state.push("inazuma.turn")
        return
    scores = (goals(state, 0), goals(state, 1))
    if scores[0] != scores[1]:
        winner = 0 if scores[0] > scores[1] else 1
        state.finish(
            (winner,), f"{player_name(winner)} wins {max(scores)}-{min(scores)} after turn 6 (inazuma 5.3).", scores
        )
        return
    state.log(f"The score is level at {scores[0]}-{scores[1]} after turn 6: penalty shootout (inazuma 10).")
    state.stack.pop()
    state.push("inazuma.shootout")


# ----------------------------------------------------------------- one turn
@procedure("inazuma.turn")
def turn_proc(state: State, frame: Frame) -> None:
    step = frame.step
    a = attacker(state)
    d = other(a)
    round_start = turn(state) % 2 == 1
    frame.step = step + 1
    if step == 0:
        state.vars.update(
            phase="strategy",
            side=None,
            attackers=[],
            defenders=[],
            participants=[],
            kicker=EMPTY,
            keeper_defends=False,
            used=[],
            attack_ok=False,
        )
        state.log(f"Turn {turn(state)}: {player_name(a)} attacks.")
        if round_start:
            state.push("inazuma.place", player=a)
    elif step == 1:
        if round_start:
            state.push("inazuma.place", player=d)
    elif step == 2:
        if round_start:
            reveal(state)
    elif step == 3:
        if draw_each(state, [a, d]):
            state.push("inazuma.window")
    elif step in (4, 5):
        state.push("inazuma.bench", player=a if step == 4 else d)
    elif step in (7, 8):
        state.push("inazuma.position", player=a if step == 7 else d, moved=0)
    elif step in (6, 9):
        state.push("inazuma.window")
    elif step == 10:
        end_of(state, END_OF_PHASE)
        state.push("inazuma.attack")
    elif step == 11:
        if state.vars.get("attack_ok"):
            state.push("inazuma.shoot")
    else:
        end_phase(state)
        state.pop()


# ----------------------------------------------------------------- 6.1 placing starting characters
def placements(state: State, player: int) -> tuple[list[Option], int]:
    """Placement options for `player` and how many they have placed so far."""
    pile = state.zones[z("starting", player)]
    taken = {state.cards[cid].flags["slot"] for cid in pile if "slot" in state.cards[cid].flags}
    taken.update(i for i, cid in enumerate(state.zones[z("field", player)]) if cid != EMPTY)
    options: list[Option] = []
    for cid in pile:
        card = state.cards[cid]
        if "slot" in card.flags:
            continue
        info = facts(card.code)
        for slot in POSITION_SLOTS[info.position or "FW"]:
            if slot not in taken:
                name = SLOT_NAMES[slot]
                options.append(Option(f"place:{cid}:{name}", f"Place {info.name} at {name}", "place"))
    return options, len(taken)


@procedure("inazuma.place")
def place(state: State, frame: Frame) -> None:
    player: int = frame.data["player"]
    if frame.step == 1:
        answer = state.take_answer()
        if answer.id == "done":
            state.pop()
            return
        _, cid_text, slot_name = answer.id.split(":")
        cid = int(cid_text)
        state.mcard(cid).flags["slot"] = SLOT_INDEX[slot_name]
        state.log(f"{player_name(player)} secretly places {name_of(state, cid)} at {slot_name}.", to=only(player))
        frame.data["placed"] = frame.data.get("placed", 0) + 1
    frame.step = 1
    options, _ = placements(state, player)
    if frame.data.get("placed", 0) >= 2 or not options:
        options.append(Option("done", "Done placing", "done"))
    offer(
        state,
        player,
        "place",
        f"Turn {turn(state)}: place starting characters face down (at least 2)",
        options,
        "inazuma 6.1",
    )


def reveal(state: State) -> None:
    """Both formations are revealed together (6.1)."""
    for player in range(state.num_players):
        shown: list[str] = []
        for cid in list(state.zones[z("starting", player)]):
            slot = state.cards[cid].flags.get("slot")
            if slot is None:
                continue
            state.mcard(cid).flags.pop("slot")
            move_to_slot(state, cid, slot)
            shown.append(f"{name_of(state, cid)} ({SLOT_NAMES[slot]})")
        state.log(f"{player_name(player)} reveals: {', '.join(shown) or 'no new characters'}.")


# ----------------------------------------------------------------- 6.3 play a reserve character
def bench_target(state: State, player: int, cid: int) -> tuple[str, int] | None:
    """Where a reserve played from hand goes: ("bench"|"stack"|"field", base) or None if it cannot."""
    name = name_of(state, cid)
    same = bench_with_name(state, player, name)
    if same != EMPTY:
        return "stack", same
    if state.options.get("stack_from_hand") == "bench_or_field":
        on_field = field_with_name(state, player, name)
        if on_field != EMPTY:
            return ("field", on_field) if facts(state.cards[cid].code).level <= turn(state) else None
    return "bench", EMPTY


@procedure("inazuma.bench")
def bench(state: State, frame: Frame) -> None:
    player: int = frame.data["player"]
    if frame.step == 1:
        answer = state.take_answer()
        if answer.id != "pass":
            cid = int(answer.id.partition(":")[2])
            where = bench_target(state, player, cid)
            if where is not None and where[0] != "bench":
                stack_onto(state, where[1], cid)
                state.log(
                    f"{player_name(player)} plays {name_of(state, cid)} onto {name_of(state, where[1])}: fired-up!"
                )
            else:
                to_bench(state, cid, exhausted=False)
                state.log(f"{player_name(player)} puts {name_of(state, cid)} on the bench.")
        state.pop()
        return
    frame.step = 1
    options: list[Option] = []
    seen: set[str] = set()
    for cid in state.zones[z("hand", player)]:
        code = state.cards[cid].code
        if facts(code).type != "reserve" or code in seen or bench_target(state, player, cid) is None:
            continue
        seen.add(code)
        options.append(Option(f"bench:{cid}", f"Bench {facts(code).name} (level {facts(code).level})", "bench"))
    options.append(Option("pass", "Pass", "pass"))
    offer(state, player, "bench", "Play 1 reserve character to your bench?", options, "inazuma 6.3")


# ----------------------------------------------------------------- 6.5 position your characters
def move_options(state: State, player: int) -> list[Option]:
    options: list[Option] = []
    field = state.zones[z("field", player)]
    for cid in state.zones[z("bench", player)]:
        info = top_facts(state, cid)
        if state.cards[cid].orientation == EXHAUSTED or info.level > turn(state):
            continue
        same = field_with_name(state, player, info.name)
        if same != EMPTY:
            slots = [field.index(same)]
        else:
            slots = [slot_of(info.position or "FW", side) for side in SIDES]
            slots = [s for s in slots if field[s] == EMPTY]
        for slot in slots:
            verb = "Stack" if same != EMPTY else "Move"
            options.append(
                Option(f"move:{cid}:{SLOT_NAMES[slot]}", f"{verb} {info.name} to {SLOT_NAMES[slot]}", "move")
            )
    return options


@procedure("inazuma.position")
def position(state: State, frame: Frame) -> None:
    player: int = frame.data["player"]
    if frame.step == 1:
        answer = state.take_answer()
        if answer.id == "done":
            state.pop()
            return
        _, cid_text, slot_name = answer.id.split(":")
        cid, slot = int(cid_text), SLOT_INDEX[slot_name]
        target = state.zones[z("field", player)][slot]
        if target != EMPTY:
            stack_onto(state, target, cid)
            state.log(
                f"{player_name(player)} stacks {name_of(state, top(state, target))} onto "
                f"{name_of(state, target)} at {slot_name}: fired-up!"
            )
        else:
            move_to_slot(state, cid, slot)
            state.log(f"{player_name(player)} moves {top_facts(state, cid).name} to {slot_name}.")
        frame.data["moved"] += 1
    frame.step = 1
    if frame.data["moved"] >= 2:
        state.pop()
        return
    options = move_options(state, player)
    options.append(Option("done", "Done moving", "done"))
    offer(
        state,
        player,
        "position",
        f"Move a reserve character to the field ({frame.data['moved']}/2 moved)",
        options,
        "inazuma 6.5",
    )


# ----------------------------------------------------------------- windows
@procedure("inazuma.window")
def window(state: State, frame: Frame) -> None:
    """Attacker first, then alternate one action at a time until both pass in a row."""
    data = frame.data
    order = (attacker(state), other(attacker(state)))
    if frame.step == 1:
        answer = state.take_answer()
        player = order[data["turn"]]
        data["turn"] = 1 - data["turn"]
        frame.step = 0
        if answer.id == "pass":
            data["passes"] += 1
        else:
            data["passes"] = 0
            perform(state, player, answer)
            publish_sp(state)
            if state.vars.get("shot_over"):
                state.pop()
        return
    if "turn" not in data:
        data.update(turn=0, passes=0)
        publish_sp(state)
    if data["passes"] >= 2 or not window_possible(state):
        state.pop()
        return
    player = order[data["turn"]]
    options = window_options(state, player)
    if not options and not state.options.get("always_ask"):
        data["passes"] += 1
        data["turn"] = 1 - data["turn"]
        return
    frame.step = 1
    options.append(Option("pass", "Pass", "pass"))
    names = {"strategy": "6.6", "attack": "7.3", "shooting": "8.4"}
    phase = str(state.vars.get("phase"))
    state.ask(
        player,
        "window",
        f"{phase.capitalize()} phase: play a super technique, an assist or an ability?",
        options,
        f"inazuma {names.get(phase, '6.6')}",
    )


# ----------------------------------------------------------------- 9 end phase
def end_phase(state: State) -> None:
    state.vars["phase"] = "end"
    end_of(state, END_OF_PHASE)
    for player in range(state.num_players):
        for cid in state.zones[z("bench", player)]:
            if state.cards[cid].orientation == EXHAUSTED:
                state.mcard(cid).orientation = ""
        for cid in field_chars(state, player):
            if facts(state.cards[cid].code).type == "reserve":
                to_bench(state, cid, exhausted=True)
                continue
            reserves = stack_of(state, cid)
            if reserves:
                state.mcard(cid).flags.pop("stack")
                first = reserves[0]
                head = state.mcard(first)
                head.attached_to = EMPTY
                if len(reserves) > 1:
                    head.flags["stack"] = reserves[1:]
                    for above in reserves[1:]:
                        state.mcard(above).attached_to = first
                to_bench(state, first, exhausted=True)
        if turn(state) % 2 == 0:
            for cid in field_chars(state, player):
                state.move(cid, z("out", player))
    state.vars.update(side=None, attackers=[], defenders=[], participants=[], kicker=EMPTY, used=[])
    end_of(state, END_OF_TURN)
    who = ", ".join(f"{player_name(p)} {goals(state, p)}" for p in range(state.num_players))
    state.log(f"End of turn {turn(state)} (goals: {who}).")
