"""Test-only Naruto cards for rules no card of "The Path to Hokage" shows: effects that turn Battle
Rewards face up or face down and one that handles Battle Rewards at random (rules 13.12), and
Client cards (rules 7.6).

`install(monkeypatch)` adds them to the cached pool, the facts table and the script book for one
test; nothing of them is shipped. Their texts are ours; they are not real cards.
"""

from __future__ import annotations

import pytest

from cards.pool import CardDef, load_pool, normalize_name
from engine.dsl.context import Ctx
from engine.dsl.scripts import Effect
from engine.dsl.selectors import Selector
from engine.games.naruto import actions, board
from engine.games.naruto.book import BOOK
from engine.games.naruto.facts import _FACTS, all_facts, build_facts

SPOTLIGHT = "T-901"  # Mission: turn 1 of the opponent's Battle Rewards face up
BLINDFOLD = "T-902"  # Mission: turn every Battle Reward of both players face down
LOTTERY = "T-903"  # Mission: 1 random Battle Reward of the opponent goes to its owner's Chakra area
MERCHANT = "T-911"  # Client "Test Merchant", Entrance 1, Hand cost 1 (Void)
MERCHANT_2 = "T-912"  # another version of "Test Merchant", Entrance 0
BRIDGE_BUILDER = "T-913"  # Client "Test Bridge Builder", Entrance 0
FISHERMAN = "T-914"  # Client "Test Fisherman", Entrance 0


def _their_rewards(ctx: Ctx) -> list[int]:
    return list(ctx.state.zones[f"rewards:{board.opponent(ctx.player)}"])


def _spotlight(ctx: Ctx) -> None:
    actions.turn_rewards(ctx.state, list(ctx.targets), face_up=True)


def _blindfold(ctx: Ctx) -> None:
    for p in range(ctx.state.num_players):
        actions.turn_rewards(ctx.state, list(ctx.state.zones[f"rewards:{p}"]), face_up=False)


def _lottery(ctx: Ctx) -> None:
    for cid in actions.random_rewards(ctx.state, board.opponent(ctx.player)):
        actions.to_zone(ctx.state, cid, "chakra")
        ctx.state.log(f"{board.label(ctx.state, cid)} goes from the Battle Rewards to its owner's Chakra area")


CARDS = {
    SPOTLIGHT: ("Test Spotlight", "Turn 1 of your opponent's Battle Rewards face up."),
    BLINDFOLD: ("Test Blindfold", "Turn every Battle Reward face down."),
    LOTTERY: ("Test Lottery", "Move 1 random Battle Reward of your opponent to its owner's Chakra area."),
}
EFFECTS = {
    SPOTLIGHT: Effect("test_spotlight", "mission", _spotlight, target=Selector(_their_rewards)),
    BLINDFOLD: Effect("test_blindfold", "mission", _blindfold),
    LOTTERY: Effect("test_lottery", "mission", _lottery),
}


CLIENTS = {
    MERCHANT: ("Test Merchant", 1, 1),
    MERCHANT_2: ("Test Merchant", 0, 0),
    BRIDGE_BUILDER: ("Test Bridge Builder", 0, 0),
    FISHERMAN: ("Test Fisherman", 0, 0),
}


def _defs() -> list[CardDef]:
    void = ["Void"]
    missions = [
        CardDef("naruto", code, name, "Mission", stats={"symbols": void, "entrance": 0, "hand": 0}, text=text)
        for code, (name, text) in CARDS.items()
    ]
    clients = [
        CardDef("naruto", code, name, "Client", stats={"symbols": void, "entrance": e, "hand": h}, text="A Client.")
        for code, (name, e, h) in CLIENTS.items()
    ]
    return missions + clients


def install(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make the test-only cards known to the pool, the facts table and the script book."""
    pool = load_pool("naruto")
    all_facts()
    for card in _defs():
        code = card.code
        monkeypatch.setitem(pool.cards, code, card)
        monkeypatch.setitem(pool._by_name, normalize_name(card.name), card)
        monkeypatch.setitem(_FACTS, code, build_facts(card))
        if code in EFFECTS:
            monkeypatch.setitem(BOOK._effects, code, (EFFECTS[code],))
