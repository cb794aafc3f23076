"""The Inazuma Eleven TCG (Football Frontier) as a tcgtable `Game`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from engine.core.errors import InvalidActionError
from engine.core.game import ALWAYS_ASK, HIDDEN, OWNER, PUBLIC, DeckList, Game, MatchOption, ZoneSpec, always_ask_option
from engine.core.state import EMPTY, Frame, State
from engine.games.inazuma import cards_boosters as _boosters  # noqa: F401  (fills the script book)
from engine.games.inazuma import cards_starter as _starter  # noqa: F401  (fills the script book)
from engine.games.inazuma.board import goals, other, z
from engine.games.inazuma.combat import side_members  # also registers the combat procedures
from engine.games.inazuma.decks import validate
from engine.games.inazuma.evaluate import evaluate
from engine.games.inazuma.explain import explain
from engine.games.inazuma.facts import SLOT_INDEX
from engine.games.inazuma.moves import EXHAUSTED, bench_with_name, stack_onto, take_top
from engine.games.inazuma.turn import AFTER_ATTACK, TURN_STEPS

OPENING_HAND: Final = 5
ENTRY_POINTS: Final = (*TURN_STEPS, "power_up", "shooting", "kicker", "shot", "final", "shootout")


class InazumaGame(Game):
    id = "inazuma"
    name = "Inazuma Eleven TCG (Football Frontier)"
    version = "1"
    min_players = 2
    max_players = 2
    card_refs = (
        "vars.attackers/*",
        "vars.defenders/*",
        "vars.participants/*",
        "vars.kicker",
        "vars.sp_cards/@",
        "vars.used/*/0",
        "flags.stack/*",
    )
    zones = (
        ZoneSpec("deck", HIDDEN, pool="library"),
        ZoneSpec("hand", OWNER, pool="library"),
        ZoneSpec("starting", OWNER, pool="starting"),
        ZoneSpec("goal", PUBLIC, in_play=True),
        ZoneSpec("field", PUBLIC, slots=6, in_play=True),
        ZoneSpec("bench", PUBLIC, in_play=True),
        ZoneSpec("stacked", PUBLIC, in_play=True),
        ZoneSpec("under", OWNER, pool="library"),
        ZoneSpec("discard", PUBLIC),
        ZoneSpec("out", PUBLIC),
        ZoneSpec("goals", PUBLIC),
        ZoneSpec("flipped", PUBLIC),
        ZoneSpec("shootout", PUBLIC),
    )
    simultaneous_kinds = frozenset({"place"})  # starting formations are placed secretly (6.1)
    match_options = {
        ALWAYS_ASK: always_ask_option("inazuma 6.6"),
        "attack_tie": MatchOption("defence", "who wins a tied attack (inazuma 7.6)", ("defence", "attack")),
        "deck_out": MatchOption("empty", "when running out of cards loses (inazuma 5.4)", ("empty", "draw")),
        "stack_from_hand": MatchOption(
            "bench", "where a reserve played from hand stacks (inazuma 6.3)", ("bench", "bench_or_field")
        ),
        "kicker": MatchOption("participants", "who may be the kicker (inazuma 8.3)", ("participants", "action_side")),
        "assist_level": MatchOption(
            "any", "whether an assist's level must be at most the turn (inazuma 7.5)", ("any", "turn")
        ),
    }

    def setup(self, state: State, decks: list[DeckList]) -> None:
        for seat, deck in enumerate(decks):
            for code in deck.get("main", []):
                state.create_card(code, seat, z("deck", seat))
            state.shuffle(z("deck", seat))
            for code in deck.get("starting", []):
                state.create_card(code, seat, z("starting", seat), known=1 << seat)
            for code in deck.get("goalkeeper", []):
                state.create_card(code, seat, z("goal", seat), face_up=True)
            for _ in range(OPENING_HAND):
                take_top(state, seat, z("hand", seat), public=False)
        first = state.rng.randbelow(2)
        state.vars.update(turn=1, attacker=first, phase="setup")
        state.log(f"Coin flip: Player {first + 1} attacks first (inazuma 5.1).")
        state.push("inazuma.match")

    def validate_deck(self, deck: DeckList, options: Mapping[str, Any] | None = None) -> list[str]:
        return validate(deck)

    def scenario_setup(self, state: State, setup: Mapping[str, Any]) -> None:
        scenario_setup(state, setup)

    def evaluate(self, state: State, player: int) -> float:
        if state.result is not None:
            return super().evaluate(state, player)
        return evaluate(state, player)

    def explain_illegal(self, state: State, option_id: str) -> tuple[str, str] | None:
        return explain(state, option_id)

    def status_line(self, state: State, player: int) -> str:
        return (
            f"goals {goals(state, player)}, hand {len(state.zones[z('hand', player)])}, "
            f"deck {len(state.zones[z('deck', player)])}"
        )


def _scenario_stacks(state: State, entries: list[Mapping[str, Any]]) -> None:
    """`stacks: [{player: 0, onto: "MF-L" | "bench:Name", cards: [names]}]` puts cards on top."""
    for entry in entries:
        player, on = int(entry.get("player", 0)), str(entry["onto"])
        if on.startswith("bench:"):
            base = bench_with_name(state, player, on.partition(":")[2])
        else:
            base = state.zones[z("field", player)][SLOT_INDEX[on]]
        if base == EMPTY:
            raise InvalidActionError(f"scenario stack: nothing at {on!r} for player {player}")
        for name in entry.get("cards", []):
            cid = state.create_card(state.game.pool.resolve(str(name)).code, player, z("bench", player), face_up=True)
            stack_onto(state, base, cid)


def scenario_setup(state: State, setup: Mapping[str, Any]) -> None:
    """Resume play at `at` (one of ENTRY_POINTS) of turn `turn` with `attacker` attacking."""
    at = str(setup.get("at", "start"))
    if at not in ENTRY_POINTS:
        raise InvalidActionError(f"scenario 'at' must be one of {', '.join(ENTRY_POINTS)}, not {at!r}")
    a = int(setup.get("attacker", 0))
    state.vars.update(
        turn=int(setup.get("turn", 1)),
        attacker=a,
        phase="strategy",
        side=None,
        attackers=[],
        defenders=[],
        participants=[],
        kicker=EMPTY,
        keeper_defends=False,
        used=[],
        attack_ok=False,
    )
    _scenario_stacks(state, list(setup.get("stacks", [])))
    for seat in range(state.num_players):
        for cid in state.zones[z("bench", seat)]:
            if state.cards[cid].orientation not in ("", EXHAUSTED):
                raise InvalidActionError("bench orientation is '' (ready) or 'exhausted'")
    if at == "shootout":
        state.push("inazuma.shootout")
        return
    state.stack.append(Frame("inazuma.match", 0 if at == "final" else 1, {}))
    if at == "final":
        state.vars["turn"] = 7
        return
    if at in TURN_STEPS:
        state.stack.append(Frame("inazuma.turn", TURN_STEPS[at], {}))
        return
    side = str(setup.get("side", "L"))
    if at == "power_up":
        state.stack.append(Frame("inazuma.turn", AFTER_ATTACK, {}))
        state.vars.update(
            phase="attack",
            side=side,
            attackers=side_members(state, a, side, ("FW", "MF")),
            defenders=side_members(state, other(a), side, ("MF", "DF")),
        )
        state.stack.append(Frame("inazuma.attack", 2, {}))
        state.push("inazuma.window")
        return
    state.stack.append(Frame("inazuma.turn", TURN_STEPS["end"], {}))
    state.vars.update(
        phase="shooting",
        side=side,
        participants=side_members(state, a, side, ("FW", "MF")),
        fever=False,
        shot_over=False,
    )
    if at in ("shooting", "kicker"):
        state.stack.append(Frame("inazuma.shoot", 0 if at == "shooting" else 1, {"lc": [0, 0], "goal": False}))
        return
    state.vars["kicker"] = state.zones[z("field", a)][SLOT_INDEX[str(setup.get("kicker", "FW-" + side))]]
    state.stack.append(Frame("inazuma.shoot", 2, {"lc": [0, 0], "goal": False}))
