"""The story tells each thing once and in the words of the rules (issue 33): a Ninja discarded by
damage is not discarded a second time in the next line, and a block reads as a block."""

from __future__ import annotations

import random
import re

from engine.core.registry import get_game

DAMAGE_DISCARD = re.compile(r"^(?P<name>.+) receives \d+ damage and is discarded$")
SENDS = re.compile(r"^Player (?P<seat>\d) sends out ")
TURN = re.compile(r"^Turn \d+: Player (?P<seat>\d) attacks")
BLOCKS = re.compile(r"^Player (?P<seat>\d) blocks (?P<against>.+) with (?P<team>.+) \(Head: ")


def test_damage_discards_are_told_once_and_blocks_read_as_blocks() -> None:
    game = get_game("naruto")
    discards = blocks = 0
    for seed in range(6):
        state = game.new_match(game.default_decks(2), seed=seed)
        rng = random.Random(seed)
        attacker = -1
        while (prompt := state.prompt()) is not None:
            told = state.event_total
            state.apply(prompt.options[rng.randrange(len(prompt.options))])
            new = [event.text for event in state.events_since(told)]
            for n, text in enumerate(new):
                if match := TURN.match(text):
                    attacker = int(match["seat"]) - 1
                if match := DAMAGE_DISCARD.match(text):
                    discards += 1
                    assert f"{match['name']} is discarded" not in new[n + 1 : n + 2], (seed, new[n : n + 2])
                if match := SENDS.match(text):
                    assert int(match["seat"]) - 1 == attacker, (seed, text)  # only an attack sends out
                if match := BLOCKS.match(text):
                    assert int(match["seat"]) - 1 == 1 - attacker, (seed, text)
                    blocks += 1
    assert discards and blocks
