"""Advanced keywords [14]: Ambush, Growth, Platoon, Squad, Sacrifice (deployments), Surge and
Mastery (battle), Tracking (entering play). Senjutsu lives in `costs`, Non-Unique in `deploy`,
Permanent in `chain`/`turn`. A card gets a keyword from its facts or from its `kw` flag.
"""

from __future__ import annotations

from typing import Any, Final

from engine.core.prompt import Option
from engine.core.state import Frame, State, procedure
from engine.games.naruto import actions, board, costs
from engine.games.naruto.board import f_of
from engine.games.naruto.facts import all_facts


def _list_fact(state: State, cid: int, key: str) -> tuple[str, ...]:
    flagged = state.cards[cid].flags.get(key)
    if flagged:
        return tuple(flagged)
    return tuple(getattr(f_of(state, cid), key))


def _costs_ok(state: State, player: int, cid: int) -> bool:
    ti = state.players[player].get("ti", 0)
    return costs.entrance_cost(state, cid, player) <= ti and costs.can_pay_hand(state, player, cid)


def _named_in_village(state: State, player: int, wanted: tuple[str, ...]) -> list[int] | None:
    """One distinct Ninja in `player`'s Village for each name in `wanted`, or None."""
    chosen: list[int] = []
    for name in wanted:
        found = next(
            (c for c in board.ninjas(state, player) if c not in chosen and name in board.names(state, c)), None
        )
        if found is None:
            return None
        chosen.append(found)
    return chosen


def sacrifice_cards(state: State, player: int, cid: int) -> list[int] | None:
    """The in-play cards a Sacrifice Ninja would remove from the game, or None if missing [14.10]."""
    return _named_in_village(state, player, _list_fact(state, cid, "sacrifice"))


def growth_targets(state: State, player: int, cid: int) -> list[int]:
    turn = state.vars.get("turn", 0)
    return [
        t
        for t in state.zones[f"village:{player}"]
        if f_of(state, t).kind == "Ninja"
        and board.names(state, t) & board.names(state, cid)
        and not state.cards[t].counters.get("growth")
        and state.cards[t].flags.get("entered") != turn
    ]


def platoon_target(state: State, player: int, cid: int) -> int:
    found = [t for t in board.ninjas(state, player) if board.names(state, t) & board.names(state, cid)]
    return found[0] if len(found) == 1 else -1


def _ninja_with_keywords(state: State, cid: int) -> bool:
    """Fast test used on every Mission Phase prompt: a Ninja card with any keyword at all."""
    f = f_of(state, cid)
    if f.kind != "Ninja":
        return False
    flags = state.cards[cid].flags
    return bool(f.keywords) or bool(flags and flags.get("kw"))


def deploy_options(state: State, player: int) -> list[Option]:
    """Keyword deployments open to the Attacker in the Mission Phase [14.1, 14.5, 14.8, 14.10, 14.12]."""
    from engine.games.naruto.deploy import deploy_problem

    options: list[Option] = []
    no_chain = not state.vars.get("chain")
    for cid in state.zones[f"chakra:{player}"]:
        if not _ninja_with_keywords(state, cid):
            continue
        if "Ambush" in board.keywords(state, cid) and not deploy_problem(state, player, cid, zone="chakra"):
            options.append(Option(f"ambush:{cid}", f"Ambush: deploy {board.label(state, cid)} from Chakra", "ambush"))
    for cid in state.zones[f"hand:{player}"]:
        if not _ninja_with_keywords(state, cid):
            continue
        kws = board.keywords(state, cid)
        if "Growth" in kws and _costs_ok(state, player, cid):
            for t in growth_targets(state, player, cid):
                options.append(
                    Option(
                        f"growth:{cid}:{t}",
                        f"Growth: {board.label(state, cid)} replaces {board.label(state, t)}",
                        "growth",
                    )
                )
        if "Platoon" in kws and no_chain and _costs_ok(state, player, cid):
            t = platoon_target(state, player, cid)
            if t >= 0:
                options.append(
                    Option(
                        f"platoon:{cid}:{t}",
                        f"Platoon: {board.label(state, cid)} replaces {board.label(state, t)}",
                        "platoon",
                    )
                )
    for cid in state.zones[f"reinforcement:{player}"]:
        kws = board.keywords(state, cid)
        if not no_chain or not _costs_ok(state, player, cid):
            continue
        if "Squad" in kws and _named_in_village(state, player, _list_fact(state, cid, "squad")) is not None:
            options.append(Option(f"squad:{cid}", f"Squad: bring in {board.label(state, cid)}", "squad"))
        elif (
            "Sacrifice" in kws
            and _named_in_village(state, player, _list_fact(state, cid, "sacrifice")) is not None
            and not board.unique_clash(state, player, cid)
        ):
            options.append(Option(f"sacrifice:{cid}", f"Sacrifice: bring in {board.label(state, cid)}", "sacrifice"))
    return options


KEYWORD_RULES: Final = {
    "ambush": ("Ambush", "naruto 14.1"),
    "growth": ("Growth", "naruto 14.5"),
    "platoon": ("Platoon", "naruto 14.8"),
    "sacrifice": ("Sacrifice", "naruto 14.10"),
    "squad": ("Squad", "naruto 14.12"),
}
_HOME: Final = {
    "ambush": "chakra",
    "growth": "hand",
    "platoon": "hand",
    "sacrifice": "reinforcement",
    "squad": "reinforcement",
}


def _growth_problem(state: State, player: int, cid: int, target: int) -> str:
    if target < 0 or state.cards[target].zone != f"village:{player}" or f_of(state, target).kind != "Ninja":
        return "Growth replaces a Ninja in your Village"
    if not board.names(state, target) & board.names(state, cid):
        return "Growth replaces a Ninja with the same name"
    if state.cards[target].counters.get("growth"):
        return f"{board.label(state, target)} already has a Growth coin"
    if state.cards[target].flags.get("entered") == state.vars.get("turn", 0):
        return f"{board.label(state, target)} was put in play this turn"
    return ""


def keyword_problem(state: State, player: int, verb: str, rest: str) -> str:
    """Why a keyword deployment (`ambush:`, `growth:`, ...) is refused ("" when no reason is found)."""
    keyword, _ = KEYWORD_RULES[verb]
    first, _, second = rest.partition(":")
    cid = int(first)
    if state.cards[cid].zone != f"{_HOME[verb]}:{player}" or keyword not in board.keywords(state, cid):
        return f"only a Ninja card with {keyword} in your {_HOME[verb]} can do this"
    if verb == "growth":
        why = _growth_problem(state, player, cid, int(second) if second.lstrip("-").isdigit() else -1)
    elif verb == "platoon":
        why = "" if platoon_target(state, player, cid) >= 0 else "Platoon needs exactly one Ninja sharing a name"
    elif verb in ("squad", "sacrifice"):
        missing = _named_in_village(state, player, _list_fact(state, cid, verb)) is None
        why = f"{keyword} needs every listed Ninja in your Village" if missing else ""
    else:
        why = ""
    if not why and not _costs_ok(state, player, cid):
        why = "its Entrance cost or Hand cost cannot be met"
    return why


def start_deploy(state: State, player: int, verb: str, rest: str) -> None:
    """Start the keyword deployment chosen in the Mission Phase."""
    first, _, second = rest.partition(":")
    cid = int(first)
    if verb == "ambush":
        state.push("naruto.deploy", player=player, card=cid, counts=True, **{"from": "chakra"})
    else:
        state.push("naruto.replace", player=player, card=cid, kind=verb, target=int(second) if second else -1)


@procedure("naruto.replace")
def replace(state: State, frame: Frame) -> None:
    """Growth, Platoon, Squad and Sacrifice: pay the Hand cost, then swap cards [14.5, 14.8, 14.10, 14.12]."""
    d = frame.data
    player, cid, kind, target = d["player"], d["card"], d["kind"], d["target"]
    if frame.step == 0:
        frame.step = 1
        state.push("naruto.pay_hand", player=player, card=cid, n=f_of(state, cid).hand)
        return
    state.pop()
    if kind in ("squad", "sacrifice"):
        listed = _list_fact(state, cid, kind)
        for old in _named_in_village(state, player, listed) or []:
            actions.leave_play(state, old, "removed", why=f" ({kind.capitalize()})")
        actions.enter_play(state, cid, player, how=f"brings in ({kind.capitalize()})")
        return
    if not board.in_play(state, target):
        return
    replaced = state.cards[target]
    teams = state.players[player].get("teams", [])
    state.move(cid, f"village:{player}", controller=player)
    new = state.mcard(cid)
    new.flags["entered"] = state.vars.get("turn", 0)
    if kind == "growth":
        new.orientation = replaced.orientation
        new.counters = {k: v for k, v in replaced.counters.items() if k != "growth"}
        new.counters["growth"] = 1
        state.modifiers = [m._replace(target=cid) if m.target == target else m for m in state.modifiers]
        dest = "discard"
    else:
        dest = "chakra"
    state.players[player]["teams"] = [[cid if x == target else x for x in t] for t in teams]
    old_name = board.label(state, target)
    actions.leave_play(state, target, dest, why=f" ({kind.capitalize()})")
    state.log(f"Player {player + 1} replaces {old_name} with {board.label(state, cid)} ({kind.capitalize()})")
    actions.entered(state, cid, player)


# ------------------------------------------------------------------ Surge and Mastery
def surge_options(state: State, player: int) -> list[Option]:
    """Surge: discard a same-name Ninja card from hand for +2/+2 this turn [14.13]."""
    options: list[Option] = []
    hand = state.zones[f"hand:{player}"]
    for ninja in state.zones[f"battle:{player}"]:
        if "Surge" not in board.keywords(state, ninja) or not board.active(state, ninja):
            continue
        for card in hand:
            if f_of(state, card).kind == "Ninja" and f_of(state, card).names & board.names(state, ninja):
                options.append(
                    Option(
                        f"surge:{ninja}:{card}",
                        f"Surge {board.label(state, ninja)} by discarding {board.label(state, card)}",
                        "surge",
                    )
                )
                break
    return options


def surge(state: State, player: int, ninja: int, card: int) -> None:
    actions.to_zone(state, card, "discard")
    actions.boost(state, ninja, 2, 2)


def offer_mastery(state: State, link: dict[str, Any]) -> None:
    """Mastery: pay 1 Chakra sharing a Symbol with the Jutsu to return it to hand [14.6]."""
    user = link["user"]
    if user < 0 or "Mastery" not in board.keywords(state, user) or not board.active(state, user):
        return
    state.push("naruto.mastery", player=link["player"], card=link["card"])


@procedure("naruto.mastery")
def mastery(state: State, frame: Frame) -> None:
    """Offer Mastery once the Jutsu's effect is applied, if a matching Chakra card can pay."""
    d = frame.data
    player, jutsu = d["player"], d["card"]
    payers = [c for c in state.zones[f"chakra:{player}"] if f_of(state, c).symbols & f_of(state, jutsu).symbols]
    if frame.step == 0 and (not payers or state.cards[jutsu].zone != "chain"):
        state.pop()
        return
    if frame.step == 1:
        answer = state.take_answer().id
        state.pop()
        if answer != "decline" and state.cards[jutsu].zone == "chain":
            actions.to_zone(state, int(answer.partition(":")[2]), "discard")
            actions.to_zone(state, jutsu, "hand")
            state.log(f"Mastery: {f_of(state, jutsu).name} returns to Player {player + 1}'s hand")
        return
    frame.step = 1
    options = [Option(f"mastery:{c}", f"Pay {board.label(state, c)}", "pay") for c in payers]
    options.append(Option("decline", "Let the Jutsu go to the Chakra area", "decline"))
    state.ask(player, "mastery", f"Mastery: return {f_of(state, jutsu).name} to your hand?", options, "naruto 14.6")


# ------------------------------------------------------------------ Tracking
@procedure("naruto.tracking")
def tracking(state: State, frame: Frame) -> None:
    """Name a Ninja: the opponent's Ninjas with that name are Tracked [14.15]."""
    player = frame.data["player"]
    if frame.step == 1:
        name = state.take_answer().id.partition(":")[2]
        state.players[player]["tracked"] = name
        state.log(f"Player {player + 1} tracks {name}")
        state.pop()
        return
    frame.step = 1
    names = sorted({f.name for f in all_facts().values() if f.kind == "Ninja"})
    options = [Option(f"track:{n}", f"Track {n}", "track") for n in names]
    state.ask(player, "tracking", "Tracking: name a Ninja", options, "naruto 14.15")
