"""The base class every game implements, with zone declarations and match options.

A game module defines a `Game` subclass and ends with `register_game(MyGame())`.
The kernel implements `new_match`, `from_json`, `scenario` and the generic parts;
the game implements `setup` (deal, push the first procedure), `validate_deck`,
`evaluate` (for the AI), `explain_illegal` and `scenario_setup`.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Final

from mypy_extensions import mypyc_attr

from cards.pool import CardDef, CardPool, load_pool
from engine.core.errors import InvalidActionError
from engine.core.events import EVERYONE
from engine.core.state import State, zone_name

DeckList = dict[str, list[str]]  # section ("main", "side", "extra", ...) -> card codes

PUBLIC: Final = "public"  # cards enter face up: everyone sees them
OWNER: Final = "owner"  # cards enter face down, known to the zone's player (a hand)
CONTROLLER: Final = "controller"  # face down, known to the card's controller (a set card)
HIDDEN: Final = "hidden"  # face down, known to nobody (a deck, shards)


@dataclass(frozen=True, slots=True)
class ZoneSpec:
    """A kind of zone. `per_player` zones get keys "name:0", "name:1", ...; shared ones "name".

    `slots` > 0 makes a slot zone of that many places (EMPTY when free). `in_play` zones keep
    orientation and attachments. `pool` groups zones whose hidden cards may be exchanged when
    the AI samples what it cannot see (a deck and a hand share one; a face-down field slot has
    its own). `returns_control`: a card entering here goes back to its owner's control.
    """

    name: str
    visibility: str = PUBLIC
    per_player: bool = True
    slots: int = 0
    in_play: bool = False
    pool: str = ""
    returns_control: bool = True

    def entry_visibility(self, zone_player: int | None, controller: int) -> tuple[bool, int]:
        """(face_up, known mask) for a card entering this zone."""
        if self.visibility == PUBLIC:
            return True, EVERYONE
        if self.visibility == OWNER:
            return False, 0 if zone_player is None else 1 << zone_player
        if self.visibility == CONTROLLER:
            return False, 1 << controller
        return False, 0

    @property
    def sample_pool(self) -> str:
        return self.pool or self.name


@dataclass(frozen=True, slots=True)
class MatchOption:
    """A match option players may set (house rules, interpretations, formats)."""

    default: Any
    help: str
    choices: tuple[Any, ...] = ()


ALWAYS_ASK: Final = "always_ask"


def always_ask_option(rule: str) -> MatchOption:
    """The match option that keeps response windows honest: with it, a player who could only pass
    is still asked (and waited for), so whether a window was opened reveals nothing about their
    hand; without it, such a window is passed for them at once."""
    return MatchOption(
        False,
        f"Ask a player in every response window even when they can only pass, so skipping a window "
        f"reveals nothing about their hand ({rule} Interpretation)",
        (True, False),
    )


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled, yet games may be written in plain Python
class Game(ABC):
    """Base class of a game. Subclasses set the class attributes and implement the hooks."""

    id: ClassVar[str] = ""
    name: ClassVar[str] = ""
    version: ClassVar[str] = "1"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    zones: ClassVar[tuple[ZoneSpec, ...]] = ()
    match_options: ClassVar[dict[str, MatchOption]] = {}
    # Prompt kinds the rules make simultaneous and hidden (everyone decides at once, unseen): the
    # engine asks the players one after another, a front end may ask them all at once and hold
    # the answers (`bot.services.simultaneous`); a player's options there never depend on another's.
    simultaneous_kinds: ClassVar[frozenset[str]] = frozenset()
    # Deck section -> sampling pool, for the AI's beliefs ({"extra": "fusion"}); unmapped: any pool.
    section_pools: ClassVar[dict[str, str]] = {}
    # Where card ids sit in the game's own data, so that views show handles there
    # (`engine.core.handles`): "area.key/step/..." with area vars, values (player values),
    # secrets or flags (card flags); a step is a key or index, "*" (every item) or "@" (dict keys).
    card_refs: ClassVar[tuple[str, ...]] = ()

    def __init__(self) -> None:
        self._specs: dict[str, ZoneSpec] = {spec.name: spec for spec in self.zones}
        self._key_specs: dict[str, ZoneSpec] = {}

    # ------------------------------------------------------------ card facts
    @property
    def pool(self) -> CardPool:
        return load_pool(self.id)

    def card(self, code: str) -> CardDef:
        """Static facts of a card by code."""
        return self.pool[code]

    def default_decks(self, players: int | None = None) -> list[DeckList]:
        """Preconstructed decks for a quick match (cycled when there are more players)."""
        decks = [deck.as_lists() for deck in self.pool.decks.values()]
        if not decks:
            raise InvalidActionError(f"{self.id} ships no preconstructed decks")
        n = players or self.min_players
        return [decks[i % len(decks)] for i in range(n)]

    # ------------------------------------------------------------ zones
    def zone_spec(self, key: str) -> ZoneSpec:
        spec = self._key_specs.get(key)
        if spec is None:
            spec = self._specs[zone_name(key) if ":" in key else key]
            self._key_specs[key] = spec
        return spec

    def is_slot_zone(self, key: str) -> bool:
        return self.zone_spec(key).slots > 0

    def make_zones(self, state: State) -> None:
        """Create every declared zone for every player."""
        for spec in self.zones:
            if spec.per_player:
                for player in range(state.num_players):
                    state.add_zone(f"{spec.name}:{player}", spec.slots)
            else:
                state.add_zone(spec.name, spec.slots)

    # ------------------------------------------------------------ match lifecycle
    def resolve_options(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        """Match options with defaults filled in; unknown names or values are refused."""
        resolved = {name: opt.default for name, opt in self.match_options.items()}
        for name, value in (options or {}).items():
            opt = self.match_options.get(name)
            if opt is None:
                known = ", ".join(sorted(self.match_options)) or "none"
                raise InvalidActionError(f"{self.id} has no match option {name!r} (options: {known})", given=name)
            if opt.choices and value not in opt.choices:
                raise InvalidActionError(
                    f"match option {name!r} takes one of {list(opt.choices)}, not {value!r}", given=value
                )
            resolved[name] = value
        return resolved

    def new_match(
        self,
        decks: Sequence[DeckList],
        seed: int,
        options: Mapping[str, Any] | None = None,
        *,
        check_decks: bool = True,
    ) -> State:
        """Start a match: shuffles, opening hands; returns the state at its first prompt."""
        if not self.min_players <= len(decks) <= self.max_players:
            raise InvalidActionError(
                f"{self.name} is for {self.min_players}-{self.max_players} players, not {len(decks)}"
            )
        resolved = self.resolve_options(options)
        if check_decks:
            for seat, deck in enumerate(decks):
                problems = self.validate_deck(deck, resolved)
                if problems:
                    raise InvalidActionError(f"deck of player {seat + 1} is not legal: " + "; ".join(problems))
        state = State(self.id, len(decks), seed, resolved)
        state._game = self
        self.make_zones(state)
        self.setup(state, [dict(deck) for deck in decks])
        state.advance()
        return state

    def from_json(self, data: dict[str, Any]) -> State:
        """Restore a state from `State.to_json()` output."""
        state = State.from_json(data)
        if state.game_id != self.id:
            raise InvalidActionError(f"this snapshot is a {state.game_id} game, not {self.id}")
        state._game = self
        return state

    # ------------------------------------------------------------ hooks for games
    @abstractmethod
    def setup(self, state: State, decks: list[DeckList]) -> None:
        """Create the cards, deal, and push the first procedure (run by `new_match`)."""

    @abstractmethod
    def validate_deck(self, deck: DeckList, options: Mapping[str, Any] | None = None) -> list[str]:
        """Every construction problem of a deck, in words (empty list: the deck is legal)."""

    @abstractmethod
    def scenario_setup(self, state: State, setup: Mapping[str, Any]) -> None:
        """Put a scenario state (cards already placed) at the moment `setup` describes.

        Typical keys: "active", "turn", "phase"; the game pushes the procedure that resumes
        play from there. `state.advance()` runs after this.
        """

    def evaluate(self, state: State, player: int) -> float:
        """How good the position is for `player`, in [-1, 1] (the AI's evaluation)."""
        if state.result is not None:
            if not state.result.winners:
                return 0.0
            return 1.0 if player in state.result.winners else -1.0
        return 0.0

    def explain_illegal(self, state: State, option_id: str) -> tuple[str, str] | None:
        """Why `option_id` is not allowed now, as (reason, rule section), when the game can tell."""
        return None

    def could_be(self, pool: str, code: str) -> bool:
        """Whether a card with `code` may sit hidden in a zone of sampling pool `pool` (for the AI).

        Override to keep sampled worlds plausible (only monsters face down in a monster zone).
        """
        return True

    def status_line(self, state: State, player: int) -> str:
        """A short public line about a player ("LP 8000, hand 5"), for boards and logs."""
        values = ", ".join(f"{k} {v}" for k, v in state.players[player].items() if isinstance(v, int))
        return values
