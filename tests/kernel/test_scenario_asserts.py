"""Every scenario assertion can pass and can fail with a message that says what went wrong
(card state, pile order, views, refusals for a player, negative asserts, test-only cards,
options by description, quoted repeated names)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import toygame
import yaml

from engine.core.scenario import ScenarioResult, run_file, run_scenario
from engine.core.scenario_expect import expand

# Player 0 has Number 5 and Number 3 in hand; after "Play Number 5 into slot 2" the card lies face
# down in slot 2 and player 1 may respond by discarding Number 2.
BASE = """
game: toy
setup:
  players:
    - zones:
        hand: [Number 5, Number 3]
        deck: [Number 1, Number 2, Number 4]
        discard: [{card: Number 1, flags: {burnt: true}, counters: {heat: 2}}]
    - zones: {hand: [Number 2], deck: [3x Number 1]}
  state: {active: 0, drawn: true}
"""


def run(script: list[dict[str, Any]], **extra: Any) -> ScenarioResult:
    data = {**yaml.safe_load(BASE), **extra, "script": script}
    return run_scenario(data)


def failures(script: list[dict[str, Any]], **extra: Any) -> str:
    result = run(script, **extra)
    assert not result.ok, "expected this scenario to fail"
    return "\n".join(result.failures)


def passes(script: list[dict[str, Any]], **extra: Any) -> None:
    result = run(script, **extra)
    assert result.ok, result.failures


PLAY = {"choose": "Play Number 5 into slot 2", "as": 0}


# ---------------------------------------------------------------- cards and order
def test_card_state_passes(toy: toygame.ToyGame) -> None:
    passes(
        [
            PLAY,
            {
                "expect": {
                    "cards": [
                        {"card": "slot:0#1", "face_up": False, "zone": "slot:0", "index": 1, "controller": 0},
                        {"card": "Number 5", "seen_by": [0], "hidden_from": [1, "spectator"]},
                        {"card": "discard:0/Number 1", "flags": {"burnt": True, "gone": None}, "counters": {"heat": 2}},
                        {"card": "hand:0/Number 3", "attached_to": None, "attachments": []},
                    ]
                }
            },
        ]
    )


def test_card_state_fails_clearly(toy: toygame.ToyGame) -> None:
    text = failures(
        [
            PLAY,
            {
                "expect": {
                    "cards": [
                        {"card": "Number 5", "face_up": True, "index": 0, "hidden_from": [0]},
                        {"card": "discard:0/Number 1", "flags": {"burnt": False}, "counters": {"heat": 3}},
                    ]
                }
            },
        ]
    )
    assert "card 'Number 5' (Number 5 in slot:0) face_up is False, expected True" in text
    assert "index is 1, expected 0" in text and "is seen by player 0" in text
    assert "flag burnt is True, expected False" in text and "counter heat is 2, expected 3" in text


def test_an_ambiguous_or_missing_card_reference_is_an_error(toy: toygame.ToyGame) -> None:
    text = failures([{"expect": {"cards": [{"card": "Number 1", "face_up": True}]}}])
    assert "holds 5 of them" in text and "add a zone or an index" in text
    text = failures([{"expect": {"cards": [{"card": "slot:1#0", "face_up": True}]}}])
    assert "slot:1 has no card at 0" in text


def test_pile_order_bottom_first(toy: toygame.ToyGame) -> None:
    passes(
        [
            {
                "expect": {
                    "order": {0: {"deck": ["Number 1", "Number 2", "Number 4"]}, 1: {"deck": {"top": ["2x Number 1"]}}}
                }
            }
        ]
    )
    text = failures(
        [{"expect": {"order": {0: {"deck": ["Number 4", "Number 2", "Number 1"], "hand": {"top": ["Number 5"]}}}}}]
    )
    assert "zone deck:0 is in the order ['Number 1', 'Number 2', 'Number 4'] (bottom first)" in text
    assert "zone hand:0 top is ['Number 3'] (bottom first), expected ['Number 5']" in text


def test_attachments_by_reference_in_setup(toy: toygame.ToyGame) -> None:
    zones = {
        "slot": [{"card": "Number 4", "face_up": True}],
        "discard": [{"card": "Number 2", "attached_to": "slot:0#0"}],
    }
    data = {"game": "toy", "setup": {"players": [{"zones": zones}, {}]}}
    script = [
        {
            "expect": {
                "cards": [
                    {"card": "Number 4", "attachments": ["Number 2"]},
                    {"card": "Number 2", "attached_to": "Number 4"},
                ]
            }
        }
    ]
    assert run_scenario({**data, "script": script}).ok
    script = [{"expect": {"cards": [{"card": "Number 2", "attached_to": "Number 1"}]}}]
    result = run_scenario({**data, "script": script})
    assert "attached_to is 'Number 4', expected 'Number 1'" in result.failures[0]


# ---------------------------------------------------------------- views
def test_view_assertions_pass(toy: toygame.ToyGame) -> None:
    passes(
        [
            PLAY,
            {
                "expect": {
                    "view": {
                        0: {
                            "sees": ["Number 5", "Number 3"],
                            "zones": {0: {"hand": ["Number 3"], "slot": [None, "Number 5"]}},
                        },
                        1: {
                            "sees": ["Number 2"],
                            "hides": ["Number 5", "Number 3"],
                            "zones": {0: {"hand": 1, "slot": [None, "hidden"]}},
                            "values": {0: {"score": 0}},
                            "prompt": True,
                            "no_events": ["Number 5"],
                        },
                        "spectator": {
                            "hides": ["Number 5", "Number 2"],
                            "prompt": False,
                            "events": ["plays a card face down"],
                        },
                    }
                }
            },
        ]
    )


def test_view_assertions_fail_clearly(toy: toygame.ToyGame) -> None:
    text = failures(
        [
            PLAY,
            {
                "expect": {
                    "view": {
                        1: {"sees": ["Number 5"], "hides": ["Number 2"], "zones": {0: {"hand": 2}}, "prompt": False},
                        "spectator": {"events": ["Number 5"]},
                    }
                }
            },
        ]
    )
    assert "player 1's view shows Number 5 0 time(s), expected 1" in text
    assert "player 1's view mentions 'Number 2', which it should not know" in text
    assert "view of hand of 0 counts 1, expected 2" in text and "player 1's view shows the prompt's options" in text
    assert "the spectators' narration lacks 'Number 5'" in text


# ---------------------------------------------------------------- refusals for a player
def test_illegal_as_the_prompted_player(toy: toygame.ToyGame) -> None:
    passes([{"illegal": "play:{hand:0/Number 5}:5", "as": 0, "reason": "into a free slot", "rule": "toy 2.1"}])
    passes([PLAY, {"illegal": "play:{hand:0/Number 3}:0", "as": 1, "reason": "into a free slot"}])


def test_illegal_for_a_player_without_the_prompt_says_so(toy: toygame.ToyGame) -> None:
    text = failures([PLAY, {"illegal": "play:{hand:0/Number 3}:0", "as": 0, "reason": "free slot"}])
    assert "expected player 0's 'play:1:0' to be refused, but the prompt is player 1's (response:" in text
    assert "the game would say: you can only play a card from your hand into a free slot (toy 2.1)" in text
    text = failures([{"illegal": "play:{hand:0/Number 5}:5", "as": 0, "rule": "toy 9.9"}])
    assert "refused under rule 'toy 2.1', expected 'toy 9.9'" in text


# ---------------------------------------------------------------- negative asserts
def test_nothing_happened_since_the_last_choice(toy: toygame.ToyGame) -> None:
    passes(
        [
            PLAY,
            {"choose": "pass"},
            {
                "expect": {
                    "no_events": ["discards"],
                    "unchanged": {"values": {1: ["score"]}, "zones": {0: ["hand", "deck"]}, "vars": ["pressure"]},
                }
            },
        ]
    )
    passes([{"expect": {"unchanged": {"zones": "all", "values": {0: "all"}, "vars": "all"}, "no_events": ["plays"]}}])


def test_negative_asserts_fail_clearly(toy: toygame.ToyGame) -> None:
    text = failures(
        [
            PLAY,
            {
                "expect": {
                    "no_events": ["plays a card"],
                    "unchanged": {
                        "zones": {0: ["hand"], 1: ["hand"]},
                        "cards": ["hand:0/Number 5"],
                        "values": {1: "all"},
                    },
                }
            },
        ]
    )
    assert "an event since the last choice mentions 'plays a card'" in text
    assert "zone hand:0 changed from ['Number 5', 'Number 3'] to ['Number 3']" in text
    assert "card 'hand:0/Number 5' zone changed from 'hand:0' to 'slot:0'" in text
    assert "hand:1" not in text


# ---------------------------------------------------------------- options by description
def test_options_by_description(toy: toygame.ToyGame) -> None:
    passes(
        [
            {
                "expect": {
                    "prompt": {
                        "has": [{"group": "play", "mentions": ["Number 5", "slot 2"]}],
                        "lacks": [{"group": "attack"}],
                    }
                }
            },
            {"choose": {"group": "play", "mentions": "Number 5", "excludes": "slot 1"}},
            {"expect": {"zones": {0: {"slot": [None, "Number 5"]}}}},
        ]
    )


def test_ambiguous_or_missing_descriptions_list_the_candidates(toy: toygame.ToyGame) -> None:
    text = failures([{"choose": {"group": "play", "mentions": "Number 5"}}])
    assert "fits 2 options of player 0" in text
    assert "Play Number 5 into slot 1 [play:0:0, play]; Play Number 5 into slot 2 [play:0:1, play]" in text
    text = failures([{"choose": {"group": "attack"}}])
    assert "no option {'group': 'attack'} for player 0 (action:" in text and "Pass [pass, pass]" in text


# ---------------------------------------------------------------- test-only cards
NINE = [{"name": "Number 9", "like": "Number 5", "stats": {"power": 9}}]


def test_a_declared_card_plays_and_is_gone_afterwards(toy: toygame.ToyGame) -> None:
    players = [
        {"zones": {"hand": ["Number 9"], "deck": ["Number 1"]}, "values": {"score": 3}},
        {"zones": {"deck": ["Number 1"]}},
    ]
    script = [
        {"choose": "Play Number 9 into slot 1"},
        {"expect": {"winner": 0, "values": {0: {"score": 12}}}},
    ]
    data = {"game": "toy", "cards": NINE, "setup": {"players": players}, "script": script}
    assert run_scenario(data).ok, run_scenario(data).failures
    with pytest.raises(KeyError):
        toygame.POOL.by_name("Number 9")
    assert "TEST-NUMBER-9" not in toygame.POOL
    result = run_scenario({**data, "cards": []})
    assert "no card named 'Number 9'" in result.failures[0]


def test_declared_cards_are_scoped_to_their_scenario(toy: toygame.ToyGame, tmp_path: Path) -> None:
    path = tmp_path / "cards.yaml"
    path.write_text(
        """
game: toy
setup: {players: [{zones: {hand: [Number 9]}}, {}]}
scenarios:
  - title: declares it
    cards: [{name: Number 9, like: Number 5}]
  - title: does not
"""
    )
    first, second = run_file(path)
    assert first.ok and not second.ok and "no card named 'Number 9'" in second.failures[0]


def test_a_bad_card_declaration_is_a_clear_error(toy: toygame.ToyGame) -> None:
    for cards, needle in [
        ([{"name": "Number 5", "like": "Number 4"}], "a shipped card has that name"),
        ([{"name": "Number 8"}], "give `like` (a card to copy) or at least `type`"),
        ([{"name": "Number 8", "like": "Number 12"}], "like toy: no card named 'Number 12'"),
        ([{"name": "Number 8", "like": "Number 1", "power": 8}], "unknown fields ['power']"),
    ]:
        result = run_scenario({"game": "toy", "cards": cards})
        assert needle in result.failures[0], result.failures


def test_a_copied_yugioh_card_keeps_its_script_and_leaves_nothing_behind() -> None:
    from cards.pool import load_pool
    from engine.games.yugioh.facts import table
    from engine.games.yugioh.scripts import BOOK

    pool = load_pool("yugioh")
    data = {
        "game": "yugioh",
        "cards": [{"name": "Test Heavy Elf", "like": "Mystical Elf", "stats": {"atk": 2000}}],
        "setup": {
            "players": [
                {"zones": {"hand": ["Test Heavy Elf"], "deck": ["5x Dark Gray"]}},
                {"zones": {"deck": ["5x Dark Gray"]}},
            ],
            "state": {"active": 0, "turn": 3, "phase": "main1"},
        },
        "script": [
            {"choose": {"group": "summon", "mentions": "Test Heavy Elf"}},
            {"expect": {"cards": [{"card": "Test Heavy Elf", "zone": "mzone:0", "face_up": True}]}},
        ],
    }
    result = run_scenario(data)
    assert result.ok, result.failures
    code = "TEST-TEST-HEAVY-ELF"
    assert code not in pool and code not in table() and not BOOK.is_scripted(code)
    assert table()[pool.by_name("Mystical Elf").code].atk == 800


# ---------------------------------------------------------------- card lists
def test_quoted_names_after_a_count() -> None:
    assert expand(['2x "Tobi, the Fox Kit"', "Kiba"]) == ["Tobi, the Fox Kit", "Tobi, the Fox Kit", "Kiba"]
    split = yaml.safe_load('deck: [2x "Tobi, the Fox Kit", 3x Kiba]')["deck"]
    assert expand(split) == ["Tobi, the Fox Kit"] * 2 + ["Kiba"] * 3
    assert expand(["1x 'Number 5'", '"Number 4"']) == ["Number 5", "Number 4"]


def test_quoted_names_load_from_a_file(toy: toygame.ToyGame, tmp_path: Path) -> None:
    path = tmp_path / "quoted.yaml"
    path.write_text(
        """
game: toy
setup:
  players:
    - zones:
        deck:
          - 3x "Number 1"
    - {}
  state: {drawn: true}
script:
  - expect: {zones: {0: {deck: [3x "Number 1"]}}}
"""
    )
    [result] = run_file(path)
    assert result.ok, result.failures


def test_unknown_keys_are_errors(toy: toygame.ToyGame) -> None:
    assert "unknown expect keys ['card']" in failures([{"expect": {"card": []}}])
    assert "a step is choose, illegal or expect" in failures([{"choos": "pass"}])
    assert "unknown card assertion 'up'" in failures([{"expect": {"cards": [{"card": "Number 5", "up": True}]}}])
    assert "unknown view assertion 'see'" in failures([{"expect": {"view": {0: {"see": []}}}}])


def test_shared_winners_secrets_and_no_flags(toy: toygame.ToyGame) -> None:
    won = [{"choose": "Play Number 5 into slot 1"}]
    players = [{"values": {"score": 7}, "zones": {"hand": ["Number 5"], "deck": ["Number 1"]}}, {}]
    data: dict[str, Any] = {"game": "toy", "setup": {"players": players, "state": {"drawn": True}}}
    assert run_scenario({**data, "script": [*won, {"expect": {"winner": [0]}}]}).ok
    result = run_scenario({**data, "script": [*won, {"expect": {"winner": [0, 1]}}]})
    assert "winners (0,) (Player 0 reaches 12 points and wins), expected [0, 1]" in result.failures[0]
    passes([{"expect": {"view": {0: {"secrets": {}}}, "cards": [{"card": "hand:0/Number 5", "flags": {}}]}}])
    text = failures(
        [
            {
                "expect": {
                    "view": {0: {"secrets": {"pick": {"card": "Number 5"}}}},
                    "cards": [{"card": "discard:0#0", "flags": {}}],
                }
            }
        ]
    )
    assert "player 0's view shows secret pick None, expected 0" in text
    assert "has flags {'burnt': True}, expected none" in text
