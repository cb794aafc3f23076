"""Why an attempted option is refused, with the rule section it breaks (`Game.explain_illegal`)."""

from __future__ import annotations

from engine.core.state import State
from engine.games.naruto import board, chain
from engine.games.naruto.board import f_of
from engine.games.naruto.keywords import KEYWORD_RULES, keyword_problem


def _card(state: State, text: str) -> int | None:
    try:
        cid = int(text.split(":")[0])
    except ValueError:
        return None
    return cid if 0 <= cid < len(state.cards) else None


def explain(state: State, option_id: str) -> tuple[str, str] | None:
    """(reason, "naruto X.Y") for an option id that is not on offer, when the rules can tell."""
    verb, _, rest = option_id.partition(":")
    pending = state.pending
    kind = pending.kind if pending is not None else ""
    phase = state.vars.get("phase", "")
    attacker = state.vars.get("attacker", 0)
    player = pending.player if pending is not None else attacker
    cid = _card(state, rest) if rest else None

    if cid is not None and pending is not None:
        code = state.cards[cid].code
        for option in pending.options:
            other = _card(state, option.id.partition(":")[2]) if option.id.startswith(verb + ":") else None
            if other is not None and other != cid and state.cards[other].code == code:
                return f"copies of a card are interchangeable here: choose {option.id} ({option.label})", pending.rule
    if verb in ("organize", "team", "keep") and kind not in ("organize", "organize_team"):
        return "Teams can only be organized in your own Organization Phase", "naruto 8.3"
    if verb in ("deploy", "mission", "charge", "client") and kind != "mission_phase":
        what = {
            "deploy": "Ninjas are deployed",
            "mission": "Missions are played",
            "charge": "Chakra is charged",
            "client": "Clients are deployed",
        }[verb]
        return f"{what} only during your own Mission Phase", "naruto 7.1"
    if verb == "deploy" and cid is not None:
        from engine.games.naruto.deploy import deploy_problem

        why = deploy_problem(state, player, cid)
        if why:
            return why, "naruto 7.2"
    if verb in KEYWORD_RULES and cid is not None and kind == "mission_phase":
        why = keyword_problem(state, player, verb, rest)
        return (why or "that keyword deployment is not open now"), KEYWORD_RULES[verb][1]
    if verb == "client" and cid is not None:
        from engine.games.naruto.deploy import deploy_problem

        why = deploy_problem(state, player, cid)
        if why:
            return why, "naruto 7.6"
    if verb == "mission" and cid is not None:
        why = chain.mission_problem(state, player, cid)
        if why:
            return why, "naruto 7.3"
    if verb == "counter" and cid is not None:
        why = chain.mission_problem(state, player, cid, counter=True)
        if why:
            return why, "naruto 7.4"
    if verb == "pay" and cid is not None and kind == "hand_cost":
        if state.cards[cid].zone != f"hand:{player}":
            return "a Hand cost is paid with cards from your hand", "naruto 7.2"
        return (
            f"{f_of(state, cid).name} does not share a Symbol with the card being played: a Hand cost is paid "
            "with cards of the same Symbol"
        ), "naruto 7.2"
    if verb == "jutsu":
        if kind != "jutsu":
            return "Jutsu are played only during the Exchange of Jutsu in the Battle Phase", "naruto 10.1"
        if cid is None or state.cards[cid].zone != f"hand:{player}" or f_of(state, cid).kind != "Jutsu":
            return "only a Jutsu card in your hand can be played", "naruto 10.2"
        if board.turn_fx(state).get("no_jutsu"):
            return "no Ninja can use Jutsu this turn (An Accident)", "naruto 15.5"
        problems = [chain.user_problem(state, cid, u) for u in state.zones[f"battle:{player}"]]
        if not problems:
            return "you have no Ninja on the Battlefield to use it", "naruto 10.3"
        if all(problems):
            return problems[0], "naruto 10.3"
        return f"you cannot pay the cost of {f_of(state, cid).name} or it has no legal target", "naruto 10.4"
    if verb == "user" and cid is not None and kind == "jutsu_user" and state.stack:
        jutsu = state.stack[-1].data.get("card", -1)
        why = chain.user_problem(state, jutsu, cid) if jutsu >= 0 else ""
        return (why or f"{board.label(state, cid)} cannot pay for or target with this Jutsu"), "naruto 10.3"
    if verb == "chakra" and kind == "jutsu_cost":
        return "that card cannot pay the next part of the Jutsu cost", "naruto 10.4"
    if verb in ("send", "block"):
        if phase != "battle":
            return "Teams are sent out only in the Battle Phase", "naruto 9.2"
        if state.vars.get("turn") == 1:
            return "the first player skips the Battle Phase on the first turn", "naruto 9.1"
        return "that Team cannot be sent out now", "naruto 9.5"
    if verb == "head" and cid is not None and kind == "head":
        if not board.on_battlefield(state, cid):
            return f"{board.label(state, cid)} is not on the Battlefield: only a Ninja of the Team can lead it", (
                "naruto 11.7" if state.vars.get("step") != "send" else "naruto 9.2"
            )
        return "the Head Ninja is one of the Ninjas of the Team being sent out", "naruto 9.2"
    if verb == "target":
        return "that card is not a legal target", "naruto 10.9"
    if verb == "end" and kind != "mission_phase":
        return "only the Mission Phase is ended this way", "naruto 7.1"
    return None
