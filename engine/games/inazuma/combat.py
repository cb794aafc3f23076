"""Attack phase (7), shooting phase (8) with last chance and Goal Fever, and the penalty
shootout (10), as resumable procedures."""

from __future__ import annotations

from typing import Final

from engine.core.prompt import Option
from engine.core.state import EMPTY, Frame, State, procedure
from engine.dsl.durations import END_OF_PHASE, end_of
from engine.games.inazuma.board import (
    attacker,
    attacking,
    char_sp,
    clear_sp,
    defence_total,
    goalkeeper,
    kicker,
    name_of,
    other,
    publish_sp,
    top_facts,
    total_sp,
    z,
)
from engine.games.inazuma.facts import SIDE_NAMES, SIDES, SLOT_NAMES, facts, slot_of, slot_side
from engine.games.inazuma.moves import draw_each, flip_each, player_name
from engine.games.inazuma.turn import offer

SHOOTOUT_FLIPS: Final = 5


def side_members(state: State, player: int, side: str, positions: tuple[str, ...]) -> list[int]:
    field = state.zones[z("field", player)]
    return [field[slot_of(pos, side)] for pos in positions if field[slot_of(pos, side)] != EMPTY]


# ----------------------------------------------------------------- 7 attack phase
@procedure("inazuma.attack")
def attack(state: State, frame: Frame) -> None:
    a = attacker(state)
    d = other(a)
    if frame.step == 0:
        state.vars["phase"] = "attack"
        frame.step = 1
        options = [Option(f"side:{s}", f"Attack on the {SIDE_NAMES[s]} side", "side") for s in SIDES]
        offer(state, a, "side", "Choose the action side", options, "inazuma 7.1")
        return
    if frame.step == 1:
        side = state.take_answer().id.partition(":")[2]
        state.vars["side"] = side
        state.vars["attackers"] = side_members(state, a, side, ("FW", "MF"))
        state.vars["defenders"] = side_members(state, d, side, ("MF", "DF"))
        names = ", ".join(top_facts(state, c).name for c in attacking(state)) or "nobody"
        state.log(f"{player_name(a)} attacks on the {SIDE_NAMES[side]} side with {names}.")
        frame.step = 2
        state.push("inazuma.window")
        return
    attackers = [c for c in attacking(state) if state.cards[c].zone == z("field", a)]
    att, dfn = total_sp(state, attackers), defence_total(state)
    tie_wins = state.options.get("attack_tie") == "attack"
    ok = bool(attackers) and (att > dfn or (tie_wins and att == dfn))
    state.vars["attack_ok"] = ok
    state.vars["participants"] = attackers
    verdict = "the attack breaks through!" if ok else "the defence holds."
    state.log(f"Attack {att} SP vs defence {dfn} SP: {verdict}")
    end_of(state, END_OF_PHASE)
    clear_sp(state)
    state.vars.update(attackers=[], defenders=[], keeper_defends=False)
    state.pop()


# ----------------------------------------------------------------- 8 shooting phase
@procedure("inazuma.shoot")
def shoot(state: State, frame: Frame) -> None:
    a = attacker(state)
    d = other(a)
    data = frame.data
    step = frame.step
    if step == 0:
        state.vars.update(phase="shooting", fever=False, shot_over=False, kicker=EMPTY)
        data.update(lc=[0, 0], goal=False)
        frame.step = 1
        draw_each(state, [a, d])
    elif step == 1:
        candidates = kicker_candidates(state)
        if not candidates:
            state.log("No character that took part can take the shot (inazuma 8.3).")
            frame.step = 6
            return
        frame.step = 2
        field = state.zones[z("field", a)]
        options = [
            Option(f"kicker:{c}", f"{top_facts(state, c).name} ({SLOT_NAMES[field.index(c)]}) shoots", "kicker")
            for c in candidates
        ]
        offer(state, a, "kicker", "Choose the kicker", options, "inazuma 8.3")
    elif step == 2:
        if kicker(state) == EMPTY:
            state.vars["kicker"] = int(state.take_answer().id.partition(":")[2])
        state.log(f"{top_facts(state, kicker(state)).name} takes the shot.")
        frame.step = 3
        state.push("inazuma.window")
    elif step == 3:
        frame.step = 4
        if not state.vars.get("shot_over"):
            last_chance(state, frame)
    elif step in (4, 5):
        frame.step = step + 1
        state.push("inazuma.bottom", player=a if step == 4 else d)
    else:
        extra = data.get("goal") and state.vars.get("fever")
        end_of(state, END_OF_PHASE)
        clear_sp(state)
        state.vars.update(kicker=EMPTY, fever=False, shot_over=False)
        if extra:
            state.log("Goal Fever: an extra shooting phase (inazuma 8.8).")
            frame.step = 0
            data.clear()
            return
        state.pop()


def kicker_candidates(state: State) -> list[int]:
    """Characters that took part in the attack and are still on the field; with match option
    `kicker` = `action_side`, only those standing on the action side (8.3)."""
    a = attacker(state)
    field = state.zones[z("field", a)]
    ids = [c for c in state.vars.get("participants", []) if c in field]
    if state.options.get("kicker") == "action_side":
        ids = [c for c in ids if slot_side(field.index(c)) == state.vars.get("side")]
    return ids


def last_chance(state: State, frame: Frame) -> None:
    """Flip, add 100 x level, compare; flip again on a tie (8.5, 8.6, 8.7)."""
    a = attacker(state)
    d = other(a)
    lc: list[int] = frame.data["lc"]
    shooter, keeper = kicker(state), goalkeeper(state, d)
    while True:
        flipped = flip_each(state, [a, d], "flipped")
        if flipped is None:
            return
        bonus = [100 * facts(state.cards[cid].code).level for cid in flipped]
        lc[0] += bonus[0]
        lc[1] += bonus[1]
        shot = char_sp(state, shooter) + lc[0]
        save = char_sp(state, keeper) + lc[1]
        publish_sp(state, (lc[0], lc[1]))
        flips = [
            f"{player_name(p)} flips {name_of(state, cid)} (+{b})"
            for p, cid, b in zip((a, d), flipped, bonus, strict=True)
        ]
        state.log(
            f"Last chance: {flips[0]}, {flips[1]} — "
            f"{top_facts(state, shooter).name} {shot} SP vs {top_facts(state, keeper).name} {save} SP."
        )
        if shot != save:
            break
        state.log("It's a tie: flip again (inazuma 8.6).")
    if shot > save:
        goal_card = state.zones[z("flipped", a)][-1]
        card = state.move(goal_card, z("goals", a))
        card.face_up = True
        frame.data["goal"] = True
        goals = state.count(z("goals", a))
        state.log(f"GOAL! {player_name(a)} scores ({goals} goal{'' if goals == 1 else 's'}).")
    else:
        state.log(f"{top_facts(state, keeper).name} stops the shot.")


@procedure("inazuma.bottom")
def bottom(state: State, frame: Frame) -> None:
    """Flipped cards go to the bottom of the deck in the owner's chosen order (8.7)."""
    player: int = frame.data["player"]
    pile = state.zones[z("flipped", player)]
    if frame.step == 1:
        cid = int(state.take_answer().id.partition(":")[2])
        state.move(cid, z("deck", player), index=0)
    frame.step = 1
    if not pile:
        state.pop()
        return
    codes = {state.cards[c].code for c in pile}
    if len(codes) == 1:
        for cid in list(pile):
            state.move(cid, z("deck", player), index=0)
        state.pop()
        return
    options: list[Option] = []
    seen: set[str] = set()
    for cid in pile:
        code = state.cards[cid].code
        if code not in seen:
            seen.add(code)
            options.append(Option(f"bottom:{cid}", f"Put {name_of(state, cid)} on the bottom next", "bottom"))
    offer(state, player, "bottom", "Order your flipped cards: each goes under the previous one", options, "inazuma 8.7")


# ----------------------------------------------------------------- 10 penalty shootout
@procedure("inazuma.shootout")
def shootout(state: State, frame: Frame) -> None:
    state.vars["phase"] = "shootout"
    score = [0, 0]
    flips = 0
    while True:
        flips += 1
        cards: list[int] = []
        for player in (0, 1):
            deck = state.zones[z("deck", player)]
            if deck:
                cid = deck[-1]
                state.move(cid, z("shootout", player)).face_up = True
                cards.append(cid)
        empty = [p for p in (0, 1) if not state.zones[z("deck", p)]]
        if len(cards) == 2:
            levels = [facts(state.cards[c].code).level for c in cards]
            if levels[0] != levels[1]:
                score[0 if levels[0] > levels[1] else 1] += 1
            state.log(
                f"Shootout flip {flips}: {name_of(state, cards[0])} (level {levels[0]}) vs "
                f"{name_of(state, cards[1])} (level {levels[1]}) — {score[0]}-{score[1]}."
            )
            if flips > SHOOTOUT_FLIPS and levels[0] != levels[1] and not empty:
                winner = 0 if levels[0] > levels[1] else 1
                state.finish((winner,), f"{player_name(winner)} wins the penalty shootout (inazuma 10).")
                return
        if empty:
            if len(empty) == 2:
                state.finish((), "Both players flipped their last card in the shootout: a draw (inazuma 10).")
            else:
                state.finish(
                    (other(empty[0]),),
                    f"{player_name(empty[0])} flipped their last card in the shootout and loses (inazuma 10).",
                )
            return
        if flips == SHOOTOUT_FLIPS and score[0] != score[1]:
            winner = 0 if score[0] > score[1] else 1
            state.finish(
                (winner,), f"{player_name(winner)} wins the penalty shootout {max(score)}-{min(score)} (inazuma 10)."
            )
            return
