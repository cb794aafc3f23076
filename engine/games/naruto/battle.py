"""The Battle Phase: sending out Teams [9.2-9.5], the Exchange of Jutsu [10], the Showdown
[11.1-11.3], damage [11.4] and the Return [11.6].
"""

from __future__ import annotations

from typing import Any, Final

from engine.core.prompt import Option
from engine.core.state import Frame, State, procedure
from engine.games.naruto import actions, board
from engine.games.naruto.book import BOOK, SEND_RULES

MAX_TEAMS: Final = 3
OUTSTANDING: Final = 5


# ------------------------------------------------------------------ who may be sent out
def send_problem(state: State, player: int, team: list[int], against: list[int] | None = None) -> str:
    """Why `team` cannot be sent out ("" when it can); `against` = the attacking Team it would block [9.5]."""
    for cid in team:
        rule = SEND_RULES.get(state.cards[cid].code)
        if rule is not None and board.active(state, cid):
            why = rule(state, cid, team)
            if why:
                return why
    fx = board.turn_fx(state)
    if fx.get("no_genin_teams") and all(board.rank_at_most(state, c, "Genin") for c in team):
        return "this turn a Team made only of Genin or lower cannot be sent out (Intent to Kill)"
    if against is not None:
        if fx.get("three_man") and len(against) == 3 and len(team) != 3:
            return "a Team of 3 can be blocked only by a Team of 3 this turn (Three Man Squads)"
        if fx.get("coward") and len(team) == 1 and board.team_power(state, against) >= 6:
            return "a Team of one cannot block a Team with Power 6 or more this turn (Coward)"
    return ""


def _forced(state: State, team: list[int]) -> bool:
    fx = board.turn_fx(state)
    return bool(fx.get("all_must")) or any(c in fx.get("must_battle", ()) for c in team)


def _team_label(state: State, team: list[int]) -> str:
    return " + ".join(board.label(state, c) for c in team)


def _matchup(state: State, battle: dict[str, list[int]]) -> str:
    """ "Naruto Uzumaki vs Sasuke Uchiha + Iruka Umino", or "Sakura Haruno (unblocked)"."""
    if battle["b"]:
        return f"{_team_label(state, battle['a'])} vs {_team_label(state, battle['b'])}"
    return f"{_team_label(state, battle['a'])} (unblocked)"


@procedure("naruto.battle")
def battle_phase(state: State, frame: Frame) -> None:
    """Send out, block, Exchange of Jutsu, Showdown, Return [9-11]."""
    attacker = state.vars["attacker"]
    step = frame.step
    if step == 0:
        state.vars["battles"] = []
        frame.step = 1
        state.vars["step"] = "send"
        state.push("naruto.send_attack", player=attacker)
        return
    if step == 1:
        if not board.battles(state):
            state.log("No Team is sent out: there is no Showdown")
            frame.step = 5
            return
        frame.step = 2
        state.vars["step"] = "block"
        state.push("naruto.send_block", player=board.opponent(attacker), index=0)
        return
    if step == 2:
        frame.step = 3
        state.vars["step"] = "jutsu"
        state.push("naruto.exchange", turn=attacker, passes=0)
        return
    if step == 3:
        frame.step = 4
        state.vars["step"] = "showdown"
        state.push("naruto.showdown", done=[])
        return
    if step == 4:
        frame.step = 5
        return_teams(state)
        return
    state.vars["step"] = ""
    state.pop()


def _send(state: State, player: int, team: list[int], battle: int, side: str) -> None:
    """Move a Team (Head first) to the Battlefield and run send-out effects [9.2, 9.4]."""
    teams = state.players[player]["teams"]
    state.players[player]["teams"] = [t for t in teams if not set(t) & set(team)]
    for cid in team:
        state.move(cid, f"battle:{player}", controller=player)
    head = f"(Head: {board.label(state, team[0])}, Power {board.team_power(state, team)})"
    if side == "b":  # a block is told as one [9.4]: "Player 2 blocks Naruto with Sasuke + Sakura (...)"
        against = _team_label(state, list(board.battles(state)[battle]["a"]))
        state.log(f"Player {player + 1} blocks {against} with {_team_label(state, team)} {head}")
    else:
        state.log(f"Player {player + 1} sends out {_team_label(state, team)} {head}")
    for cid in reversed(team):
        if not board.active(state, cid):
            continue
        for effect in BOOK.effects(state.cards[cid].code):
            if effect.kind == "trigger" and effect.on == "sent_out":
                actions.push_effect(state, cid, effect.name, player, data={"battle": battle, "side": side})
    tolls = sum(1 for m in board.permanents(state) if board.has_mark_card(state, m, "send_toll"))
    for _ in range(tolls):
        state.push("naruto.chakra_toll", player=player)


@procedure("naruto.chakra_toll")
def chakra_toll(state: State, frame: Frame) -> None:
    """Gato Transport (M-013): a player sending out a Team discards 1 card from their Chakra area."""
    player = frame.data["player"]
    chakra = state.zones[f"chakra:{player}"]
    if frame.step == 1:
        cid = int(state.take_answer().id.partition(":")[2])
        actions.to_zone(state, cid, "discard")
        state.log(f"Player {player + 1} discards {board.label(state, cid)} from the Chakra area (Gato Transport)")
        state.pop()
        return
    if not chakra:
        state.pop()
        return
    if len({state.cards[c].code for c in chakra}) == 1:
        actions.to_zone(state, chakra[-1], "discard")
        state.log(
            f"Player {player + 1} discards {board.label(state, state.zones[f'discard:{player}'][-1])} "
            "from the Chakra area (Gato Transport)"
        )
        state.pop()
        return
    frame.step = 1
    seen: set[str] = set()
    options = []
    for cid in chakra:
        code = state.cards[cid].code
        if code not in seen:
            seen.add(code)
            options.append(Option(f"toll:{cid}", f"Discard {board.label(state, cid)}", "toll"))
    state.ask(player, "toll", "Gato Transport: discard 1 card from your Chakra area", options, "naruto 14.14")


def _pick_team(state: State, frame: Frame, player: int, answer: str) -> None:
    """Remember the chosen Team and ask for its Head Ninja when it has more than one [9.2]."""
    team = list(state.players[player]["teams"][int(answer.partition(":")[2])])
    frame.data["team"] = team
    frame.step = 2
    if len(team) == 1:
        frame.data["head"] = team[0]
        return
    options = [Option(f"head:{c}", f"{board.label(state, c)} leads", "head") for c in team]
    state.ask(player, "head", f"Choose the Head Ninja of {_team_label(state, team)}", options, "naruto 9.2")


def _head_first(state: State, d: dict[str, Any]) -> list[int]:
    team: list[int] = d.pop("team")
    head = d.pop("head", None)
    if head is None:
        head = int(state.take_answer().id.partition(":")[2])
    return [head] + [c for c in team if c != head]


@procedure("naruto.send_attack")
def send_attack(state: State, frame: Frame) -> None:
    """The Attacker sends up to 3 Teams, naming each Head Ninja [9.2]."""
    d = frame.data
    player = d["player"]
    if frame.step == 1:
        answer = state.take_answer().id
        if answer == "done":
            state.pop()
            return
        _pick_team(state, frame, player, answer)
        return
    if frame.step == 2:
        team = _head_first(state, frame.data)
        board.battles(state).append({"a": team, "b": []})
        frame.step = 0
        _send(state, player, team, len(board.battles(state)) - 1, "a")
        return
    if len(board.battles(state)) >= MAX_TEAMS:
        state.pop()
        return
    options = []
    forced = False
    for i, team in enumerate(state.players[player].get("teams", [])):
        if not send_problem(state, player, team):
            options.append(Option(f"send:{i}", f"Send out {_team_label(state, team)}", "send"))
            forced = forced or _forced(state, team)
    if not options:
        state.pop()
        return
    if not forced:
        options.append(Option("done", "Send no more Teams", "done"))
    frame.step = 1
    state.ask(
        player,
        "send",
        f"Battle Phase: send out a Team ({len(board.battles(state))}/{MAX_TEAMS} sent)",
        options,
        "naruto 9.2",
    )


@procedure("naruto.send_block")
def send_block(state: State, frame: Frame) -> None:
    """For each attacking Team, the Blocker may block with one Team [9.4]."""
    d = frame.data
    player = d["player"]
    fights = board.battles(state)
    if frame.step == 1:
        answer = state.take_answer().id
        frame.step = 0
        if answer == "noblock":
            d["index"] += 1
            return
        _pick_team(state, frame, player, answer)
        return
    if frame.step == 2:
        team = _head_first(state, d)
        index = d["index"]
        fights[index]["b"] = team
        fights[index]["blocked"] = True
        d["index"] += 1
        frame.step = 0
        _send(state, player, team, index, "b")
        return
    index = d["index"]
    if index >= len(fights):
        state.pop()
        return
    against = fights[index]["a"]
    if not against:
        d["index"] += 1
        return
    options = []
    forced = False
    for i, team in enumerate(state.players[player].get("teams", [])):
        if not send_problem(state, player, team, against):
            options.append(Option(f"block:{i}", f"Block with {_team_label(state, team)}", "block"))
            forced = (
                forced or _forced(state, team) or any(c in board.turn_fx(state).get("must_block", ()) for c in against)
            )
    if not options:
        d["index"] += 1
        return
    if not forced:
        options.append(Option("noblock", "Do not block this Team", "noblock"))
    frame.step = 1
    text = f"Block {_team_label(state, against)} (Power {board.team_power(state, against)})?"
    state.ask(player, "block", text, options, "naruto 9.4")


# ------------------------------------------------------------------ Showdown
@procedure("naruto.showdown")
def showdown(state: State, frame: Frame) -> None:
    """The Attacker picks each battle in turn and it is settled [11.1]."""
    d = frame.data
    attacker = state.vars["attacker"]
    fights = board.battles(state)
    if frame.step == 1:
        index = int(state.take_answer().id.partition(":")[2])
        frame.step = 0
        d["done"].append(index)
        state.push("naruto.fight", index=index)
        return
    left = [i for i in range(len(fights)) if i not in d["done"] and fights[i]["a"]]
    if not left:
        state.pop()
        return
    if len(left) == 1:
        d["done"].append(left[0])
        state.push("naruto.fight", index=left[0])
        return
    frame.step = 1
    options = [Option(f"battle:{i}", f"Settle {_matchup(state, fights[i])}", "battle") for i in left]
    state.ask(attacker, "showdown", "Showdown: choose the next battle to settle", options, "naruto 11.1")


@procedure("naruto.fight")
def fight(state: State, frame: Frame) -> None:
    """Settle one battle: Battle Rewards if unblocked [11.2], Victory or tie if blocked [11.3]."""
    index = frame.data["index"]
    state.pop()
    fights = board.battles(state)
    battle = fights[index]
    battle["settled"] = True
    attacker = state.vars["attacker"]
    a, b = battle["a"], battle["b"]
    if not a:
        return
    if board.fx_has(state, "skip_battle", index):
        state.log(f"{_team_label(state, a)} skips the Showdown")
        return
    mental = bool(board.turn_fx(state).get("mental"))
    pa = board.team_power(state, a, mental)
    if battle.get("blocked") and not b and not state.options.get("naruto_emptied_block_unblocked", True):
        state.log(f"{_team_label(state, a)} has no opponent left and wins nothing")
        return
    if not b:
        n = 1 if pa < OUTSTANDING else 2
        extra = 1 if n == 2 and any(board.fx_has(state, "extra_reward", c) for c in a) else 0
        kind = "an Outstanding Battle Reward" if n == 2 else "a Battle Reward"
        state.log(f"{_team_label(state, a)} is unblocked with Power {pa}: {kind}")
        actions.take_rewards(state, attacker, n + extra)
        return
    pb = board.team_power(state, b, mental)
    state.log(f"Showdown: {_team_label(state, a)} (Power {pa}) against {_team_label(state, b)} (Power {pb})")
    if pa == pb:
        state.log("A tie: both Head Ninjas receive 1 damage")
        actions.deal_damage(state, b[0], 1, side="a", battle=index)
        actions.deal_damage(state, a[0], 1, side="b", battle=index)
        return
    win_side, lose = ("a", b) if pa > pb else ("b", a)
    winners = a if win_side == "a" else b
    diff = abs(pa - pb)
    winner_player = state.cards[winners[0]].controller
    damage: list[tuple[int, int]]
    if diff >= OUTSTANDING:
        state.log(f"Outstanding Victory for Player {winner_player + 1} (difference {diff})")
        damage = [(lose[0], 2)] + [(c, 1) for c in lose[1:]]
        if any(board.fx_has(state, "extra_reward", c) for c in winners):
            actions.take_rewards(state, winner_player, 1)
    else:
        state.log(f"Victory for Player {winner_player + 1} (difference {diff})")
        damage = [(lose[0], 1)]
    for cid in reversed(winners):
        if board.active(state, cid):
            for effect in BOOK.effects(state.cards[cid].code):
                if effect.kind == "trigger" and effect.on == "victory":
                    actions.push_effect(state, cid, effect.name, winner_player)
    for cid, amount in reversed(damage):
        actions.deal_damage(state, cid, amount, side=win_side, battle=index)


def return_teams(state: State) -> None:
    """Ninjas still on the Battlefield go back to their Villages, keeping their Teams [11.6]."""
    for p in range(state.num_players):
        teams = state.players[p].setdefault("teams", [])
        for battle in board.battles(state):
            for side in ("a", "b"):
                team = [c for c in battle[side] if state.cards[c].zone == f"battle:{p}"]
                if team:
                    teams.append(team)
        for cid in list(state.zones[f"battle:{p}"]):
            state.move(cid, f"village:{p}", controller=p)
            if not any(cid in t for t in teams):
                teams.append([cid])
    state.log("The Ninjas on the Battlefield return to their Villages")
