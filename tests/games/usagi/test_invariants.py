"""Rule invariants checked at every decision of random games (2-6 players)."""

from __future__ import annotations

import pytest

from engine.core import get_game
from engine.core.rng import Rng
from engine.core.state import EMPTY, State
from engine.games.usagi.board import EVENTS, STACK
from engine.games.usagi.facts import HAND_SIZE, facts

GAME = get_game("usagi")


def problems(state: State) -> list[str]:
    found: list[str] = []
    tokens = sum(int(p["tokens"]) for p in state.players)
    if tokens + state.vars["pool"] != state.vars["start_tokens"]:
        found.append(f"tokens {tokens} + pool {state.vars['pool']} != {state.vars['start_tokens']}")
    if state.vars["phase"] == "initiation" and state.modifiers:
        found.append(f"end-of-turn effects survived the sweep: {state.modifiers}")
    if any(int(p["honor"]) < 0 or int(p["ryo"]) < 0 for p in state.players):
        found.append("negative currency")
    cards = state.cards
    for cid in state.zones[EVENTS]:
        card, info = cards[cid], facts(cards[cid].code)
        if info.is_character:
            event = card.flags.get("inv", EMPTY)
            if event == EMPTY or cards[event].zone != EVENTS or not facts(cards[event].code).is_event:
                found.append(f"{info.name} sits in the Event field without an Event")
        elif info.is_attachment:
            if card.attached_to == EMPTY or cards[card.attached_to].zone != EVENTS:
                found.append(f"{info.name} is attached to nothing in the Event field")
        elif not (info.is_event or info.is_held):
            found.append(f"{info.name} ({info.type}) should not be in the Event field")
    for seat in range(state.num_players):
        for cid in state.zones[f"field:{seat}"]:
            card, info = cards[cid], facts(cards[cid].code)
            if info.is_attachment and (card.attached_to == EMPTY or cards[card.attached_to].zone != card.zone):
                found.append(f"{info.name} in a play field is not attached")
            if info.is_event:
                found.append(f"Event {info.name} in a play field")
        if state.vars["phase"] == "initiation":  # after the sweep only the kept Hero is left (7.11)
            chars = [cid for cid in state.zones[f"field:{seat}"] if facts(cards[cid].code).is_character]
            if len(chars) > 1 or any(not facts(cards[cid].code).is_hero for cid in chars):
                found.append(f"player {seat + 1} has {len(chars)} Characters after the sweep")
        if len(state.zones[f"proposal:{seat}"]) > 1:
            found.append("more than one proposed Event")
        if state.vars["phase"] == "actions" and len(state.zones[f"hand:{seat}"]) > HAND_SIZE + 8:
            found.append("hand grew without bound")
    if state.pending is not None and state.pending.kind == "action" and state.zones[STACK]:
        found.append("cards left on the stack between actions")
    return found


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_invariants_hold_in_random_games(players: int) -> None:
    for seed in range(3):
        state = GAME.new_match(GAME.default_decks(players), seed=seed)
        rng = Rng(seed + 77)
        stories: set[int] = set()  # Story Events revealed so far: they leave play only to a chronicle (8.10)
        while state.pending is not None:
            found = problems(state)
            for cid in stories:
                if state.cards[cid].zone != EVENTS and not state.cards[cid].zone.startswith("chronicle:"):
                    found.append(f"a revealed Story Event went to {state.cards[cid].zone}")
            stories.update(cid for cid in state.zones[EVENTS] if facts(state.cards[cid].code).is_story)
            assert not found, f"{players} players, seed {seed}, decision {state.steps}: {found}"
            state.apply(state.pending.options[rng.randbelow(len(state.pending.options))])
        assert state.result is not None and state.result.winners
        assert not problems(state)
