"""Monster Tokens outside scenarios: deck building, AI sampling, between Duels, state round trips;
chain-link negation bookkeeping."""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType

from engine.core.registry import get_game
from engine.core.state import State
from engine.games.yugioh.board import TOKEN, create_token, to_grave
from engine.games.yugioh.chain import negate
from engine.games.yugioh.game import validate
from engine.games.yugioh.match import reset_cards

GAME = get_game("yugioh")
DECK = GAME.default_decks()[0]


def test_a_token_is_never_part_of_a_deck() -> None:
    for section in ("main", "side", "extra"):
        deck = {k: list(v) for k, v in DECK.items()}
        deck.setdefault(section, []).append(TOKEN)
        assert any("yugioh 5.7" in p for p in validate(deck)), section


def test_the_ai_never_imagines_a_hidden_token() -> None:
    assert not GAME.could_be("library", TOKEN)
    assert GAME.could_be("library", DECK["main"][0])


def test_a_created_token_survives_clone_and_json_and_leaves_with_the_duel(build: Callable[..., State]) -> None:
    state = build({"deck": ["5x Dark Gray"]})
    cid = create_token(state, 0, position="def", atk=700, dfn=300, level=3)
    assert cid is not None and state.cards[cid].zone == "mzone:0" and state.cards[cid].face_up
    for copy in (state.clone(), GAME.from_json(state.to_json())):
        assert copy.digest() == state.digest()
        assert copy.cards[cid].counters == {"atk": 700, "def": 300, "level": 3}
    reset_cards(state)
    assert state.cards[cid].zone == "void:0"
    assert TOKEN not in {state.cards[c].code for c in state.zones["deck:0"]}


def test_negation_marks_only_a_waiting_link(testkit: ModuleType, build: Callable[..., State]) -> None:
    state = build({"hand": ["Ookazi"], "deck": ["5x Dark Gray"]})
    state.vars["chain"] = [[0, 0, "ookazi", [], 1, False]]
    assert negate(state, 0) and state.vars["chain"][0][5] is True
    assert not negate(state, 0)  # already negated
    assert not negate(state, 1)  # no link of that card


def test_a_replaced_attack_target_causes_a_replay(build: Callable[..., State]) -> None:
    up = {"face_up": True, "orientation": "atk"}
    state = build(
        {"mzone": [{"card": "Battle Ox", **up}], "deck": ["5x Dark Gray"]},
        {"mzone": [{"card": "Dark Gray", **up}], "szone": [{"card": "Waboku", "flags": {"set": 2}}]},
        phase="battle",
    )
    state.apply("attack:0")
    state.apply("target:6")
    prompt = state.prompt()
    assert prompt is not None and prompt.player == 1 and prompt.kind == "response"
    to_grave(state, 6, why="destroyed")  # as if an effect swapped the target for a token
    assert create_token(state, 1) is not None
    state.apply("pass")
    prompt = state.prompt()
    assert prompt is not None and prompt.kind == "attack" and "attack:0" in prompt
    assert any("Replay" in e.text for e in state.events[-3:])
    assert state.vars["attack"] is None and "attacked" not in state.cards[0].flags
