"""The Battle Phase: Start, Battle, Damage and End Steps, Replay (rules 13.1-13.9)."""

from __future__ import annotations

from typing import Final

from engine.core.prompt import Option
from engine.core.state import EMPTY, Frame, State, procedure
from engine.games.yugioh.board import (
    SWORDS,
    atk,
    damage,
    dfn,
    flip_up,
    monsters,
    name,
    opp,
    sweep,
    to_grave,
    to_hand,
    turn,
)
from engine.games.yugioh.chain import window
from engine.games.yugioh.facts import facts
from engine.games.yugioh.scripts import effect_of

WALL_OF_ILLUSION: Final = "13945283"


def swords_block(state: State, player: int) -> bool:
    """ "Swords of Revealing Light" of the opponent is face-up: `player` cannot declare attacks."""
    for cid in state.zones[f"szone:{opp(player)}"]:
        if cid != EMPTY and state.cards[cid].code == SWORDS and state.cards[cid].face_up:
            return True
    return False


def attack_problem(state: State, player: int, cid: int) -> tuple[str, str] | None:
    card = state.cards[cid]
    if card.zone != f"mzone:{player}":
        return ("only a monster you control can attack", "13.2")
    if not card.face_up or card.orientation != "atk":
        return ("only a face-up Attack Position monster can attack", "13.2")
    if int(card.flags.get("attacked", -1)) == turn(state):
        return ("each monster can attack only once per turn", "13.2")
    if swords_block(state, player):
        return ("Swords of Revealing Light stops your monsters from declaring attacks", "15.3")
    return None


def attackers(state: State, player: int) -> list[int]:
    return [cid for cid in monsters(state, player) if attack_problem(state, player, cid) is None]


@procedure("ygo.battle")
def battle_phase(state: State, frame: Frame) -> None:
    data = frame.data
    player = int(state.vars["active"])
    step = frame.step
    if step == 0:  # Start Step
        state.vars["phase"] = "battle"
        state.vars["bstep"] = "start"
        state.log(f"Player {player + 1} enters the Battle Phase.")
        frame.step = 1
        window(state, player, "Start Step: activate a card?", rule="13.1")
        return
    if step == 1:  # Battle Step: declare an attack or end
        if sweep(state):
            return
        state.vars["bstep"] = "battle"
        state.vars["attack"] = None
        options = [
            Option(f"attack:{cid}", f"Attack with {name(state, cid)} ({atk(state, cid)} ATK) (#{cid})", "attack")
            for cid in attackers(state, player)
        ]
        options.append(Option("endbp", "End the Battle Phase", "phase"))
        frame.step = 2
        state.ask(player, "attack", "Battle Step: declare an attack?", options, "yugioh 13.2")
        return
    if step == 2:
        answer = state.take_answer()
        if answer.id == "endbp":
            frame.step = 8
            state.vars["bstep"] = "end"
            window(state, player, "End Step: activate a card?", rule="13.9")
            return
        data["attacker"] = int(answer.id.partition(":")[2])
        foes = monsters(state, opp(player))
        frame.step = 3
        if not foes:
            data["target"] = EMPTY
            return
        options = [Option(f"target:{cid}", f"Attack {describe(state, cid)} (#{cid})", "target") for cid in foes]
        state.ask(
            player, "attack_target", f"Choose the target of {name(state, data['attacker'])}", options, "yugioh 13.2"
        )
        return
    if step == 3:
        if "target" not in data or data["target"] is None:
            data["target"] = int(state.take_answer().id.partition(":")[2])
        attacker, target = data["attacker"], data["target"]
        data["count"] = len(monsters(state, opp(player)))
        state.vars["attack"] = [attacker, target]
        if target == EMPTY:
            state.log(f"{name(state, attacker)} attacks Player {opp(player) + 1} directly.")
        else:
            state.log(f"{name(state, attacker)} attacks {describe(state, target)}.")
        frame.step = 4
        window(state, opp(player), "An attack is declared. Respond?", rule="13.2")
        return
    if step == 4:
        if sweep(state):
            return
        attacker, target = data["attacker"], data["target"]
        gone = target != EMPTY and state.cards[target].zone != f"mzone:{opp(player)}"
        if gone or len(monsters(state, opp(player))) != data["count"]:  # rule 13.3
            state.log("The defending monsters changed: Replay (the attack is declared again).")
            reset_attack(data)
            frame.step = 1
            return
        if attack_problem(state, player, attacker) is not None:
            state.log("The attack can no longer happen.")
            if state.cards[attacker].zone == f"mzone:{player}":
                state.mcard(attacker).flags["attacked"] = turn(state)
            reset_attack(data)
            frame.step = 1
            return
        state.mcard(attacker).flags["attacked"] = turn(state)
        state.vars["bstep"] = "damage"
        state.vars["dmg"] = True
        data["flipped"] = False
        if target != EMPTY and not state.cards[target].face_up:
            data["flipped"] = flip_up(state, target)
            state.log(f"The attacked monster is flipped face-up: {name(state, target)} ({dfn(state, target)} DEF).")
        frame.step = 5
        window(state, player, "Damage Step: activate a card that changes ATK or DEF?", rule="13.4")
        return
    if step == 5:
        before = int(state.players[opp(player)]["lp"])
        data["doomed"] = damage_calculation(state, player, data["attacker"], data["target"])
        state.vars["dmg"] = False
        frame.step = 6
        target = data["target"]
        if target == EMPTY and int(state.players[opp(player)]["lp"]) < before:
            direct_damage_trigger(state, player, data["attacker"])
        if data.get("flipped") and target != EMPTY and state.cards[target].zone.startswith("mzone"):
            effect = effect_of(state.cards[target].code)
            if effect is not None:
                for cid in data["doomed"]:
                    state.mcard(cid).flags["doomed"] = True
                state.push(
                    "ygo.chain", cid=target, player=state.cards[target].controller, eff=effect.name, window=False
                )
        return
    if step == 6:
        attacker, target = data["attacker"], data["target"]
        doomed = [c for c in data["doomed"] if state.cards[c].zone.startswith("mzone")]
        if (
            target != EMPTY
            and state.cards[target].zone.startswith("mzone")
            and state.cards[target].face_up
            and state.cards[target].code == WALL_OF_ILLUSION
            and attacker not in doomed
            and state.cards[attacker].zone.startswith("mzone")
        ):
            state.log("Wall of Illusion sends the attacking monster back to the hand.")
            to_hand(state, attacker)
        for cid in doomed:
            if state.cards[cid].zone.startswith("mzone"):
                to_grave(state, cid, why="destroyed by battle")
        for cid in doomed:
            state.mcard(cid).flags.pop("doomed", None)
        reset_attack(data)
        frame.step = 1
        if not sweep(state):  # back in the Battle Step: both may play cards before the next attack
            state.vars["bstep"] = "battle"
            window(state, player, "Battle Step: activate a card before the next attack?", rule="13.2")
            if state.vars.get("triggers"):  # "sent to the Graveyard" effects first (13.8 step 5)
                state.push("ygo.triggers")
        return
    # after the End Step window
    state.vars["bstep"] = ""
    state.vars["attack"] = None
    state.pop()


def direct_damage_trigger(state: State, player: int, attacker: int) -> None:
    """A Trigger effect "when this card inflicts Direct Damage" starts a chain (rules 5.6, 13.7)."""
    effect = effect_of(state.cards[attacker].code)
    if effect is not None and effect.kind == "trigger" and effect.on == "direct_damage":
        state.push("ygo.chain", cid=attacker, player=player, eff=effect.name, window=True)


def reset_attack(data: dict[str, object]) -> None:
    for key in ("attacker", "target", "count", "flipped", "doomed"):
        data.pop(key, None)


def describe(state: State, cid: int) -> str:
    card = state.cards[cid]
    if not card.face_up:
        return "a face-down Defense Position monster"
    pos = "ATK" if card.orientation == "atk" else "DEF"
    value = atk(state, cid) if card.orientation == "atk" else dfn(state, cid)
    return f"{name(state, cid)} ({value} {pos})"


def shielded(state: State, player: int) -> bool:
    """ "Waboku" protects `player` this turn."""
    return state.players[player].get("waboku") == turn(state)


def damage_calculation(state: State, player: int, attacker: int, target: int) -> list[int]:
    """Apply battle damage (rules 13.5-13.7); return the monsters destroyed by battle."""
    foe = opp(player)
    a = atk(state, attacker)
    if target == EMPTY:
        if not shielded(state, foe):
            damage(state, foe, a, battle=True)
        return []
    doomed: list[int] = []
    t_card = state.cards[target]
    if t_card.orientation == "atk":
        d = atk(state, target)
        if a > d:
            doomed.append(target)
            if not shielded(state, foe):
                damage(state, foe, a - d, battle=True)
        elif a == d:
            doomed.extend([attacker, target])
            state.log(f"Both monsters have {a} ATK.")
        else:
            doomed.append(attacker)
            if not shielded(state, player):
                damage(state, player, d - a, battle=True)
    else:
        d = dfn(state, target)
        if a > d:
            doomed.append(target)
        elif a < d and not shielded(state, player):
            damage(state, player, d - a, battle=True)
        if a == d:
            state.log(f"{a} ATK against {d} DEF: nothing is destroyed.")
    return [c for c in doomed if not shielded(state, state.cards[c].controller)]


def facts_of(state: State, cid: int) -> str:
    return facts(state.cards[cid].code).name
