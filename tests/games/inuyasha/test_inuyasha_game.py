"""Inuyasha: starting a game, hidden information, options, evaluation and random self-play."""

from __future__ import annotations

import pytest

import engine.games.inuyasha  # noqa: F401  (registers the game)
from engine.ai.selfplay import run_selfplay
from engine.core.checks import check_all
from engine.core.errors import IllegalActionError, InvalidActionError
from engine.core.registry import get_game
from engine.core.rng import Rng
from engine.core.state import Modifier

GAME = get_game("inuyasha")


def _start(seed: int = 3):  # type: ignore[no-untyped-def]
    """A new match past the two cut offers (both declined), at the first hand-swap offer."""
    state = GAME.new_match(GAME.default_decks(), seed=seed)
    for cutter in (1, 0):
        assert state.prompt().kind == "cut" and state.prompt().player == cutter
        state.apply("nocut")
    return state


def test_each_player_is_offered_a_cut_of_the_other_deck_before_the_shards() -> None:
    state = GAME.new_match(GAME.default_decks(), seed=3)
    prompt = state.prompt()
    assert (prompt.player, prompt.kind, prompt.rule) == (1, "cut", "inuyasha 3.7")
    assert prompt.options[0].id == "nocut", "declining is the default (first) answer"
    assert state.count("shards:0") == 0 and state.count("hand:0") == 0
    shuffled = list(state.zones["deck:0"])
    state.apply("cut:quarter")
    assert state.zones["deck:0"] == shuffled[-15:] + shuffled[:-15], "the top 15 of 60 go under the rest"
    assert not any(state.cards[c].visible_to(p) for c in state.zones["deck:0"] for p in (0, 1))
    assert state.prompt().player == 0 and state.prompt().kind == "cut"
    state.apply("nocut")
    assert state.count("shards:0") == 5
    assert sorted(state.zones["shards:0"]) == sorted(shuffled[-20:-15]), "shards come from the cut deck's top"
    assert any("cuts Player 1's deck (15 cards" in e.text for e in state.events)


def test_cut_refusals_name_the_rule() -> None:
    state = GAME.new_match(GAME.default_decks(), seed=3)
    with pytest.raises(IllegalActionError, match=r"quarter, half or three quarters.*inuyasha 3\.7"):
        state.apply("cut:all")
    state.apply("nocut")
    state.apply("nocut")
    with pytest.raises(IllegalActionError, match=r"only right after a deck is shuffled.*inuyasha 3\.7"):
        state.apply("nocut")


def test_cuts_decline_option_asks_nothing() -> None:
    state = GAME.new_match(GAME.default_decks(), seed=3, options={"cuts": "decline"})
    assert state.prompt().kind == "mulligan"


def test_setup_deals_five_hidden_shards_and_five_cards() -> None:
    state = _start()
    for seat in (0, 1):
        assert state.count(f"shards:{seat}") == 5
        assert state.count(f"hand:{seat}") == 5
        assert state.count(f"deck:{seat}") == 50
        assert state.count(f"kaitou:{seat}") == 1
    view = state.view(0)
    assert view["players"][0]["zones"]["shards"] == {"count": 5, "cards": []}
    assert len(view["players"][0]["zones"]["hand"]["cards"]) == 5
    assert view["players"][1]["zones"]["hand"]["cards"] == []
    assert view["players"][1]["zones"]["kaitou_deck"] == {"count": 5, "cards": []}
    assert len(view["players"][0]["zones"]["kaitou_deck"]["cards"]) == 6


def test_hand_swap_exchanges_hand_and_shards_then_coin_winner_chooses() -> None:
    state = _start()
    hand, shards = list(state.zones["hand:0"]), list(state.zones["shards:0"])
    assert state.prompt().kind == "mulligan" and state.prompt().player == 0
    state.apply("swap")
    assert sorted(state.zones["hand:0"]) == sorted(shards)
    assert sorted(state.zones["shards:0"]) == sorted(hand)
    assert all(not state.cards[c].visible_to(0) for c in state.zones["shards:0"])
    assert state.prompt().player == 1
    state.apply("keep")
    prompt = state.prompt()
    assert prompt.kind == "first" and {o.label for o in prompt} == {"I go first", "My opponent goes first"}
    other = 1 - prompt.player
    state.apply(f"first:{other}")
    assert state.vars["active"] == other
    assert state.prompt().player == other and state.prompt().kind == "setup"
    assert state.count(f"hand:{other}") == 8


def test_illegal_choices_name_the_rule() -> None:
    state = _start()
    with pytest.raises(IllegalActionError, match=r"inuyasha 4\.3"):
        state.apply("play:0")
    with pytest.raises(IllegalActionError, match="not one of the options"):
        state.apply("dance")


def test_match_options_are_checked() -> None:
    with pytest.raises(InvalidActionError, match="format"):
        GAME.new_match(GAME.default_decks(), seed=1, options={"format": "huge"})
    demo = [GAME.pool.decks["Heroes Demo"].as_lists(), GAME.pool.decks["Villains Demo"].as_lists()]
    state = GAME.new_match(demo, seed=1, options={"format": "demo", "cuts": "decline"})
    assert state.count("deck:0") == 30
    with pytest.raises(InvalidActionError, match="exactly 60"):
        GAME.new_match(demo, seed=1)


def _offered_options_pass_the_legality_checks(state) -> None:  # type: ignore[no-untyped-def]
    """Option lists and `explain_illegal` share their tests: whatever is offered is legal for both."""
    from engine.games.inuyasha import rules

    player = state.prompt().player
    for option in state.prompt():
        kind, *parts = option.id.split(":")
        if kind == "play":
            assert rules.why_not_play(state, player, int(parts[0])) is None, option
        elif kind == "item":
            assert rules.why_not_item(state, player, int(parts[0]), int(parts[1])) is None, option
        elif kind == "attack" and parts[1] == "direct":
            assert rules.why_not_direct(state, player, int(parts[0])) is None, option
        elif kind == "attack":
            assert rules.why_not_attack(state, player, int(parts[0]), int(parts[1]), parts[2]) is None, option
    if state.prompt().kind != "action":
        return
    from engine.games.inuyasha import board
    from engine.games.inuyasha.facts import COLORS

    offered = {option.id for option in state.prompt()}
    for a in board.characters(state, player):
        for d in board.characters(state, 0) + board.characters(state, 1):
            for color in COLORS:
                if f"attack:{a}:{d}:{color}" not in offered:
                    assert rules.why_not_attack(state, player, a, d, color) is not None, (a, d, color)


def test_random_play_is_consistent_and_evaluation_is_bounded() -> None:
    chooser = Rng(11)
    for seed in range(4):
        state = _start(seed)
        while (prompt := state.prompt()) is not None:
            assert not check_all(state, chooser)
            for seat in (0, 1):
                assert -1.0 <= GAME.evaluate(state, seat) <= 1.0
            _offered_options_pass_the_legality_checks(state)
            state.apply(prompt.options[chooser.randbelow(len(prompt.options))])
        assert state.result is not None and state.result.winners
        assert GAME.evaluate(state, state.result.winners[0]) == 1.0


@pytest.mark.parametrize(
    "options", [{}, {"location_copies": "table", "deck_cost_shortfall": "forbid", "keyword_boosts": "repeat"}]
)
def test_selfplay_has_no_errors_and_replays(options: dict[str, str]) -> None:
    summary = run_selfplay("inuyasha", 75, ["random", "random"], seed=5, options=options)
    assert summary["errors"] == 0, summary["error_details"]
    assert summary["replay_verified"] == 75
    assert summary["finished"] == 75


def test_demo_format_selfplay() -> None:
    decks = [GAME.pool.decks["Heroes Demo"].as_lists(), GAME.pool.decks["Villains Demo"].as_lists()]
    summary = run_selfplay("inuyasha", 40, ["random", "random"], seed=9, decks=decks, options={"format": "demo"})
    assert summary["errors"] == 0, summary["error_details"]
    summary = run_selfplay("inuyasha", 4, ["random", "greedy"], seed=9, decks=decks, options={"format": "demo"})
    assert summary["errors"] == 0, summary["error_details"]


@pytest.mark.parametrize(
    "options",
    [{"games": 3}, {"games": 3, "next_game_first": "loser_chooses", "cuts": "decline"}],
    ids=["coin", "loser_chooses"],
)
def test_best_of_three_selfplay(options: dict[str, object]) -> None:
    summary = run_selfplay("inuyasha", 12, ["random", "random"], seed=21, options=options)
    assert summary["errors"] == 0, summary["error_details"]
    assert summary["replay_verified"] == 12


@pytest.mark.parametrize(
    "bad",
    [
        "attack:x",
        "attack:0",
        "attack:0:99999:red",
        "attack:99999:direct",
        "item:3",
        "item:-4:2",
        "play:-1",
        "play:99999",
        "event:99999",
        "event:zz",
        "act:1",
        "save:1:2",
        "",
    ],
)
def test_malformed_choices_are_refused_cleanly(bad: str) -> None:
    state = _start(5)
    state.apply("keep")
    state.apply("keep")
    state.apply(state.prompt().options[0])
    with pytest.raises(IllegalActionError):
        state.apply(bad)


def test_the_boost_prompt_names_both_fighters_with_their_values_now() -> None:
    """Two characters of one name are told apart by their values in the attack's color."""
    from engine.core.scenario import build_state

    both = {"play": ["Village Militia"], "deck": ["10x Swarm of Imps"], "shards": ["5x Swarm of Imps"]}
    setup = {"players": [{"zones": dict(both)}, {"zones": dict(both)}], "state": {"active": 0, "step": "battle"}}
    state = build_state({"game": "inuyasha", "seed": 1, "setup": setup})
    assert state.pending is not None
    wanted = "Village Militia attacks Village Militia in red"
    attack = next(o for o in state.pending.options if o.label.startswith(wanted))
    defender = int(attack.id.split(":")[2])
    state.add_modifier(Modifier(defender, "red", -2, until="attack"))
    state.apply(attack)
    assert state.pending is not None and state.pending.kind == "boost"
    assert state.pending.text == "Village Militia (red 2) attacks Village Militia (red 0): boost?"
