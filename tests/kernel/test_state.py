import json

import pytest

from engine.core.errors import IllegalActionError, InvalidActionError
from engine.core.state import EMPTY, Modifier, State


def test_clone_is_independent_for_cards_zones_vars_and_frames(toy_state: State) -> None:
    clone = toy_state.clone()
    hand = clone.zones["hand:0"]
    cid = hand[0]
    clone.move(cid, "discard:0")
    clone.mcard(cid).counters["burn"] = 2
    clone.vars["pressure"] = 99
    clone.stack[-1].data["extra"] = [1, 2]
    assert cid in toy_state.zones["hand:0"]
    assert toy_state.cards[cid].zone == "hand:0"
    assert "burn" not in toy_state.cards[cid].counters
    assert toy_state.vars["pressure"] == 0
    assert "extra" not in toy_state.stack[-1].data


def test_original_changes_do_not_leak_into_an_earlier_clone(toy_state: State) -> None:
    clone = toy_state.clone()
    before = clone.digest()
    cid = toy_state.zones["hand:0"][0]
    toy_state.mcard(cid).counters["x"] = 1
    toy_state.move(cid, "discard:0")
    assert clone.digest() == before


def test_json_round_trip_is_exact(toy_state: State) -> None:
    data = json.loads(json.dumps(toy_state.to_json()))
    restored = toy_state.game.from_json(data)
    assert restored.digest() == toy_state.digest()
    assert restored.pending == toy_state.pending


def test_a_malformed_snapshot_is_refused_clearly(toy_state: State) -> None:
    data = toy_state.to_json()
    del data["zones"]
    with pytest.raises(InvalidActionError, match="not a valid state snapshot"):
        toy_state.game.from_json(data)


def test_move_sets_visibility_from_the_destination_zone(toy_state: State) -> None:
    cid = toy_state.zones["hand:0"][0]
    card = toy_state.cards[cid]
    assert not card.face_up and card.visible_to(0) and not card.visible_to(1)
    toy_state.move(cid, "slot:0", index=1)
    assert toy_state.zones["slot:0"] == [EMPTY, cid]
    assert toy_state.cards[cid].visible_to(0) and not toy_state.cards[cid].visible_to(1)
    toy_state.move(cid, "discard:0")
    assert toy_state.cards[cid].face_up and toy_state.cards[cid].visible_to(None)
    assert toy_state.zones["slot:0"] == [EMPTY, EMPTY]


def test_shuffle_forgets_what_was_known(toy_state: State) -> None:
    cid = toy_state.zones["hand:0"][0]
    toy_state.move(cid, "deck:0", known=1)
    assert toy_state.cards[cid].visible_to(0)
    toy_state.shuffle("deck:0")
    assert not toy_state.cards[cid].visible_to(0)


def test_modifiers_add_set_expire_and_end_when_the_card_moves(toy_state: State) -> None:
    cid = toy_state.zones["hand:0"][0]
    toy_state.add_modifier(Modifier(cid, "power", 3, "add", "end_of_turn", -1, "hand:0"))
    toy_state.add_modifier(Modifier(cid, "power", 2, "add", "end_of_phase"))
    assert toy_state.modified(cid, "power", 1) == 6
    toy_state.add_modifier(Modifier(cid, "power", 0, "set", "end_of_phase"))
    assert toy_state.modified(cid, "power", 1) == 5  # set to 0, then +3 +2
    toy_state.expire("end_of_phase")
    assert toy_state.modified(cid, "power", 1) == 4
    toy_state.move(cid, "discard:0")
    assert toy_state.modified(cid, "power", 1) == 1
    toy_state.prune_modifiers()
    assert toy_state.modifiers == []
    toy_state.add_modifier(Modifier(cid, "power", -5, "add", "permanent"))
    assert toy_state.modified(cid, "power", 1) == 0  # never below zero


def test_apply_refuses_unknown_ids_with_the_games_explanation(toy_state: State) -> None:
    with pytest.raises(IllegalActionError) as info:
        toy_state.apply("play:999:0")
    assert "free slot" in str(info.value) and info.value.rule == "toy 2.1"
    with pytest.raises(IllegalActionError, match="not one of the options"):
        toy_state.apply("dance")
    with pytest.raises(InvalidActionError):
        toy_state.apply(3)  # type: ignore[arg-type]


def test_a_refused_choice_changes_nothing(toy_state: State) -> None:
    before = toy_state.digest()
    with pytest.raises(IllegalActionError):
        toy_state.apply("dance")
    assert toy_state.digest() == before


def test_apply_after_the_end_is_refused(toy_state: State) -> None:
    toy_state.finish([0], "test over")
    assert toy_state.prompt() is None
    with pytest.raises(IllegalActionError, match="game is over"):
        toy_state.apply("pass")
