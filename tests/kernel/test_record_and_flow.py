import random

import pytest
import toygame

from engine.core.determinize import determinize
from engine.core.errors import InvalidActionError
from engine.core.record import MatchRecord
from engine.core.rng import Rng
from engine.core.state import Frame, State, procedure


def play_random(record: MatchRecord, seed: int) -> State:
    rng = random.Random(seed)
    state = record.new_state()
    while (prompt := state.prompt()) is not None:
        option = rng.choice(prompt.options)
        state.apply(option)
        record.choices.append(option.id)
    return state


def test_record_replays_to_the_same_digest_and_json_round_trips(toy: toygame.ToyGame) -> None:
    record = MatchRecord.start("toy", [toygame.DECK, toygame.DECK], seed=3)
    final = play_random(record, 1)
    restored = MatchRecord.from_json(record.to_json())
    assert restored.replay().digest() == final.digest()
    halfway = len(record.choices) // 2
    assert record.replay(halfway).steps == halfway


def test_record_of_another_engine_version_is_refused(toy: toygame.ToyGame) -> None:
    record = MatchRecord.start("toy", [toygame.DECK, toygame.DECK], seed=3)
    record.engine_version = "0-old"
    with pytest.raises(InvalidActionError, match="engine version"):
        record.replay()
    with pytest.raises(InvalidActionError):
        MatchRecord.from_json({"game": "toy"})


def test_response_window_offers_each_other_player_until_all_pass(toy: toygame.ToyGame) -> None:
    state = toy.new_match([toygame.DECK] * 3, seed=5)
    play = next(o for o in state.prompt().options if o.id.startswith("play:"))  # type: ignore[union-attr]
    state.apply(play)
    assert state.prompt().player == 1 and state.prompt().kind == "response"  # type: ignore[union-attr]
    state.apply(next(o for o in state.prompt().options if o.id != "pass"))  # type: ignore[union-attr]
    assert state.vars["pressure"] == 1
    # After player 1's response only player 2 still has to pass (the responder counts as passed).
    assert state.prompt().player == 2  # type: ignore[union-attr]
    state.apply("pass")
    assert state.players[0]["score"] > 0
    assert state.prompt().player == 1 and state.prompt().kind == "action"  # type: ignore[union-attr]


@procedure("test.window_host")
def window_host(state: State, frame: Frame) -> None:
    """Opens a window where the responder must pass again, then reports the response count."""
    if frame.step == 0:
        frame.step = 1
        state.push(
            "core.window", order=[1, 2], options_fn="toy.responses", on_response="toy.respond", responder_passes=False
        )
        return
    state.vars["responses"] = state.take_returned()
    state.finish([0], "window closed")


def test_response_window_can_require_the_responder_to_pass_again(toy: toygame.ToyGame) -> None:
    state = toy.new_match([toygame.DECK] * 3, seed=5)
    state.pending = None
    state.stack = [Frame("test.window_host")]
    state.advance()
    assert state.prompt().player == 1  # type: ignore[union-attr]
    state.apply(next(o for o in state.prompt().options if o.id != "pass"))  # type: ignore[union-attr]
    assert state.prompt().player == 2  # type: ignore[union-attr]
    state.apply("pass")
    assert state.prompt().player == 1  # type: ignore[union-attr]
    state.apply("pass")
    assert state.result is not None and state.vars["responses"] == 1


def test_invalid_match_setups_are_refused(toy: toygame.ToyGame) -> None:
    with pytest.raises(InvalidActionError, match="2-3 players"):
        toy.new_match([toygame.DECK], seed=1)
    with pytest.raises(InvalidActionError, match="at least 10"):
        toy.new_match([{"main": ["N1"]}, toygame.DECK], seed=1)
    with pytest.raises(InvalidActionError, match="no match option"):
        toy.new_match([toygame.DECK, toygame.DECK], seed=1, options={"speed": 2})


def test_determinize_depends_only_on_what_the_player_can_see(toy_state: State) -> None:
    own = toygame.DECK["main"]
    beliefs = {1: toygame.DECK["main"]}
    sample = determinize(toy_state, 0, Rng(4), own, beliefs)
    # Change every opponent card hidden from player 0 in the true state: the sample must not
    # change. (Player 0's own deck is their own knowledge: its contents may inform the sample.)
    twin = toy_state.clone()
    for cid in twin.zones["hand:1"] + twin.zones["deck:1"]:
        twin.mcard(cid).code = "N5"
    assert twin.view(0) == toy_state.view(0)
    sample_twin = determinize(twin, 0, Rng(4), own, beliefs)
    assert sample_twin.digest() == sample.digest()
    # What player 0 sees is kept, and the sample is a playable state.
    assert [sample.cards[c].code for c in sample.zones["hand:0"]] == [
        toy_state.cards[c].code for c in toy_state.zones["hand:0"]
    ]
    sample.apply(sample.prompt().options[0])  # type: ignore[union-attr]
