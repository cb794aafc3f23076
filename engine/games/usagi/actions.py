"""The actions phase (rules section 6): options, declarations, responses and resolution.

A declared action or response becomes a *link* in `vars["chain"]` (plain data). Responses are
offered round after round by `usagi.responses` until a whole round passes; links resolve last to
first (rule 6.7).
Option ids: ``play:<card>[:<target>|:p<seat>]``, ``use:<card>:<ability>[:<target>]``,
``involve:<character>:<event>``, ``finish`` (and ``pass`` in response windows).
"""

from __future__ import annotations

from typing import Any, Final

from engine.core.errors import EngineError
from engine.core.prompt import Option
from engine.core.state import EMPTY, Frame, State, procedure
from engine.dsl.context import Ctx
from engine.dsl.scripts import Effect
from engine.games.usagi import board
from engine.games.usagi.board import EVENTS, STACK, STRICKEN, fld
from engine.games.usagi.book import ABILITY, BOOK, MOMENT, TRIGGER
from engine.games.usagi.facts import Facts, facts

FINISH: Final = "finish"
PASS: Final = "pass"


# ---------------------------------------------------------------- helpers
def can_afford(state: State, player: int, info: Facts) -> bool:
    values = state.players[player]
    return all(int(values.get(cur, 0)) >= n for cur, n in info.cost)


def unique_blocked(state: State, player: int, info: Facts, names: set[str] | None = None) -> bool:
    """True when a single-copy card of this name is already in play (rule 1.6)."""
    if not info.single_in_play:
        return False
    if names is None:
        scope = player if state.options.get("unique_scope") == "player" else None
        names = board.names_in_play(state, scope)
    return info.name in names


def attach_targets(state: State, player: int, info: Facts) -> list[int]:
    """Legal cards for an Attachment (rules 8.4, 8.5)."""
    if info.is_setting:
        return board.events_in_play(state)
    return board.characters(state, player)


def moment_effect(code: str) -> Effect:
    found = BOOK.of_kind(code, MOMENT)
    if not found:
        raise EngineError(f"usagi: Moment {code} has no script")
    return found[0]


def controlled_in_play(state: State, player: int) -> list[int]:
    cards = state.cards
    return [*state.zones[fld(player)], *(c for c in state.zones[EVENTS] if cards[c].controller == player)]


def _label(state: State, cid: int) -> str:
    return f"{board.name(state, cid)} #{cid}"


# ---------------------------------------------------------------- options
def action_options(state: State, player: int, *, response: bool) -> list[Option]:
    """Every legal action (or response) of `player` now, without "finish"/"pass"."""
    out: list[Option] = []
    names: set[str] | None = None
    for cid in state.zones[f"hand:{player}"]:
        info = facts(state.cards[cid].code)
        if info.is_event or not can_afford(state, player, info):
            continue
        if response and not (info.is_moment and info.subtype != "Action"):
            continue
        if info.single_in_play:
            if names is None:
                scope = player if state.options.get("unique_scope") == "player" else None
                names = board.names_in_play(state, scope)
            if info.name in names:
                continue
        label = f"Play {info.name} #{cid}"
        if info.is_character:
            out.append(Option(f"play:{cid}", label, "play"))
        elif info.is_attachment:
            for tid in attach_targets(state, player, info):
                out.append(Option(f"play:{cid}:{tid}", f"{label} on {_label(state, tid)}", "play"))
        else:
            effect = moment_effect(info.code)
            if effect.extra.get("target") == "player":
                for seat in range(state.num_players):
                    out.append(Option(f"play:{cid}:p{seat}", f"{label} on Player {seat + 1}", "play"))
            elif effect.target is not None:
                for tid in effect.target(Ctx(state, cid, player)):
                    out.append(Option(f"play:{cid}:{tid}", f"{label} on {_label(state, tid)}", "play"))
            else:
                out.append(Option(f"play:{cid}", label, "play"))
    cards = state.cards
    for cid in controlled_in_play(state, player):
        for effect in BOOK.of_kind(cards[cid].code, ABILITY):
            ctx = Ctx(state, cid, player)
            if not effect.condition(ctx) or not effect.cost.can_pay(ctx):
                continue
            base = f"use:{cid}:{effect.name}"
            label = f"Use {_label(state, cid)}: {effect.text}"
            if effect.target is None:
                out.append(Option(base, label, "ability"))
            else:
                for tid in effect.target(ctx):
                    out.append(Option(f"{base}:{tid}", f"{label} -> {_label(state, tid)}", "ability"))
    if not response:
        events = board.events_in_play(state)
        if events:
            bonuses = board.auras(state)
            for cid in state.zones[fld(player)]:
                card = cards[cid]
                if card.orientation == STRICKEN or not facts(card.code).is_character:
                    continue
                for eid in events:
                    if board.can_involve(state, cid, eid, bonuses):
                        out.append(
                            Option(
                                f"involve:{cid}:{eid}",
                                f"Involve {_label(state, cid)} with {_label(state, eid)}",
                                "involve",
                            )
                        )
    return out


@procedure("usagi.responses")
def responses(state: State, frame: Frame) -> None:
    """Offer responses clockwise from the acting player's left, the acting player last, round after
    round, until every player has passed in the same round; a response starts a new round (6.6).
    Players with nothing to respond with pass without being asked."""
    data = frame.data
    order: list[int] = data["order"]
    if frame.step == 1:
        seat = order[data["at"]]
        answer = state.take_answer()
        if answer.id == PASS:
            data["passed"] += 1
        else:
            declare(state, seat, answer.id)
            data["passed"] = 0
        data["at"] = (data["at"] + 1) % len(order)
        frame.step = 0
    data.setdefault("at", 0)
    data.setdefault("passed", 0)
    while data["passed"] < len(order):
        seat = order[data["at"]]
        options = action_options(state, seat, response=True)
        if options or state.options.get("always_ask"):
            options.append(Option(PASS, "Pass", "pass"))
            frame.step = 1
            state.ask(seat, "response", "Respond to the action, or pass", options, "usagi 6.6")
            return
        data["passed"] += 1
        data["at"] = (data["at"] + 1) % len(order)
    state.pop()


# ---------------------------------------------------------------- declaring
def declare(state: State, player: int, option_id: str) -> None:
    """Pay the costs of an action or response and add it to the chain (rules 6.2-6.4, 6.10)."""
    parts = option_id.split(":")
    kind = parts[0]
    chain: list[dict[str, Any]] = state.vars["chain"]
    who = board.owner_label(player)
    if kind == "play":
        cid = int(parts[1])
        info = facts(state.cards[cid].code)
        values = state.players[player]
        for cur, n in info.cost:
            values[cur] = int(values.get(cur, 0)) - n
        target, tplayer = EMPTY, -1
        if len(parts) > 2:
            if parts[2].startswith("p"):
                tplayer = int(parts[2][1:])
            else:
                target = int(parts[2])
        state.move(cid, STACK)
        on = ""
        if target != EMPTY:
            on = f" on {board.name(state, target)}"
        elif tplayer >= 0:
            on = f" on {board.owner_label(tplayer)}"
        state.log(f"{who} plays {info.name}{on} ({info.cost_text()}).")
        chain.append({"k": "play", "p": player, "c": cid, "t": target, "tp": tplayer})
    elif kind == "use":
        cid, name = int(parts[1]), parts[2]
        target = int(parts[3]) if len(parts) > 3 else EMPTY
        effect = BOOK.effect(state.cards[cid].code, name)
        effect.cost.pay(Ctx(state, cid, player))
        on = f" on {board.name(state, target)}" if target != EMPTY else ""
        state.log(f"{who} uses {board.name(state, cid)}{on} ({effect.text})")
        chain.append({"k": "use", "p": player, "c": cid, "e": name, "t": target})
    elif kind == "involve":
        cid, eid = int(parts[1]), int(parts[2])
        state.log(f"{who} involves {board.name(state, cid)} with {board.name(state, eid)}.")
        chain.append({"k": "inv", "p": player, "c": cid, "t": eid})
    else:
        raise EngineError(f"usagi: cannot declare {option_id!r}")


# ---------------------------------------------------------------- resolving
def _target_ok(state: State, effect: Effect, ctx: Ctx) -> bool:
    if effect.target is None:
        return True
    return all(t in effect.target(ctx) for t in ctx.targets)


def resolve_link(state: State, link: dict[str, Any]) -> None:
    """Carry out one declared action or response (rules 6.8, 6.9, 8.1-8.8)."""
    kind, player, cid = link["k"], link["p"], link["c"]
    if kind == "inv":
        _resolve_involve(state, player, cid, link["t"])
        return
    if kind == "use":
        effect = BOOK.effect(state.cards[cid].code, link["e"])
        ctx = Ctx(state, cid, player, (link["t"],) if link["t"] != EMPTY else ())
        if _target_ok(state, effect, ctx):
            effect.resolve(ctx)
        else:
            state.log(f"The ability of {board.name(state, cid)} has no effect: its target is gone (rule 6.9).")
        return
    info = facts(state.cards[cid].code)
    if state.cards[cid].zone != STACK:
        return
    if info.is_character:
        state.move(cid, fld(player))
        state.log(f"{info.name} enters {board.owner_label(player)}'s play field.")
    elif info.is_attachment:
        _resolve_attachment(state, player, cid, info, link["t"])
    else:
        _resolve_moment(state, player, cid, info, link)


def _resolve_attachment(state: State, player: int, cid: int, info: Facts, target: int) -> None:
    if target in attach_targets(state, player, info):
        zone = state.cards[target].zone
        state.move(cid, zone, controller=player)
        state.mcard(cid).attached_to = target
        state.log(f"{info.name} is attached to {board.name(state, target)}.")
    else:
        state.move(cid, f"rest:{state.cards[cid].owner}")
        state.log(f"{info.name} has nothing to attach to any more and goes to the rest pile (rule 8.3).")


def _resolve_moment(state: State, player: int, cid: int, info: Facts, link: dict[str, Any]) -> None:
    effect = moment_effect(info.code)
    targets = (link["t"],) if link["t"] != EMPTY else ()
    ctx = Ctx(state, cid, player, targets)
    if _target_ok(state, effect, ctx):
        effect.resolve(ctx)
    else:
        state.log(f"{info.name} has no effect: its target has left play (rule 6.9).")
    place = effect.extra.get("place", "")
    if place == "self":
        state.move(cid, fld(player), controller=player)
    elif place == "events":
        state.move(cid, EVENTS, controller=player)
    elif place == "target_player":
        state.move(cid, fld(link["tp"]), controller=player)
    else:
        state.move(cid, f"rest:{state.cards[cid].owner}")
        return
    state.log(f"{info.name} stays in play (Held Moment, rule 8.8).")


def _resolve_involve(state: State, player: int, cid: int, eid: int) -> None:
    card = state.cards[cid]
    if card.zone != fld(player) or state.cards[eid].zone != EVENTS:
        state.log(f"{board.name(state, cid)} cannot become involved: it or the Event has left (rule 6.4).")
        return
    if card.orientation == STRICKEN and state.options.get("involve_refreshed") != "declared":
        state.log(f"{board.name(state, cid)} cannot become involved: it was stricken before it resolved (rule 6.4).")
        return
    board.move_group(state, cid, EVENTS, inv=eid)
    state.log(f"{board.name(state, cid)} is now involved with {board.name(state, eid)}.")
    for effect in BOOK.of_kind(card.code, TRIGGER):
        if effect.on == "involved":
            effect.resolve(Ctx(state, cid, player))


# ---------------------------------------------------------------- procedures
def _next_unfinished(state: State, start: int) -> int:
    finished = state.vars["finished"]
    n = state.num_players
    for i in range(n):
        seat = (start + i) % n
        if not finished[seat]:
            return seat
    return -1


@procedure("usagi.actions")
def actions_phase(state: State, frame: Frame) -> None:
    """Players declare actions clockwise from the first player until all have finished (6.1)."""
    data = frame.data
    n = state.num_players
    if frame.step == 0:
        state.vars["phase"] = "actions"
        data.setdefault("next", state.vars["first"])
        seat = _next_unfinished(state, data["next"])
        if seat < 0:
            state.pop()
            return
        data["actor"] = seat
        options = action_options(state, seat, response=False)
        options.append(Option(FINISH, "Finish (no more actions this turn)", "finish"))
        frame.step = 1
        state.ask(seat, "action", "Declare an action or finish", options, "usagi 6.1")
        return
    if frame.step == 1:
        seat = data["actor"]
        answer = state.take_answer()
        if answer.id == FINISH:
            state.vars["finished"][seat] = True
            if not state.vars["someone_finished"]:
                state.vars["someone_finished"] = True
                state.vars["first"] = seat
                state.log(f"{board.owner_label(seat)} finishes first and becomes the first player (rule 6.5).")
            else:
                state.log(f"{board.owner_label(seat)} finishes.")
            data["next"] = (seat + 1) % n
            frame.step = 0
            return
        declare(state, seat, answer.id)
        frame.step = 2
        state.push("usagi.responses", order=[(seat + 1 + i) % n for i in range(n)])
        return
    if frame.step == 2:
        state.take_returned()
        frame.step = 3
        state.push("usagi.resolve_chain")
        return
    data["next"] = (data["actor"] + 1) % n
    frame.step = 0


@procedure("usagi.resolve_chain")
def resolve_chain(state: State, frame: Frame) -> None:
    """Resolve the declared responses last to first, then the action (rule 6.7)."""
    chain = state.vars["chain"]
    if not chain:
        state.pop()
        return
    resolve_link(state, chain.pop())
