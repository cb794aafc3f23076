"""Deck construction, Match results, coverage and end-to-end play of the Yu-Gi-Oh! engine."""

from __future__ import annotations

import pytest

from cards.pool import load_pool
from engine.ai.selfplay import run_selfplay
from engine.core.errors import IllegalActionError, InvalidActionError
from engine.core.registry import get_game
from engine.games.yugioh import BOOK
from engine.games.yugioh.game import banlists, validate
from engine.games.yugioh.match import match_winner

POOL = load_pool("yugioh")
DARK_GRAY = POOL.by_name("Dark Gray").code
SILVER_FANG = POOL.by_name("Silver Fang").code
FLAME_SWORDSMAN = POOL.by_name("Flame Swordsman").code
POT = POOL.by_name("Pot of Greed").code


def filler(n: int) -> list[str]:
    """`n` legal main-deck codes, at most 3 of each."""
    codes = [c for c, card in POOL.cards.items() if card.type == "monster" and card.subtype == "normal"]
    return [codes[i // 3] for i in range(n)]


def test_every_card_has_a_script_or_is_vanilla() -> None:
    assert BOOK.missing(POOL) == []


def test_pool_has_the_three_sets_and_two_starter_decks() -> None:
    cards = [c for c in POOL.cards.values() if "token" not in c.tags]
    assert len(cards) == 185
    assert [c.name for c in POOL.cards.values() if "token" in c.tags] == ["Monster Token"]
    assert {d.name for d in POOL.decks.values()} == {"Starter Deck Yugi", "Starter Deck Kaiba"}
    for deck in POOL.decks.values():
        assert len(deck.sections["main"]) == 50
        assert validate(deck.as_lists()) == []


@pytest.mark.parametrize(
    ("deck", "needle"),
    [
        ({"main": filler(39)}, "at least 40"),
        ({"main": filler(40) + filler(1)}, "at most 3"),
        ({"main": filler(40), "side": filler(14)}, "exactly 15"),
        ({"main": [*filler(40), FLAME_SWORDSMAN]}, "Fusion Deck"),
        ({"main": filler(40), "extra": [SILVER_FANG]}, "not a Fusion Monster"),
        ({"main": filler(40), "extra": [FLAME_SWORDSMAN] * 4}, "Fusion Deck; at most 3"),
        ({"main": [*filler(40), "99999999"]}, "unknown card"),
    ],
)
def test_deck_construction_problems(deck: dict[str, list[str]], needle: str) -> None:
    problems = validate(deck)
    assert any(needle in p for p in problems), problems


def test_side_deck_shares_the_three_copy_limit() -> None:
    main = [c for c in filler(42) if c != DARK_GRAY] + [DARK_GRAY, DARK_GRAY]
    side = [DARK_GRAY, DARK_GRAY, *filler(60)[45:58]]
    assert any("at most 3" in p for p in validate({"main": main, "side": side}))


def test_fusion_deck_is_outside_the_forty() -> None:
    assert validate({"main": filler(40), "extra": [FLAME_SWORDSMAN]}) == []


def test_forbidden_limited_list() -> None:
    assert "classic-house" in banlists()
    deck = {"main": [*filler(40), POT, POT]}
    assert validate(deck) == []
    assert any("limited to 1" in p for p in validate(deck, "classic-house"))
    assert any("unknown Forbidden" in p for p in validate(deck, "nope"))


def test_new_match_refuses_an_illegal_deck() -> None:
    game = get_game("yugioh")
    with pytest.raises(InvalidActionError, match="at least 40"):
        game.new_match([{"main": filler(20)}, game.default_decks()[1]], seed=1)


@pytest.mark.parametrize(
    ("results", "duels", "decided", "winners"),
    [
        ([0], 1, True, [0]),
        ([-1], 1, True, []),
        ([0, 0], 3, True, [0]),
        ([0, 1], 3, False, []),
        ([0, 1, -1], 3, True, []),
        ([-1, 1, -1], 3, True, [1]),
        ([-1, -1, -1], 3, True, []),
        ([1, 0, 1], 3, True, [1]),
        ([-1, -1], 3, False, []),
    ],
)
def test_match_result(results: list[int], duels: int, decided: bool, winners: list[int]) -> None:
    assert match_winner(results, duels) == (decided, winners)


def test_coin_toss_winner_chooses_and_five_card_hands() -> None:
    game = get_game("yugioh")
    state = game.new_match(game.default_decks(), seed=3)
    prompt = state.prompt()
    assert prompt is not None and prompt.kind == "first"
    chooser = prompt.player
    state.apply("second")
    assert state.vars["first"] == 1 - chooser
    assert all(len(state.zones[f"hand:{p}"]) == 5 + (p == state.vars["first"]) for p in (0, 1))
    assert state.players[0]["lp"] == 8000 == state.players[1]["lp"]


def test_best_of_three_loser_chooses_and_side_decking_keeps_sizes() -> None:
    game = get_game("yugioh")
    decks = game.default_decks()
    used = set(decks[0]["main"])
    side = [c for c, card in POOL.cards.items() if card.subtype == "normal" and c not in used][:15]
    decks = [dict(decks[0], side=side), decks[1]]
    state = game.new_match(decks, seed=5, options={"duels": 3})
    state.apply("first")
    # Let player 2 lose Duel 1 at once by deck-out bookkeeping through the public path:
    loser = 1
    state.vars["reverse"] = state.vars["turn"]  # a Reverse Trap of Duel 1 must not reach Duel 2
    state.players[loser]["lp"] = 0
    from engine.games.yugioh.board import sweep

    assert sweep(state)
    state.advance()
    prompt = state.prompt()
    assert prompt is not None and prompt.kind == "side_out" and prompt.player == 0
    out_option = next(o for o in prompt.options if o.id != "done")
    state.apply(out_option.id)
    prompt = state.prompt()
    assert prompt is not None and prompt.kind == "side_in"
    state.apply(prompt.options[0].id)
    state.apply("done")
    prompt = state.prompt()
    assert prompt is not None and prompt.kind == "first" and prompt.player == loser
    assert len(state.zones["deck:0"]) == 50 and len(state.zones["side:0"]) == 15
    state.apply("first")
    assert state.vars["duel"] == 2 and state.vars["first"] == loser
    assert state.vars["duels"] == [0]
    assert "reverse" not in state.vars


def test_illegal_choice_names_the_rule() -> None:
    game = get_game("yugioh")
    state = game.new_match(game.default_decks(), seed=1)
    state.apply("first")
    with pytest.raises(IllegalActionError, match=r"yugioh 9\.4"):
        state.apply("battle")


def test_random_selfplay_is_error_free_and_replays() -> None:
    summary = run_selfplay("yugioh", 100, ["random", "random"], seed=11)
    assert summary["errors"] == 0, summary
    text = str(summary)
    assert "verified" in text or summary.get("games") == 100
