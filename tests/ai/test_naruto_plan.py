"""Naruto AI: the Mission Phase deploys the strongest free Ninja (a played match showed `normal`
ending the phase with two free Ninjas in hand from turn 4 to 10, and losing 0-11 without blockers)."""

from __future__ import annotations

from engine.ai.agents import make_agent
from engine.ai.evaluators.naruto import plan
from engine.core.scenario import build_state
from engine.core.state import State
from engine.games.naruto.facts import facts


def _mission_phase(hand: list[str]) -> State:
    setup = {
        "players": [
            {"zones": {"hand": hand, "deck": ["10x Kunai"]}, "values": {"ti": 5}},
            {"zones": {"village": ["N-001"], "deck": ["10x Kunai"]}},
        ],
        "state": {"active": 0, "turn": 9, "phase": "mission"},
    }
    return build_state({"game": "naruto", "seed": 1, "setup": setup})


def _free_ninjas(state: State) -> list[str]:
    assert state.pending is not None
    return [
        o.id
        for o in state.pending.options
        if o.id.startswith("deploy:") and facts(state.cards[int(o.id.split(":")[1])].code).hand == 0
    ]


def test_the_mission_phase_deploys_the_strongest_free_ninja() -> None:
    state = _mission_phase(["N-015", "N-002", "Kunai"])  # The Demon Brothers Meizu, Sasuke Uchiha
    free = _free_ninjas(state)
    assert len(free) == 2
    strongest = max(free, key=lambda oid: (f := facts(state.cards[int(oid.split(":")[1])].code)).combat + f.support)
    choice = plan(state, 0)
    assert choice is not None and choice.id == strongest
    assert make_agent("normal", seed=3, game_id="naruto").choose(state.clone(), 0).id == strongest
    state.apply(choice)
    assert plan(state, 0) is None  # one deployment a turn: the rest of the phase is the search's


def test_without_a_free_ninja_the_plan_leaves_the_phase_to_the_search() -> None:
    state = _mission_phase(["Kunai", "Kunai"])
    assert plan(state, 0) is None
    assert plan(state, 1) is None  # not that player's decision
