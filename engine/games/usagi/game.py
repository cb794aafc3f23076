"""Usagi Yojimbo CCG (fan design, rules v0.3.x) for 2-6 players: the Game class.

>>> from engine.core import get_game
>>> game = get_game("usagi")
>>> state = game.new_match(game.default_decks(3), seed=7)
>>> state.prompt().kind
'discard'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any, ClassVar

from engine.core.errors import InvalidActionError
from engine.core.game import ALWAYS_ASK, HIDDEN, OWNER, PUBLIC, DeckList, Game, MatchOption, ZoneSpec, always_ask_option
from engine.core.state import Frame, State
from engine.games.usagi import board
from engine.games.usagi.board import EVENTS, STRICKEN
from engine.games.usagi.conclusion import contenders, event_score
from engine.games.usagi.explain import explain
from engine.games.usagi.facts import GAME_ID, HAND_SIZE, MAX_COPIES, MIN_DECK, TOKEN_POOL, all_facts


class UsagiGame(Game):
    """Simultaneous-turn chronicle race: involve Characters with Events, score chronicle tokens."""

    id = GAME_ID
    name = "Usagi Yojimbo CCG"
    version = "1"
    min_players = 2
    max_players = 6
    card_refs = ("vars.chain/*/c", "vars.chain/*/t", "flags.inv", "secrets.tie_pick")
    zones = (
        ZoneSpec("deck", HIDDEN, pool="library"),
        ZoneSpec("hand", OWNER, pool="library"),
        ZoneSpec("rest", PUBLIC),
        ZoneSpec("dead", OWNER, pool="dead"),
        ZoneSpec("field", PUBLIC, in_play=True, returns_control=False),
        ZoneSpec("chronicle", PUBLIC),
        ZoneSpec("proposal", OWNER, pool="proposal"),
        ZoneSpec(EVENTS, PUBLIC, per_player=False, in_play=True, returns_control=False),
        ZoneSpec("stack", PUBLIC, per_player=False),
    )
    simultaneous_kinds = frozenset({"discard", "propose", "tiebreak"})  # rules 5.4, 5.6, 7.5
    match_options: ClassVar[dict[str, MatchOption]] = {
        ALWAYS_ASK: always_ask_option("usagi 5.6, 6.6"),
        "final_tiebreak": MatchOption(
            "most_events",
            "House rule for a tie at the end of the game (usagi 7.9)",
            ("most_events", "first_to_reach", "shared"),
        ),
        "contender_test": MatchOption(
            "total",
            "Contenders beat the Event's total (total) or each of its ratings (each) (usagi 7.3)",
            ("total", "each"),
        ),
        "tie_discards": MatchOption(
            "tied",
            "In a tie only the tied top contenders discard (tied), or every contender does (contenders) (usagi 7.5)",
            ("tied", "contenders"),
        ),
        "involve_refreshed": MatchOption(
            "resolved",
            "An involved Character must still be refreshed when the involvement resolves (resolved), "
            "or only when it is declared (declared) (usagi 6.4)",
            ("resolved", "declared"),
        ),
        "unique_scope": MatchOption(
            "table",
            "One card of a unique name in play at the whole table, or per player (usagi 1.6)",
            ("table", "player"),
        ),
        "turn_limit": MatchOption(
            50, "House rule: after this many turns the game ends as if the pool were empty; 0 = none (usagi 10.1)"
        ),
    }

    # ------------------------------------------------------------ decks
    def validate_deck(self, deck: DeckList, options: Mapping[str, Any] | None = None) -> list[str]:
        """Deck rules (usagi 3.1): at least 30 cards, at most 3 of a name or X for Restricted: X."""
        problems: list[str] = []
        table = all_facts()
        extra = sorted(set(deck) - {"main"})
        if extra:
            problems.append(f"Usagi decks have one section, 'main'; remove {extra}")
        main = list(deck.get("main", []))
        unknown = sorted({code for code in main if code not in table})
        if unknown:
            problems.append(f"unknown card codes {unknown}")
        if len(main) < MIN_DECK:
            problems.append(f"a deck needs at least {MIN_DECK} cards, this one has {len(main)} (usagi 3.1)")
        by_name = Counter(table[code].name for code in main if code in table)
        limits = {table[code].name: table[code].restricted or MAX_COPIES for code in main if code in table}
        for card_name, count in sorted(by_name.items()):
            if count > limits[card_name]:
                problems.append(f"{count} copies of {card_name}; at most {limits[card_name]} allowed (usagi 3.1)")
        return problems

    # ------------------------------------------------------------ setup
    def setup(self, state: State, decks: list[DeckList]) -> None:
        """Shuffle, draw 6 each, random first player (usagi 3.2-3.4)."""
        n = state.num_players
        for seat, deck in enumerate(decks):
            for code in deck.get("main", []):
                state.create_card(code, seat, f"deck:{seat}")
            state.shuffle(f"deck:{seat}")
        self._init_vars(state, first=state.rng.randbelow(n))
        for seat in range(n):
            board.draw(state, seat, HAND_SIZE)
        state.log(
            f"{n} players; {state.vars['pool']} chronicle tokens in the pool; "
            f"{board.owner_label(state.vars['first'])} is chosen at random to be the first player."
        )
        state.push("usagi.turn")

    def _init_vars(self, state: State, *, first: int, turn: int = 0, pool: int | None = None) -> None:
        start = TOKEN_POOL[state.num_players]
        state.vars.update(
            turn=turn,
            first=first,
            pool=start if pool is None else pool,
            start_tokens=start,
            phase="setup",
            step="",
            chain=[],
            finished=[False] * state.num_players,
            someone_finished=False,
            stamp=0,
        )
        for values in state.players:
            values.update(honor=0, ryo=0, tokens=0, reached=0)

    def scenario_setup(self, state: State, setup: Mapping[str, Any]) -> None:
        """Scenario keys: first, turn, phase (initiation/actions/conclusion), pool, finished (list of
        seats), involve [{card, event}], attach [{card, to}], stricken [names]."""
        if state.num_players not in TOKEN_POOL:
            raise InvalidActionError(f"Usagi is for 2-6 players, not {state.num_players}")
        phase = str(setup.get("phase", "actions"))
        steps = {"initiation": 0, "actions": 1, "conclusion": 2}
        if phase not in steps:
            raise InvalidActionError(f"scenario phase must be one of {sorted(steps)}, not {phase!r}")
        turn = int(setup.get("turn", 1))
        self._init_vars(
            state,
            first=int(setup.get("first", 0)),
            turn=turn - 1 if phase == "initiation" else turn,
            pool=setup.get("pool"),
        )
        if "start_tokens" in setup:
            state.vars["start_tokens"] = int(setup["start_tokens"])
        for seat in setup.get("finished", []):
            state.vars["finished"][int(seat)] = True
            state.vars["someone_finished"] = True
        for cid in board.events_in_play(state):
            state.mcard(cid).flags.setdefault("age", 0)
        for item in setup.get("attach", []):
            att, target = _named(state, str(item["card"])), _named(state, str(item["to"]))
            card = state.mcard(att)
            card.attached_to = target
            if state.cards[target].zone != card.zone:
                state.move(att, state.cards[target].zone)
                state.mcard(att).attached_to = target
        for item in setup.get("involve", []):
            cid, eid = _named(state, str(item["card"])), _named(state, str(item["event"]))
            board.move_group(state, cid, EVENTS, inv=eid)
        for card_name in setup.get("stricken", []):
            state.mcard(_named(state, str(card_name))).orientation = STRICKEN
        state.stack.append(Frame("usagi.turn", steps[phase]))
        state.vars["phase"] = phase

    # ------------------------------------------------------------ AI and messages
    def evaluate(self, state: State, player: int) -> float:
        """Token lead over the best rival, counting Events each player is now winning (7.3-7.6),
        as a share of the pool; plus a little for cards in hand and Characters in play."""
        if state.result is not None:
            return super().evaluate(state, player)
        projected = [float(p.get("tokens", 0)) for p in state.players]
        for eid in board.events_in_play(state):
            found = contenders(state, eid, list(range(state.num_players)))
            if found:
                best = max(found.values())
                leaders = [seat for seat, total in found.items() if total == best]
                for seat in leaders:
                    projected[seat] += event_score(state, eid, seat) / len(leaders)
        rival = max(t for seat, t in enumerate(projected) if seat != player)
        start = max(1, int(state.vars.get("start_tokens", 1)))
        extra = len(state.zones[f"hand:{player}"]) / 80 + len(board.characters(state, player)) / 60
        return max(-1.0, min(1.0, (projected[player] - rival) / start * 2 + extra))

    def turn_key(self, state: State) -> tuple[Any, ...]:
        """Search rollouts stop when the phase changes: the conclusion settles the Events."""
        return (state.vars.get("turn"), state.vars.get("phase"))

    def explain_illegal(self, state: State, option_id: str) -> tuple[str, str] | None:
        return explain(state, option_id)

    def status_line(self, state: State, player: int) -> str:
        values = state.players[player]
        return (
            f"tokens {values.get('tokens', 0)}, Honor {values.get('honor', 0)}, Ryo {values.get('ryo', 0)}, "
            f"hand {len(state.zones[f'hand:{player}'])}, deck {len(state.zones[f'deck:{player}'])}"
        )


def _named(state: State, name: str) -> int:
    """The first card in play (or in the Event field) with this name or code, for scenarios."""
    pool = state.game.pool
    code = pool.resolve(name).code
    for key in [*board.play_zones(state)]:
        for cid in state.zones[key]:
            if state.cards[cid].code == code:
                return cid
    raise InvalidActionError(f"scenario: no card {name!r} in play to set up")
