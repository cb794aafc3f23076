from pathlib import Path

import toygame

from engine.core.scenario import run_file, run_scenario

PASSING = """
game: toy
title: Playing a 5 scores 5 and the opponent may respond
rule: toy 2.1
setup:
  players:
    - values: {score: 7}
      zones: {hand: [Number 5], deck: [3x Number 1]}
    - zones: {hand: [Number 2], deck: [3x Number 1]}
  state: {active: 0}
script:
  - expect:
      prompt: {player: 0, kind: action, has: ["Play Number 5 into slot 1", Pass]}
      zones: {0: {hand: [Number 5, Number 1], deck: 2}}
  - choose: Play Number 5 into slot 2
    as: 0
  - expect:
      prompt: {player: 1, kind: response, has: [Discard Number 2]}
      zones: {0: {slot: [null, Number 5]}}
  - illegal: "play:0:0"
    reason: free slot
  - choose: pass
  - expect:
      values: {0: {score: 12}}
      winner: 0
      events: [reaches 12 points]
"""

FAILING = """
game: toy
title: A wrong expectation is reported, not hidden
setup:
  players:
    - zones: {hand: [Number 5], deck: [Number 1]}
    - zones: {deck: [Number 1]}
script:
  - expect:
      zones: {0: {hand: [Number 4]}}
      winner: 1
  - choose: Play Number 3 into slot 1
"""


def test_a_true_scenario_passes(toy: toygame.ToyGame, tmp_path: Path) -> None:
    path = tmp_path / "ok.yaml"
    path.write_text(PASSING)
    [result] = run_file(path)
    assert result.ok, result.failures


def test_a_false_scenario_reports_each_failure(toy: toygame.ToyGame, tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(FAILING)
    [result] = run_file(path)
    assert not result.ok
    text = "\n".join(result.failures)
    assert "Number 4" in text and "expected winner 1" in text and "no option 'Play Number 3" in text


def test_unknown_cards_and_zones_are_clear_errors(toy: toygame.ToyGame) -> None:
    result = run_scenario({"game": "toy", "setup": {"players": [{"zones": {"hand": ["Number 9"]}}]}})
    assert "no card named 'Number 9'" in result.failures[0]
    result = run_scenario({"game": "toy", "setup": {"players": [{"zones": {"graveyard": ["Number 1"]}}]}})
    assert "has no zone 'graveyard'" in result.failures[0]


def test_scenario_cli_exit_codes(toy: toygame.ToyGame, tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    from bot.cli import main

    (tmp_path / "ok.yaml").write_text(PASSING)
    assert main(["scenario", "run", str(tmp_path / "ok.yaml")]) == 0
    (tmp_path / "bad.yaml").write_text(FAILING)
    assert main(["scenario", "run", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert "1 passed, 1 failed" in out and "FAIL" in out
    assert main(["scenario", "run", str(tmp_path / "missing.yaml")]) == 2
