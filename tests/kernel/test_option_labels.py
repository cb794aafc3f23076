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


def _inuyasha_labels(mine: list[str], theirs: list[str]) -> list[str]:
    from engine.core.scenario import build_state

    state = build_state(
        {
            "game": "inuyasha",
            "setup": {
                "players": [
                    {
                        "zones": {
                            "play": mine,
                            "hand": ["Swarm of Imps", "Rampage Path"],
                            "deck": ["10x Swarm of Imps"],
                            "shards": ["5x Swarm of Imps"],
                        }
                    },
                    {"zones": {"play": theirs, "deck": ["10x Swarm of Imps"], "shards": ["5x Swarm of Imps"]}},
                ],
                "state": {"active": 0, "step": "battle"},
            },
        }
    )
    shown = Lens(state, 0, match_secret("inuyasha", 0)).prompt()
    assert shown is not None
    return [option.label for option in shown.options]


def test_a_card_and_its_target_each_read_with_their_own_place() -> None:
    """Issue 33: "Play Rampage Path: Gama, Toad Retainer (your Hand 5, AI's In play 2)" glued the
    two places into one list after both names. Each place follows its own card, and a card every
    alike option names the same (the one Rampage Path) needs none."""
    labels = _inuyasha_labels(["Village Militia"], ["Gama, Toad Retainer", "Village Militia", "Gama, Toad Retainer"])
    plays = sorted(label for label in labels if label.startswith("Play Rampage Path: Gama"))
    assert plays == [
        "Play Rampage Path: Gama, Toad Retainer (Player 2's In play 1)",
        "Play Rampage Path: Gama, Toad Retainer (Player 2's In play 3)",
    ]
    labels = _inuyasha_labels(["Village Militia", "Village Militia"], ["Gama, Toad Retainer"])
    attacks = sorted(label for label in labels if "attacks Gama" in label)
    assert attacks == [
        "Village Militia (your In play 1) attacks Gama, Toad Retainer in white (2 vs 3)",
        "Village Militia (your In play 2) attacks Gama, Toad Retainer in white (2 vs 3)",
    ]
    for label in _inuyasha_labels(["Village Militia", "Village Militia"], ["Gama, Toad Retainer"] * 2):
        assert not re.search(r"\([^()]*In play \d, [^()]*In play", label), label  # never two places in one list


def test_a_cut_label_keeps_every_place_that_tells_it_apart() -> None:
    """Three long labels: two differ only by a place in the middle, two only by their end. A cut
    that keeps only the end would read alike for the first two; the place stays as well."""
    ability = "Use Captain of the Mifune Guard: Strike: target Character you control gets +1 Combat this turn"
    labels = [
        f"{ability} (your In play 1) -> Ronin for Hire",
        f"{ability} (your In play 2) -> Ronin for Hire",
        f"{ability} (your In play 1) -> Mifune Spearman",
    ]
    shown = [fit_label(label, [o for o in labels if o != label], MAX_LABEL) for label in labels]
    assert all(len(label) <= MAX_LABEL for label in shown) and len(set(shown)) == 3
    assert "1)" in shown[0] and "2)" in shown[1] and shown[0].endswith("Ronin for Hire")
    assert shown[2].endswith("Mifune Spearman")
