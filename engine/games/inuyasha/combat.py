"""Attacks: expend, boost window (Aggressive, Defensive, Modifier), compare, defeat, steal (rule 7)."""

from __future__ import annotations

from typing import Final

from engine.core.prompt import Option
from engine.core.state import Frame, Modifier, State, procedure
from engine.games.inuyasha import board
from engine.games.inuyasha.facts import EVENT, facts
from engine.games.inuyasha.rules import rule
from engine.games.inuyasha.scripts import ON_WIN_ATTACK, run_trigger

ATTACK: Final = "attack"  # modifiers that last for one attack


def _name(player: int) -> str:
    return f"Player {player + 1}"


def boost_options(state: State, frame: Frame, player: int) -> list[Option]:
    """The boosts `player` may use now in this attack, plus "pass" (rule 7.4)."""
    data = frame.data
    attacking = player == data["p"]
    fighter = data["a"] if attacking else data["d"]
    keyword = "Aggressive" if attacking else "Defensive"
    used = "aggr_used" if attacking else "def_used"
    options = [Option("pass", "No boost", "pass")]
    hand = board.first_of_each_code(state, state.zones[f"hand:{player}"])
    repeat = state.options.get("keyword_boosts") == "repeat"
    if keyword in facts(state.cards[fighter].code).keywords and (repeat or not data.get(used)):
        for cid in hand:
            cost = facts(state.cards[cid].code).cost
            options.append(
                Option(
                    f"kw:{cid}", f"{keyword}: discard {board.title(state, cid)} for +{cost} {data['color']}", "boost"
                )
            )
    for cid in hand:
        card = facts(state.cards[cid].code)
        if card.type == EVENT and "Modifier" in card.keywords:
            label = f"Modifier: remove {card.title} from the game for +{card.cost} {data['color']}"
            options.append(Option(f"mod:{cid}", label, "boost"))
    return options


def _boost(state: State, frame: Frame, player: int, answer: Option) -> None:
    data = frame.data
    attacking = player == data["p"]
    fighter = data["a"] if attacking else data["d"]
    kind, _, raw = answer.id.partition(":")
    cid = int(raw)
    card = facts(state.cards[cid].code)
    if kind == "kw":
        data["aggr_used" if attacking else "def_used"] = True
        board.to_discard(state, cid)
        how = f"{'Aggressive' if attacking else 'Defensive'}, discarding {card.title}"
    else:
        state.move(cid, f"removed:{player}", face_up=True)
        how = f"Modifier, removing {card.title} from the game"
    state.add_modifier(Modifier(fighter, data["color"], card.cost, until=ATTACK))
    state.log(f"{board.title(state, fighter)} gets +{card.cost} {data['color']} ({how}).")


def _resolve(state: State, frame: Frame) -> None:
    data = frame.data
    player, a, d, color = data["p"], data["a"], data["d"], data["color"]
    attacker = board.color_value(state, a, color)
    defender = board.color_value(state, d, color)
    if not state.cards[d].face_up:
        state.log(f"{board.title(state, d)} is no longer in play; the attack ends.")
    elif attacker >= defender:
        state.log(f"{board.title(state, a)} ({color} {attacker}) beats {board.title(state, d)} ({color} {defender}).")
        board.defeat(state, d)
        board.steal_shard(state, player)
        if board.over(state):
            return
        state.vars.setdefault("won_attack", []).append(player)
        if state.cards[a].face_up:
            run_trigger(state, state.cards[a].code, ON_WIN_ATTACK, a, player)
    else:
        state.log(
            f"{board.title(state, a)} ({color} {attacker}) fails against {board.title(state, d)} ({color} {defender})."
        )


@procedure("inuyasha.attack")
def attack(state: State, frame: Frame) -> None:
    data = frame.data
    player, a, d = data["p"], data["a"], data["d"]
    if frame.step == 0:
        board.set_ready(state, a, False)
        if d < 0:
            state.log(f"{_name(player)}: {board.title(state, a)} attacks directly.")
            board.steal_shard(state, player)
            if not board.over(state):
                state.pop()
            return
        state.log(f"{_name(player)}: {board.title(state, a)} attacks {board.title(state, d)} in {data['color']}.")
        data["who"] = player
        data["passes"] = 0
        frame.step = 1
    if frame.step == 1:
        who, color = data["who"], data["color"]
        fight = (
            f"{board.title(state, a)} ({color} {board.color_value(state, a, color)}) attacks "
            f"{board.title(state, d)} ({color} {board.color_value(state, d, color)})"
        )
        board.ask(state, who, "boost", f"{fight}: boost?", boost_options(state, frame, who), rule("7.4"))
        frame.step = 2
        return
    if frame.step == 2:
        who = data["who"]
        answer = state.take_answer()
        if answer.id == "pass":
            data["passes"] += 1
        else:
            data["passes"] = 0
            _boost(state, frame, who, answer)
        data["who"] = board.other(who)
        if data["passes"] < 2:
            frame.step = 1
            return
    _resolve(state, frame)
    if not board.over(state):
        state.expire(ATTACK)
        state.pop()
