"""Random play with the test-only cards in both Decks (tokens, Counter Traps, Quick-Play Magic):
the kernel's consistency checks (clone, JSON, hidden information...) hold at every step and the
record replays to the same state."""

from __future__ import annotations

from collections import Counter
from types import ModuleType

from engine.core.checks import check_all
from engine.core.record import MatchRecord
from engine.core.registry import get_game
from engine.core.rng import Rng

GAME = get_game("yugioh")
DECISIONS = 20_000


def kit_deck(testkit: ModuleType, seat: int) -> dict[str, list[str]]:
    deck = {k: list(v) for k, v in GAME.default_decks()[seat].items()}
    extra = [code for code in testkit.CARDS for _ in range(3)]
    deck["main"] = deck["main"][: 50 - len(extra)] + extra
    return deck


def test_random_play_with_tokens_and_counter_traps(testkit: ModuleType) -> None:
    decks = [kit_deck(testkit, 0), kit_deck(testkit, 1)]
    assert GAME.validate_deck(decks[0]) == []
    used: Counter[str] = Counter()
    for seed in range(6):
        record = MatchRecord.start("yugioh", decks, seed)
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
                used.update(
                    word for word in ("vanishes", "is negated", "Monster Token (0/0) appears") if word in event.text
                )
        assert record.replay().digest() == state.digest()
    assert len(used) == 3, f"the test-only cards were not all exercised: {used}"
