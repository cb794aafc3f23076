"""Yu-Gi-Oh! AI: attacks are judged by how they end. A played match showed `normal` attacking a
face-up 2000 DEF wall with 1500-1800 ATK monsters turn after turn; these pin the three causes."""

from __future__ import annotations

from typing import Any

from engine.ai.agents import make_agent
from engine.ai.evaluators.yugioh import battle_threat, evaluate, in_horizon, pending_attack, turn_key
from engine.core.scenario import build_state
from engine.core.state import State


def _battle(own: list[dict[str, Any]], foe: list[dict[str, Any]], hand: int = 2, trap: bool = False) -> State:
    """Player 0's Battle Phase; with `trap`, player 1 has Castle Walls set (a response window opens)."""
    foe_zones: dict[str, Any] = {"mzone": foe, "deck": ["10x Dark Gray"], "hand": ["2x Dark Gray"]}
    if trap:
        foe_zones["szone"] = [{"card": "Castle Walls", "flags": {"set": 2}}]
    setup = {
        "players": [
            {"zones": {"mzone": own, "deck": ["10x Dark Gray"], "hand": [f"{hand}x Dark Gray"]}},
            {"zones": foe_zones},
        ],
        "state": {"active": 0, "turn": 3, "phase": "battle"},
    }
    return build_state({"game": "yugioh", "seed": 1, "setup": setup})


WALL = {"card": "Mystical Elf", "face_up": True, "orientation": "def"}  # 2000 DEF
DOLL = {"card": "Rogue Doll", "face_up": True, "orientation": "atk"}  # 1600 ATK
OX = {"card": "Battle Ox", "face_up": True, "orientation": "atk"}  # 1700 ATK


def _declare(state: State, attacker: str) -> State:
    """Declare an attack with the named monster on the first target; stop in the response window."""
    assert state.pending is not None
    state.apply(next(o for o in state.pending.options if o.label.startswith(f"Attack with {attacker}")))
    if state.pending is not None and state.pending.kind == "attack_target":
        state.apply(state.pending.options[0])
    return state


def test_a_declared_attack_into_a_wall_costs_its_damage_before_the_damage_step() -> None:
    state = _battle([DOLL], [WALL], trap=True)
    before = evaluate(state, 0)
    declared = _declare(state.clone(), "Rogue Doll")
    assert declared.pending is not None and declared.pending.player == 1  # may respond: not calculated yet
    assert pending_attack(declared) is not None
    assert evaluate(declared, 0) < before  # 400 damage to come
    assert abs(evaluate(declared, 0) + evaluate(declared, 1)) < 1e-9


def test_a_monster_that_attacked_adds_nothing_to_its_players_threat() -> None:
    state = _battle([OX], [{"card": "Dark Gray", "face_up": True, "orientation": "atk"}])  # 1700 beats 1500
    assert battle_threat(state, 0) > 0
    attacked = state.clone()
    ox = attacked.zones["mzone:0"][0]
    attacked.mcard(ox).flags["attacked"] = int(attacked.vars["turn"])
    assert battle_threat(attacked, 0) == 0


def test_cards_beyond_the_hand_limit_count_nothing() -> None:
    six, eight = _battle([DOLL], [WALL], hand=6), _battle([DOLL], [WALL], hand=8)
    five = _battle([DOLL], [WALL], hand=5)
    assert evaluate(six, 0) == evaluate(eight, 0)  # two of the eight go at the End Phase anyway
    assert evaluate(five, 0) < evaluate(six, 0)


def test_a_search_begun_in_the_battle_phase_ends_with_it() -> None:
    state = _battle([DOLL], [WALL])
    start = turn_key(state)
    main2 = state.clone()
    main2.vars["phase"] = "main2"
    assert in_horizon(start, turn_key(state)) and not in_horizon(start, turn_key(main2))
    main1 = state.clone()
    main1.vars["phase"] = "main1"
    assert in_horizon(turn_key(main1), turn_key(state))  # from Main Phase 1 the horizon is the turn


def test_normal_ends_the_battle_phase_rather_than_attack_a_wall_it_cannot_beat() -> None:
    state = _battle([DOLL, OX], [WALL, dict(WALL)], hand=7)
    picks = [make_agent("ismcts@400", seed=seed, game_id="yugioh").choose(state.clone(), 0).label for seed in range(4)]
    assert picks == ["End the Battle Phase"] * 4, picks
