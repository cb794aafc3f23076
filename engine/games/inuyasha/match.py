"""A best-of-three match: gather the cards between games, Kaitou-deck swaps, deal again (rules 2.5, 3)."""

from __future__ import annotations

from engine.core.events import only
from engine.core.prompt import Option
from engine.core.state import Frame, State, procedure
from engine.games.inuyasha import board
from engine.games.inuyasha.facts import facts
from engine.games.inuyasha.rules import rule

OPENING = 5
KEPT_ZONES = ("kaitou", "kaitou_deck")
FROM_KAITOU = "from_kaitou"  # card flag: taken from the Kaitou deck during a game (goes back there)


def deal(state: State) -> None:
    """Shuffle, set 5 unseen shards aside, draw 5 (rules 3.2 to 3.4); then the swap offers and coin flip."""
    for seat in (0, 1):
        state.shuffle(f"deck:{seat}")
    for seat in (0, 1):
        for cid in state.top(f"deck:{seat}", OPENING):
            state.move(cid, f"shards:{seat}")
        board.draw(state, seat, OPENING)
    state.vars.update({"turn": 0, "active": 0, "step": "start"})
    state.push("inuyasha.start")


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
            state.push("inuyasha.swap", p=seat, n=0)
        return
    state.vars.pop("game_over", None)
    state.log(f"Game {len(state.vars.get('results', [])) + 1} begins.")
    state.pop()
    deal(state)


@procedure("inuyasha.swap")
def swap(state: State, frame: Frame) -> None:
    """One-for-one swaps between main deck and Kaitou deck; the opponent learns only how many (rule 2.5)."""
    data = frame.data
    player = data["p"]
    deck, side = f"deck:{player}", f"kaitou_deck:{player}"
    if frame.step == 0:
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
            state.log(
                f"Player {player + 1} swaps {data['n']} card(s) between main deck and Kaitou deck.",
            )
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
    data["n"] += 1
    state.log(
        f"Player {player + 1} swaps {facts(data['out']).title} for {facts(code_in).title}.",
        to=only(player),
        redacted=f"Player {player + 1} swaps a card with their Kaitou deck.",
    )
    frame.step = 1
