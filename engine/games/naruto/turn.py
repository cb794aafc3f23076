"""The turn machine: setup and mulligans [4], Start [6], Mission [7], Organization [8],
Battle [9-11] and End [12] Phases, as resumable procedures.
"""

from __future__ import annotations

from typing import Final

from engine.core.prompt import Option
from engine.core.state import Frame, State, procedure
from engine.dsl.durations import END_OF_TURN, end_of
from engine.games.naruto import actions, board
from engine.games.naruto.board import f_of
from engine.games.naruto.book import BOOK

OPENING_HAND: Final = 6
MIN_MULLIGAN_HAND: Final = 4
HAND_LIMIT: Final = 6
REWARDS_TO_WIN: Final = 10


@procedure("naruto.game")
def game_loop(state: State, frame: Frame) -> None:
    """Mulligans for both players, then turns until the game ends."""
    if frame.step == 0:
        frame.step = 1
        first = state.vars["first"]
        for player in (board.opponent(first), first):  # pushed in reverse: the first player decides first
            state.push("naruto.mulligan", player=player, size=OPENING_HAND)
        return
    state.push("naruto.turn")


@procedure("naruto.mulligan")
def mulligan(state: State, frame: Frame) -> None:
    """Keep the hand, or shuffle it back and draw one card fewer (6, 5, 4) [4.5]."""
    d = frame.data
    player = d["player"]
    if frame.step == 1:
        if state.take_answer().id == "keep":
            state.pop()
            return
        for cid in list(state.zones[f"hand:{player}"]):
            state.move(cid, f"deck:{player}")
        state.shuffle(f"deck:{player}")
        d["size"] -= 1
        state.log(f"Player {player + 1} takes a mulligan and draws {d['size']}")
        actions.draw(state, player, d["size"])
    if d["size"] <= MIN_MULLIGAN_HAND:
        state.pop()
        return
    frame.step = 1
    options = [
        Option("keep", f"Keep these {d['size']} cards", "keep"),
        Option("mulligan", f"Mulligan: shuffle back and draw {d['size'] - 1}", "mulligan"),
    ]
    state.ask(player, "mulligan", "Keep your opening hand?", options, "naruto 4.5")


@procedure("naruto.turn")
def turn(state: State, frame: Frame) -> None:
    """One player's turn, phase by phase [5.1]."""
    attacker = state.vars["attacker"]
    step = frame.step
    if step == 0:
        frame.step = 1
        state.vars["phase"] = "start"
        for p in range(state.num_players):
            state.players[p].update(deployed=0, missions=0, clients=0, counters=0)
        first_turn = state.vars["turn"] == 1
        state.log(
            f"Turn {state.vars['turn']}: Player {attacker + 1} attacks (Turn Indicator {state.players[attacker]['ti']})"
        )
        if not first_turn:
            actions.draw(state, attacker)
        extra = sum(1 for m in board.permanents(state) if board.has_mark_card(state, m, "extra_draw"))
        if extra:
            actions.draw(state, attacker, extra)
        _permanent_coins(state, attacker)
        for cid in board.ninjas(state, attacker):
            if board.active(state, cid):
                for effect in BOOK.effects(state.cards[cid].code):
                    if effect.kind == "trigger" and effect.on == "start":
                        actions.push_effect(state, cid, effect.name, attacker)
        return
    if step == 1:
        frame.step = 2
        state.vars["phase"] = "mission"
        state.push("naruto.mission_phase", player=attacker)
        return
    if step == 2:
        frame.step = 3
        state.vars["phase"] = "organization"
        state.push("naruto.organize", player=attacker)
        return
    if step == 3:
        frame.step = 4
        if state.vars["turn"] == 1:
            state.log("The first player skips the Battle Phase on the first turn")
            return
        state.vars["phase"] = "battle"
        state.push("naruto.battle")
        return
    if step == 4:
        frame.step = 5
        state.vars["phase"] = "end"
        state.push("naruto.end_phase")
        return
    state.stack.pop()


def _permanent_coins(state: State, player: int) -> None:
    """Permanent(X): remove a coin each turn; the last one sends the Mission to Chakra [14.14]."""
    for cid in list(board.permanents_of(state, player)):
        coins = state.cards[cid].counters.get("coins")
        if coins is None:
            continue
        card = state.mcard(cid)
        card.counters["coins"] = coins - 1
        if coins - 1 <= 0:
            actions.leave_play(state, cid, "chakra", why=" (its last coin is gone)")


# ------------------------------------------------------------------ Organization Phase
@procedure("naruto.organize")
def organize(state: State, frame: Frame) -> None:
    """Keep the Teams or rebuild them Ninja by Ninja, 1 to 3 per Team [8.1-8.3]."""
    d = frame.data
    player = d["player"]
    key = f"village:{player}"
    if frame.step == 0:
        members = [c for c in state.zones[key] if f_of(state, c).kind == "Ninja"]
        if len(members) < 2:
            state.pop()
            return
        if d.get("forced"):
            d["todo"], d["teams"] = members, []
            frame.step = 2
            return
        frame.step = 1
        options = [
            Option("keep", "Keep the current Teams", "keep"),
            Option("organize", "Reorganize the Teams", "organize"),
        ]
        state.ask(player, "organize", "Organization Phase: " + teams_text(state, player), options, "naruto 8.2")
        return
    if frame.step == 1:
        if state.take_answer().id == "keep":
            state.pop()
            return
        d["todo"] = [c for c in state.zones[key] if f_of(state, c).kind == "Ninja"]
        d["teams"] = []
        frame.step = 2
    if frame.step == 3:
        answer = state.take_answer().id
        cid = d["todo"].pop(0)
        if answer == "team:new":
            d["teams"].append([cid])
        else:
            d["teams"][int(answer.partition(":")[2])].append(cid)
        frame.step = 2
    if not d["todo"]:
        state.players[player]["teams"] = d["teams"]
        state.log(f"Player {player + 1} organizes: {teams_text(state, player)}")
        state.pop()
        return
    cid = d["todo"][0]
    options = [Option("team:new", "Start a new Team", "team")]
    for i, team in enumerate(d["teams"]):
        if len(team) < 3:
            options.append(Option(f"team:{i}", "Join " + " + ".join(board.label(state, c) for c in team), "team"))
    if len(options) == 1:
        d["teams"].append([d["todo"].pop(0)])
        return
    frame.step = 3
    state.ask(player, "organize_team", f"Which Team does {board.label(state, cid)} join?", options, "naruto 8.1")


def teams_text(state: State, player: int) -> str:
    teams = state.players[player].get("teams", [])
    return "; ".join(" + ".join(board.label(state, c) for c in t) for t in teams) or "no Teams"


# ------------------------------------------------------------------ End Phase
def judge(state: State) -> bool:
    """Victory conditions in order [12.1]; True when the game ended."""
    attacker = state.vars["attacker"]
    blocker = board.opponent(attacker)
    won = [p for p in (attacker, blocker) if board.rewards(state, p) >= REWARDS_TO_WIN]
    if won:
        winner = won[0]
        state.finish([winner], f"Player {winner + 1} wins with {board.rewards(state, winner)} Battle Rewards")
        return True
    empty = [p for p in (attacker, blocker) if not state.zones[f"deck:{p}"]]
    if empty:
        loser = empty[0]
        state.finish([board.opponent(loser)], f"Player {loser + 1} has no cards left in the Deck and loses")
        return True
    return False


@procedure("naruto.end_phase")
def end_phase(state: State, frame: Frame) -> None:
    """Judge the winner, adjust the hand to 6, move the Turn Indicator, end "this turn" effects [12]."""
    attacker = state.vars["attacker"]
    if frame.step == 0:
        if judge(state):
            return
        frame.step = 1
        hand = state.zones[f"hand:{attacker}"]
        if len(hand) > HAND_LIMIT:
            n = len(hand) - HAND_LIMIT
            state.push(
                "core.choose_cards",
                player=attacker,
                candidates=list(hand),
                min=n,
                max=n,
                kind="discard",
                text=f"Discard down to {HAND_LIMIT} cards",
                rule="naruto 12.2",
            )
        return
    picked = state.take_returned() or []
    for cid in picked:
        actions.to_zone(state, cid, "discard")
    if picked:
        state.log(f"Player {attacker + 1} discards {len(picked)} card(s) down to {HAND_LIMIT}")
    for cid in board.turn_fx(state).get("blade_at_end", ()):
        if board.in_play(state, cid):
            card = state.mcard(cid)
            card.counters["blade"] = card.counters.get("blade", 0) + 1
            state.log(f"{actions.cname(state, cid)} gains a coin (+1/+0)")
    state.players[attacker]["ti"] += 1
    end_of(state, END_OF_TURN)
    state.vars["turn_fx"] = {}
    state.vars["battles"] = []
    state.vars["attacker"] = board.opponent(attacker)
    state.vars["turn"] += 1
    state.vars["phase"] = "start"
    state.pop()
