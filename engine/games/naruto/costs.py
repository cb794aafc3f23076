"""Costs: Entrance cost against the Turn Indicator, Hand cost in same-Symbol cards [7.2, 7.3],
and Jutsu costs paid from the Chakra area with Symbol-specific and generic parts [10.4].
"""

from __future__ import annotations

from typing import Any

from engine.core.prompt import Option
from engine.core.state import Frame, State, procedure
from engine.games.naruto import board
from engine.games.naruto.board import f_of
from engine.games.naruto.book import COURAGE, ENTRANCE_RULES
from engine.games.naruto.facts import Facts


# ------------------------------------------------------------------ Entrance cost
def entrance_cost(state: State, cid: int, player: int) -> int:
    """Entrance cost of a card now, after effects that raise or lower it (never below 0)."""
    f = f_of(state, cid)
    cost = f.entrance
    if f.kind != "Ninja":
        return cost
    seen: set[str] = set()
    for p in range(state.num_players):
        for src in [*board.ninjas(state, p), *board.permanents_of(state, p)]:
            code = state.cards[src].code
            rule = ENTRANCE_RULES.get(code)
            if rule is None or code in seen or not board.active(state, src):
                continue
            change = rule(state, src, cid, player)
            if change:
                seen.add(code)
                cost += change
    card = state.cards[cid]
    if card.flags.get(COURAGE) == state.vars.get("turn", 0) and card.zone == f"hand:{player}":
        cost -= 1
    return max(0, cost)


# ------------------------------------------------------------------ Hand cost
def shares_symbol(a: Facts, b: Facts) -> bool:
    return bool(a.symbols & b.symbols)


def hand_payers(state: State, player: int, cid: int) -> list[int]:
    """Cards in hand (other than the played one) that may pay its Hand cost [7.2.2]."""
    f = f_of(state, cid)
    return [x for x in state.zones[f"hand:{player}"] if x != cid and f_of(state, x).symbols & f.symbols]


def can_pay_hand(state: State, player: int, cid: int) -> bool:
    need = f_of(state, cid).hand
    return need <= 0 or len(hand_payers(state, player, cid)) >= need


@procedure("naruto.pay_hand")
def pay_hand(state: State, frame: Frame) -> None:
    """Move `n` same-Symbol cards from hand to the Chakra area (asks when there is a choice)."""
    d = frame.data
    player, cid = d["player"], d["card"]
    if frame.step == 1:
        answer = state.take_answer()
        paid = int(answer.id.partition(":")[2])
        state.move(paid, f"chakra:{state.cards[paid].owner}")
        state.log(f"Player {player + 1} pays {board.label(state, paid)} as Hand cost")
        d["n"] -= 1
    frame.step = 1
    if d["n"] <= 0:
        state.pop()
        return
    payers = hand_payers(state, player, cid)
    if len(payers) <= d["n"]:
        for x in payers:
            state.move(x, f"chakra:{state.cards[x].owner}")
        if payers:
            state.log(f"Player {player + 1} pays {', '.join(board.label(state, x) for x in payers)} as Hand cost")
        state.pop()
        return
    name = f_of(state, cid).name
    options = [Option(f"pay:{x}", f"Pay with {board.label(state, x)}", "pay") for x in payers]
    state.ask(
        player,
        "hand_cost",
        f"Hand cost of {name}: move a card with a matching Symbol to your Chakra area ({d['n']} left)",
        options,
        "naruto 7.2",
    )


# ------------------------------------------------------------------ Jutsu cost
def jutsu_needs(state: State, jutsu: int, user: int, x: int = 0) -> tuple[list[str], int]:
    """(Symbol-specific points, generic points) to pay for a Jutsu used by `user` with X = x."""
    cost = f_of(state, jutsu).cost
    specific = [sym for sym, n in cost.specific for _ in range(n)]
    generic = cost.generic
    if cost.x:
        if cost.x_symbol:
            specific.extend([cost.x_symbol] * x)
        else:
            generic += x
    if user >= 0 and "Senjutsu" in board.keywords(state, user) and board.active(state, user):
        generic += len(specific)
        specific = []
    return specific, generic


def _match(state: State, cards: list[int], specific: list[str]) -> bool:
    """Can distinct cards of `cards` pay every Symbol of `specific` (bipartite matching)?"""
    owner: dict[int, int] = {}

    def augment(slot: int, seen: set[int]) -> bool:
        sym = specific[slot]
        for cid in cards:
            if cid in seen or sym not in f_of(state, cid).symbols:
                continue
            seen.add(cid)
            if cid not in owner or augment(owner[cid], seen):
                owner[cid] = slot
                return True
        return False

    return all(augment(i, set()) for i in range(len(specific)))


def can_pay(state: State, cards: list[int], specific: list[str], generic: int) -> bool:
    if len(cards) < len(specific) + generic:
        return False
    return not specific or _match(state, cards, specific)


def max_x(state: State, player: int, jutsu: int, user: int) -> int:
    """The largest X the player can pay for an X Jutsu (-1 when even X = 0 cannot be paid)."""
    chakra = state.zones[f"chakra:{player}"]
    best = -1
    for x in range(len(chakra) + 1):
        spec, gen = jutsu_needs(state, jutsu, user, x)
        if not can_pay(state, chakra, spec, gen):
            break
        best = x
    return best


@procedure("naruto.pay_chakra")
def pay_chakra(state: State, frame: Frame) -> None:
    """Pay a Jutsu cost from the Chakra area to the Discard Pile, one card per decision [10.4]."""
    d = frame.data
    player = d["player"]
    chakra_key = f"chakra:{player}"
    if frame.step == 1:
        paid = int(state.take_answer().id.partition(":")[2])
        _pay_one(state, d, paid)
    frame.step = 1
    while True:
        chakra = list(state.zones[chakra_key])
        spec: list[str] = d["spec"]
        if spec:
            sym = spec[0]
            rest = spec[1:]
            fits = [
                c
                for c in chakra
                if sym in f_of(state, c).symbols and can_pay(state, [x for x in chakra if x != c], rest, d["generic"])
            ]
        elif d["generic"] > 0:
            fits = chakra
            if len(fits) <= d["generic"]:
                for c in fits:
                    _pay_one(state, d, c)
                continue
        else:
            state.pop()
            return
        if not fits:
            state.pop()
            return
        if len({state.cards[c].code for c in fits}) == 1:
            _pay_one(state, d, fits[0])
            continue
        what = f"a {spec[0]} card" if spec else "any card"
        options = [Option(f"chakra:{c}", f"Pay {board.label(state, c)}", "pay") for c in fits]
        state.ask(
            player, "jutsu_cost", f"Pay the Jutsu cost: choose {what} from your Chakra area", options, "naruto 10.4"
        )
        return


def _pay_one(state: State, d: dict[str, Any], cid: int) -> None:
    spec: list[str] = d["spec"]
    syms = f_of(state, cid).symbols
    if spec and spec[0] in syms:
        spec.pop(0)
    else:
        d["generic"] = int(d["generic"]) - 1
    state.move(cid, f"discard:{state.cards[cid].owner}")
    state.log(f"Player {int(d['player']) + 1} pays {board.label(state, cid)} from the Chakra area")
