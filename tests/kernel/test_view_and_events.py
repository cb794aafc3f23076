from engine.core.events import Event, only
from engine.core.state import State


def test_opponent_hand_shows_only_a_count(toy_state: State) -> None:
    mine = toy_state.view(0)["players"][0]["zones"]["hand"]
    theirs = toy_state.view(0)["players"][1]["zones"]["hand"]
    assert mine["count"] == 4 and len(mine["cards"]) == 4  # drew 3 + the turn draw
    assert theirs["count"] == 3 and theirs["cards"] == []
    assert toy_state.view(None)["players"][0]["zones"]["hand"]["cards"] == []


def test_deck_never_shows_cards(toy_state: State) -> None:
    for seat in (0, 1, None):
        deck = toy_state.view(seat)["players"][0]["zones"]["deck"]
        assert deck["cards"] == [] and deck["count"] == 11


def test_prompt_is_shown_in_full_only_to_its_player(toy_state: State) -> None:
    assert toy_state.view(0)["prompt"]["options"]
    assert toy_state.view(1)["prompt"] == {"player": 0, "kind": "action", "waiting": True}


def test_private_events_are_redacted_for_others(toy_state: State) -> None:
    draws_for_0 = [e for e in toy_state.view(0)["events"] if e.startswith("Player 0 draws")]
    draws_for_1 = [e for e in toy_state.view(1)["events"] if e.startswith("Player 0 draws")]
    assert any("Number" in e for e in draws_for_0)
    assert draws_for_1 and all(e == "Player 0 draws a card" for e in draws_for_1)


def test_event_masks() -> None:
    event = Event("secret", only(0, 2), "public")
    assert event.text_for(0) == "secret" and event.text_for(2) == "secret"
    assert event.text_for(1) == "public" and event.text_for(None) == "public"
    assert Event("hidden entirely", only(1)).text_for(0) == ""


def test_face_down_slot_card_is_a_placeholder_for_the_opponent(toy_state: State) -> None:
    play = next(o for o in toy_state.prompt().options if o.id.startswith("play:"))  # type: ignore[union-attr]
    toy_state.apply(play)
    slots_seen_by_1 = toy_state.view(1)["players"][0]["zones"]["slot"]["slots"]
    placeholder = next(s for s in slots_seen_by_1 if s is not None)
    assert placeholder["hidden"] is True and "code" not in placeholder and "name" not in placeholder
    slots_seen_by_0 = toy_state.view(0)["players"][0]["zones"]["slot"]["slots"]
    assert any(s and "name" in s for s in slots_seen_by_0)


def test_narration_is_a_bounded_window_with_a_total(toy_state: State) -> None:
    from engine.core.state import EVENT_WINDOW

    total = toy_state.event_total
    for i in range(3 * EVENT_WINDOW):
        toy_state.log(f"line {i}")
    assert toy_state.event_total == total + 3 * EVENT_WINDOW
    assert len(toy_state.events) < 2 * EVENT_WINDOW
    assert toy_state.events[-1].text == f"line {3 * EVENT_WINDOW - 1}"
    mark = toy_state.event_total
    toy_state.log("after the mark")
    assert [e.text for e in toy_state.events_since(mark)] == ["after the mark"]
    assert toy_state.events_since(toy_state.event_total) == []
