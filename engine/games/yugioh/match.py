"""Duels and the Match of three Duels: who starts, side decking, results (rules 1.1-1.4, 3)."""

from __future__ import annotations

from typing import Final

from engine.core.state import EMPTY, Frame, State, procedure
from engine.games.yugioh.board import START_LP, draw, opp
from engine.games.yugioh.facts import facts

OPENING_HAND: Final = 5


def match_winner(results: list[int], duels: int) -> tuple[bool, list[int]]:
    """(decided, winners) for duel results (winner seat, or -1 for a draw) (rule 1.2)."""
    if duels == 1:
        return True, [results[0]] if results[0] >= 0 else []
    wins = [results.count(0), results.count(1)]
    draws = results.count(-1)
    for p in (0, 1):
        if wins[p] >= 2:
            return True, [p]
    if len(results) < 3:
        return False, []
    for p in (0, 1):
        if wins[p] == 1 and draws == 2:
            return True, [p]
    return True, []


def end_duel(state: State, winners: list[int], why: str) -> None:
    """Record a Duel result and either end the Match or set up the next Duel."""
    results: list[int] = state.vars.setdefault("duels", [])
    number = len(results) + 1
    if len(winners) == 1:
        loser = opp(winners[0])
        text = f"Duel {number}: Player {winners[0] + 1} wins (Player {loser + 1} {why})."
        if "Exodia" in why:
            text = f"Duel {number}: Player {winners[0] + 1} wins: {why}."
        results.append(winners[0])
    else:
        text = f"Duel {number} is a draw ({why})."
        results.append(-1)
    duels = int(state.options.get("duels", 1))
    decided, match_winners = match_winner(results, duels)
    if decided:
        scores = tuple(float(results.count(p)) for p in (0, 1))
        if duels == 1:
            state.finish(match_winners, text, scores)
        else:
            who = f"Player {match_winners[0] + 1} wins the Match" if match_winners else "The Match is a draw"
            state.log(text)
            state.finish(
                match_winners, f"{who} ({results.count(0)}-{results.count(1)}, {results.count(-1)} drawn).", scores
            )
        return
    state.log(text)
    state.stack.clear()
    state.pending = None
    state.answer = None
    state.push("ygo.between")


def reset_cards(state: State) -> None:
    """Gather every card back into its owner's Deck, Fusion Deck or Side Deck."""
    for p in (0, 1):
        for key in ("hand", "grave", "banished", "mzone", "szone", "fzone"):
            for cid in list(state.zones[f"{key}:{p}"]):
                if cid == EMPTY:
                    continue
                card = state.cards[cid]
                if facts(card.code).is_token:
                    state.move(cid, f"void:{card.owner}")
                    continue
                home = "fusion" if facts(card.code).is_fusion else "deck"
                moved = state.move(cid, f"{home}:{card.owner}")
                moved.flags = {}
                moved.counters = {}
                moved.orientation = ""
    state.modifiers = []


def start_duel(state: State, first: int) -> None:
    """LP, shuffles, opening hands, then the first turn (rules 2.1, 3.1, 3.2)."""
    number = len(state.vars.get("duels", [])) + 1
    for p in (0, 1):
        state.players[p] = {"lp": START_LP}
        state.shuffle(f"deck:{p}")
    results = state.vars.get("duels", [])
    state.vars = {  # a fresh Duel: nothing of the last one lingers (e.g. "reverse" by turn number)
        "duels": results,
        "turn": 0,
        "active": first,
        "first": first,
        "phase": "",
        "chain": [],
        "triggers": [],
        "duel": number,
    }
    state.log(f"Duel {number} begins. Player {first + 1} goes first.")
    for p in (first, opp(first)):
        draw(state, p, OPENING_HAND)
    state.push("ygo.turn")


@procedure("ygo.begin")
def begin(state: State, frame: Frame) -> None:
    """The toss winner (or the loser of the last Duel) chooses who goes first (rule 1.3)."""
    chooser = int(frame.data["chooser"])
    if frame.step == 0:
        frame.step = 1
        state.push(
            "core.choose",
            player=chooser,
            choices=[["first", "Go first"], ["second", "Go second"]],
            text="Do you want to go first or second?",
            kind="first",
            rule="yugioh 1.3",
        )
        return
    first = chooser if state.take_returned() == "first" else opp(chooser)
    state.pop()
    start_duel(state, first)


def toss(state: State) -> int:
    winner = 0 if state.rng.coin() else 1
    state.log(f"Coin toss: Player {winner + 1} wins the toss.")
    return winner


@procedure("ygo.between")
def between(state: State, frame: Frame) -> None:
    """Between Duels: gather the cards, side decking for both players, then who starts."""
    if frame.step == 0:
        reset_cards(state)
        frame.step = 1
        if state.zones["side:0"]:
            state.push("ygo.side", player=0)
        return
    if frame.step == 1:
        frame.step = 2
        if state.zones["side:1"]:
            state.push("ygo.side", player=1)
        return
    last = state.vars["duels"][-1]
    chooser = toss(state) if last < 0 else opp(last)
    state.pop()
    state.push("ygo.begin", chooser=chooser)


@procedure("ygo.side")
def side_deck(state: State, frame: Frame) -> None:
    """Swap cards one for one between the Deck and the Side Deck (rule 1.4)."""
    data = frame.data
    player = int(data["player"])
    deck, side = f"deck:{player}", f"side:{player}"
    if frame.step == 1:
        picked = str(state.take_returned())
        if picked == "done":
            state.pop()
            return
        data["out"] = picked
        frame.step = 2
        choices = unique_codes(state, side)
        state.push(
            "core.choose",
            player=player,
            choices=choices,
            text="Put which Side Deck card into the Deck?",
            kind="side_in",
            rule="yugioh 1.4",
        )
        return
    if frame.step == 2:
        code_in = str(state.take_returned())
        out_id = next(c for c in state.zones[deck] if state.cards[c].code == data["out"])
        in_id = next(c for c in state.zones[side] if state.cards[c].code == code_in)
        state.move(out_id, side)
        state.move(in_id, deck)
        state.log(f"Player {player + 1} swaps a card between Deck and Side Deck.")
    frame.step = 1
    choices = [["done", "Done side decking"], *unique_codes(state, deck)]
    state.push(
        "core.choose",
        player=player,
        choices=choices,
        text="Side Deck: take which card out of the Deck?",
        kind="side_out",
        rule="yugioh 1.4",
    )


def unique_codes(state: State, zone: str) -> list[list[str]]:
    seen: dict[str, str] = {}
    for cid in state.zones[zone]:
        code = state.cards[cid].code
        seen.setdefault(code, facts(code).name)
    return [[code, label] for code, label in sorted(seen.items(), key=lambda kv: kv[1])]
