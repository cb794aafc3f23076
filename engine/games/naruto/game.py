"""The Naruto CCG as a tcgtable game: zones, match options, setup, decks, scenarios, AI value."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any, Final

from engine.core.game import ALWAYS_ASK, HIDDEN, OWNER, PUBLIC, DeckList, Game, MatchOption, ZoneSpec, always_ask_option
from engine.core.state import Frame, State
from engine.games.naruto import actions, board
from engine.games.naruto.facts import GAME_ID, all_facts

DECK_SIZE: Final = 50
COPY_LIMIT: Final = 3
RESERVE_KEYWORDS: Final = frozenset({"Reinforcement", "Squad"})
PHASE_STEPS: Final = {"start": 0, "mission": 1, "organization": 2, "battle": 3, "end": 4}


# Keys of this turn's effects (`vars["turn_fx"]`) that list cards; the others list players or battles.
CARD_EFFECTS: Final = (
    "blade_at_end",
    "deadly",
    "extra_reward",
    "locked",
    "must_battle",
    "must_block",
    "no_damage",
    "unnegatable",
    "untargetable",
)


class NarutoGame(Game):
    """Naruto Collectible Card Game (Bandai), first set "The Path to Hokage"."""

    id = GAME_ID
    name = "Naruto CCG"
    version = "1"
    min_players = 2
    max_players = 2
    card_refs = (
        "values.teams/*/*",
        "vars.battles/*/a/*",
        "vars.battles/*/b/*",
        "vars.chain/*/card",
        "vars.chain/*/user",
        "vars.chain/*/targets/*",
        *(f"vars.turn_fx/{key}/*" for key in CARD_EFFECTS),
    )
    zones = (
        ZoneSpec("deck", HIDDEN, pool="library"),
        ZoneSpec("hand", OWNER, pool="library"),
        ZoneSpec("chakra", PUBLIC),
        ZoneSpec("discard", PUBLIC),
        ZoneSpec("village", PUBLIC, in_play=True, returns_control=False),
        ZoneSpec("battle", PUBLIC, in_play=True, returns_control=False),
        ZoneSpec("rewards", HIDDEN, pool="rewards"),
        ZoneSpec("removed", PUBLIC),
        ZoneSpec("reinforcement", OWNER, pool="reinforcement"),
        ZoneSpec("chain", PUBLIC, per_player=False),
    )
    match_options = {
        ALWAYS_ASK: always_ask_option("rules 10.1"),
        "naruto_single_exchange": MatchOption(
            False, "End the Exchange of Jutsu after the first Chain resolves (rules 10.1 Interpretation)", (False, True)
        ),
        "naruto_emptied_block_unblocked": MatchOption(
            True, "A Team whose blocker left the Battlefield counts as unblocked (rules 11.7)", (True, False)
        ),
        "naruto_seesaw_random": MatchOption(
            False,
            "Seesaw Battle discards a random Battle Reward of each player (rules 13.12 Interpretation)",
            (False, True),
        ),
        "naruto_choose_new_head": MatchOption(
            False,
            "When a Head Ninja leaves the Battlefield, its controller picks the new Head (rules 11.7)",
            (False, True),
        ),
    }

    # ------------------------------------------------------------ setup
    def setup(self, state: State, decks: list[DeckList]) -> None:
        for seat, deck in enumerate(decks):
            for code in deck.get("main", []):
                state.create_card(code, seat, f"deck:{seat}")
            for code in deck.get("reinforcement", []):
                state.create_card(code, seat, f"reinforcement:{seat}", known=1 << seat)
            state.shuffle(f"deck:{seat}")
            state.players[seat].update(ti=0, teams=[], deployed=0, missions=0, clients=0, counters=0)
        first = state.rng.randbelow(2)
        state.vars.update(first=first, attacker=first, turn=1, phase="setup", step="", battles=[], chain=[], turn_fx={})
        state.log(f"A coin decides: Player {first + 1} plays first")
        for seat in range(len(decks)):
            actions.draw(state, seat, 6)
        state.push("naruto.game")

    def validate_deck(self, deck: DeckList, options: Mapping[str, Any] | None = None) -> list[str]:
        """Deck of exactly 50, at most 3 cards of one name, reserve-only cards kept out [2]."""
        known = all_facts()
        problems: list[str] = []
        for section, codes in deck.items():
            if section not in ("main", "reinforcement"):
                problems.append(f"unknown deck section {section!r} (use main and reinforcement)")
                continue
            for code in sorted(set(codes) - set(known)):
                problems.append(f"unknown card code {code!r} in {section}")
        main = [c for c in deck.get("main", []) if c in known]
        reserve = [c for c in deck.get("reinforcement", []) if c in known]
        if len(deck.get("main", [])) != DECK_SIZE:
            problems.append(
                f"a Deck holds exactly {DECK_SIZE} cards, this one has {len(deck.get('main', []))} (naruto 2.1)"
            )
        for label, codes in (("Deck", main), ("Reinforcement Deck", reserve)):
            for name, n in sorted(Counter(known[c].name for c in codes).items()):
                if n > COPY_LIMIT:
                    problems.append(f"{n} cards named {name} in the {label}; the limit is {COPY_LIMIT} (naruto 2.2)")
        for code in sorted(set(main)):
            if known[code].keywords & RESERVE_KEYWORDS:
                problems.append(f"{known[code].name} ({code}) belongs in the Reinforcement Deck (naruto 2.3)")
        for code in sorted(set(reserve)):
            if not known[code].keywords & RESERVE_KEYWORDS and "Sacrifice" not in known[code].keywords:
                problems.append(f"{known[code].name} ({code}) cannot go in the Reinforcement Deck (naruto 2.3)")
        return problems

    def scenario_setup(self, state: State, setup: Mapping[str, Any]) -> None:
        """Keys: active (Attacker seat), turn (default 2), first, phase (start, mission,
        organization, battle, end), teams ({seat: [[village positions], ...]}) and turn_fx
        (effects lasting this turn, e.g. {"mental": [1]} for a Mental Power Battle)."""
        active = int(setup.get("active", 0))
        turn = int(setup.get("turn", 2))
        first = int(setup.get("first", active if turn % 2 == 1 else 1 - active))
        state.vars.update(
            first=first,
            attacker=active,
            turn=turn,
            phase=str(setup.get("phase", "mission")),
            step="",
            battles=[],
            chain=[],
            turn_fx={str(k): list(v) for k, v in dict(setup.get("turn_fx", {})).items()},
        )
        for seat in range(state.num_players):
            state.players[seat].update(ti=0, deployed=0, missions=0, clients=0, counters=0)
            village = [c for c in state.zones[f"village:{seat}"] if all_facts()[state.cards[c].code].kind == "Ninja"]
            layout = dict(setup.get("teams", {})).get(seat, dict(setup.get("teams", {})).get(str(seat)))
            if layout:
                state.players[seat]["teams"] = [[village[i] for i in team] for team in layout]
                placed = {c for team in state.players[seat]["teams"] for c in team}
                state.players[seat]["teams"].extend([c] for c in village if c not in placed)
            else:
                state.players[seat]["teams"] = [[c] for c in village]
            for cid in state.zones[f"village:{seat}"]:
                state.mcard(cid).flags.setdefault("entered", 0)
        phase = str(setup.get("phase", "mission"))
        if phase not in PHASE_STEPS:
            raise ValueError(f"naruto scenario phase must be one of {sorted(PHASE_STEPS)}, not {phase!r}")
        state.stack.append(Frame("naruto.game", 1, {}))
        state.stack.append(Frame("naruto.turn", PHASE_STEPS[phase], {}))

    # ------------------------------------------------------------ AI and boards
    def evaluate(self, state: State, player: int) -> float:
        if state.result is not None:
            return super().evaluate(state, player)
        other = board.opponent(player)

        def side(p: int) -> float:
            strength = 0
            for cid in board.ninjas(state, p):
                c, s = board.power(state, cid)
                strength += max(c, 0) + max(s, 0)
            return (
                0.09 * board.rewards(state, p)
                + 0.015 * strength
                + 0.01 * len(state.zones[f"chakra:{p}"])
                + 0.01 * len(state.zones[f"hand:{p}"])
                - (0.2 if len(state.zones[f"deck:{p}"]) < 3 else 0.0)
            )

        return max(-1.0, min(1.0, side(player) - side(other)))

    def explain_illegal(self, state: State, option_id: str) -> tuple[str, str] | None:
        from engine.games.naruto.explain import explain

        return explain(state, option_id)

    def status_line(self, state: State, player: int) -> str:
        return (
            f"Turn Indicator {state.players[player].get('ti', 0)}, hand {len(state.zones[f'hand:{player}'])}, "
            f"deck {len(state.zones[f'deck:{player}'])}, chakra {len(state.zones[f'chakra:{player}'])}, "
            f"Battle Rewards {board.rewards(state, player)}"
        )
