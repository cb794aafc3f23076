"""The Inuyasha TCG as a tcgtable game: zones, options, setup, evaluation, illegal-choice messages."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Final

from engine.core.game import ALWAYS_ASK, HIDDEN, OWNER, PUBLIC, DeckList, Game, MatchOption, ZoneSpec, always_ask_option
from engine.core.state import State
from engine.games.inuyasha import board, match, rules
from engine.games.inuyasha import decks as deckrules
from engine.games.inuyasha.facts import EVENT, facts

# Importing these modules registers the procedures and card scripts.
from engine.games.inuyasha import battle, cards_heroes, cards_villains, combat, turn  # noqa: F401  isort: skip

STEP_PROCEDURES: Final = {"setup": "inuyasha.setup_step", "battle": "inuyasha.battle", "recovery": "inuyasha.recovery"}


class InuyashaGame(Game):
    """Inuyasha TCG (Score Entertainment), two players, with the tcgtable practice set."""

    id: ClassVar[str] = "inuyasha"
    name: ClassVar[str] = "Inuyasha TCG"
    version: ClassVar[str] = "1"
    zones: ClassVar[tuple[ZoneSpec, ...]] = (
        ZoneSpec("deck", HIDDEN, pool="deck"),
        ZoneSpec("hand", OWNER, pool="deck"),
        ZoneSpec("shards", HIDDEN, pool="deck"),
        ZoneSpec("captured", HIDDEN, pool="deck"),
        ZoneSpec("discard", PUBLIC),
        ZoneSpec("play", PUBLIC, in_play=True, returns_control=False),
        ZoneSpec("resolving", PUBLIC),
        ZoneSpec("removed", PUBLIC),
        ZoneSpec("kaitou", PUBLIC),
        ZoneSpec("kaitou_deck", OWNER, pool="kaitou_deck"),
    )
    match_options: ClassVar[dict[str, MatchOption]] = {
        ALWAYS_ASK: always_ask_option("rule 7.3"),
        "format": MatchOption(
            "standard", "deck size: standard (60) or demo (40), rules 2.1 and 2.6", ("standard", "demo")
        ),
        "location_copies": MatchOption(
            "per_player",
            "one copy of each location per player, or on the whole table (rule 5.3)",
            ("per_player", "table"),
        ),
        "deck_cost_shortfall": MatchOption(
            "lose",
            "a deck cost larger than the deck: lose when it runs out, or forbid the play (rule 5.1)",
            ("lose", "forbid"),
        ),
        "keyword_boosts": MatchOption(
            "once", "Aggressive/Defensive: once per attack, or repeat with more discards (rule 7.4)", ("once", "repeat")
        ),
        "games": MatchOption(
            1, "games per match: 1, or 3 (best of three, Kaitou swaps between games, rule 2.5)", (1, 3)
        ),
        "next_game_first": MatchOption(
            "coin",
            "who picks the first player of games 2 and 3: a new coin flip, or the last game's loser (rule 3.6)",
            ("coin", "loser_chooses"),
        ),
        "cuts": MatchOption(
            "offer",
            "after a shuffle the opponent is offered a cut, or always declines it (rule 3.7)",
            ("offer", "decline"),
        ),
        "max_turns": MatchOption(200, "turn limit for computer play; the game is a draw past it (rule 11)"),
    }

    def default_decks(self, players: int | None = None) -> list[DeckList]:
        """Heroes against Villains (the 60-card decks)."""
        pool = self.pool
        return [pool.decks["Heroes"].as_lists(), pool.decks["Villains"].as_lists()]

    # ------------------------------------------------------------------ setup
    def setup(self, state: State, decks: list[DeckList]) -> None:
        for seat, deck in enumerate(decks):
            for code in deck.get("main", []):
                state.create_card(code, seat, f"deck:{seat}")
            for code in deckrules.kaitou_card(deck):
                state.create_card(code, seat, f"kaitou:{seat}", face_up=True)
            for code in deck.get("side", []):
                state.create_card(code, seat, f"kaitou_deck:{seat}", known=1 << seat)
        state.vars["results"] = []
        match.deal(state)

    def validate_deck(self, deck: DeckList, options: Mapping[str, Any] | None = None) -> list[str]:
        return deckrules.validate_deck(deck, options)

    def scenario_setup(self, state: State, setup: Mapping[str, Any]) -> None:
        """Resume at `step` (deal, start, draw, setup, battle or recovery) with `active`, `turn`, `results`."""
        active = int(setup.get("active", 0))
        step = str(setup.get("step", setup.get("phase", "battle")))
        if "results" in setup:
            state.vars["results"] = [int(r) for r in setup["results"]]
        if step in ("deal", "start"):  # a game's beginning: shuffle and cut (3.2), or the swaps and the flip
            if step == "deal":
                match.deal(state)
            else:
                state.push("inuyasha.start")
                state.vars["step"] = "start"
            return
        state.vars.update({"active": active, "turn": int(setup.get("turn", 1)), "step": step})
        if step not in ("draw", "setup", "battle", "recovery"):
            raise ValueError(f"inuyasha scenarios start at deal, start, draw, setup, battle or recovery, not {step!r}")
        state.push("inuyasha.turn")
        frame = state.stack[-1]
        if step == "setup":
            frame.step = 2
            state.push("inuyasha.setup_step", p=active)
        elif step == "battle":
            frame.step = 4
            state.push("inuyasha.battle")
        elif step == "recovery":
            frame.step = 5
            state.push("inuyasha.recovery", p=active)

    # ------------------------------------------------------------------ AI and messages
    def evaluate(self, state: State, player: int) -> float:
        """Shards first, then the deck race (deck-out is the other way to lose), board and hand."""
        if state.result is not None:
            return super().evaluate(state, player)
        foe = board.other(player)
        sources = board.bonus_sources(state)

        def side(seat: int) -> float:
            strength = 0.0
            for cid in board.characters(state, seat):
                best = max(
                    (board.color_value(state, cid, c, sources) for c, _ in board.f(state, cid).colors), default=0
                )
                strength += 1.0 + best * (1.0 if board.is_ready(state, cid) else 0.7)
            deck = state.count(f"deck:{seat}")
            danger = max(0, 15 - deck) ** 2 / 225  # 0 with 15+ cards left, 1 with an empty deck
            return (
                0.1 * board.shard_count(state, seat)
                + 0.012 * strength
                + 0.008 * state.count(f"hand:{seat}")
                - 0.3 * danger
            )

        return max(-0.95, min(0.95, side(player) - side(foe)))

    def explain_illegal(self, state: State, option_id: str) -> tuple[str, str] | None:
        pending = state.pending
        if pending is None:
            return None
        player = pending.player
        kind, _, rest = option_id.partition(":")
        parts = rest.split(":")
        try:
            ids = [int(p) for p in parts if p.lstrip("-").isdigit()]
            if kind == "play" and ids:
                return rules.why_not_play(state, player, ids[0])
            if kind == "item" and len(ids) >= 2:
                return rules.why_not_item(state, player, ids[0], ids[1])
            if kind == "attack" and parts and len(parts) >= 2 and parts[1] == "direct":
                return rules.why_not_direct(state, player, int(parts[0]))
            if kind == "attack" and len(parts) >= 3:
                return rules.why_not_attack(state, player, int(parts[0]), int(parts[1]), parts[2])
            if kind == "event" and ids:
                return self._why_not_event(state, player, ids[0])
            if kind == "act" and ids:
                return rules.why_not_activated(state, player, ids[0])
            if kind == "save" and len(ids) >= 2:
                return rules.why_not_save(state, player, ids[0], ids[1])
            if kind in ("kwdraw", "kwshuffle") and ids:
                return rules.why_not_keyword(state, player, ids[0], "Draw" if kind == "kwdraw" else "Shuffle")
            if kind in ("kw", "mod") and ids:
                return rules.why_not_boost(state, player, ids[0], kind)
            if kind in ("cut", "nocut"):
                if pending.kind != "cut":
                    return "a cut is offered only right after a deck is shuffled (game start, search)", "inuyasha 3.7"
                return "a cut lifts about a quarter, half or three quarters, or choose no cut", "inuyasha 3.7"
        except (ValueError, IndexError):
            return None
        return None

    def _why_not_event(self, state: State, player: int, cid: int) -> tuple[str, str] | None:
        if not 0 <= cid < len(state.cards) or state.cards[cid].zone != f"hand:{player}":
            return "that event is not in your hand", "inuyasha 6.2"
        if facts(state.cards[cid].code).type != EVENT:
            return "only event cards are played in the Battle step", "inuyasha 6.1"
        if state.vars.get("step") != "battle" or state.vars.get("actor") != player:
            return "events are played only as your action in the Battle step", "inuyasha 5.5"
        cost = rules.why_not_cost(state, player, cid)
        if cost:
            return cost
        return f"{board.title(state, cid)} has no legal target or its condition is not met now", "inuyasha 6.2"

    def status_line(self, state: State, player: int) -> str:
        return (
            f"shards {board.shard_count(state, player)}/10, hand {state.count(f'hand:{player}')}, "
            f"deck {state.count(f'deck:{player}')}"
        )
