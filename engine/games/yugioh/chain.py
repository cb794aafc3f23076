"""Activations, response windows and chains (rules 8.1-8.5, 7.1, 13.4).

A chain link is a plain list in `state.vars["chain"]`:
``[card id, player, effect name, [[target id, zone], ...], spell speed, negated]``.
"""

from __future__ import annotations

from typing import Any, Final

from engine.core.prompt import Option
from engine.core.state import EMPTY, Card, Frame, State, procedure
from engine.dsl.context import Ctx
from engine.dsl.flow import named
from engine.dsl.scripts import Effect
from engine.games.yugioh.board import (
    SENT_TO_GRAVE,
    destroy,
    name,
    opp,
    sweep,
    to_grave,
    turn,
)
from engine.games.yugioh.facts import facts
from engine.games.yugioh.scripts import BOOK, candidates, effect_of, usable

ULTIMATE_OFFERING: Final = "80604091"
LINK_ONLY_TYPES: Final = ("normal", "counter")  # Magic/Trap subtypes that leave after resolving
LASTING_TYPES: Final = ("equip", "field", "continuous")  # need to stay on the field to work (rule 8.3)
QUICK_PHASES: Final = ("main1", "main2", "battle")  # a Quick-Play Magic leaves the hand only then (rule 6.6)
OFFERING_USE: Final = "ultimate_offering_summon"
MONSTER_SPEEDS: Final = {"ignition": 1, "quick": 2}  # activated monster effects: Cost (Speed 1), Multi-Trigger (2)


def window(state: State, first: int, text: str, *, rule: str = "8.2", only: bool = False) -> None:
    """Push a response window: `first`, then the other player, until both pass in a row.

    With `only`, just `first` is asked (the other player acts in their own open game state; a
    chain started here opens its own two-player window). A player with no card that could ever be
    activated now is passed for at once, so a window nobody could use is not opened at all.
    With the match option `always_ask`, every player who might respond as far as the opponent can
    see (`may_respond(public=True)`) is asked even with nothing to activate, so a question reveals nothing."""
    order = [first] if only else [first, opp(first)]
    ask_all = bool(state.options.get("always_ask"))
    if ask_all:
        order = [p for p in order if may_respond(state, p, public=True)]
        if not order:
            return
    elif not any(may_respond(state, p) for p in order):
        return
    state.push(
        "core.window",
        auto_pass=not ask_all,
        order=order,
        options_fn="ygo.responses",
        on_response="ygo.respond",
        text=text,
        kind="response",
        rule=f"yugioh {rule}",
        pass_label="Pass",
    )


def may_respond(state: State, player: int, *, public: bool = False) -> bool:
    """Cheap test: `player` has a Set card, a face-up "Ultimate Offering" or Multi-Trigger monster,
    or (in their own Main or Battle Phase) a Quick-Play Magic in hand; False means `responses` is
    surely empty. With `public`, only what the opponent can see counts (any Set card, any hand)."""
    cards = state.cards
    now = int(state.vars.get("turn", 0))
    for key in (f"szone:{player}", f"fzone:{player}"):
        for cid in state.zones[key]:
            if cid == EMPTY:
                continue
            card = cards[cid]
            if card.code == ULTIMATE_OFFERING if card.face_up else (public or may_answer(card, now)):
                return True
    for cid in state.zones[f"mzone:{player}"]:
        if cid != EMPTY and cards[cid].face_up and speed_of_monster(cards[cid].code) == 2:
            return True
    if state.vars.get("active") == player and state.vars.get("phase") in QUICK_PHASES:
        hand = state.zones[f"hand:{player}"]
        return bool(hand) if public else any(facts(cards[cid].code).sub == "quick-play" for cid in hand)
    return False


def may_answer(card: Card, now: int) -> bool:
    """Fast part of `activation_problem` for a Set card outside the idle Main Phase: Spell Speed 1
    never answers (8.5) and a Trap cannot be activated in the turn it was Set (7.1)."""
    f = facts(card.code)
    return f.speed > 1 and not (f.kind == "trap" and int(card.flags.get("set", -1)) >= now)


def speed_of_monster(code: str) -> int:
    """Spell Speed of a monster's activated effect (rule 8.4), 0 when it has none to activate."""
    if facts(code).sub != "effect":
        return 0
    effect = effect_of(code)
    return MONSTER_SPEEDS.get(effect.kind, 0) if effect is not None else 0


def speed_of(state: State, cid: int) -> int:
    f = facts(state.cards[cid].code)
    if f.kind == "monster":
        return max(1, speed_of_monster(f.code))
    return f.speed


def can_activate(state: State, player: int, cid: int, *, idle: bool) -> bool:
    """Whether `player` may activate card `cid` now, in the main-phase `idle` state or as a response."""
    return activation_problem(state, player, cid, idle=idle) is None


def activation_problem(state: State, player: int, cid: int, *, idle: bool) -> tuple[str, str] | None:
    """Why the card cannot be activated now, as (reason, rule), or None when it can."""
    card = state.cards[cid]
    f = facts(card.code)
    effect = effect_of(card.code)
    if f.kind == "monster" and effect is not None and effect.kind in MONSTER_SPEEDS:
        return monster_problem(state, player, cid, effect, idle=idle)
    if effect is None or f.kind == "monster":
        return ("this card has no effect you can activate", "5.6")
    if card.controller != player and card.zone != f"hand:{player}":
        return ("that card is not yours", "5.2")
    chain = state.vars.get("chain") or []
    in_hand = card.zone == f"hand:{player}"
    phase = state.vars.get("phase", "")
    mine = state.vars.get("active") == player
    if card.face_up and not in_hand:
        return ("that card is already active", "11.2")
    if chain and f.speed == 1:
        top = int(chain[-1][4])
        return (f"a Spell Speed 1 card cannot respond to a chain (the last link is Spell Speed {top})", "8.5")
    if f.kind == "trap":
        if in_hand:
            return ("a Trap card must be Set first and activated from the next turn", "7.1")
        if int(card.flags.get("set", -1)) >= turn(state):
            return ("a Trap card cannot be activated in the turn it was Set", "7.1")
    elif f.sub == "quick-play":
        if mine and phase not in QUICK_PHASES:
            return ("in your own turn, Quick-Play Magic is activated only in a Main Phase or the Battle Phase", "6.6")
        if in_hand and not mine:
            return ("Quick-Play Magic can be activated from the hand only in your own turn", "6.6")
        if not in_hand and not mine and int(card.flags.get("set", -1)) >= turn(state):
            return ("a Set Quick-Play Magic cannot be used in the opponent's turn it was Set", "6.6")
    else:
        if not (mine and phase in ("main1", "main2") and idle and not chain):
            return ("this Magic card can only be activated in your Main Phase when no chain is open", "6.1")
    speed = f.speed
    if chain:
        top = int(chain[-1][4])
        if speed == 1:
            return ("Spell Speed 1 cards cannot respond to anything", "8.5")
        if speed < top:
            return (f"a Spell Speed {speed} card cannot respond to a Spell Speed {top} card", "8.5")
    elif not idle and speed == 1:
        return ("a Spell Speed 1 card can only start a chain in your Main Phase", "8.5")
    if state.vars.get("dmg") and not effect.extra.get("dmg"):
        return ("in the Damage Step only cards that change ATK or DEF may be activated", "13.4")
    if in_hand:
        if f.sub == "field":
            if state.zones[f"fzone:{player}"][0] != EMPTY:
                return ("you already have a Field Magic card; it must leave first", "6.5")
        elif EMPTY not in state.zones[f"szone:{player}"]:
            return ("your Magic & Trap Card Zone is full", "4.2")
    if f.sub == "field" and not mine:
        return ("Field Magic is never activated in the opponent's turn", "6.5")
    if not usable(effect, Ctx(state, cid, player)):
        why = effect.extra.get("why")
        if why:
            return (str(why[0]), str(why[1]))
        return ("its activation conditions or targets are not met now", "5.1")
    return None


def monster_problem(state: State, player: int, cid: int, effect: Effect, *, idle: bool) -> tuple[str, str] | None:
    """Why a monster's activated effect cannot be used now (rules 5.6, 8.4, 8.5), or None."""
    card = state.cards[cid]
    if card.zone != f"mzone:{player}":
        return ("only a monster you control on the field can activate its effect", "5.6")
    if not card.face_up:
        return ("a face-down monster cannot activate its effect", "5.6")
    speed = MONSTER_SPEEDS[effect.kind]
    chain = state.vars.get("chain") or []
    if speed == 1:
        mine = state.vars.get("active") == player
        if not (mine and state.vars.get("phase") in ("main1", "main2") and idle and not chain):
            return ("this effect (Spell Speed 1) is activated only in your Main Phase when no chain is open", "8.4")
    elif chain and speed < int(chain[-1][4]):
        return (f"a Spell Speed {speed} effect cannot respond to a Spell Speed {int(chain[-1][4])} card", "8.5")
    if state.vars.get("dmg"):
        return ("in the Damage Step only Quick-Play Magic or Trap cards that change ATK or DEF may be used", "13.4")
    if not usable(effect, Ctx(state, cid, player)):
        why = effect.extra.get("why")
        return (str(why[0]), str(why[1])) if why else ("its activation conditions or cost are not met now", "5.6")
    return None


@named("ygo.responses")
def responses(state: State, player: int, context: dict[str, Any]) -> list[Option]:
    """What `player` may activate in a response window (no "pass": the window adds it)."""
    options: list[Option] = []
    zones = state.zones
    now = int(state.vars.get("turn", 0))
    for key in (f"szone:{player}", f"fzone:{player}"):
        for cid in zones[key]:
            if cid == EMPTY:
                continue
            card = state.cards[cid]
            if not card.face_up:
                if not may_answer(card, now):
                    continue
                if can_activate(state, player, cid, idle=False):
                    options.append(Option(f"act:{cid}", f"Activate {name(state, cid)} (#{cid})", "activate"))
            elif card.code == ULTIMATE_OFFERING and offering_ok(state, player):
                options.append(Option(f"offer:{cid}", f"Ultimate Offering: pay 500 LP to summon (#{cid})", "offer"))
    for cid in zones[f"mzone:{player}"]:
        quick = cid != EMPTY and state.cards[cid].face_up and speed_of_monster(state.cards[cid].code) == 2
        if quick and can_activate(state, player, cid, idle=False):
            options.append(Option(f"act:{cid}", f"Activate the effect of {name(state, cid)} (#{cid})", "activate"))
    if state.vars.get("active") == player and state.vars.get("phase") in QUICK_PHASES:
        for cid in zones[f"hand:{player}"]:
            f = facts(state.cards[cid].code)
            if f.sub == "quick-play" and can_activate(state, player, cid, idle=False):
                options.append(Option(f"act:{cid}", f"Activate {f.name} from hand (#{cid})", "activate"))
    return options


def offering_ok(state: State, player: int) -> bool:
    """Ultimate Offering: your Main Phase, or the opponent's Battle Phase, with 500+ LP to pay."""
    if state.vars.get("chain") or state.vars.get("dmg") or int(state.players[player]["lp"]) <= 500:
        return False
    phase = state.vars.get("phase")
    mine = state.vars.get("active") == player
    if not ((mine and phase in ("main1", "main2")) or (not mine and phase == "battle")):
        return False
    from engine.games.yugioh.summon import summonable

    return bool(summonable(state, player, extra=True))


@named("ygo.respond")
def respond(state: State, player: int, option: Option, context: dict[str, Any]) -> None:
    kind, _, raw = option.id.partition(":")
    cid = int(raw)
    if kind == "offer":
        use_offering(state, player, cid)
        return
    start_or_add(state, player, cid)


def use_offering(state: State, player: int, cid: int) -> None:
    """Activate the effect of a face-up "Ultimate Offering": Chain Link 1, cost 500 LP (rule 15.4)."""
    state.push("ygo.chain", cid=cid, player=player, eff=OFFERING_USE, window=True)


def start_or_add(state: State, player: int, cid: int) -> None:
    """Activate a card: a new chain (with its window) or one more link on the open chain."""
    code = state.cards[cid].code
    effect = effect_of(code)
    assert effect is not None
    if state.vars.get("chain"):
        state.push("ygo.activate", cid=cid, player=player, eff=effect.name)
    else:
        state.push("ygo.chain", cid=cid, player=player, eff=effect.name, window=True)


@procedure("ygo.activate")
def activate(state: State, frame: Frame) -> None:
    """Put the card face-up, choose its targets, and add it to the chain as the next link."""
    data = frame.data
    cid, player = data["cid"], data["player"]
    effect = BOOK.effect(state.cards[cid].code, data["eff"])
    ctx = Ctx(state, cid, player)
    if frame.step == 0:
        card = state.cards[cid]
        f = facts(card.code)
        if f.kind != "monster":
            active = card.face_up and card.zone != f"hand:{player}"  # using an active card's effect
            if card.zone == f"hand:{player}":
                zone = f"fzone:{player}" if f.sub == "field" else f"szone:{player}"
                state.move(cid, zone, face_up=True, known=-1)
            elif active:
                state.log(f"Player {player + 1} activates the effect of {f.name}.")
            else:
                flipped = state.mcard(cid)
                flipped.face_up = True
                flipped.known = -1
            if f.sub == "field":
                other = state.zones[f"fzone:{opp(player)}"][0]
                if other != EMPTY and state.cards[other].face_up:
                    destroy(state, other)
            if not active:
                kind = "Trap" if f.kind == "trap" else "Magic"
                state.log(f"Player {player + 1} activates the {kind} card {f.name}.")
        elif effect.kind == "flip":
            state.log(f"The Flip effect of {f.name} activates.")
        else:
            state.log(f"The effect of {f.name} activates.")
        frame.step = 1
        if effect.target is not None:
            state.push(
                "ygo.pick",
                player=player,
                candidates=candidates(effect, ctx),
                min=effect.targets,
                max=int(effect.extra.get("max", effect.targets)),
                text=f"{f.name}: choose {effect.targets} target{'s' if effect.targets > 1 else ''}",
                kind="target",
                rule="yugioh 8.1",
            )
        return
    targets = state.take_returned() if effect.target is not None else []
    ctx.targets = tuple(targets)
    effect.cost.pay(ctx)
    chain = state.vars.setdefault("chain", [])
    chain.append([cid, player, effect.name, [[t, state.cards[t].zone] for t in targets], speed_of(state, cid), False])
    if targets:
        from engine.games.yugioh.board import shown

        state.log(
            f"Chain Link {len(chain)}: {name(state, cid)} targets " + ", ".join(shown(state, t) for t in targets) + "."
        )
    state.pop()


@procedure("ygo.chain")
def run_chain(state: State, frame: Frame) -> None:
    """One chain from its first link: activation, responses (8.2), resolution (8.3)."""
    data = frame.data
    if frame.step == 9:  # no link could start: the Summon's own window has been offered
        state.pop()
        return
    if frame.step == 0:
        card = state.cards[data["cid"]]
        effect = BOOK.effect(card.code, data["eff"])
        if facts(card.code).kind == "monster" and not usable(effect, Ctx(state, data["cid"], data["player"])):
            state.log(f"The Flip effect of {name(state, data['cid'])} has nothing to act on.")
            more = data.get("more") or []
            if more:  # the next triggered effect becomes Chain Link 1
                data["cid"], data["player"], data["eff"] = more.pop(0)
                return
            if data.get("text"):  # a Summon started this chain: it can still be answered (8.2)
                frame.step = 9
                window(state, opp(data["player"]), data["text"])
                return
            state.pop()
            return
        frame.step = 1
        state.push("ygo.activate", cid=data["cid"], player=data["player"], eff=data["eff"])
        return
    if frame.step == 1:
        more = data.get("more") or []
        if more:  # effects triggered by the same event: the next links (rule 8.1)
            cid, player, eff = more.pop(0)
            state.push("ygo.activate", cid=cid, player=player, eff=eff)
            return
        frame.step = 2
        if data.get("window", True):
            window(state, opp(data["player"]), data.get("text") or "Respond to the chain?")
        return
    if frame.step == 2:
        frame.step = 3
        state.push("ygo.resolve")
        return
    if frame.step == 3 and state.vars.get("triggers"):
        frame.step = 4
        state.push("ygo.triggers")
        return
    state.pop()


@procedure("ygo.resolve")
def resolve(state: State, frame: Frame) -> None:
    """Resolve the chain from the top link down (rule 8.3)."""
    if frame.step == 1:
        cid = frame.data["cur"]
        finish_link(state, cid)
        frame.step = 0
        if sweep(state):
            return
    chain = state.vars.get("chain") or []
    if not chain:
        state.vars["chain"] = []
        state.pop()
        return
    cid, player, eff, targets, _speed, negated = chain.pop()
    frame.data["cur"] = cid
    frame.step = 1
    card = state.cards[cid]
    f = facts(card.code)
    if negated:
        state.log(f"Chain Link {len(chain) + 1} ({name(state, cid)}) is negated and has no effect.")
        primary = effect_of(card.code)
        activation = primary is not None and primary.name == eff  # not the effect of an active card
        if f.kind != "monster" and activation and card.zone.startswith(("szone", "fzone")):
            card = state.mcard(cid)
            card.attached_to = EMPTY
            to_grave(state, cid, why="negated")
        return
    if f.sub in LASTING_TYPES and f.kind != "monster" and not card.zone.startswith(("szone", "fzone")):
        state.log(f"{name(state, cid)} left the field before resolving and does nothing.")
        return
    valid = tuple(t for t, zone in targets if state.cards[t].zone == zone)
    ctx = Ctx(state, cid, player, valid, {"chosen": len(targets)})
    BOOK.effect(card.code, eff).resolve(ctx)


def negate(state: State, cid: int) -> bool:
    """Negate the activation of the waiting chain link of card `cid` (rule 7.3): when its turn to
    resolve comes, it does nothing, and a Magic or Trap card activated by it goes to the Graveyard
    (a negated effect of a card already face-up, e.g. "Ultimate Offering", leaves the card there)."""
    for link in state.vars.get("chain") or []:
        if link[0] == cid and not link[5]:
            link[5] = True
            state.log(f"The activation of {name(state, cid)} is negated.")
            return True
    return False


def finish_link(state: State, cid: int) -> None:
    """After a link resolves: one-shot Magic and Traps go to the Graveyard (rule 11.2)."""
    card = state.cards[cid]
    f = facts(card.code)
    if f.kind == "monster" or not card.zone.startswith(("szone", "fzone")) or not card.face_up:
        return
    if f.sub in LINK_ONLY_TYPES or f.sub == "ritual" or (f.sub == "equip" and card.attached_to == EMPTY):
        if card.flags.get("stays"):
            return
        to_grave(state, cid, why="used")


@procedure("ygo.triggers")
def triggers(state: State, frame: Frame) -> None:
    """Start a chain for each monster flipped face-up by an effect, and for each Trigger effect of a
    monster sent from the field to the Graveyard (rules 5.6, 13.8), in the order they happened."""
    queue = state.vars.get("triggers") or []
    while queue:
        cid = queue.pop(0)
        card = state.cards[cid]
        effect = effect_of(card.code)
        if effect is None:
            continue
        if card.zone.startswith("mzone") and card.face_up and effect.kind == "flip":
            state.push("ygo.chain", cid=cid, player=card.controller, eff=effect.name, window=True)
            return
        if card.zone == f"grave:{card.owner}" and effect.kind == "trigger" and effect.on == SENT_TO_GRAVE:
            state.push("ygo.chain", cid=cid, player=card.owner, eff=effect.name, window=True)
            return
    state.pop()
