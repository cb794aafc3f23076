"""The Yu-Gi-Oh! TCG (rulebook v3.0) as a tcgtable game."""

from __future__ import annotations

import json
import math
from collections import Counter
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any, Final

from engine.core.game import CONTROLLER, HIDDEN, OWNER, PUBLIC, DeckList, Game, MatchOption, ZoneSpec
from engine.core.state import State
from engine.games.yugioh.board import START_LP, TOKEN, atk, dfn, monsters
from engine.games.yugioh.explain import explain
from engine.games.yugioh.facts import table
from engine.games.yugioh.match import start_duel, toss

BANLIST_FILE: Final = Path(__file__).resolve().parents[3] / "cards" / "data" / "yugioh" / "forbidden_limited.json"
MIN_DECK: Final = 40
SIDE_SIZE: Final = 15
MAX_COPIES: Final = 3


@cache
def banlists() -> dict[str, dict[str, int]]:
    """Forbidden/Limited lists by name: card code -> copies allowed (rule 14.3)."""
    raw = json.loads(BANLIST_FILE.read_text(encoding="utf-8"))
    return {name: {str(k): int(v) for k, v in entries.items()} for name, entries in raw.items() if name[0] != "_"}


class YugiohGame(Game):
    """Two players, 8000 LP, Deck of 40+, Fusion Deck, Side Deck, Matches of 3 Duels."""

    id = "yugioh"
    name = "Yu-Gi-Oh! TCG"
    version = "2"
    card_refs = ("vars.attack/*", "vars.chain/*/0", "vars.chain/*/3/*/0", "vars.summoned/0")
    zones = (
        ZoneSpec("deck", HIDDEN, pool="library"),
        ZoneSpec("hand", OWNER, pool="library"),
        ZoneSpec("fusion", OWNER, pool="fusion"),
        ZoneSpec("side", OWNER, pool="side"),
        ZoneSpec("grave", PUBLIC),
        ZoneSpec("banished", PUBLIC),
        ZoneSpec("void", PUBLIC),  # Monster Tokens that left the field: they no longer exist (rule 5.7)
        ZoneSpec("mzone", CONTROLLER, slots=5, in_play=True, pool="set_monsters", returns_control=False),
        ZoneSpec("szone", CONTROLLER, slots=5, in_play=True, pool="set_cards", returns_control=False),
        ZoneSpec("fzone", CONTROLLER, slots=1, in_play=True, pool="set_cards", returns_control=False),
    )
    match_options = {
        "duels": MatchOption(1, "Duels per Match: 1 (single Duel) or 3 (rule 1.1 Match, best of three)", (1, 3)),
        "first_player_draws": MatchOption(
            True, "The first player draws in their first Draw Phase (rule 9.2 Interpretation)", (True, False)
        ),
        "banlist": MatchOption("none", "Forbidden/Limited list in force (rule 14.3)", tuple(banlists())),
        "always_ask": MatchOption(
            False,
            "Ask a player in every response window where the opponent cannot rule out a response, even "
            "with nothing to activate, so the question reveals nothing (rule 8.2 Interpretation)",
            (True, False),
        ),
    }

    def setup(self, state: State, decks: list[DeckList]) -> None:
        for seat, deck in enumerate(decks):
            for code in deck.get("main", []):
                state.create_card(code, seat, f"deck:{seat}")
            for code in deck.get("extra", []) + deck.get("fusion", []):
                state.create_card(code, seat, f"fusion:{seat}")
            for code in deck.get("side", []):
                state.create_card(code, seat, f"side:{seat}")
            state.players[seat] = {"lp": START_LP}
        state.vars["duels"] = []
        state.push("ygo.begin", chooser=toss(state))

    def validate_deck(self, deck: DeckList, options: Mapping[str, Any] | None = None) -> list[str]:
        return validate(deck, str((options or {}).get("banlist", "none")))

    def scenario_setup(self, state: State, setup: Mapping[str, Any]) -> None:
        active = int(setup.get("active", 0))
        for seat in range(2):
            state.players[seat].setdefault("lp", START_LP)
        state.vars.update(
            {
                "turn": int(setup.get("turn", 2)),
                "active": active,
                "first": int(setup.get("first", 0)),
                "phase": str(setup.get("phase", "main1")),
                "chain": [],
                "triggers": [],
                "duels": [],
                "duel": 1,
            }
        )
        phase = state.vars["phase"]
        state.push("ygo.turn")
        frame = state.stack[-1]
        if phase == "draw":
            state.vars["turn"] -= 1
            frame.step = 0
        elif phase == "standby":
            frame.step = 1
        elif phase == "main1":
            frame.step = 3
            state.push("ygo.main", quiet=False)  # resume inside the Main Phase
        elif phase == "battle":
            frame.step = 4
            state.push("ygo.battle")
            state.stack[-1].step = 1
        elif phase == "main2":
            frame.step = 5
            state.push("ygo.main", quiet=False)  # resume inside the Main Phase
        elif phase == "end":
            frame.step = 5
        else:
            raise ValueError(f"unknown phase {phase!r} (draw, standby, main1, battle, main2, end)")

    def could_be(self, pool: str, code: str) -> bool:
        """A hidden card is never a Monster Token (tokens are not cards, rule 5.7)."""
        return code != TOKEN

    def evaluate(self, state: State, player: int) -> float:
        if state.result is not None:
            return super().evaluate(state, player)
        foe = 1 - player
        lp = int(state.players[player]["lp"]) - int(state.players[foe]["lp"])
        board = sum(power(state, c) for c in monsters(state, player)) - sum(
            power(state, c) for c in monsters(state, foe)
        )
        cards = len(state.zones[f"hand:{player}"]) - len(state.zones[f"hand:{foe}"])
        return math.tanh(lp / 4000 + board / 6000 + cards / 10)

    def explain_illegal(self, state: State, option_id: str) -> tuple[str, str] | None:
        return explain(state, option_id)

    def status_line(self, state: State, player: int) -> str:
        return (
            f"LP {state.players[player]['lp']}, hand {len(state.zones[f'hand:{player}'])}, "
            f"deck {len(state.zones[f'deck:{player}'])}"
        )


def power(state: State, cid: int) -> int:
    card = state.cards[cid]
    if not card.face_up:
        return 1000
    return atk(state, cid) if card.orientation == "atk" else dfn(state, cid) // 2


def validate(deck: DeckList, banlist: str = "none") -> list[str]:
    """Every deck construction problem (rules 14.1-14.4, 1.4, 5.4)."""
    facts = table()
    problems: list[str] = []
    main = list(deck.get("main", []))
    side = list(deck.get("side", []))
    fusion = list(deck.get("extra", [])) + list(deck.get("fusion", []))
    unknown = sorted({c for c in main + side + fusion if c not in facts})
    if unknown:
        return [f"unknown card code(s) {', '.join(unknown)} (yugioh 14.1)"]
    if any(facts[c].is_token for c in main + side + fusion):
        problems.append("a Monster Token is not a card and cannot be part of a Deck (yugioh 5.7)")
    for section in deck:
        if section not in ("main", "side", "extra", "fusion"):
            problems.append(f"unknown deck section {section!r}: use main, side and extra (the Fusion Deck)")
    if len(main) < MIN_DECK:
        problems.append(f"the Deck has {len(main)} cards; at least {MIN_DECK} are required (yugioh 14.1)")
    if side and len(side) != SIDE_SIZE:
        problems.append(f"a Side Deck must have exactly {SIDE_SIZE} cards or none, not {len(side)} (yugioh 1.4)")
    for code in main + side:
        if facts[code].is_fusion:
            problems.append(f"{facts[code].name} is a Fusion Monster: it belongs in the Fusion Deck (yugioh 5.4)")
            break
    for code in fusion:
        if not facts[code].is_fusion:
            problems.append(f"{facts[code].name} is not a Fusion Monster and cannot be in the Fusion Deck (yugioh 5.4)")
            break
    names = Counter(facts[c].name for c in main + side)
    for card_name, count in sorted(names.items()):
        if count > MAX_COPIES:
            problems.append(f"{count} copies of {card_name} in Deck and Side Deck; at most {MAX_COPIES} (yugioh 14.2)")
    for card_name, count in sorted(Counter(facts[c].name for c in fusion).items()):
        if count > MAX_COPIES:
            problems.append(f"{count} copies of {card_name} in the Fusion Deck; at most {MAX_COPIES} (yugioh 14.2)")
    limits = banlists().get(banlist)
    if limits is None:
        problems.append(f"unknown Forbidden/Limited list {banlist!r} (yugioh 14.3)")
    else:
        everything = Counter(main + side + fusion)
        for code, allowed in sorted(limits.items()):
            if everything.get(code, 0) > allowed:
                status = "Forbidden" if allowed == 0 else f"limited to {allowed}"
                problems.append(f"{facts[code].name} is {status} on the {banlist} list (yugioh 14.3)")
    return problems


__all__ = ["YugiohGame", "start_duel", "validate"]
