"""Face-up Battle Rewards (rules 13.12, 13.13) with the test-only cards of `naruto_testkit`: the
scenarios of `testkit_scenarios/` (kept outside `scenarios/` so `tcgtable scenario run` on the shipped
pool never meets a card it does not know) and the players' views."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import pytest

from engine.core.scenario import build_state, load_file, run_scenario
from engine.core.state import State

KITS = Path(__file__).parent / "testkit_scenarios"
KIT = KITS / "face_up_rewards.yaml"


def _rewards_seen(state: State, viewer: int | None, seat: int) -> list[str]:
    zone = state.view(viewer)["players"][seat]["zones"]["rewards"]
    return sorted(str(card["name"]) for card in zone["cards"])


@pytest.mark.parametrize("path", sorted(KITS.glob("*.yaml")), ids=lambda p: p.stem)
def test_testkit_scenarios(testkit: ModuleType, path: Path) -> None:
    results = [run_scenario(data, f"{path.name}#{i}") for i, data in enumerate(load_file(path))]
    failed = [f"{r.title} [{r.rule}]: " + " | ".join(r.failures) for r in results if not r.ok]
    assert len(results) >= 4 and not failed, "\n".join(failed)


def test_a_reward_turned_face_up_is_seen_by_both_players_and_spectators(testkit: ModuleType) -> None:
    state = build_state(load_file(KIT)[0])
    state.apply("mission:0")
    assert [_rewards_seen(state, v, 1) for v in (0, 1, None)] == [[], [], []]
    state.apply("target:11")
    assert [_rewards_seen(state, v, 1) for v in (0, 1, None)] == [["Haku"], ["Haku"], ["Haku"]]
    assert state.view(0)["players"][1]["zones"]["rewards"]["count"] == 3


def test_a_random_pick_hides_face_up_rewards_from_everyone_and_shuffles(testkit: ModuleType) -> None:
    state = build_state(load_file(KIT)[1])
    assert _rewards_seen(state, 0, 1) == ["Haku"]
    before = list(state.zones["rewards:1"])
    state.apply("mission:0")
    assert [_rewards_seen(state, v, 1) for v in (0, 1, None)] == [[], [], []]
    left = state.zones["rewards:1"]
    assert len(left) == 2 and set(left) < set(before)
    assert not any(state.cards[c].face_up or state.cards[c].known for c in left)


def test_random_picks_follow_the_seed(testkit: ModuleType) -> None:
    picked = set()
    for seed in range(1, 13):
        data = dict(load_file(KIT)[1], seed=seed)
        state = build_state(data)
        state.apply("mission:0")
        picked |= {state.cards[c].code for c in state.zones["chakra:1"]}
        again = build_state(data)
        again.apply("mission:0")
        assert again.zones["chakra:1"] == state.zones["chakra:1"]
    assert len(picked) > 1
