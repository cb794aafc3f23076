"""Option labels as players read them (through the lens): at most 80 characters, unique, and a
label cut to fit keeps what tells it apart from the others (the target at its end), so an
ordinal such as "(2nd)" is only the last resort for options whose whole labels are alike."""

from __future__ import annotations

import random
import re

import pytest

from engine.core.handles import MAX_LABEL, Lens, match_secret, strip_refs
from engine.core.labels import fit_label
from engine.core.registry import get_game

ORDINAL = re.compile(r" \(\d+(st|nd|rd|th)\)$")
GAMES = [("yugioh", 2), ("naruto", 2), ("inuyasha", 2), ("inazuma", 2), ("usagi", 4)]


def test_a_cut_label_keeps_its_distinguishing_end() -> None:
    ability = "Use Captain of the Mifune Guard: Strike: target Character you control gets +1 Combat this turn"
    first, second = f"{ability} -> Ronin for Hire", f"{ability} -> Mifune Spearman"
    shown = [fit_label(first, [second], MAX_LABEL), fit_label(second, [first], MAX_LABEL)]
    assert all(len(label) <= MAX_LABEL for label in shown)
    assert shown[0].endswith("Ronin for Hire") and shown[1].endswith("Mifune Spearman")


@pytest.mark.parametrize(("game_id", "players"), GAMES)
def test_labels_fit_stay_unique_and_number_only_alike_options(game_id: str, players: int) -> None:
    game = get_game(game_id)
    for seed in (3, 4, 5):
        state = game.new_match(game.default_decks(players), seed)
        secret = match_secret(game_id, seed)
        rng = random.Random(seed)
        for _ in range(600):
            pending = state.prompt()
            if pending is None:
                break
            lens = Lens(state, pending.player, secret)
            shown = lens.prompt()
            assert shown is not None
            labels = [o.label for o in shown.options]
            assert len(set(labels)) == len(labels), labels
            assert all(len(label) <= MAX_LABEL for label in labels)
            engine_labels = {o.id: strip_refs(o.label) for o in pending.options}
            whole = [engine_labels[lens.choice(o.id)] for o in shown.options]
            for label, full in zip(labels, whole, strict=True):
                if ORDINAL.search(label) and not ORDINAL.search(full):
                    alike = [other for other in whole if other == full]
                    assert len(alike) > 1, (label, full, whole)
            state.apply(pending.options[rng.randrange(len(pending.options))])
