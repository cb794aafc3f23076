"""Summoning: Normal Summon/Set with Tributes, Flip Summon, Special Summon (rules 10.1-10.4)."""

from __future__ import annotations

from typing import Final

from engine.core.state import EMPTY, Frame, State, procedure
from engine.games.yugioh.board import (
    PUPPETEER,
    fx,
    monsters,
    name,
    opp,
    place_monster,
    to_grave,
    turn,
)
from engine.games.yugioh.chain import window
from engine.games.yugioh.facts import facts
from engine.games.yugioh.scripts import effect_of

PUPPETEER_EFFECT: Final = "mysterious_puppeteer"


def soul_exchanged(state: State, player: int) -> list[int]:
    """Opponent's monsters that `player` may Tribute this turn thanks to Soul Exchange."""
    now = turn(state)
    return [cid for cid in monsters(state, opp(player)) if state.cards[cid].flags.get("soulx") == [player, now]]


def tribute_pool(state: State, player: int) -> list[int]:
    return monsters(state, player) + soul_exchanged(state, player)


def summon_problem(state: State, player: int, cid: int, *, extra: bool = False) -> tuple[str, str] | None:
    """Why this hand card cannot be Normal Summoned or Set now (reason, rule), or None."""
    f = fx(state, cid)
    if state.cards[cid].zone != f"hand:{player}" or not f.is_monster:
        return ("only a monster in your hand can be Normal Summoned or Set", "10.1")
    if f.sub in ("fusion", "ritual"):
        return (f"{f.name} can only be Special Summoned", "5.4" if f.is_fusion else "5.5")
    if not extra and int(state.players[player].get("ns", -1)) == turn(state):
        return ("you already made your Normal Summon or Set this turn", "10.1")
    need = f.tributes
    pool = tribute_pool(state, player)
    free = sum(1 for c in state.zones[f"mzone:{player}"] if c == EMPTY)
    if need > len(pool):
        return (
            f"a Level {f.level} monster needs {need} Tribute{'s' if need > 1 else ''}, "
            f"you have {len(pool)} monster{'s' if len(pool) != 1 else ''} to offer",
            "10.2",
        )
    own_tributes = need - min(1, len(soul_exchanged(state, player))) if need else 0
    if free == 0 and own_tributes < 1:
        return ("your Monster Card Zone is full", "4.1")
    if own_tributes > len(monsters(state, player)):
        return ("Soul Exchange makes you Tribute that monster, and you lack the other Tributes", "10.2")
    return None


def summonable(state: State, player: int, *, extra: bool = False) -> list[int]:
    """Hand monsters that can be Normal Summoned or Set now."""
    return [
        cid
        for cid in state.zones[f"hand:{player}"]
        if facts(state.cards[cid].code).is_monster and summon_problem(state, player, cid, extra=extra) is None
    ]


def after_summon(state: State, player: int, cid: int, kind: str) -> list[list[object]]:
    """Record a Normal or Flip Summon; return the chain links it triggers: each face-up
    "Mysterious Puppeteer", the turn player's first (rule 5.6 Trigger, 15.4)."""
    state.vars["summoned"] = [cid, kind, player]
    links: list[list[object]] = []
    active = int(state.vars.get("active", 0))
    for pid in monsters(state, active) + monsters(state, opp(active)):
        card = state.cards[pid]
        if card.face_up and card.code == PUPPETEER:
            links.append([pid, card.controller, PUPPETEER_EFFECT])
    return links


def summon_chain(state: State, links: list[list[object]], text: str) -> None:
    """Start the chain of the effects a Summon triggered (its window answers the Summon too)."""
    first, player, eff = links[0]
    state.push("ygo.chain", cid=first, player=player, eff=eff, window=True, more=links[1:], text=text)


@procedure("ygo.summon")
def normal_summon(state: State, frame: Frame) -> None:
    """Normal Summon (face-up Attack) or Set (face-down Defense), Tributing first (10.1, 10.2)."""
    data = frame.data
    cid, player, mode = data["cid"], data["player"], data["mode"]
    f = fx(state, cid)
    if frame.step == 0:
        need = f.tributes
        frame.step = 1
        if need:
            forced = soul_exchanged(state, player)[:1]
            data["forced"] = forced
            rest = need - len(forced)
            if rest:
                state.push(
                    "core.choose_cards",
                    player=player,
                    candidates=monsters(state, player),
                    min=rest,
                    max=rest,
                    text=f"Tribute for {f.name}",
                    kind="tribute",
                    rule="yugioh 10.2",
                )
                return
            state.returned = []
        else:
            state.returned = []
    if frame.step == 1:
        tributes = list(data.get("forced", [])) + list(state.take_returned() or [])
        for tid in tributes:
            to_grave(state, tid, why="Tributed")
        if not data.get("extra"):
            state.players[player]["ns"] = turn(state)
        if mode == "summon":
            place_monster(state, cid, player, face_up=True, position="atk")
            how = "Tribute Summons" if tributes else "Normal Summons"
            state.log(f"Player {player + 1} {how} {f.name} in Attack Position ({f.atk}/{f.dfn}).")
            links = after_summon(state, player, cid, "normal")
            frame.step = 2
            text = f"Player {player + 1} summoned {f.name}. Respond?"
            if links:
                summon_chain(state, links, text)
            else:
                window(state, opp(player), text, rule="10.1")
            return
        place_monster(state, cid, player, face_up=False, position="def")
        state.log(
            f"Player {player + 1} Sets {f.name} in face-down Defense Position.",
            to=1 << player,
            redacted=f"Player {player + 1} Sets a monster in face-down Defense Position.",
        )
        state.pop()
        return
    state.vars["summoned"] = None
    state.pop()


@procedure("ygo.flip_summon")
def flip_summon(state: State, frame: Frame) -> None:
    """Flip Summon: face-down Defense to face-up Attack; its FLIP effect starts a chain (10.3)."""
    data = frame.data
    cid, player = data["cid"], data["player"]
    if frame.step == 0:
        card = state.mcard(cid)
        card.face_up = True
        card.known = -1
        card.orientation = "atk"
        card.flags["pos"] = turn(state)
        f = fx(state, cid)
        state.log(f"Player {player + 1} Flip Summons {f.name} ({f.atk}/{f.dfn}).")
        links = after_summon(state, player, cid, "flip")
        frame.step = 1
        effect = effect_of(f.code)
        if f.flip and effect is not None:
            links.insert(0, [cid, player, effect.name])
        text = f"Player {player + 1} Flip Summoned {f.name}. Respond?"
        if links:
            summon_chain(state, links, text)
        else:
            window(state, opp(player), text, rule="10.3")
        return
    state.vars["summoned"] = None
    state.pop()


@procedure("ygo.special")
def special_summon(state: State, frame: Frame) -> None:
    """Special Summon `cid` for `player` face-up in the position they choose (10.4)."""
    data = frame.data
    cid, player = data["cid"], data["player"]
    if EMPTY not in state.zones[f"mzone:{player}"]:
        state.log(f"No free Monster Card Zone space: {name(state, cid)} cannot be Special Summoned.")
        state.pop()
        return
    if frame.step == 0:
        frame.step = 1
        f = fx(state, cid)
        state.push(
            "core.choose",
            player=player,
            choices=[["atk", f"Attack Position ({f.atk} ATK)"], ["def", f"Defense Position ({f.dfn} DEF)"]],
            text=f"Special Summon {f.name} in which position?",
            kind="position",
            rule="yugioh 10.4",
        )
        return
    position = state.take_returned()
    place_monster(state, cid, player, face_up=True, position=position)
    where = "Attack" if position == "atk" else "Defense"
    state.log(f"Player {player + 1} Special Summons {name(state, cid)} in {where} Position.")
    state.pop()


@procedure("ygo.offering")
def offering(state: State, frame: Frame) -> None:
    """ "Ultimate Offering" resolves: one extra Normal Summon or Set right away (its 500 LP were paid
    when the effect was activated)."""
    data = frame.data
    player = data["player"]
    if frame.step == 0:
        if not summonable(state, player, extra=True):
            state.log("Ultimate Offering: no monster can be Normal Summoned or Set now.")
            state.pop()
            return
        choices = []
        for cid in summonable(state, player, extra=True):
            choices.append([f"summon:{cid}", f"Summon {name(state, cid)} (#{cid})"])
            choices.append([f"set:{cid}", f"Set {name(state, cid)} (#{cid})"])
        frame.step = 1
        state.push(
            "core.choose",
            player=player,
            choices=choices,
            text="Ultimate Offering: summon or Set which monster?",
            kind="offering",
            rule="yugioh 15.4",
        )
        return
    mode, _, raw = str(state.take_returned()).partition(":")
    state.pop()
    state.push("ygo.summon", cid=int(raw), player=player, mode=mode, extra=True)
