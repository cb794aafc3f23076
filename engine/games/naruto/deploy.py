"""Mission Phase actions [7]: deploy a Ninja [7.2], charge Chakra [7.5], deploy a Client [7.6],
and the keyword deployments (Ambush, Growth, Platoon, Squad, Sacrifice) [14].
"""

from __future__ import annotations

from engine.core.prompt import Option
from engine.core.state import Frame, State, procedure
from engine.games.naruto import actions, board, chain, costs
from engine.games.naruto.board import f_of


def free_deploy(state: State, cid: int, player: int) -> bool:
    """A Ninja whose deployment does not use up the turn's one deployment (N-036 with Kiba)."""
    return board.has_mark_card(state, cid, "free_deploy") and board.name_in_play(
        state, player, frozenset({"Kiba Inuzuka"})
    )


def deploy_problem(state: State, player: int, cid: int, *, zone: str = "hand") -> str:
    """Why this Ninja or Client cannot be deployed now ("" when it can) [7.2]."""
    card = state.cards[cid]
    f = f_of(state, cid)
    if card.zone != f"{zone}:{player}" or f.kind not in ("Ninja", "Client"):
        return f"only a Ninja or Client card in your {zone} can be deployed"
    ti = state.players[player].get("ti", 0)
    cost = costs.entrance_cost(state, cid, player)
    if cost > ti:
        return f"{f.name} has Entrance cost {cost}, more than your Turn Indicator {ti}"
    key = "clients" if f.kind == "Client" else "deployed"
    if state.players[player].get(key, 0) >= 1 and not free_deploy(state, cid, player):
        return f"only one {f.kind} can be deployed each turn"
    if f.kind == "Client":
        village = state.zones[f"village:{player}"]
        if any(board.f_of(state, c).kind == "Client" and board.names(state, c) & f.names for c in village):
            return f"you already have a Client named {f.name} in play"
    elif board.unique_clash(state, player, cid):
        return f"you already have a Ninja named {f.name} in play"
    if not costs.can_pay_hand(state, player, cid):
        return f"you do not hold {f.hand} other card(s) sharing a Symbol with {f.name} to pay its Hand cost"
    if "Sacrifice" in board.keywords(state, cid):
        from engine.games.naruto.keywords import sacrifice_cards

        if sacrifice_cards(state, player, cid) is None:
            return f"{f.name} needs its Sacrifice cards in your Village or on the Battlefield"
    return ""


@procedure("naruto.deploy")
def deploy(state: State, frame: Frame) -> None:
    """Pay the Hand cost, then put the Ninja into the Village [7.2]."""
    d = frame.data
    player, cid = d["player"], d["card"]
    if frame.step == 0:
        frame.step = 1
        state.push("naruto.pay_hand", player=player, card=cid, n=f_of(state, cid).hand)
        return
    state.pop()
    f = f_of(state, cid)
    if "Sacrifice" in board.keywords(state, cid):
        from engine.games.naruto.keywords import sacrifice_cards

        for old in sacrifice_cards(state, player, cid) or []:
            actions.leave_play(state, old, "removed", why=" (Sacrifice)")
    if not free_deploy(state, cid, player) or d.get("counts"):
        key = "clients" if f.kind == "Client" else "deployed"
        state.players[player][key] = state.players[player].get(key, 0) + 1
    actions.enter_play(state, cid, player, how="deploys" if d.get("from", "hand") == "hand" else "ambushes with")


def mission_phase_options(state: State, player: int) -> list[Option]:
    """Everything the Attacker may do in the Mission Phase [7.1]."""
    from engine.games.naruto import keywords

    options: list[Option] = []
    hand = state.zones[f"hand:{player}"]
    seen: set[tuple[str, str]] = set()
    for cid in hand:
        f = f_of(state, cid)
        if f.kind in ("Ninja", "Client") and ("d", f.code) not in seen and not deploy_problem(state, player, cid):
            seen.add(("d", f.code))
            verb = "deploy" if f.kind == "Ninja" else "client"
            options.append(Option(f"{verb}:{cid}", f"Deploy {f.name} ({f.code})", verb))
        elif f.kind == "Mission" and ("m", f.code) not in seen and not chain.mission_problem(state, player, cid):
            seen.add(("m", f.code))
            options.append(Option(f"mission:{cid}", f"Play Mission {f.name}", "mission"))
    options.extend(keywords.deploy_options(state, player))
    for cid in hand:
        f = f_of(state, cid)
        if ("c", f.code) not in seen:
            seen.add(("c", f.code))
            options.append(Option(f"charge:{cid}", f"Charge {f.name} ({f.code}) as Chakra", "charge"))
    options.append(Option("end", "End the Mission Phase", "end"))
    return options


@procedure("naruto.mission_phase")
def mission_phase(state: State, frame: Frame) -> None:
    """Deploy, play Missions and charge Chakra in any order until the Attacker ends the phase [7.1]."""
    player = frame.data["player"]
    if frame.step == 1:
        answer = state.take_answer()
        frame.step = 0
        verb, _, rest = answer.id.partition(":")
        if verb == "end":
            state.pop()
            return
        if verb in ("deploy", "client"):
            state.push("naruto.deploy", player=player, card=int(rest))
        elif verb == "mission":
            state.push("naruto.play_mission", player=player, card=int(rest))
        elif verb == "charge":
            actions.charge(state, int(rest))
            state.log(f"Player {player + 1} charges {board.label(state, int(rest))} as Chakra")
        else:
            from engine.games.naruto import keywords

            keywords.start_deploy(state, player, verb, rest)
        return
    frame.step = 1
    state.ask(
        player,
        "mission_phase",
        "Mission Phase: deploy, play a Mission, charge Chakra, or end the phase",
        mission_phase_options(state, player),
        "naruto 7.1",
    )
