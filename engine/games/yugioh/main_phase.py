"""Main Phase 1 and 2: the turn player's open actions (rules 6.1, 9.4, 10, 11)."""

from __future__ import annotations

from engine.core.prompt import Option
from engine.core.state import EMPTY, Frame, State, procedure
from engine.games.yugioh.board import CAPTURE_JAR, face_up_on_field, fx, monsters, name, opp, sweep, turn
from engine.games.yugioh.chain import (
    activation_problem,
    offering_ok,
    speed_of_monster,
    start_or_add,
    use_offering,
    window,
)
from engine.games.yugioh.facts import facts
from engine.games.yugioh.summon import soul_exchanged


def position_problem(state: State, player: int, cid: int) -> tuple[str, str] | None:
    """Why this monster cannot change battle position now (rule 10.7), or None."""
    card = state.cards[cid]
    if card.zone != f"mzone:{player}":
        return ("you can only change the position of a monster you control", "10.7")
    now = turn(state)
    if int(card.flags.get("placed", -1)) == now:
        return ("a monster cannot change position in the turn it was Summoned or Set", "10.7")
    if int(card.flags.get("pos", -1)) == now:
        return ("a monster's position can be changed only once per turn", "10.7")
    if not card.face_up:
        return ("a face-down monster changes position only by a Flip Summon", "10.3")
    if card.orientation == "atk" and int(card.flags.get("attacked", -1)) == now:
        return ("a monster that attacked this turn cannot change to Defense Position", "10.7")
    if facts(card.code).race == "Dragon" and face_up_on_field(state, CAPTURE_JAR):
        return ("Dragon Capture Jar keeps Dragon monsters from changing position", "15.3")
    return None


def flip_problem(state: State, player: int, cid: int) -> tuple[str, str] | None:
    card = state.cards[cid]
    if card.zone != f"mzone:{player}" or card.face_up:
        return ("only your face-down monsters can be Flip Summoned", "10.3")
    now = turn(state)
    if int(card.flags.get("placed", -1)) == now:
        return ("a monster Set this turn cannot be Flip Summoned this turn", "10.3")
    if int(card.flags.get("pos", -1)) == now:
        return ("this monster already changed position this turn", "10.7")
    return None


def set_st_problem(state: State, player: int, cid: int) -> tuple[str, str] | None:
    f = fx(state, cid)
    if state.cards[cid].zone != f"hand:{player}" or f.is_monster:
        return ("only Magic and Trap cards in your hand can be Set there", "11.1")
    if f.sub == "field":
        if state.zones[f"fzone:{player}"][0] != EMPTY:
            return ("you already have a Field Magic card; it must leave first", "6.5")
    elif EMPTY not in state.zones[f"szone:{player}"]:
        return ("your Magic & Trap Card Zone is full", "4.2")
    return None


def battle_problem(state: State, player: int) -> tuple[str, str] | None:
    if state.vars.get("phase") != "main1":
        return ("the Battle Phase can only follow Main Phase 1", "9.1")
    if turn(state) == 1:
        return ("the player who goes first cannot conduct a Battle Phase on the first turn", "9.4")
    if int(state.players[player].get("no_bp", -1)) == turn(state):
        return ("you activated Soul Exchange this turn, so you cannot conduct your Battle Phase", "15.3")
    return None


def idle_options(state: State, player: int) -> list[Option]:
    """Every legal action of the turn player in the open Main Phase."""
    options: list[Option] = []
    hand = state.zones[f"hand:{player}"]
    can_summon = summon_possible(state, player)
    for cid in hand:
        f = fx(state, cid)
        if f.is_monster:
            if can_summon[min(f.tributes, 2)] and f.sub not in ("fusion", "ritual"):
                t = f" with {f.tributes} Tribute{'s' if f.tributes > 1 else ''}" if f.tributes else ""
                options.append(Option(f"summon:{cid}", f"Summon {f.name}{t} (#{cid})", "summon"))
                options.append(Option(f"set:{cid}", f"Set {f.name}{t} (#{cid})", "set"))
            continue
        if activation_problem(state, player, cid, idle=True) is None:
            options.append(Option(f"act:{cid}", f"Activate {f.name} (#{cid})", "activate"))
        if set_st_problem(state, player, cid) is None:
            options.append(Option(f"setst:{cid}", f"Set {f.name} (#{cid})", "set"))
    for cid in monsters(state, player):
        if speed_of_monster(state.cards[cid].code) and activation_problem(state, player, cid, idle=True) is None:
            options.append(Option(f"act:{cid}", f"Activate the effect of {name(state, cid)} (#{cid})", "activate"))
        if flip_problem(state, player, cid) is None:
            options.append(Option(f"flip:{cid}", f"Flip Summon {name(state, cid)} (#{cid})", "flip"))
        elif position_problem(state, player, cid) is None:
            to = "Defense" if state.cards[cid].orientation == "atk" else "Attack"
            options.append(Option(f"pos:{cid}", f"Change {name(state, cid)} to {to} Position (#{cid})", "position"))
    for key in (f"szone:{player}", f"fzone:{player}"):
        for cid in state.zones[key]:
            if cid == EMPTY:
                continue
            card = state.cards[cid]
            if not card.face_up:
                if activation_problem(state, player, cid, idle=True) is None:
                    options.append(Option(f"act:{cid}", f"Activate Set {name(state, cid)} (#{cid})", "activate"))
            elif card.code == "80604091" and offering_ok(state, player):
                options.append(Option(f"offer:{cid}", f"Ultimate Offering: pay 500 LP to summon (#{cid})", "offer"))
    if last_will_ready(state, player):
        options.append(
            Option("lastwill", "Last Will: Special Summon a monster with 1500 or less ATK from your Deck", "activate")
        )
    if state.vars.get("phase") == "main1" and battle_problem(state, player) is None:
        options.append(Option("battle", "Go to the Battle Phase", "phase"))
    options.append(Option("end", "End the turn (go to the End Phase)", "phase"))
    return options


def summon_possible(state: State, player: int) -> tuple[bool, bool, bool]:
    """Whether a Normal Summon/Set needing 0, 1 or 2 Tributes is possible now (fast `summon_problem`)."""
    if int(state.players[player].get("ns", -1)) == turn(state):
        return (False, False, False)
    zone = state.zones[f"mzone:{player}"]
    own = sum(1 for c in zone if c != EMPTY)
    free = len(zone) - own
    forced = min(1, len(soul_exchanged(state, player)))
    pool = own + len(soul_exchanged(state, player))

    def ok(need: int) -> bool:
        if need > pool:
            return False
        own_tributes = need - forced if need else 0
        return not ((free == 0 and own_tributes < 1) or own_tributes > own)

    return (ok(0), ok(1), ok(2))


def last_will_ready(state: State, player: int) -> bool:
    values = state.players[player]
    now = turn(state)
    return (
        values.get("lastwill") == now
        and values.get("sent") == now
        and EMPTY in state.zones[f"mzone:{player}"]
        and any(
            facts(state.cards[c].code).is_monster and facts(state.cards[c].code).atk <= 1500
            for c in state.zones[f"deck:{player}"]
        )
    )


@procedure("ygo.main")
def main_phase(state: State, frame: Frame) -> None:
    """Offer the turn player's actions until they move to the Battle Phase or End Phase."""
    player = int(state.vars["active"])
    data = frame.data
    phase = "Main Phase 1" if state.vars.get("phase") == "main1" else "Main Phase 2"
    if frame.step == 2:  # the opponent had their chance after the phase change was declared
        state.pop(data["leave"])
        return
    if frame.step == 1:
        answer = state.take_answer()
        frame.step = 0
        kind, _, raw = answer.id.partition(":")
        if kind in ("battle", "end"):
            data["leave"] = kind
            frame.step = 2
            text = f"Player {player + 1} ends {phase}. Activate a card?"
            window(state, opp(player), text, rule="8.2", only=True)
            return
        data["quiet"] = kind in ("set", "pos", "setst", "lastwill")  # no window of its own
        if kind == "lastwill":
            state.push("ygo.last_will", player=player)
            return
        cid = int(raw)
        if kind in ("summon", "set"):
            state.push("ygo.summon", cid=cid, player=player, mode=kind)
        elif kind == "flip":
            state.push("ygo.flip_summon", cid=cid, player=player)
        elif kind == "pos":
            change_position(state, cid)
        elif kind == "act":
            start_or_add(state, player, cid)
        elif kind == "setst":
            set_spell_trap(state, player, cid)
        elif kind == "offer":
            use_offering(state, player, cid)
        return
    if sweep(state):
        return
    state.vars["summoned"] = None
    if state.vars.get("triggers"):  # e.g. a Tributed monster's "sent to the Graveyard" effect (5.6)
        state.push("ygo.triggers")
        return
    if data.get("quiet", True):  # the start of the phase, or after an action the opponent could not answer
        data["quiet"] = False
        window(state, opp(player), f"{phase} of Player {player + 1}: activate a card?", rule="8.2", only=True)
        return
    frame.step = 1
    state.ask(player, "action", f"{phase}: choose an action", idle_options(state, player), "yugioh 9.4")


def change_position(state: State, cid: int) -> None:
    card = state.mcard(cid)
    card.orientation = "def" if card.orientation == "atk" else "atk"
    card.flags["pos"] = turn(state)
    to = "Defense" if card.orientation == "def" else "Attack"
    state.log(f"{name(state, cid)} changes to {to} Position.")


def set_spell_trap(state: State, player: int, cid: int) -> None:
    f = fx(state, cid)
    zone = f"fzone:{player}" if f.sub == "field" else f"szone:{player}"
    card = state.move(cid, zone, face_up=False, known=1 << player)
    card.flags = {"set": turn(state)}
    state.log(
        f"Player {player + 1} Sets {f.name} in the Magic & Trap Card Zone.",
        to=1 << player,
        redacted=f"Player {player + 1} Sets a card in the Magic & Trap Card Zone.",
    )
