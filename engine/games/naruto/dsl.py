"""Naruto building blocks for card scripts: selectors, user requirements, Power changes and
small procedures (optional abilities, start-of-turn heals, looking at and picking cards).

Jutsu and Mission effects get a `Ctx` whose `data` holds "user" (the Jutsu user, -1 for
Missions) and "x" (the X paid).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core.events import only
from engine.core.prompt import Option
from engine.core.state import Card, Frame, State, procedure
from engine.dsl.conditions import Condition
from engine.dsl.context import Ctx
from engine.dsl.scripts import Action
from engine.dsl.selectors import Selector
from engine.games.naruto import actions, board
from engine.games.naruto.board import f_of

Requirement = Callable[[State, int], bool]


def user(ctx: Ctx) -> int:
    u: int = ctx.data.get("user", -1)
    return u


# ------------------------------------------------------------------ selectors
def against_user() -> Selector:
    """Ninjas in Battle against the Jutsu's user [9.6]."""
    return Selector(lambda ctx: list(board.opposing(ctx.state, user(ctx))))


def ninjas_in_play() -> Selector:
    return Selector(lambda ctx: board.all_ninjas(ctx.state))


def battlefield() -> Selector:
    return Selector(lambda ctx: [c for p in range(ctx.state.num_players) for c in ctx.state.zones[f"battle:{p}"]])


def standby_ninjas() -> Selector:
    return Selector(lambda ctx: [c for c in board.all_ninjas(ctx.state) if board.standby(ctx.state, c)])


def my_ninjas() -> Selector:
    return Selector(lambda ctx: board.ninjas(ctx.state, ctx.player))


def their_ninjas() -> Selector:
    return Selector(lambda ctx: board.ninjas(ctx.state, board.opponent(ctx.player)))


def my_cards(zone: str) -> Selector:
    return Selector(lambda ctx: list(ctx.state.zones[f"{zone}:{ctx.player}"]))


def on_chain(kind: str) -> Selector:
    """Cards on the Chain of this kind that may be negated, other than the effect's own card."""
    from engine.games.naruto import chain

    def pick(ctx: Ctx) -> list[int]:
        return [
            link["card"]
            for link in chain.chain(ctx.state)
            if link["kind"] == kind and link["card"] != ctx.source and chain.negatable(ctx.state, link["card"])
        ]

    return Selector(pick)


def is_ninja(state: State, card: Card) -> bool:
    return f_of(state, card.id).kind == "Ninja"


def trait(name: str) -> Callable[[State, Card], bool]:
    return lambda state, card: board.has_trait(state, card.id, name)


# ------------------------------------------------------------------ requirements on the user [10.3]
def rank_min(name: str) -> Requirement:
    return lambda state, u: board.rank_at_least(state, u, name)


def attr_is(name: str) -> Requirement:
    return lambda state, u: board.attribute(state, u) == name


def named(name: str) -> Requirement:
    return lambda state, u: name in board.names(state, u)


def has(name: str) -> Requirement:
    return lambda state, u: board.has_trait(state, u, name)


def is_head() -> Requirement:
    return lambda state, u: board.is_head(state, u)


def all_of(*reqs: Requirement) -> Requirement:
    return lambda state, u: all(r(state, u) for r in reqs)


def fx_off(key: str) -> Condition:
    return Condition(lambda ctx: not board.turn_fx(ctx.state).get(key))


# ------------------------------------------------------------------ actions
def buff_user(combat: int, support: int) -> Action:
    def run(ctx: Ctx) -> None:
        actions.boost(ctx.state, user(ctx), combat, support, source=ctx.source, jutsu=True)

    return run


def each_target(action: Callable[[State, int, Ctx], None]) -> Action:
    def run(ctx: Ctx) -> None:
        for t in ctx.targets:
            action(ctx.state, t, ctx)

    return run


def each_against(action: Callable[[State, int, Ctx], None]) -> Action:
    def run(ctx: Ctx) -> None:
        for t in list(board.opposing(ctx.state, user(ctx))):
            action(ctx.state, t, ctx)

    return run


def sequence(*steps: Action) -> Action:
    def run(ctx: Ctx) -> None:
        for step in steps:
            step(ctx)

    return run


def turn_mark(key: str, what: str = "user") -> Action:
    """Record a "this turn" effect on the user, each target, or the player."""

    def run(ctx: Ctx) -> None:
        values = {"user": [user(ctx)], "targets": list(ctx.targets), "player": [ctx.player]}[what]
        for v in values:
            board.fx_add(ctx.state, key, v)

    return run


def reveal_hand(state: State, looker: int, owner: int) -> list[int]:
    """`looker` sees `owner`'s hand: its cards become known to them [13.13]."""
    hand = list(state.zones[f"hand:{owner}"])
    for cid in hand:
        card = state.mcard(cid)
        card.known |= only(looker)
    names = ", ".join(f_of(state, c).name for c in hand) or "nothing"
    state.log(
        f"Player {looker + 1} looks at Player {owner + 1}'s hand: {names}",
        to=only(looker, owner),
        redacted=f"Player {looker + 1} looks at Player {owner + 1}'s hand",
    )
    return hand


# ------------------------------------------------------------------ small procedures
@procedure("naruto.optional")
def optional(state: State, frame: Frame) -> None:
    """Ask whether to use a "you may" ability; yes runs the card's named effect."""
    d = frame.data
    if frame.step == 1:
        state.pop()
        if state.take_answer().id == "yes":
            actions.push_effect(state, d["card"], d["effect"], d["player"], data=d.get("data", {}))
        return
    frame.step = 1
    options = [Option("yes", "Yes", "yes"), Option("no", "No", "no")]
    state.ask(d["player"], "optional", d["text"], options, d.get("rule", ""))


@procedure("naruto.start_heal")
def start_heal(state: State, frame: Frame) -> None:
    """Start-of-turn heal paid by discarding Chakra (N-013, N-030)."""
    d = frame.data
    player = d["player"]
    chakra = f"chakra:{player}"
    if frame.step == 0:
        genin = d.get("genin", False)
        targets = [
            c
            for c in board.ninjas(state, player)
            if actions.can_heal(state, c) and (not genin or board.has_trait(state, c, "Genin"))
        ]
        if not targets or len(state.zones[chakra]) < d["cost"] or not board.in_play(state, d["card"]):
            state.pop()
            return
        frame.step = 1
        options = [Option(f"heal:{c}", f"Heal {board.label(state, c)}", "heal") for c in targets]
        options.append(Option("skip", "Do not use it", "skip"))
        state.ask(
            player,
            "optional",
            f"{f_of(state, d['card']).name}: discard {d['cost']} Chakra to heal a Ninja?",
            options,
            "naruto 6.3",
        )
        return
    if frame.step == 1:
        answer = state.take_answer().id
        if answer == "skip":
            state.pop()
            return
        d["target"] = int(answer.partition(":")[2])
        frame.step = 2
        n = d["cost"]
        if len(state.zones[chakra]) == n:
            state.returned = list(state.zones[chakra])
            return
        state.push(
            "core.choose_cards",
            player=player,
            candidates=list(state.zones[chakra]),
            min=n,
            max=n,
            kind="chakra_cost",
            text="Discard Chakra to pay",
            rule="naruto 6.3",
        )
        return
    for cid in state.take_returned() or []:
        actions.to_zone(state, cid, "discard")
    actions.heal(state, d["target"])
    state.pop()


@procedure("naruto.pick")
def pick(state: State, frame: Frame) -> None:
    """Pick up to one card among `candidates` and send it to `dest` (a zone name of `to_player`)."""
    d = frame.data
    player = d["player"]
    if frame.step == 1:
        answer = state.take_answer().id
        state.pop()
        if answer != "none":
            cid = int(answer.partition(":")[2])
            card = state.move(cid, f"{d['dest']}:{d.get('to_player', state.cards[cid].owner)}")
            if d["dest"] == "hand":
                actions.fresh_in_hand(state, card)
            if d.get("reveal"):
                state.mcard(cid).known |= only(*range(state.num_players))
            state.log(
                f"Player {player + 1} {d.get('verb', 'takes')} {f_of(state, cid).name}",
                to=-1 if d.get("public", True) else only(player),
                redacted=f"Player {player + 1} {d.get('verb', 'takes')} a card",
            )
        if d.get("then_shuffle"):
            state.shuffle(d["then_shuffle"])
        return
    candidates = [c for c in d["candidates"] if state.cards[c].zone == d["from"]]
    if not candidates:
        state.pop()
        if d.get("then_shuffle"):
            state.shuffle(d["then_shuffle"])
        return
    frame.step = 1
    options = [Option(f"pick:{c}", f"Choose {board.label(state, c, player)}", "pick") for c in candidates]
    if not d.get("must"):
        options.append(Option("none", "Choose none", "none"))
    state.ask(player, "pick", d["text"], options, d.get("rule", ""))


@procedure("naruto.order")
def order(state: State, frame: Frame) -> None:
    """Put `cards` on top (or bottom) of a Deck in the order the player picks, one per decision."""
    d = frame.data
    player = d["player"]
    if frame.step == 1:
        _place_next(state, d, int(state.take_answer().id.partition(":")[2]))
    frame.step = 1
    if len(d["cards"]) <= 1:
        for cid in list(d["cards"]):
            _place_next(state, d, cid)
        state.pop()
        return
    where = "bottom" if d.get("bottom") else "top"
    options = [Option(f"next:{c}", f"Put {board.label(state, c)} next", "order") for c in d["cards"]]
    text = f"Order the cards from the {where} of your Deck: which card comes next?"
    state.ask(player, "order", text, options, d.get("rule", ""))


def _place_next(state: State, d: dict[str, Any], cid: int) -> None:
    """The first card placed ends on the top (or bottom), each next one just inside it."""
    deck = d["deck"]
    d["cards"].remove(cid)
    placed = d.setdefault("placed", 0)
    size = len(state.zones[deck]) - (1 if state.cards[cid].zone == deck else 0)
    index = placed if d.get("bottom") else size - placed
    state.move(cid, deck, index=index, known=state.cards[cid].known)
    d["placed"] = placed + 1


@procedure("naruto.choose_attr")
def choose_attr(state: State, frame: Frame) -> None:
    """Transform Jutsu (J-016): the user's Combat Attribute becomes the chosen one this turn."""
    d = frame.data
    if frame.step == 1:
        from engine.core.state import Modifier

        attr = state.take_answer().id.partition(":")[2]
        state.add_modifier(Modifier(d["user"], "attr:" + attr, 1, "set", "end_of_turn"))
        state.log(f"{f_of(state, d['user']).name} now fights with {attr}")
        state.pop()
        return
    frame.step = 1
    options = [Option(f"attr:{a}", a, "attr") for a in ("Taijutsu", "Ninjutsu", "Genjutsu", "Flame")]
    state.ask(d["player"], "choose", "Choose the new Combat Attribute", options, "naruto 15.8")
