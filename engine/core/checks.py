"""Consistency checks run at every step of random games (tests and `selfplay --check`).

Each check returns a list of problems in words; an empty list means the state is sound:
- `clone()` and a JSON round trip give the same digest;
- changing the codes of cards hidden from a player does not change that player's view;
- playing on in a clone leaves the original untouched (no shared mutable data);
- the pending prompt's option ids and labels are unique.
"""

from __future__ import annotations

import json

from engine.core.rng import Rng
from engine.core.state import EMPTY, State


def check_copies(state: State) -> list[str]:
    problems: list[str] = []
    digest = state.digest()
    if state.clone().digest() != digest:
        problems.append("clone() differs from the original")
    restored = state.game.from_json(json.loads(json.dumps(state.to_json())))
    if restored.digest() != digest:
        problems.append("to_json -> from_json round trip differs")
    if restored.pending != state.pending:
        problems.append("the restored pending prompt differs")
    return problems


def check_prompt(state: State) -> list[str]:
    pending = state.pending
    if pending is None:
        return [] if state.result is not None else ["no prompt and no result"]
    problems: list[str] = []
    ids = [o.id for o in pending.options]
    labels = [o.label for o in pending.options]
    if len(set(ids)) != len(ids):
        problems.append(f"duplicate option ids in {pending.kind}: {sorted(i for i in ids if ids.count(i) > 1)}")
    if len(set(labels)) != len(labels):
        problems.append(
            f"duplicate option labels in {pending.kind}: {sorted({x for x in labels if labels.count(x) > 1})}"
        )
    if not 0 <= pending.player < state.num_players:
        problems.append(f"prompt for seat {pending.player} of {state.num_players}")
    return problems


def disturb_hidden(state: State, player: int, rng: Rng) -> State:
    """A clone where every card hidden from `player` gets another code of the game's pool."""
    twin = state.clone()
    codes = sorted(state.game.pool.cards)
    for ids in twin.zones.values():
        for cid in ids:
            if cid != EMPTY and not twin.cards[cid].visible_to(player):
                twin.mcard(cid).code = rng.choice(codes)
    return twin


def check_hidden(state: State, rng: Rng) -> list[str]:
    problems: list[str] = []
    for player in [*range(state.num_players), None]:
        view = json.dumps(state.view(player), sort_keys=True)
        seat = -1 if player is None else player
        twin_view = json.dumps(disturb_hidden(state, seat, rng).view(player), sort_keys=True)
        if view != twin_view:
            who = "the spectator" if player is None else f"player {player}"
            problems.append(f"the view of {who} changes when cards hidden from them change: it leaks them")
    return problems


def check_isolation(state: State, rng: Rng) -> list[str]:
    if state.pending is None:
        return []
    before = state.digest()
    twin = state.clone()
    twin.apply(rng.choice(twin.pending.options))  # type: ignore[union-attr]
    if state.digest() != before:
        return ["playing on in a clone changed the original (shared mutable data)"]
    return []


def check_all(state: State, rng: Rng) -> list[str]:
    return check_copies(state) + check_prompt(state) + check_hidden(state, rng) + check_isolation(state, rng)
