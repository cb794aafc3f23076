"""Random play with the test-only cards in both Decks (tokens, Counter Traps, Quick-Play Magic,
activated monster effects) and with the `always_ask` option: the kernel's consistency checks
(clone, JSON, hidden information...) hold every few steps and the record replays to the same state."""

from __future__ import annotations

from collections import Counter
from types import ModuleType

from engine.core.checks import check_all
from engine.core.record import MatchRecord
from engine.core.registry import get_game
from engine.core.rng import Rng

GAME = get_game("yugioh")
DECISIONS = 20_000
MARKERS = ("vanishes", "is negated", "Monster Token (0/0) appears", "The effect of Test")


def kit_deck(testkit: ModuleType, seat: int) -> dict[str, list[str]]:
    deck = {k: list(v) for k, v in GAME.default_decks()[seat].items()}
    extra = [code for code in testkit.CARDS for _ in range(3)]
    deck["main"] = deck["main"][: 50 - len(extra)] + extra
    return deck


def play(decks: list[dict[str, list[str]]], seed: int, options: dict[str, object], used: Counter[str]) -> None:
    """One random game with the kernel's checks every 5 decisions; counts marker events in `used`."""
    record = MatchRecord.start("yugioh", decks, seed, options)
    state = record.new_state()
    chooser, checker = Rng(seed + 10), Rng(seed + 20)
    while (prompt := state.prompt()) is not None:
        assert len(record.choices) < DECISIONS
        if len(record.choices) % 5 == 0:
            problems = check_all(state, checker)
            assert not problems, f"seed {seed} decision {len(record.choices)}: {problems}"
        option = prompt.options[chooser.randbelow(len(prompt.options))]
        total = state.event_total
        state.apply(option)
        record.choices.append(option.id)
        for event in state.events_since(total):
            used.update(marker for marker in MARKERS if marker in event.text)
    assert state.result is not None
    assert record.replay().digest() == state.digest()


def test_random_play_with_the_test_only_cards(testkit: ModuleType) -> None:
    decks = [kit_deck(testkit, 0), kit_deck(testkit, 1)]
    assert GAME.validate_deck(decks[0]) == []
    used: Counter[str] = Counter()
    for seed in range(6):
        play(decks, seed, {}, used)
    assert set(used) == set(MARKERS), f"the test-only cards were not all exercised: {used}"


def test_random_matches_with_always_ask() -> None:
    used: Counter[str] = Counter()
    for seed in range(3):
        play(GAME.default_decks(), seed, {"always_ask": True, "duels": 3}, used)
