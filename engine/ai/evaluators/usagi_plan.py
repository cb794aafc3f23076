"""Usagi Yojimbo: the decisions the AI plans instead of searching.

A search judges a line at the end of the turn, but in Usagi a good turn is a chain of
decisions the random rollouts almost never find together: propose an Event your hand can win,
play the Characters it needs, involve them, and keep bidding when a rival overtakes you. So:
- the initiation discards dead cards (Events the hand cannot win, cards it cannot pay for);
- the proposal is the Event with the best score that the player's Characters can beat;
- in the actions phase, while some Event can still be won with what the player holds, the
  next step towards it (involve a Character in play, else play one from hand, else equip it);
- at the end of the turn the player keeps the Hero that produces currency, else the strongest;
- a tie-break discards the involved card that counts least.
Anything else (responses, Moments, when to finish) is left to the search.

Everything here reads only what the player may see: their own hand, currency and the board.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from engine.core.prompt import Option
from engine.core.state import State
from engine.games.usagi import board
from engine.games.usagi.board import EVENTS, STRICKEN, Auras, fld
from engine.games.usagi.conclusion import event_score
from engine.games.usagi.facts import Facts, facts

KEEP_EVENTS: Final = 2  # Events worth keeping in hand at most (one can be proposed a turn)


@dataclass(slots=True)
class Move:
    """One step towards winning an Event: the option id and what it adds to the total."""

    option: str
    gain: int


def _printed_gain(info: Facts, wanted: dict[str, int]) -> int | None:
    """What a card from hand would add to an Event rated in `wanted` (None: not rated in any)."""
    rated = [info.ratings[name] for name in wanted if name in info.ratings]
    return sum(rated) if rated else None


def _gain_in_play(state: State, cid: int, wanted: dict[str, int], bonuses: Auras) -> int | None:
    """What a Character in play (with its attachments) adds to an Event, None if it cannot join."""
    total = 0
    rated = False
    for card in (cid, *board.attachments_of(state, cid)):
        for name in wanted:
            value = board.rating(state, card, name, bonuses)
            if value is not None:
                if card == cid:
                    rated = True
                total += value
    return total if rated else None


def _budget(state: State, player: int) -> dict[str, int]:
    values = state.players[player]
    return {"honor": int(values.get("honor", 0)), "ryo": int(values.get("ryo", 0))}


def _pay(budget: dict[str, int], info: Facts) -> bool:
    """Take `info`'s cost from `budget` when it can be paid."""
    if any(budget.get(cur, 0) < n for cur, n in info.cost):
        return False
    for cur, n in info.cost:
        budget[cur] -= n
    return True


def _names(state: State, player: int) -> set[str]:
    scope = player if state.options.get("unique_scope") == "player" else None
    return board.names_in_play(state, scope)


def _free_characters(state: State, player: int) -> list[int]:
    """The player's refreshed Characters in their play field (free to be involved)."""
    cards = state.cards
    return [
        cid
        for cid in state.zones[fld(player)]
        if cards[cid].orientation != STRICKEN and facts(cards[cid].code).is_character
    ]


def _moves(
    state: State, player: int, wanted: dict[str, int], eid: int, skip: frozenset[int] = frozenset()
) -> list[Move]:
    """Every step that would raise the player's total on an Event, best first within each kind:
    involving a Character in play, playing a Character from hand (paid from one shared budget),
    attaching a Possession or Experience from hand to a Character involved with it."""
    bonuses = board.auras(state)
    names = set(_names(state, player))
    moves: list[Move] = []
    for cid in _free_characters(state, player):
        gain = _gain_in_play(state, cid, wanted, bonuses)
        if gain is not None and gain > 0:
            moves.append(Move(f"involve:{cid}:{eid}", gain))
    moves.sort(key=lambda m: -m.gain)
    budget = _budget(state, player)
    hand = [cid for cid in state.zones[f"hand:{player}"] if cid not in skip]
    playable: list[tuple[int, int, Facts]] = []
    for cid in hand:
        info = facts(state.cards[cid].code)
        if info.is_character:
            gain = _printed_gain(info, wanted)
            if gain is not None and gain > 0:
                playable.append((gain, cid, info))
    playable.sort(key=lambda item: -item[0])
    for gain, cid, info in playable:
        if info.name not in names and _pay(budget, info):
            names.add(info.name)  # one Character of a name in play (rule 1.6)
            moves.append(Move(f"play:{cid}", gain))
    holders = board.involved_with(state, eid, player) if eid >= 0 else []
    if not holders:
        holders = [cid for cid in state.zones[fld(player)] if facts(state.cards[cid].code).is_character]
    for cid in hand:
        info = facts(state.cards[cid].code)
        if info.is_attachment and not info.is_setting:
            gain = _printed_gain(info, wanted) or 0
            if gain > 0 and (holders or moves) and _pay(budget, info):
                # with no Character to carry it yet, it counts but waits for one to be played
                moves.append(Move(f"play:{cid}:{holders[0]}" if holders else "", gain))
    return moves


def _standing(state: State, eid: int, player: int) -> tuple[int, int, int]:
    """(requirement, best rival total, the player's total) on an Event in play."""
    wanted = board.event_ratings(state, eid)
    bonuses = board.auras(state)
    best_rival = 0
    mine = 0
    for seat in range(state.num_players):
        total = sum(board.totals(state, eid, seat, bonuses).values())
        if seat == player:
            mine = total
        else:
            best_rival = max(best_rival, total)
    return sum(wanted.values()), best_rival, mine


# ---------------------------------------------------------------- the actions phase
def _next_step(state: State, player: int, legal: set[str]) -> str | None:
    """The next action towards the best Event the player can still win this turn."""
    best: tuple[float, list[Move], int] | None = None
    for eid in board.events_in_play(state):
        requirement, rival, mine = _standing(state, eid, player)
        need = max(requirement, rival) + 1 - mine
        if need <= 0:
            continue
        moves = _moves(state, player, board.event_ratings(state, eid), eid)
        if sum(m.gain for m in moves) < need:
            continue
        moves = [m for m in moves if m.option in legal]
        if not moves:
            continue
        worth = event_score(state, eid, player) - 0.01 * need
        if best is None or worth > best[0]:
            best = (worth, moves, need)
    if best is None:
        return _hero_step(state, player, legal)
    _, moves, need = best
    involve = [m for m in moves if m.option.startswith("involve:")]
    if involve:
        enough = [m for m in involve if m.gain >= need]
        return (min(enough, key=lambda m: m.gain) if enough else involve[0]).option
    play = [m for m in moves if m.option.count(":") == 1]
    if play:
        return play[0].option
    return moves[0].option


def _hero_step(state: State, player: int, legal: set[str]) -> str | None:
    """With no Hero in play, play one from hand: kept, it stays from turn to turn (7.10) and
    the best of them produce currency every turn."""
    if any(facts(state.cards[cid].code).is_hero for cid in board.characters(state, player)):
        return None
    heroes = [
        cid for cid in state.zones[f"hand:{player}"] if f"play:{cid}" in legal and facts(state.cards[cid].code).is_hero
    ]
    if not heroes:
        return None
    return f"play:{max(heroes, key=lambda cid: _hero_worth(facts(state.cards[cid].code)))}"


def _hero_worth(info: Facts) -> tuple[int, int]:
    """Currency produced each turn first, then the sum of ratings."""
    return (sum(n for _, n in info.produces), sum(info.ratings.values()))


# ---------------------------------------------------------------- the initiation
def _potential(state: State, player: int, wanted: dict[str, int], skip: frozenset[int]) -> int:
    """What the player could involve with an Event rated in `wanted` this turn."""
    return sum(m.gain for m in _moves(state, player, wanted, -1, skip))


def _event_margin(state: State, player: int, cid: int) -> int:
    """By how much the player's Characters could beat this Event from hand (negative: short)."""
    wanted = dict(facts(state.cards[cid].code).ratings)
    return _potential(state, player, wanted, frozenset({cid})) - sum(wanted.values())


def _propose(state: State, player: int, options: Sequence[Option]) -> Option:
    best: tuple[int, int] | None = None
    chosen = next(o for o in options if o.id == "pass")
    for option in options:
        if not option.id.startswith("propose:"):
            continue
        cid = int(option.id.split(":")[1])
        margin = _event_margin(state, player, cid)
        if margin <= 0:
            continue
        key = (1 + facts(state.cards[cid].code).score, margin)
        if best is None or key > best:
            best, chosen = key, option
    return chosen


def _dead_cards(state: State, player: int) -> list[int]:
    """Cards in hand the player cannot use soon, the most useless first: Events they cannot win
    (or more than they can propose), second copies of a Character and Characters whose name is
    in play (one of a name in play, rule 1.6), cards they cannot pay for, and Settings (they only
    raise an Event's requirement). The draw refills the hand (5.5), so each is a fresh card."""
    hand = list(state.zones[f"hand:{player}"])
    events = [cid for cid in hand if facts(state.cards[cid].code).is_event]
    margins = {cid: _event_margin(state, player, cid) for cid in events}
    live = sorted((cid for cid in events if margins[cid] > 0), key=lambda c: -margins[c])[:KEEP_EVENTS]
    names = _names(state, player)
    seen: set[str] = set()
    ranked: list[tuple[int, int]] = []
    for cid in hand:
        info = facts(state.cards[cid].code)
        if info.is_event:
            if cid not in live:
                ranked.append((0, cid))
        elif info.is_character and (info.name in names or info.name in seen):
            ranked.append((1, cid))
        elif not _pay(_budget(state, player), info):
            ranked.append((2, cid))
        elif info.is_setting:
            ranked.append((3, cid))
        if info.is_character:
            seen.add(info.name)
    return [cid for _, cid in sorted(ranked)]


def _discard(state: State, player: int, options: Sequence[Option]) -> Option:
    dead = _dead_cards(state, player)
    if not dead:
        return next(o for o in options if o.id == "done")
    return next((o for o in options if o.id == f"discard:{dead[0]}"), options[-1])


# ---------------------------------------------------------------- the conclusion
def _keep_hero(state: State, options: Sequence[Option]) -> Option:
    def worth(option: Option) -> tuple[int, int]:
        return _hero_worth(facts(state.cards[int(option.id.split(":")[1])].code))

    heroes = [o for o in options if o.id.startswith("keep:")]
    return max(heroes, key=worth) if heroes else options[0]


def _tie_pick(state: State, player: int, options: Sequence[Option]) -> Option:
    eid = next((frame.data["event"] for frame in reversed(state.stack) if frame.proc == "usagi.resolve_event"), -1)
    if eid < 0 or state.cards[eid].zone != EVENTS:
        return options[0]
    wanted = board.event_ratings(state, eid)
    bonuses = board.auras(state)

    def counts(option: Option) -> int:
        cid = int(option.id.split(":")[1])
        cards = [cid, *board.attachments_of(state, cid)] if facts(state.cards[cid].code).is_character else [cid]
        return sum(board.rating(state, card, name, bonuses) or 0 for card in cards for name in wanted)

    return min(options, key=counts)


def plan(state: State, player: int) -> Option | None:
    """The planned option for this prompt, or None to leave it to the search."""
    prompt = state.pending
    if prompt is None or prompt.player != player:
        return None
    options = prompt.options
    kind = prompt.kind
    if kind == "propose":
        return _propose(state, player, options)
    if kind == "discard" and state.vars.get("phase") == "initiation" and options[-1].id == "done":
        return _discard(state, player, options)
    if kind == "choose_hero":
        return _keep_hero(state, options)
    if kind == "tiebreak":
        return _tie_pick(state, player, options)
    if kind == "action":
        legal = {o.id for o in options}
        step = _next_step(state, player, legal)
        if step is None:
            return None
        return next(o for o in options if o.id == step)
    return None
