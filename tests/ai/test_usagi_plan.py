"""The Usagi AI's planned decisions: proposals, initiation discards, the next step towards an
Event, the kept Hero and the tie-break pick (engine.ai.evaluators.usagi_plan)."""

from __future__ import annotations

from typing import Any

from engine.ai.evaluators import knowledge
from engine.ai.evaluators.usagi_plan import plan
from engine.core import registry
from engine.core.prompt import Option
from engine.core.rng import Rng
from engine.core.scenario import build_state
from engine.core.state import State
from engine.games.usagi import board


def _state(players: list[dict[str, Any]], *, shared: dict[str, Any] | None = None, **state: Any) -> State:
    setup: dict[str, Any] = {"players": players, "state": state}
    if shared:
        setup["shared"] = shared
    return build_state({"game": "usagi", "seed": 3, "setup": setup})


def _named(state: State, option: Option | None) -> list[str]:
    """The card names an option refers to (ids in the label are the match's own)."""
    assert option is not None
    parts = option.id.split(":")[1:]
    return [board.name(state, int(part)) for part in parts if part.isdigit()]


def _planned(state: State) -> Option | None:
    prompt = state.pending
    assert prompt is not None
    choice = plan(state, prompt.player)
    assert choice is None or choice in prompt.options
    return choice


def _to_proposals(state: State) -> State:
    while (prompt := state.pending) is not None and prompt.kind == "discard":
        state.apply("done")
    assert state.pending is not None and state.pending.kind == "propose"
    return state


def test_usagi_knowledge_registers_the_plan() -> None:
    assert knowledge("usagi").plan is plan


def test_proposes_the_event_its_characters_can_beat_and_passes_when_they_only_equal_it() -> None:
    filler = {"deck": ["8x Rice Farmer"]}
    winnable = _state(
        [
            {"zones": {"hand": ["Bandits on the Road", "Tea Ceremony", "Mifune Spearman", "Mifune Standard Bearer"]}},
            {"zones": filler},
        ],
        phase="initiation",
        first=0,
    )
    choice = _planned(_to_proposals(winnable))
    assert choice is not None and choice.id.startswith("propose:")
    assert _named(winnable, choice) == ["Bandits on the Road"]  # Combat 2 + 1 beats 2; nothing rated Ceremony 2+

    only_equal = _state(
        [{"zones": {"hand": ["Bandits on the Road", "Mifune Spearman"]}}, {"zones": filler}],
        phase="initiation",
        first=0,
    )
    choice = _planned(_to_proposals(only_equal))
    assert choice is not None and choice.id == "pass"  # Combat 2 does not beat 2 (rule 7.3)


def test_prefers_the_story_event_it_can_win_for_its_score() -> None:
    state = _state(
        [
            {
                "values": {"honor": 3},
                "zones": {
                    "hand": ["Bandits on the Road", "Defend the Lord's Castle", "Swordmistress of the Mifune"],
                    "field": ["Gray Ronin of the Long Road", "Mifune Spearman"],
                },
            },
            {"zones": {"deck": ["8x Rice Farmer"]}},
        ],
        phase="initiation",
        first=0,
    )
    _to_proposals(state)
    state.players[0]["honor"] = 3  # the initiation produced 1; the scenario grants enough for the Swordmistress
    choice = _planned(state)
    assert _named(state, choice) == ["Defend the Lord's Castle"]  # 5 + 2 + 4 beats 7; worth 3 tokens


def test_without_a_hero_discards_dead_events_and_second_copies_then_keeps_the_rest() -> None:
    state = _state(
        [
            {
                "zones": {
                    "hand": [
                        "Tea Ceremony",
                        "Mifune Spearman",
                        "Mifune Spearman",
                        "Bandits on the Road",
                        "Mifune Standard Bearer",
                    ]
                }
            },
            {"zones": {"deck": ["8x Rice Farmer"]}},
        ],
        phase="initiation",
        first=0,
    )
    discarded: list[str] = []
    while (prompt := state.pending) is not None and prompt.kind == "discard" and prompt.player == 0:
        choice = _planned(state)
        assert choice is not None
        if choice.id == "done":
            break
        discarded += _named(state, choice)
        state.apply(choice)
    assert discarded == ["Tea Ceremony", "Mifune Spearman"]  # no Ceremony to win it; one Spearman may be in play
    assert sorted(board.name(state, c) for c in state.zones["hand:0"]) == [
        "Bandits on the Road",
        "Mifune Spearman",
        "Mifune Standard Bearer",
    ]


def test_with_a_hero_and_nothing_dead_it_keeps_its_hand() -> None:
    state = _state(
        [
            {"zones": {"field": ["Gray Ronin of the Long Road"], "hand": ["Bandits on the Road", "Mifune Spearman"]}},
            {"zones": {"deck": ["8x Rice Farmer"]}},
        ],
        phase="initiation",
        first=0,
    )
    choice = _planned(state)
    assert choice is not None and choice.id == "done"


def test_in_the_actions_phase_it_plays_and_involves_what_beats_the_best_rival() -> None:
    state = _state(
        [
            {"zones": {"hand": ["Mifune Spearman", "Mifune Standard Bearer", "Tea Ceremony"]}},
            {"zones": {"field": ["Ronin for Hire"]}},
        ],
        shared={"events": [{"card": "Bandits on the Road", "owner": 1}]},
        phase="actions",
        first=0,
        involve=[{"card": "Ronin for Hire", "event": "Bandits on the Road"}],
    )
    steps: list[str] = []
    while (prompt := state.pending) is not None and prompt.player == 0 and prompt.kind == "action":
        choice = _planned(state)
        if choice is None:
            break
        steps.append(choice.label.split(" #")[0])
        state.apply(choice)
        while (prompt := state.pending) is not None and not (prompt.player == 0 and prompt.kind == "action"):
            state.apply(prompt.options[-1])  # the rival finishes; every response window passes
    # Ronin for Hire holds Combat 2: the requirement is 2, so 3 wins; Spearman 2 + Standard Bearer 1
    assert steps[:2] == ["Play Mifune Spearman", "Involve Mifune Spearman"]
    assert "Play Mifune Standard Bearer" in steps and "Involve Mifune Standard Bearer" in steps[-1]
    assert len(steps) == 4
    mine = sum(board.totals(state, board.events_in_play(state)[0], 0, board.auras(state)).values())
    assert mine == 3


def test_leaves_the_turn_to_the_search_when_no_event_can_be_won() -> None:
    state = _state(
        [
            {"zones": {"hand": ["Mifune Spearman"]}},
            {"zones": {"field": ["Ronin for Hire", "Hired Bandit"]}},
        ],
        shared={"events": [{"card": "Bandits on the Road", "owner": 1}]},
        phase="actions",
        first=0,
        involve=[
            {"card": "Ronin for Hire", "event": "Bandits on the Road"},
            {"card": "Hired Bandit", "event": "Bandits on the Road"},
        ],
    )
    assert _planned(state) is None  # the rival holds 4; a Spearman adds only 2


def test_with_no_hero_in_play_it_plays_the_one_that_produces_currency() -> None:
    state = _state(
        [
            {"values": {"honor": 1}, "zones": {"hand": ["Captain of the Mifune Guard", "Gray Ronin of the Long Road"]}},
            {"zones": {}},
        ],
        phase="actions",
        first=0,
    )
    assert _named(state, _planned(state)) == ["Gray Ronin of the Long Road"]


def test_keeps_the_hero_that_produces_currency() -> None:
    state = _state(
        [
            {
                "zones": {
                    "field": ["Captain of the Mifune Guard", "Gray Ronin of the Long Road"],
                    "deck": ["8x Rice Farmer"],
                }
            },
            {"zones": {"deck": ["8x Rice Farmer"]}},
        ],
        phase="conclusion",
        first=0,
    )
    prompt = state.pending
    assert prompt is not None and prompt.kind == "choose_hero"
    assert _named(state, _planned(state)) == ["Gray Ronin of the Long Road"]


def test_a_tie_break_discards_the_involved_card_that_counts_least() -> None:
    state = _state(
        [
            {"zones": {"field": ["Mifune Spearman", "Mifune Standard Bearer", "Veteran Retainer"]}},
            {"zones": {"field": ["Ronin for Hire", "Hired Bandit", "Neko Scout"]}},
        ],
        shared={"events": [{"card": "Bandits on the Road", "owner": 0}]},
        phase="conclusion",
        first=0,
        involve=[
            {"card": "Mifune Spearman", "event": "Bandits on the Road"},
            {"card": "Mifune Standard Bearer", "event": "Bandits on the Road"},
            {"card": "Veteran Retainer", "event": "Bandits on the Road"},
            {"card": "Ronin for Hire", "event": "Bandits on the Road"},
            {"card": "Hired Bandit", "event": "Bandits on the Road"},
            {"card": "Neko Scout", "event": "Bandits on the Road"},
        ],
    )
    prompt = state.pending
    assert prompt is not None and prompt.kind == "tiebreak" and prompt.player == 0  # 5 each
    assert _named(state, _planned(state)) == ["Mifune Standard Bearer"]  # Combat 1, the others 2


def test_the_plan_reads_no_other_hand() -> None:
    def proposal(rival_hand: list[str]) -> str:
        state = _state(
            [
                {"zones": {"hand": ["Bandits on the Road", "Night Raid", "Mifune Spearman", "Hired Bandit"]}},
                {"zones": {"hand": rival_hand, "deck": ["8x Rice Farmer"]}},
            ],
            phase="initiation",
            first=0,
        )
        choice = _planned(_to_proposals(state))
        assert choice is not None
        return choice.label

    assert proposal(["Rice Farmer"]) == proposal(["Ronin for Hire", "Duel at the Crossroads", "Shadow Kunoichi"])


def test_over_random_matches_every_planned_option_is_legal() -> None:
    game = registry.get_game("usagi")
    planned = 0
    for seed, players in ((1, 2), (2, 4), (3, 6), (4, 4)):
        state = game.new_match(game.default_decks(players), seed)
        rng = Rng(seed)
        while (prompt := state.pending) is not None:
            choice = plan(state, prompt.player)
            assert choice is None or choice in prompt.options, (seed, prompt.kind, choice)
            planned += choice is not None
            state.apply(prompt.options[rng.randbelow(len(prompt.options))])
    assert planned > 100  # the plan answered proposals, discards and actions along the way
