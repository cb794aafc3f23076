"""Face-up Battle Rewards (rules 13.12, 13.13) with the test-only cards of `naruto_testkit`: the
scenarios of `testkit_scenarios/` (kept outside `scenarios/` so `tcgtable scenario run` on the shipped
pool never meets a card it does not know; `converted_reward_views.yaml` holds the players' views) and
random picks that follow the seed."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import pytest

from engine.core.scenario import build_state, load_file, run_scenario

KITS = Path(__file__).parent / "testkit_scenarios"
KIT = KITS / "face_up_rewards.yaml"


@pytest.mark.parametrize("path", sorted(KITS.glob("*.yaml")), ids=lambda p: p.stem)
def test_testkit_scenarios(testkit: ModuleType, path: Path) -> None:
    results = [run_scenario(data, f"{path.name}#{i}") for i, data in enumerate(load_file(path))]
    failed = [f"{r.title} [{r.rule}]: " + " | ".join(r.failures) for r in results if not r.ok]
    assert results and not failed, "\n".join(failed)


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
