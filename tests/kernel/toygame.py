"""A small test game for kernel tests: "Duel of Numbers".

2-3 players, decks of numbered cards (power 1-5). Setup: shuffle, draw 3 each. On your turn:
draw, then play one card face down into one of your 2 slots (or pass); then everyone else, in
order, may respond once by discarding a card from hand (each response adds 1 to a shared
"pressure" value) until all pass; then your face-down card flips and you score its power.
First to 12 points wins; a player who must draw from an empty deck loses.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cards.pool import CardDef, CardPool, DeckDef
from engine.core.game import CONTROLLER, HIDDEN, OWNER, PUBLIC, DeckList, Game, ZoneSpec
from engine.core.prompt import Option
from engine.core.registry import register_game
from engine.core.state import EMPTY, Frame, State, procedure
from engine.dsl.flow import named

CARDS = [CardDef("toy", f"N{p}", f"Number {p}", "Number", stats={"power": p}) for p in range(1, 6)]
DECK = {"main": [f"N{1 + i % 5}" for i in range(15)]}
POOL = CardPool("toy", CARDS, [DeckDef("toy", "Numbers", "", {"main": tuple(DECK["main"])})])


class ToyGame(Game):
    id = "toy"
    name = "Duel of Numbers"
    min_players = 2
    max_players = 3
    zones = (
        ZoneSpec("deck", HIDDEN, pool="library"),
        ZoneSpec("hand", OWNER, pool="library"),
        ZoneSpec("slot", CONTROLLER, slots=2, in_play=True),
        ZoneSpec("discard", PUBLIC),
    )

    @property
    def pool(self) -> CardPool:
        return POOL

    def setup(self, state: State, decks: list[DeckList]) -> None:
        for seat, deck in enumerate(decks):
            for code in deck["main"]:
                state.create_card(code, seat, f"deck:{seat}")
            state.shuffle(f"deck:{seat}")
            state.players[seat]["score"] = 0
            for _ in range(3):
                draw(state, seat)
        state.vars.update(active=0, pressure=0)
        state.push("toy.turn")

    def validate_deck(self, deck: DeckList, options: Mapping[str, Any] | None = None) -> list[str]:
        main = deck.get("main", [])
        problems = [f"unknown card {code}" for code in main if code not in POOL]
        if len(main) < 10:
            problems.append(f"a deck needs at least 10 cards, this one has {len(main)}")
        return problems

    def scenario_setup(self, state: State, setup: Mapping[str, Any]) -> None:
        state.vars.update(active=int(setup.get("active", 0)), pressure=int(setup.get("pressure", 0)))
        for seat in range(state.num_players):
            state.players[seat].setdefault("score", 0)
        state.push("toy.turn", drawn=bool(setup.get("drawn", False)))

    def evaluate(self, state: State, player: int) -> float:
        if state.result is not None:
            return super().evaluate(state, player)
        mine = state.players[player]["score"]
        best_other = max(state.players[p]["score"] for p in range(state.num_players) if p != player)
        return max(-1.0, min(1.0, (mine - best_other) / 12))

    def explain_illegal(self, state: State, option_id: str) -> tuple[str, str] | None:
        if option_id.startswith("play:"):
            return "you can only play a card from your hand into a free slot", "toy 2.1"
        return None


def draw(state: State, seat: int) -> bool:
    deck = f"deck:{seat}"
    if not state.zones[deck]:
        state.finish([p for p in range(state.num_players) if p != seat], f"Player {seat} cannot draw and loses")
        return False
    cid = state.zones[deck][-1]
    state.move(cid, f"hand:{seat}")
    name = POOL[state.cards[cid].code].name
    state.log(f"Player {seat} draws {name}", to=1 << seat, redacted=f"Player {seat} draws a card")
    return True


@procedure("toy.turn")
def turn(state: State, frame: Frame) -> None:
    seat = state.vars["active"]
    if frame.step == 0:
        if not frame.data.get("drawn") and not draw(state, seat):
            return
        frame.step = 1
        # Identical cards in hand are one choice: options (and labels) stay unique.
        distinct = {state.cards[cid].code: cid for cid in state.zones[f"hand:{seat}"]}
        options = [
            Option(f"play:{cid}:{slot}", f"Play {POOL[code].name} into slot {slot + 1}", "play")
            for code, cid in sorted(distinct.items())
            for slot, occupant in enumerate(state.zones[f"slot:{seat}"])
            if occupant == EMPTY
        ]
        options.append(Option("pass", "Pass", "pass"))
        state.ask(seat, "action", "Play a card face down, or pass", options, "toy 2.1")
        return
    if frame.step == 1:
        answer = state.take_answer()
        if answer.id == "pass":
            frame.step = 3
            return
        _, cid, slot = answer.id.split(":")
        state.move(int(cid), f"slot:{seat}", index=int(slot))
        frame.data["played"] = int(cid)
        state.log(f"Player {seat} plays a card face down")
        order = [(seat + i) % state.num_players for i in range(1, state.num_players)]
        frame.step = 2
        state.push(
            "core.window",
            order=order,
            options_fn="toy.responses",
            on_response="toy.respond",
            kind="response",
            text="Discard a card to add pressure?",
        )
        return
    if frame.step == 2:
        state.take_returned()
        cid = frame.data["played"]
        card = state.mcard(cid)
        card.face_up = True
        power = POOL[card.code].stats["power"]
        state.players[seat]["score"] += power
        state.log(f"Player {seat} reveals {POOL[card.code].name} and scores {power}")
        state.move(cid, f"discard:{seat}")
        if state.players[seat]["score"] >= 12:
            state.finish([seat], f"Player {seat} reaches 12 points and wins")
            return
        frame.step = 3
    if frame.step == 3:
        state.vars["active"] = (seat + 1) % state.num_players
        state.stack.pop()
        state.push("toy.turn")


@named("toy.responses")
def responses(state: State, player: int, context: dict[str, Any]) -> list[Option]:
    hand = state.zones[f"hand:{player}"]
    if not hand:
        return []
    return [Option(f"discard:{hand[0]}", f"Discard {POOL[state.cards[hand[0]].code].name}", "discard")]


@named("toy.respond")
def respond(state: State, player: int, option: Option, context: dict[str, Any]) -> None:
    cid = int(option.id.split(":")[1])
    state.move(cid, f"discard:{player}")
    state.vars["pressure"] += 1
    state.log(f"Player {player} discards {POOL[state.cards[cid].code].name}")


GAME = ToyGame()


def ensure_registered() -> ToyGame:
    register_game(GAME)
    return GAME
