"""Usagi match lifecycle: setup by player count, hidden information, random play with replay."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from engine.ai.agents import make_agent
from engine.ai.selfplay import play_one
from engine.core import IllegalActionError, get_game
from engine.core.checks import check_all
from engine.core.rng import Rng
from engine.core.state import State

GAME = get_game("usagi")


def _to_prompt(state: State, kind: str, rng: Rng) -> None:
    """Play random choices until a prompt of `kind` is pending."""
    while state.pending is not None and state.pending.kind != kind:
        state.apply(state.pending.options[rng.randbelow(len(state.pending.options))])


@pytest.mark.parametrize(("players", "tokens"), [(2, 19), (3, 26), (4, 31), (5, 34), (6, 35)])
def test_setup_pool_hands_and_first_player(players: int, tokens: int) -> None:
    firsts = Counter()
    for seed in range(12):
        state = GAME.new_match(GAME.default_decks(players), seed=seed)
        assert state.vars["pool"] == tokens == state.vars["start_tokens"]  # the thread's table (part 2)
        assert all(len(state.zones[f"hand:{p}"]) == 6 for p in range(players))
        assert all(len(state.zones[f"deck:{p}"]) == 32 - 6 for p in range(players))
        firsts[state.vars["first"]] += 1
        assert state.prompt().player == state.vars["first"]  # discards go from the first player (4.2)
    assert len(firsts) > 1, "the first player is chosen at random"


def test_more_than_six_or_fewer_than_two_players_are_refused() -> None:
    with pytest.raises(ValueError, match="2-6 players"):
        GAME.new_match(GAME.default_decks(7), seed=1)
    with pytest.raises(ValueError, match="2-6 players"):
        GAME.new_match(GAME.default_decks(1), seed=1)


def test_hands_and_proposed_events_are_hidden_until_the_reveal() -> None:
    state = GAME.new_match(GAME.default_decks(4), seed=3)
    rng = Rng(5)
    for _ in range(40):
        _to_prompt(state, "propose", rng)
        proposer = state.pending.player
        choice = next((o for o in state.pending.options if o.id.startswith("propose:")), None)
        if choice is not None:
            break
        state.apply("pass")
    assert choice is not None
    state.apply(choice)
    cid = int(choice.id.split(":")[1])
    name = GAME.card(state.cards[cid].code).name
    own = state.view(proposer)["players"][proposer]["zones"]["proposal"]
    assert own["count"] == 1 and own["cards"][0]["name"] == name
    for viewer in [*(p for p in range(4) if p != proposer), None]:
        view = state.view(viewer)
        seen = view["players"][proposer]["zones"]
        assert seen["proposal"] == {"count": 1, "cards": []}
        assert seen["hand"]["cards"] == []
        assert not any(f"proposes {name}" in text for text in view["events"])
    # after the reveal everybody sees it in the Event field
    while state.vars["phase"] == "initiation" and state.pending is not None:
        state.apply(state.pending.options[-1])
    shared = state.view(None)["shared"]["events"]["cards"]
    assert name in [card.get("name") for card in shared]


def _without_events_in_hand(seat: int, options: dict[str, object]) -> State:
    """A 2-player match at its first proposal with every Event of `seat`'s hand put back in the deck."""
    state = GAME.new_match(GAME.default_decks(2), seed=11, options=options)
    _to_prompt(state, "propose", Rng(2))
    for cid in list(state.zones[f"hand:{seat}"]):
        if GAME.card(state.cards[cid].code).type == "Event":
            state.move(cid, f"deck:{seat}")
    return state


@pytest.mark.parametrize("holds_an_event", [True, False])
def test_a_player_without_an_event_is_told_like_one_who_passes(holds_an_event: bool) -> None:
    """Whether a player holds an Event is theirs to know: passing and having none read the same."""
    state = GAME.new_match(GAME.default_decks(2), seed=11)
    _to_prompt(state, "propose", Rng(2))
    other = 1 - state.pending.player
    if not holds_an_event:
        state = _without_events_in_hand(other, {})
    first = state.pending.player
    state.apply("pass")
    if state.pending is not None and state.pending.kind == "propose":
        assert state.pending.player == other
        state.apply("pass")
    told = [line for line in state.view(None)["events"] if "proposes" in line]
    assert told[-2:] == [f"Player {first + 1} proposes no Event.", f"Player {other + 1} proposes no Event."]


def test_with_always_ask_a_player_without_an_event_is_asked_with_only_a_pass() -> None:
    probe = GAME.new_match(GAME.default_decks(2), seed=11)
    _to_prompt(probe, "propose", Rng(2))
    other = 1 - probe.pending.player
    state = _without_events_in_hand(other, {"always_ask": True})
    state.apply("pass")
    assert state.pending is not None and state.pending.kind == "propose" and state.pending.player == other
    assert [o.id for o in state.pending.options] == ["pass"]


def test_consistency_checks_hold_through_a_six_player_game() -> None:
    state = GAME.new_match(GAME.default_decks(6), seed=11)
    rng, checker = Rng(1), Rng(2)
    steps = 0
    while state.pending is not None and steps < 400:
        if steps % 5 == 0:
            assert check_all(state, checker) == []
        state.apply(state.pending.options[rng.randbelow(len(state.pending.options))])
        steps += 1
    assert steps == 400 or state.result is not None


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_random_games_end_without_errors_and_replay(players: int) -> None:
    agents = [make_agent("random", seed=i) for i in range(players)]
    for seed in range(6):
        outcome = play_one("usagi", agents, GAME.default_decks(players), seed)
        assert outcome.error == "", outcome.error
        assert outcome.verified is True
        assert outcome.winners


def test_illegal_choices_name_the_rule() -> None:
    state = GAME.new_match(GAME.default_decks(2), seed=4)
    with pytest.raises(IllegalActionError, match=r"usagi 5\.1"):
        state.apply("play:0")
    assert json.loads(json.dumps(state.to_json()))["game"] == "usagi"


def test_illegal_decks_are_refused_with_the_rule() -> None:
    bad = {"main": ["UY002"] * 29}
    with pytest.raises(ValueError, match=r"at least 30 cards.*usagi 3\.1"):
        GAME.new_match([bad, GAME.default_decks(1)[0]], seed=1)
