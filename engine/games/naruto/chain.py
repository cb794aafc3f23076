"""The Chain [10.5, 10.6]: Jutsu played in the Exchange of Jutsu [10.1-10.4], Missions and
Counter Missions [7.3, 7.4], resolved last in, first out; negation [10.8] and targets [10.9].

A link is plain data in `vars["chain"]`: {"card", "player", "kind" ("jutsu"/"mission"),
"user" (-1 for Missions), "targets", "x"}. The card waits face up in the shared "chain" zone.
"""

from __future__ import annotations

from typing import Any

from engine.core.prompt import Option
from engine.core.state import Frame, State, procedure
from engine.dsl.context import Ctx
from engine.dsl.scripts import Effect
from engine.games.naruto import actions, board, costs
from engine.games.naruto.board import f_of
from engine.games.naruto.book import BOOK, SHIELDS, USER_RULES


def main_effect(state: State, cid: int) -> Effect | None:
    """The Jutsu or Mission effect of a card (None if it has none)."""
    for effect in BOOK.effects(state.cards[cid].code):
        if effect.kind in ("jutsu", "mission"):
            return effect
    return None


def chain(state: State) -> list[dict[str, Any]]:
    links: list[dict[str, Any]] = state.vars.setdefault("chain", [])
    return links


def link_of(state: State, cid: int) -> dict[str, Any] | None:
    for link in chain(state):
        if link["card"] == cid:
            return link
    return None


# ------------------------------------------------------------------ Jutsu users and targets
def user_problem(state: State, jutsu: int, user: int) -> str:
    """Why `user` cannot use this Jutsu now ("" when it can) [10.3]."""
    if not board.on_battlefield(state, user):
        return f"{board.label(state, user)} is not on the Battlefield"
    effect = main_effect(state, jutsu)
    if effect is not None:
        requires = effect.extra.get("requires")
        if requires is not None and not requires(state, user):
            return f"{f_of(state, jutsu).name} needs a user that is {effect.extra.get('req_text', 'eligible')}"
    rule = USER_RULES.get(state.cards[user].code)
    if rule is not None and board.active(state, user):
        why = rule(state, user, state.cards[jutsu].code)
        if why:
            return why
    return ""


def shielded(state: State, target: int, jutsu: int, player: int) -> bool:
    """An opponent's Ninja the Jutsu may not target (N-026, Expansion Jutsu) [10.9]."""
    if state.cards[target].controller == player or f_of(state, target).kind != "Ninja":
        return False
    if board.fx_has(state, "untargetable", target):
        return True
    shield = SHIELDS.get(state.cards[target].code)
    return shield is not None and board.active(state, target) and shield(state, target, jutsu, player)


def effect_ctx(state: State, cid: int, player: int, user: int = -1, targets: tuple[int, ...] = (), x: int = 0) -> Ctx:
    return Ctx(state, cid, player, targets, {"user": user, "x": x})


def legal_targets(state: State, cid: int, player: int, user: int = -1) -> list[int]:
    effect = main_effect(state, cid)
    if effect is None or effect.target is None:
        return []
    found = effect.target(effect_ctx(state, cid, player, user))
    if f_of(state, cid).kind == "Jutsu":
        found = [t for t in found if not shielded(state, t, cid, player)]
    return found


def targets_ok(state: State, cid: int, player: int, user: int = -1) -> bool:
    effect = main_effect(state, cid)
    if effect is None or effect.target is None:
        return True
    return len(legal_targets(state, cid, player, user)) >= effect.targets


def usable_by(state: State, jutsu: int, player: int, user: int) -> bool:
    if user_problem(state, jutsu, user):
        return False
    effect = main_effect(state, jutsu)
    if effect is not None and not effect.condition(effect_ctx(state, jutsu, player, user)):
        return False
    spec, gen = costs.jutsu_needs(state, jutsu, user, 0)
    if not costs.can_pay(state, state.zones[f"chakra:{player}"], spec, gen):
        return False
    return targets_ok(state, jutsu, player, user)


def jutsu_users(state: State, jutsu: int, player: int) -> list[int]:
    return [u for u in state.zones[f"battle:{player}"] if usable_by(state, jutsu, player, u)]


def jutsu_options(state: State, player: int) -> list[Option]:
    """Jutsu the player may play now in the Exchange of Jutsu [10.2]."""
    if board.turn_fx(state).get("no_jutsu") or not state.zones[f"battle:{player}"]:
        return []
    options = []
    seen: set[str] = set()
    for cid in state.zones[f"hand:{player}"]:
        f = f_of(state, cid)
        if f.kind != "Jutsu" or f.code in seen:
            continue
        if jutsu_users(state, cid, player):
            seen.add(f.code)
            options.append(Option(f"jutsu:{cid}", f"Play {f.name}", "jutsu"))
    return options


# ------------------------------------------------------------------ Exchange of Jutsu
@procedure("naruto.exchange")
def exchange(state: State, frame: Frame) -> None:
    """Players alternate playing Jutsu, Attacker first; two passes in a row resolve the Chain [10.1]."""
    d = frame.data
    if frame.step == 1:
        answer = state.take_answer()
        player = d["turn"]
        d["turn"] = board.opponent(player)
        frame.step = 0
        if answer.id == "pass":
            d["passes"] += 1
            return
        d["passes"] = 0
        kind, _, rest = answer.id.partition(":")
        if kind == "jutsu":
            state.push("naruto.play_jutsu", player=player, card=int(rest))
        elif kind == "surge":
            ninja, _, card = rest.partition(":")
            from engine.games.naruto.keywords import surge

            surge(state, player, int(ninja), int(card))
        return
    if d["passes"] >= 2:
        if chain(state):
            state.push("naruto.resolve_chain")
            if not state.options.get("naruto_single_exchange"):
                d["passes"] = 0  # the exchange opens again, Attacker first [10.1 Interpretation]
                d["turn"] = state.vars["attacker"]
            return
        state.pop()
        return
    player = d["turn"]
    from engine.games.naruto.keywords import surge_options

    options = jutsu_options(state, player) + surge_options(state, player)
    if not options and not state.options.get("always_ask"):
        d["passes"] += 1
        d["turn"] = board.opponent(player)
        return
    options.append(Option("pass", "Pass", "pass"))
    frame.step = 1
    on_chain = len(chain(state))
    text = "Exchange of Jutsu: play a Jutsu or pass" + (f" ({on_chain} on the Chain)" if on_chain else "")
    state.ask(player, "jutsu", text, options, "naruto 10.1")


def ask_targets(state: State, d: dict[str, Any], effect: Effect | None, rule: str) -> bool:
    """Record the last target chosen and ask for the next one while more are wanted [10.9].

    `d` holds "player", "card", "targets" (and "user" for a Jutsu). True when a prompt is pending.
    """
    if effect is None or effect.target is None:
        return False
    if d.pop("asked", False):
        answer = state.take_answer().id
        if answer == "done":
            d["targets_done"] = True
        else:
            d["targets"].append(int(answer.partition(":")[2]))
    most = int(effect.extra.get("max_targets", effect.targets))
    if len(d["targets"]) >= most or d.get("targets_done"):
        return False
    cid, player = d["card"], d["player"]
    found = [t for t in legal_targets(state, cid, player, d.get("user", -1)) if t not in d["targets"]]
    if not found:
        return False
    options = [Option(f"target:{t}", f"Target {board.label(state, t, player)}", "target") for t in found]
    if len(d["targets"]) >= effect.targets:
        options.append(Option("done", "No more targets", "done"))
    d["asked"] = True
    state.ask(player, "target", f"Choose a target for {f_of(state, cid).name}", options, rule)
    return True


@procedure("naruto.play_jutsu")
def play_jutsu(state: State, frame: Frame) -> None:
    """Reveal, choose the user, targets and X, pay, then add to the Chain [10.2]."""
    d = frame.data
    player, cid = d["player"], d["card"]
    effect = main_effect(state, cid)
    if frame.step == 0:
        state.move(cid, "chain")
        state.log(f"Player {player + 1} plays {f_of(state, cid).name}")
        d["users"] = [u for u in state.zones[f"battle:{player}"] if usable_by(state, cid, player, u)]
        frame.step = 1
        options = [Option(f"user:{u}", f"Used by {board.label(state, u)}", "user") for u in d["users"]]
        state.ask(player, "jutsu_user", f"Who uses {f_of(state, cid).name}?", options, "naruto 10.3")
        return
    if frame.step == 1:
        d["user"] = int(state.take_answer().id.partition(":")[2])
        d["targets"] = []
        frame.step = 2
    if frame.step == 2:
        if ask_targets(state, d, effect, "naruto 10.9"):
            return
        frame.step = 3
    if frame.step == 3:
        d["x"] = 0
        frame.step = 4
        if f_of(state, cid).cost.x:
            top = costs.max_x(state, player, cid, d["user"])
            if top > 0:
                d["x_asked"] = True
                options = [Option(f"x:{n}", f"X = {n}", "x") for n in range(top + 1)]
                state.ask(player, "jutsu_x", f"Choose X for {f_of(state, cid).name}", options, "naruto 10.4")
                return
    if frame.step == 4:
        if d.pop("x_asked", False):
            d["x"] = int(state.take_answer().id.partition(":")[2])
        spec, gen = costs.jutsu_needs(state, cid, d["user"], d["x"])
        frame.step = 5
        state.push("naruto.pay_chakra", player=player, spec=spec, generic=gen)
        return
    state.pop()
    chain(state).append(
        {"card": cid, "player": player, "kind": "jutsu", "user": d["user"], "targets": d["targets"], "x": d["x"]}
    )
    state.log(f"{f_of(state, cid).name} is added to the Chain (used by {board.label(state, d['user'])})")


# ------------------------------------------------------------------ resolving
@procedure("naruto.resolve_chain")
def resolve_chain(state: State, frame: Frame) -> None:
    """Resolve links last to first; a resolved card goes to its owner's Chakra area [10.6, 10.7]."""
    d = frame.data
    links = chain(state)
    if frame.step == 1:
        frame.step = 0
        _finish(state, d["link"])
        return
    if not links:
        state.pop()
        return
    link = links.pop()
    d["link"] = link
    frame.step = 1
    cid = link["card"]
    if state.cards[cid].zone != "chain":
        return  # negated and moved away already
    effect = main_effect(state, cid)
    name = f_of(state, cid).name
    user = link["user"]
    if link["kind"] == "jutsu" and (
        not board.on_battlefield(state, user) or state.cards[user].controller != link["player"]
    ):
        state.log(f"{name} does nothing: its user has left the Battlefield")
        return
    targets = tuple(link["targets"])
    if effect is not None and effect.target is not None and targets:
        still = set(effect.target(effect_ctx(state, cid, link["player"], user)))
        targets = tuple(t for t in targets if t in still)
        if not targets:
            state.log(f"{name} does nothing: its targets are gone")
            return
    if link["kind"] == "jutsu":
        from engine.games.naruto.keywords import offer_mastery

        offer_mastery(state, link)  # pushed first, so it runs after everything the effect pushes
    if effect is not None:
        state.log(f"{name} resolves")
        ctx = effect_ctx(state, cid, link["player"], user, targets, link["x"])
        before, after = _keyword_effects(state, cid, user)
        for extra in (*before, effect, *after):
            extra.resolve(ctx)


def matches(state: State, cid: int, item: str) -> bool:
    """A Ninja matches an item: a name, Symbol, Combat Attribute or Characteristic [14.2]."""
    return (
        item in board.names(state, cid)
        or item in f_of(state, cid).symbols
        or item == board.attribute(state, cid)
        or board.has_trait(state, cid, item)
    )


def _keyword_effects(state: State, cid: int, user: int) -> tuple[list[Effect], list[Effect]]:
    """Expert [14.3] and Combination [14.2] effects that apply, split into before/after the Jutsu.

    A script declares them as effects of kind "expert" (extra "needs": X, "alters": bool) or
    "combination" (extra "needs": [items]); the Jutsu's user (and, for Combination, its Team)
    is checked when the Jutsu resolves.
    """
    before: list[Effect] = []
    after: list[Effect] = []
    if user < 0:
        return before, after
    for effect in BOOK.effects(state.cards[cid].code):
        if effect.kind == "expert" and matches(state, user, str(effect.extra.get("needs", ""))):
            (before if effect.extra.get("alters") else after).append(effect)
        elif effect.kind == "combination":
            team = board.team_in_battle(state, user) or [user]
            needs = [str(i) for i in effect.extra.get("needs", ())]
            if all(any(matches(state, m, item) for m in team) for item in needs):
                after.append(effect)
    return before, after


def _finish(state: State, link: dict[str, Any]) -> None:
    cid = link["card"]
    if state.cards[cid].zone != "chain":
        return
    f = f_of(state, cid)
    if f.kind == "Mission" and "Permanent" in f.keywords:
        owner = state.cards[cid].owner
        targets = link["targets"]
        actions.enter_play(state, cid, owner, how="keeps in play")
        card = state.mcard(cid)
        if targets:
            card.flags["target"] = targets[0]
        if f.permanent_coins:
            card.counters["coins"] = f.permanent_coins
        return
    actions.to_zone(state, cid, "chakra")


def negatable(state: State, cid: int) -> bool:
    """A link that may be negated: Jutsu whose user has no "cannot be negated" protection [10.8]."""
    link = link_of(state, cid)
    if link is None or state.cards[cid].zone != "chain":
        return False
    if link["kind"] == "jutsu":
        user = link["user"]
        if board.has_mark(state, user, "unnegatable") or board.fx_has(state, "unnegatable", user):
            return False
    return True


def negate(state: State, cid: int, zone: str) -> None:
    """Negate a card on the Chain: it does nothing and goes to its owner's `zone` [10.8]."""
    if not negatable(state, cid):
        state.log(f"{f_of(state, cid).name} cannot be negated")
        return
    actions.to_zone(state, cid, zone)
    state.log(f"{f_of(state, cid).name} is negated")


# ------------------------------------------------------------------ Missions and Counter Missions
def mission_limit(state: State, player: int) -> int:
    extra = sum(1 for m in board.permanents_of(state, player) if board.has_mark_card(state, m, "two_missions"))
    return 1 + min(extra, 1)


def mission_problem(state: State, player: int, cid: int, *, counter: bool = False) -> str:
    """Why this Mission cannot be played now ("" when it can) [7.3, 7.4]."""
    f = f_of(state, cid)
    if f.kind != "Mission" or state.cards[cid].zone != f"hand:{player}":
        return "only a Mission card in your hand can be played as a Mission"
    ti = state.players[player].get("ti", 0)
    if costs.entrance_cost(state, cid, player) > ti:
        return f"{f.name} has Entrance cost {f.entrance}, more than your Turn Indicator {ti}"
    if counter:
        if not f.counter:
            return f"{f.name} is not a Counter Mission"
        if state.players[player].get("counters", 0) >= 1:
            return "you have already played a Counter Mission this turn"
    elif state.players[player].get("missions", 0) >= mission_limit(state, player):
        return "only one Mission can be played each turn"
    if not costs.can_pay_hand(state, player, cid):
        return f"you do not hold {f.hand} other card(s) sharing a Symbol with {f.name} to pay its Hand cost"
    effect = main_effect(state, cid)
    if effect is not None:
        if not effect.condition(effect_ctx(state, cid, player)):
            return f"the condition of {f.name} is not met"
        if not targets_ok(state, cid, player):
            return f"{f.name} has no legal target"
    return ""


@procedure("naruto.play_mission")
def play_mission(state: State, frame: Frame) -> None:
    """Reveal a Mission, choose targets, pay its Hand cost, add it to the Chain [7.3]."""
    d = frame.data
    player, cid = d["player"], d["card"]
    effect = main_effect(state, cid)
    if frame.step == 0:
        state.move(cid, "chain")
        key = "counters" if d.get("counter") else "missions"
        state.players[player][key] = state.players[player].get(key, 0) + 1
        state.log(
            f"Player {player + 1} plays {'the Counter Mission ' if d.get('counter') else ''}{f_of(state, cid).name}"
        )
        d["targets"] = []
        frame.step = 1
    if frame.step == 1:
        if ask_targets(state, d, effect, "naruto 7.3"):
            return
        frame.step = 2
        state.push("naruto.pay_hand", player=player, card=cid, n=f_of(state, cid).hand)
        return
    if frame.step == 2:
        chain(state).append(
            {"card": cid, "player": player, "kind": "mission", "user": -1, "targets": d["targets"], "x": 0}
        )
        frame.step = 3
        if not d.get("counter") and player == state.vars.get("attacker"):
            blocker = board.opponent(player)
            options = counter_options(state, blocker)
            if options:
                options.append(Option("pass", "Do not counter", "pass"))
                state.ask(
                    blocker, "counter", f"Answer {f_of(state, cid).name} with a Counter Mission?", options, "naruto 7.4"
                )
                d["countered"] = True
                return
    if frame.step == 3:
        frame.step = 4
        if d.pop("countered", False):
            answer = state.take_answer()
            if answer.id != "pass":
                state.push(
                    "naruto.play_mission",
                    player=board.opponent(player),
                    card=int(answer.id.partition(":")[2]),
                    counter=True,
                )
                return
    state.pop()
    if not d.get("counter"):
        state.push("naruto.resolve_chain")


def counter_options(state: State, player: int) -> list[Option]:
    """Counter Missions the Blocker may play now, one option per card code [7.4]."""
    options: list[Option] = []
    seen: set[str] = set()
    for cid in state.zones[f"hand:{player}"]:
        f = f_of(state, cid)
        if f.counter and f.code not in seen and not mission_problem(state, player, cid, counter=True):
            seen.add(f.code)
            options.append(Option(f"counter:{cid}", f"Play {f.name}", "counter"))
    return options
