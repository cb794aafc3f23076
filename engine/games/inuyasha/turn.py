"""Starting a game and the turn machine: Draw, Setup, Battle, Recovery (rules 3 and 4, 5, 8).

Every procedure is a plain function over (state, frame); frames hold only ids and small values.
"""

from __future__ import annotations

from typing import Final

from engine.core.prompt import Option
from engine.core.state import Frame, State, procedure
from engine.games.inuyasha import board
from engine.games.inuyasha.facts import CHARACTER, facts
from engine.games.inuyasha.rules import rule, why_not_item, why_not_play
from engine.games.inuyasha.scripts import ON_ENTER, run_trigger

OPENING_SHARDS: Final = 5
OPENING_HAND: Final = 5
DRAW_PER_TURN: Final = 3


def _name(player: int) -> str:
    return f"Player {player + 1}"


# ------------------------------------------------------------------ start of the game
def first_chooser(state: State) -> tuple[int, str, str]:
    """Who decides the first active player: the coin flip's winner (3.5), or the last game's loser (3.6)."""
    results: list[int] = state.vars.get("results", [])
    if results and results[-1] >= 0 and state.options.get("next_game_first", "coin") == "loser_chooses":
        loser = board.other(results[-1])
        state.log(f"{_name(loser)} lost the previous game and chooses who goes first (match option next_game_first).")
        return loser, "You lost the previous game", "3.6"
    winner = state.rng.randbelow(2)
    state.log(f"{_name(winner)} wins the coin flip.")
    return winner, "You won the coin flip", "3.5"


@procedure("inuyasha.start")
def start(state: State, frame: Frame) -> None:
    """Shards and opening hands are dealt by `setup`; here: the swap offers and the coin flip."""
    step = frame.step
    if step in (0, 2):
        player = step // 2
        board.ask(
            state,
            player,
            "mulligan",
            "Keep your opening hand, or swap it once for your 5 face-down shards?",
            (Option("keep", "Keep this hand"), Option("swap", "Swap hand and shards")),
            rule("3.4"),
        )
        frame.step += 1
        return
    if step in (1, 3):
        player = step // 2
        if state.take_answer().id == "swap":
            hand, shards = list(state.zones[f"hand:{player}"]), list(state.zones[f"shards:{player}"])
            for cid in hand:
                state.move(cid, f"shards:{player}")
            for cid in shards:
                state.move(cid, f"hand:{player}")
            state.log(f"{_name(player)} swaps their hand for their shards.")
        else:
            state.log(f"{_name(player)} keeps their hand.")
        frame.step += 1
        return
    if step == 4:
        chooser, why, section = first_chooser(state)
        board.ask(
            state,
            chooser,
            "first",
            f"{why}: who is the active player first?",
            (Option(f"first:{chooser}", "I go first"), Option(f"first:{1 - chooser}", "My opponent goes first")),
            rule(section),
        )
        frame.step = 5
        return
    first = int(state.take_answer().id.split(":")[1])
    state.vars["active"] = first
    state.vars["turn"] = 1
    state.log(f"{_name(first)} is the first active player.")
    state.pop()
    state.push("inuyasha.turn")


# ------------------------------------------------------------------ the turn
@procedure("inuyasha.turn")
def turn(state: State, frame: Frame) -> None:
    active = state.vars["active"]
    step = frame.step
    if step == 0:
        state.vars["step"] = "draw"
        state.log(f"Turn {state.vars['turn']}: {_name(active)} is active. Draw step.")
        if board.draw(state, active, DRAW_PER_TURN):
            board.draw(state, board.other(active), DRAW_PER_TURN)
        frame.step = 1
    elif step == 1:
        state.vars["step"] = "setup"
        state.push("inuyasha.setup_step", p=active)
        frame.step = 2
    elif step == 2:
        state.push("inuyasha.setup_step", p=board.other(active))
        frame.step = 3
    elif step == 3:
        state.expire("end_of_step")
        state.vars["step"] = "battle"
        state.push("inuyasha.battle")
        frame.step = 4
    elif step == 4:
        state.expire("end_of_step")
        state.vars["step"] = "recovery"
        state.push("inuyasha.recovery", p=active)
        frame.step = 5
    elif step == 5:
        state.push("inuyasha.recovery", p=board.other(active))
        frame.step = 6
    else:
        state.expire("end_of_step")
        state.expire("end_of_turn")
        state.vars["active"] = board.other(active)
        state.vars["turn"] += 1
        frame.step = 0
        limit = int(state.options.get("max_turns", 200))
        if state.vars["turn"] > limit:
            board.end_game(
                state, [], f"The turn limit of {limit} was reached: the game is a draw (match option max_turns)."
            )


# ------------------------------------------------------------------ Setup step
def setup_options(state: State, player: int) -> list[Option]:
    """Every legal play of `player`'s part of the Setup step, and "done"."""
    options: list[Option] = []
    hand = board.first_of_each_code(state, state.zones[f"hand:{player}"])
    chars = board.characters(state, player)
    for cid in hand:
        card = facts(state.cards[cid].code)
        if card.type in ("character", "location"):
            if why_not_play(state, player, cid) is None:
                options.append(Option(f"play:{cid}", f"Play {card.title} (deck cost {card.cost})", "play"))
        elif card.type == "item":
            for char in chars:
                if why_not_item(state, player, cid, char) is None:
                    label = f"Attach {card.title} to {board.title(state, char)} (deck cost {card.cost})"
                    options.append(Option(f"item:{cid}:{char}", label, "item"))
    options.append(Option("done", "Done with Setup", "pass"))
    return options


def play_from_hand(state: State, player: int, cid: int, attach_to: int) -> None:
    """Pay the deck cost, then put the card into play (rule 5.1)."""
    card = facts(state.cards[cid].code)
    state.log(f"{_name(player)} plays {card.title} (deck cost {card.cost}).")
    if not board.mill(state, player, card.cost, f"deck cost of {card.title}"):
        return
    board.put_into_play(state, cid, player, attach_to)
    if card.type == CHARACTER:
        state.vars["chars_played"] = state.vars.get("chars_played", 0) + 1
    run_trigger(state, card.code, ON_ENTER, cid, player)


@procedure("inuyasha.setup_step")
def setup_step(state: State, frame: Frame) -> None:
    player = frame.data["p"]
    if frame.step == 0:
        state.vars["setup_player"] = player
        state.vars["chars_played"] = 0
        frame.step = 1
    if frame.step == 1:
        board.ask(
            state,
            player,
            "setup",
            "Setup step: play characters, locations and items",
            setup_options(state, player),
            rule("4.3"),
        )
        frame.step = 2
        return
    answer = state.take_answer()
    if answer.id == "done":
        state.vars.pop("setup_player", None)
        state.vars.pop("chars_played", None)
        state.pop()
        return
    frame.step = 1
    parts = answer.id.split(":")
    attach = int(parts[2]) if parts[0] == "item" else -1
    play_from_hand(state, player, int(parts[1]), attach)


# ------------------------------------------------------------------ Recovery step
def recovery_options(state: State, player: int) -> list[Option]:
    """Ways to save each defeated character (rules 8.2, 9.3); empty when none can be saved."""
    options: list[Option] = []
    hand = board.first_of_each_code(state, state.zones[f"hand:{player}"])
    for did in board.defeated(state, player):
        dead = facts(state.cards[did].code)
        if board.controls_copy(state, player, dead.code):
            continue
        regen = "Regeneration" in dead.keywords
        for hid in hand:
            held = facts(state.cards[hid].code)
            if held.type == CHARACTER and held.name == dead.name:
                options.append(Option(f"save:{did}:{hid}", f"Save {dead.title} by discarding {held.title}", "save"))
            elif regen:
                options.append(
                    Option(f"save:{did}:{hid}", f"Save {dead.title} (Regeneration) by discarding {held.title}", "save")
                )
    return options


@procedure("inuyasha.recovery")
def recovery(state: State, frame: Frame) -> None:
    player = frame.data["p"]
    if frame.step == 0:
        options = recovery_options(state, player)
        if options:
            options.append(Option("done", "Let the others die", "pass"))
            board.ask(state, player, "recovery", "Recovery: save defeated characters", options, rule("8.2"))
            frame.step = 1
            return
        frame.step = 2
    if frame.step == 1:
        answer = state.take_answer()
        if answer.id != "done":
            saved, used = (int(x) for x in answer.id.split(":")[1:])
            board.to_discard(state, used)
            board.revive(state, saved)
            state.log(f"{_name(player)} saves {board.title(state, saved)} by discarding {board.title(state, used)}.")
            frame.step = 0
            return
    for dead in board.defeated(state, player):
        state.log(f"{board.title(state, dead)} is killed.")
        board.kill(state, dead)
    for card in list(state.cards_in(f"play:{player}")):
        if card.orientation:
            board.set_ready(state, card.id, True)
    state.pop()
