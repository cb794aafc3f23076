"""Dealing a game (shuffle, cut, shards, hands) and a best-of-three match: gather, Kaitou swaps (rules 2.5, 3)."""

from __future__ import annotations

from collections import Counter
from typing import Final

from engine.core.events import only
from engine.core.prompt import Option
from engine.core.state import Frame, State, procedure
from engine.games.inuyasha import board
from engine.games.inuyasha.facts import facts
from engine.games.inuyasha.rules import rule

OPENING: Final = 5
KEPT_ZONES: Final = ("kaitou", "kaitou_deck")
FROM_KAITOU: Final = "from_kaitou"  # card flag: taken from the Kaitou deck during a game (goes back there)


def deal(state: State) -> None:
    """Start a game: shuffle and offer cuts, set shards aside, draw (rules 3.2 to 3.4), then "start"."""
    state.vars.update({"turn": 0, "active": 0, "step": "start"})
    state.push("inuyasha.deal")


@procedure("inuyasha.deal")
def deal_cards(state: State, frame: Frame) -> None:
    """Shuffle both decks, offer each opponent a cut, set 5 unseen shards aside, draw 5 (rules 3.2 to 3.4)."""
    if frame.step == 0:
        for seat in (0, 1):
            state.shuffle(f"deck:{seat}")
    if frame.step in (0, 1):
        seat = frame.step
        frame.step += 1
        offer_cut(state, seat)
        return
    for seat in (0, 1):
        for cid in state.top(f"deck:{seat}", OPENING):
            state.move(cid, f"shards:{seat}")
        board.draw(state, seat, OPENING)
    state.pop()
    state.push("inuyasha.start")


# ------------------------------------------------------------------ cutting a shuffled deck (rules 3.2, 3.7, 10.6)
CUTS: Final = (("quarter", 1, 4), ("half", 1, 2), ("three_quarters", 3, 4))
CUT_WORDS: Final = {"quarter": "about a quarter", "half": "about half", "three_quarters": "about three quarters"}


def offer_cut(state: State, owner: int) -> None:
    """After `owner` shuffles their deck, offer the opponent a cut (skipped under `cuts: decline`)."""
    if state.options.get("cuts", "offer") == "offer" and state.count(f"deck:{owner}") >= 2:
        state.push("inuyasha.cut", p=owner)


def cut_size(size: int, key: str) -> int:
    """How many cards a cut of `key` lifts from a deck of `size` (at least 1, never all)."""
    for name, num, den in CUTS:
        if name == key:
            return min(size - 1, max(1, size * num // den))
    raise ValueError(f"unknown cut {key!r}")


@procedure("inuyasha.cut")
def cut(state: State, frame: Frame) -> None:
    """The opponent may cut the freshly shuffled deck: the top part goes under the rest (rule 3.7)."""
    owner = frame.data["p"]
    cutter = board.other(owner)
    deck = f"deck:{owner}"
    if frame.step == 0:
        options = [Option("nocut", "No cut (keep the shuffled order)", "pass")]
        options += [
            Option(f"cut:{name}", f"Cut {CUT_WORDS[name]} from the top to the bottom", "cut") for name, _, _ in CUTS
        ]
        text = f"Player {owner + 1} shuffled their deck ({state.count(deck)} cards): cut it?"
        board.ask(state, cutter, "cut", text, options, rule("3.7"))
        frame.step = 1
        return
    answer = state.take_answer().id
    if answer == "nocut":
        state.log(f"Player {cutter + 1} does not cut Player {owner + 1}'s deck.")
    else:
        ids = state.zones[deck]
        lifted = cut_size(len(ids), answer.split(":", 1)[1])
        ids[:] = ids[-lifted:] + ids[:-lifted]  # the top `lifted` cards (the end of the list) go under
        state.log(f"Player {cutter + 1} cuts Player {owner + 1}'s deck ({lifted} cards from the top to the bottom).")
    state.pop()


def gather(state: State) -> None:
    """Every card goes back to its owner's deck, or to the Kaitou deck it was taken from."""
    for key in list(state.zones):
        if key.rpartition(":")[0] in KEPT_ZONES:
            for cid in state.zones[key]:
                if state.cards[cid].flags:  # a Kaitou card's "once per game" starts afresh
                    state.mcard(cid).flags = {}
            continue
        if key.startswith("deck:"):
            continue
        for cid in list(state.zones[key]):
            owner = state.cards[cid].owner
            home = "kaitou_deck" if state.cards[cid].flags.get(FROM_KAITOU) else "deck"
            card = state.move(cid, f"{home}:{owner}")
            card.flags = {}
            card.counters = {}
    state.modifiers = []


def _codes(state: State, zone: str) -> list[str]:
    return sorted({state.cards[cid].code for cid in state.zones[zone]}, key=lambda c: facts(c).title)


@procedure("inuyasha.between")
def between(state: State, frame: Frame) -> None:
    """Between games: gather, let each player swap with their Kaitou deck, tell the counts, deal."""
    if frame.step == 0:
        gather(state)
        for key in ("won_attack", "actor", "setup_player", "chars_played"):
            state.vars.pop(key, None)
    if frame.step in (0, 1):
        seat = frame.step
        frame.step += 1
        if state.zones[f"kaitou_deck:{seat}"]:
            state.push("inuyasha.swap", p=seat)
        return
    state.vars.pop("game_over", None)
    state.log(f"Game {len(state.vars.get('results', [])) + 1} begins.")
    state.pop()
    deal(state)


@procedure("inuyasha.swap")
def swap(state: State, frame: Frame) -> None:
    """One-for-one swaps between main deck and Kaitou deck; the opponent learns only how many (rule 2.5).

    The number told is the net change of the main deck (a card swapped out and back in again is not
    counted); the single swaps are narrated to their player only.
    """
    data = frame.data
    player = data["p"]
    deck, side = f"deck:{player}", f"kaitou_deck:{player}"
    if frame.step == 0:
        data["before"] = sorted(state.cards[cid].code for cid in state.zones[deck])
        for cid in state.zones[deck]:  # the player looks through their own deck while swapping
            card = state.cards[cid]
            if not card.known & (1 << player):
                state.mcard(cid).known = card.known | (1 << player)
        frame.step = 1
    if frame.step == 1:
        options = [Option("done", "Done swapping", "pass")]
        options += [
            Option(f"out:{code}", f"Take {facts(code).title} out of the main deck", "out")
            for code in _codes(state, deck)
        ]
        board.ask(state, player, "swap", "Between games: swap cards with your Kaitou deck?", options, rule("2.5"))
        frame.step = 2
        return
    if frame.step == 2:
        answer = state.take_answer()
        if answer.id == "done":
            moved = Counter(state.cards[cid].code for cid in state.zones[deck]) - Counter(data["before"])
            state.log(f"Player {player + 1} swaps {sum(moved.values())} card(s) between main deck and Kaitou deck.")
            state.pop()
            return
        data["out"] = answer.id.split(":", 1)[1]
        options = [
            Option(f"in:{code}", f"Put {facts(code).title} into the main deck", "in") for code in _codes(state, side)
        ]
        board.ask(state, player, "swap", "Which Kaitou deck card replaces it?", options, rule("2.5"))
        frame.step = 3
        return
    code_in = state.take_answer().id.split(":", 1)[1]
    out_id = next(c for c in state.zones[deck] if state.cards[c].code == data["out"])
    in_id = next(c for c in state.zones[side] if state.cards[c].code == code_in)
    state.move(out_id, side)
    state.move(in_id, deck, known=1 << player)
    state.log(f"Player {player + 1} swaps {facts(data['out']).title} for {facts(code_in).title}.", to=only(player))
    frame.step = 1
