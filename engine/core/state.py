"""The plain-data game state every game shares, and the procedure stack that runs it.

A state is lists of ids and small records: card instances (`Card`), zones (lists of card
ids, last element = top), per-player values, game variables, a stack of resumable
procedure frames, the pending prompt, the RNG, modifiers and narration. It clones by
copying containers one level down; card records are copy-on-write (`State.mcard`).

Rules for game code (see GUIDE.md):
- read a card with `state.cards[cid]`; before changing a card, take `card = state.mcard(cid)`;
- values in `vars`, `players[i]`, `Frame.data`, card `counters`/`flags` are JSON values
  (int, str, bool, None, lists and dicts of those);
- `vars` is public: hidden things live in cards (face-down, `known` mask) or in `secrets`.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, Any, Final, NamedTuple

from engine.core.errors import EngineError, IllegalActionError, InvalidActionError
from engine.core.events import EVERYONE, Event
from engine.core.prompt import Option, Prompt
from engine.core.rng import Rng

if TYPE_CHECKING:
    from engine.core.game import Game

EMPTY: Final = -1  # an empty slot in a slot zone
MAX_STEPS_PER_ADVANCE: Final = 200_000
EVENT_WINDOW: Final = 120  # narration kept in the state (older lines are trimmed; see `State.events_since`)

Procedure = Callable[["State", "Frame"], None]
PROCEDURES: Final[dict[str, Procedure]] = {}


def procedure(name: str) -> Callable[[Procedure], Procedure]:
    """Register a module-level function as a resumable procedure under a global `name`.

    Names are namespaced by game ("yugioh.turn"); the kernel's own start with "core.".
    """

    def decorate(func: Procedure) -> Procedure:
        existing = PROCEDURES.get(name)
        if existing is not None and existing is not func:
            # The same function loaded twice (a module imported under two names) is fine.
            same = (existing.__qualname__, existing.__code__.co_filename) == (
                func.__qualname__,
                func.__code__.co_filename,
            )
            if not same:
                raise EngineError(f"procedure {name!r} is registered twice")
        PROCEDURES[name] = func
        return func

    return decorate


def copy_json(value: Any) -> Any:
    """Copy a JSON-like value (lists, dicts, scalars; tuples become lists)."""
    if isinstance(value, dict):
        return {k: copy_json(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [copy_json(v) for v in value]
    return value


class Card:
    """One card instance in a match. Static facts live in the card pool, keyed by `code`."""

    __slots__ = (
        "attached_to",
        "code",
        "controller",
        "counters",
        "face_up",
        "flags",
        "id",
        "known",
        "moves",
        "orientation",
        "owner",
        "zone",
    )

    def __init__(
        self,
        id: int,
        code: str,
        owner: int,
        zone: str,
        *,
        controller: int | None = None,
        face_up: bool = False,
        known: int = 0,
        orientation: str = "",
        counters: dict[str, int] | None = None,
        flags: dict[str, Any] | None = None,
        attached_to: int = EMPTY,
        moves: int = 0,
    ) -> None:
        self.id = id
        self.code = code
        self.owner = owner
        self.controller = owner if controller is None else controller
        self.zone = zone
        self.face_up = face_up
        self.known = known
        self.orientation = orientation
        self.counters: dict[str, int] = counters if counters is not None else {}
        self.flags: dict[str, Any] = flags if flags is not None else {}
        self.attached_to = attached_to
        # Zone changes so far: a handle (engine.core.handles) is new whenever this changes.
        self.moves = moves

    def copy(self) -> Card:
        return Card(
            self.id,
            self.code,
            self.owner,
            self.zone,
            controller=self.controller,
            face_up=self.face_up,
            known=self.known,
            orientation=self.orientation,
            counters=dict(self.counters),
            flags=copy_json(self.flags) if self.flags else {},
            attached_to=self.attached_to,
            moves=self.moves,
        )

    def visible_to(self, player: int | None) -> bool:
        """True when `player` (None: a spectator) may know which card this is."""
        if self.face_up:
            return True
        return player is not None and player >= 0 and bool((self.known >> player) & 1)

    def to_json(self) -> list[Any]:
        return [
            self.code,
            self.owner,
            self.controller,
            self.zone,
            self.face_up,
            self.known,
            self.orientation,
            self.counters,
            self.flags,
            self.attached_to,
        ]

    @classmethod
    def from_json(cls, cid: int, raw: list[Any]) -> Card:
        code, owner, controller, zone, face_up, known, orientation, counters, flags, attached = raw
        return cls(
            cid,
            code,
            owner,
            zone,
            controller=controller,
            face_up=face_up,
            known=known,
            orientation=orientation,
            counters=dict(counters),
            flags=copy_json(flags),
            attached_to=attached,
        )

    def __repr__(self) -> str:
        return f"Card(#{self.id} {self.code} in {self.zone}, owner {self.owner})"


class Frame:
    """One resumable procedure call: a registered name, a step counter and plain data."""

    __slots__ = ("data", "proc", "step")

    def __init__(self, proc: str, step: int = 0, data: dict[str, Any] | None = None) -> None:
        self.proc = proc
        self.step = step
        self.data: dict[str, Any] = data if data is not None else {}

    def copy(self) -> Frame:
        return Frame(self.proc, self.step, copy_json(self.data))

    def to_json(self) -> list[Any]:
        return [self.proc, self.step, self.data]

    def __repr__(self) -> str:
        return f"Frame({self.proc}@{self.step} {self.data})"


class Modifier(NamedTuple):
    """A lasting change to a card's stat (or a player value when `target` is -1 - player).

    `until` names when it ends ("end_of_turn", "end_of_phase", "end_of_step", "end_of_battle",
    "permanent", or a game-defined key passed to `State.expire`). It also ends when its target
    leaves `zone` (the zone it was in when the modifier was made), if `zone` is not "".
    """

    target: int
    stat: str
    amount: int
    mode: str = "add"  # "add" or "set"
    until: str = "end_of_turn"
    source: int = EMPTY
    zone: str = ""


class Result(NamedTuple):
    """How a game ended: `winners` (empty tuple = a draw), the reason in words, scores."""

    winners: tuple[int, ...]
    reason: str
    scores: tuple[float, ...] = ()

    @property
    def is_draw(self) -> bool:
        return not self.winners


def zkey(zone: str, player: int | None = None) -> str:
    """Zone key: "hand:0" for a player's zone, or the bare name for a shared zone."""
    return zone if player is None else f"{zone}:{player}"


def zone_owner(key: str) -> int | None:
    """The player a zone key belongs to (None for a shared zone)."""
    _, sep, player = key.rpartition(":")
    return int(player) if sep else None


def zone_name(key: str) -> str:
    return key.rpartition(":")[0] if ":" in key else key


class State:
    """The whole, serializable state of one match. See the module docstring for the rules."""

    __slots__ = (
        "_game",
        "_owned",
        "answer",
        "cards",
        "event_total",
        "events",
        "game_id",
        "modifiers",
        "num_players",
        "options",
        "pending",
        "players",
        "result",
        "returned",
        "rng",
        "secrets",
        "stack",
        "steps",
        "vars",
        "zones",
    )

    def __init__(self, game_id: str, num_players: int, seed: int, options: dict[str, Any] | None = None) -> None:
        self.game_id = game_id
        self.num_players = num_players
        self.options: dict[str, Any] = dict(options or {})
        self.cards: list[Card] = []
        self.zones: dict[str, list[int]] = {}
        self.players: list[dict[str, Any]] = [{} for _ in range(num_players)]
        self.secrets: list[dict[str, Any]] = [{} for _ in range(num_players)]
        self.vars: dict[str, Any] = {}
        self.stack: list[Frame] = []
        self.pending: Prompt | None = None
        self.answer: Option | None = None
        self.returned: Any = None
        self.rng = Rng(seed)
        self.modifiers: list[Modifier] = []
        self.events: list[Event] = []
        self.event_total = 0  # events ever logged; the last len(events) of them are kept
        self.result: Result | None = None
        self.steps = 0  # decisions applied so far
        self._owned: set[int] = set()
        self._game: Game | None = None

    # ----------------------------------------------------------------- game
    @property
    def game(self) -> Game:
        if self._game is None:
            from engine.core.registry import get_game

            self._game = get_game(self.game_id)
        return self._game

    # ----------------------------------------------------------------- cards and zones
    def mcard(self, cid: int) -> Card:
        """The card record, made private to this state so it may be changed."""
        if cid not in self._owned:
            self.cards[cid] = self.cards[cid].copy()
            self._owned.add(cid)
        return self.cards[cid]

    def zone(self, key: str) -> list[int]:
        """The card ids in a zone (read-only use; create with `State.add_zone`)."""
        return self.zones[key]

    def add_zone(self, key: str, slots: int = 0) -> None:
        """Create an empty zone; a slot zone holds `slots` places, EMPTY when free."""
        self.zones[key] = [EMPTY] * slots

    def create_card(self, code: str, owner: int, zone: str, **fields: Any) -> int:
        """Make a new card instance at the top of `zone` (or in slot `index=`) and return its id."""
        index = fields.pop("index", None)
        cid = len(self.cards)
        card = Card(cid, code, owner, zone, **fields)
        self.cards.append(card)
        self._owned.add(cid)
        self._insert(cid, zone, index)
        return cid

    def _insert(self, cid: int, zone: str, index: int | None) -> None:
        ids = self.zones[zone]
        if self.game.is_slot_zone(zone):
            if index is None:
                if EMPTY not in ids:
                    raise EngineError(f"zone {zone} is full")
                index = ids.index(EMPTY)
            elif ids[index] != EMPTY:
                raise EngineError(f"slot {index} of {zone} is taken")
            ids[index] = cid
        elif index is None:
            ids.append(cid)
        else:
            ids.insert(index, cid)

    def move(
        self,
        cid: int,
        zone: str,
        *,
        index: int | None = None,
        face_up: bool | None = None,
        known: int | None = None,
        controller: int | None = None,
    ) -> Card:
        """Move a card to `zone` (top, or `index`; a free slot for slot zones).

        Visibility follows the destination zone's `ZoneSpec` unless `face_up`/`known` are given.
        Orientation resets when the card leaves play for a zone that is not `in_play`.
        """
        card = self.mcard(cid)
        card.moves += 1
        src = self.zones[card.zone]
        if self.game.is_slot_zone(card.zone):
            src[src.index(cid)] = EMPTY
        else:
            src.remove(cid)
        spec = self.game.zone_spec(zone)
        card.zone = zone
        up, mask = spec.entry_visibility(zone_owner(zone), card.controller)
        card.face_up = up if face_up is None else face_up
        card.known = mask if known is None else known
        if controller is not None:
            card.controller = controller
        elif spec.returns_control:
            card.controller = card.owner
        if not spec.in_play:
            card.orientation = ""
            card.attached_to = EMPTY
        self._insert(cid, zone, index)
        return card

    def top(self, zone: str, n: int = 1) -> list[int]:
        """The top `n` card ids of a pile (top first)."""
        ids = self.zones[zone]
        return ids[::-1][:n]

    def shuffle(self, zone: str) -> None:
        """Shuffle a pile with the state's RNG; nobody knows the order afterwards."""
        ids = self.zones[zone]
        self.rng.shuffle(ids)
        listed = self.game.zone_spec(zone).in_play  # its hidden cards are shown: they get new handles
        for cid in ids:
            if listed or self.cards[cid].known or self.cards[cid].face_up:
                card = self.mcard(cid)
                card.known = 0
                card.face_up = False
                card.moves += listed

    def cards_in(self, zone: str) -> Iterator[Card]:
        """The cards of a zone, skipping empty slots."""
        cards = self.cards
        for cid in self.zones[zone]:
            if cid != EMPTY:
                yield cards[cid]

    def count(self, zone: str) -> int:
        return sum(1 for cid in self.zones[zone] if cid != EMPTY)

    def find(self, predicate: Callable[[Card], bool], zones: Iterable[str] | None = None) -> list[int]:
        """Ids of cards in `zones` (default: all) for which `predicate` holds."""
        keys = self.zones.keys() if zones is None else zones
        return [c.id for key in keys for c in self.cards_in(key) if predicate(c)]

    # ----------------------------------------------------------------- modifiers
    def add_modifier(self, modifier: Modifier) -> None:
        self.modifiers.append(modifier)

    def expire(self, until: str) -> None:
        """End every modifier that lasts `until` this moment (e.g. "end_of_turn")."""
        if any(m.until == until for m in self.modifiers):
            self.modifiers = [m for m in self.modifiers if m.until != until]

    def modified(self, target: int, stat: str, base: int) -> int:
        """`base` after this state's modifiers on (`target`, `stat`); never below zero."""
        value = base
        adds = 0
        cards = self.cards
        for m in self.modifiers:
            if m.target != target or m.stat != stat:
                continue
            if m.zone and target >= 0 and cards[target].zone != m.zone:
                continue
            if m.mode == "set":
                value = m.amount
            else:
                adds += m.amount
        return max(0, value + adds)

    def prune_modifiers(self) -> None:
        """Drop modifiers whose target has left the zone they were made in."""
        cards = self.cards
        keep = [m for m in self.modifiers if not (m.zone and m.target >= 0 and cards[m.target].zone != m.zone)]
        if len(keep) != len(self.modifiers):
            self.modifiers = keep

    # ----------------------------------------------------------------- narration
    def log(self, text: str, *, to: int = EVERYONE, redacted: str = "") -> None:
        """Narrate an event; `to` (bitmask) sees `text`, everyone else `redacted`."""
        self.events.append(Event(text, to, redacted))
        self.event_total += 1
        if len(self.events) >= 2 * EVENT_WINDOW:
            del self.events[:-EVENT_WINDOW]

    def events_since(self, total: int) -> list[Event]:
        """Events logged after the moment `event_total` was `total` (as many as are kept).

        A transport records `event_total` before `apply` and narrates `events_since` after it.
        """
        new = self.event_total - total
        return self.events[-new:] if new > 0 else []

    # ----------------------------------------------------------------- procedures
    def push(self, proc: str, **data: Any) -> None:
        """Call a procedure: it runs next, before the caller resumes."""
        if proc not in PROCEDURES:
            raise EngineError(f"unknown procedure {proc!r}")
        self.stack.append(Frame(proc, 0, data))

    def pop(self, value: Any = None) -> None:
        """Return from the running procedure, handing `value` to the caller (`take_returned`)."""
        self.stack.pop()
        self.returned = value

    def take_returned(self) -> Any:
        value, self.returned = self.returned, None
        return value

    def ask(self, player: int, kind: str, text: str, options: Iterable[Option], rule: str = "") -> None:
        """Stop and wait for `player` to pick one of `options` (the running frame gets it back)."""
        opts = tuple(options)
        if not opts:
            raise EngineError(f"prompt {kind!r} for player {player} has no options")
        self.pending = Prompt(player, kind, text, opts, rule)

    def take_answer(self) -> Option:
        """The option chosen for the last prompt (a procedure calls this when it resumes)."""
        answer = self.answer
        if answer is None:
            raise EngineError("take_answer() with no answer: the frame resumed without a decision")
        self.answer = None
        return answer

    def finish(self, winners: Iterable[int], reason: str, scores: Iterable[float] = ()) -> None:
        """End the game now."""
        if self.result is None:
            self.result = Result(tuple(winners), reason, tuple(scores))
            self.pending = None
            self.stack.clear()
            self.log(reason)

    def advance(self) -> None:
        """Run procedures until a prompt is pending or the game is over."""
        guard = 0
        procs = PROCEDURES
        while self.pending is None and self.result is None and self.stack:
            frame = self.stack[-1]
            procs[frame.proc](self, frame)
            guard += 1
            if guard > MAX_STEPS_PER_ADVANCE:
                raise EngineError(f"no decision after {guard} steps: a procedure loops ({frame!r})")
        if self.pending is None and self.result is None:
            raise EngineError("the procedure stack ran empty without a result or a prompt")

    # ----------------------------------------------------------------- the contract
    def prompt(self) -> Prompt | None:
        """Who must decide what now, with every legal option (None when the game is over)."""
        return self.pending

    def legal(self) -> tuple[Option, ...]:
        return self.pending.options if self.pending is not None else ()

    def apply(self, choice: object) -> None:  # object: wrong types get InvalidActionError, compiled too
        """Apply one choice (an option id, or the Option) for the pending prompt.

        Raises IllegalActionError (with the rule) when the option is not legal now, and
        InvalidActionError when the input is not an option id at all.
        """
        if not isinstance(choice, str | Option):
            raise InvalidActionError(f"a choice is an option id (text), not {type(choice).__name__}", given=choice)
        option_id = choice.id if isinstance(choice, Option) else choice
        pending = self.pending
        if pending is None:
            raise IllegalActionError("the game is over: no decision is pending", given=option_id)
        option = pending.find(option_id)
        if option is None:
            explained = self.game.explain_illegal(self, option_id)
            if explained is not None:
                reason, rule = explained
                raise IllegalActionError(reason, rule, given=option_id, summary=self.summary())
            raise IllegalActionError(
                f"{option_id!r} is not one of the options now ({pending.text})",
                pending.rule,
                given=option_id,
                summary=self.summary(),
            )
        self.pending = None
        self.answer = option
        self.steps += 1
        self.advance()

    def view(self, player: int | None) -> dict[str, Any]:
        """What `player` may know (None: a spectator). See `engine.core.view`."""
        from engine.core.view import build_view

        return build_view(self, player)

    def summary(self) -> str:
        """One line about where the game stands, for error messages and logs."""
        who = f"player {self.pending.player} to {self.pending.kind}" if self.pending else "no prompt"
        return f"{self.game_id} decision {self.steps}, {who}"

    # ----------------------------------------------------------------- copy and serialization
    def clone(self) -> State:
        """An independent copy (cheap: containers one level down, cards copy-on-write)."""
        new = State(self.game_id, 0, 0)  # through __init__: compiled (mypyc) classes have no bare __new__
        new.options = self.options  # never changed after the match starts
        new.cards = self.cards.copy()
        self._owned = set()
        new._owned = set()
        new.zones = {key: ids.copy() for key, ids in self.zones.items()}
        new.players = [copy_json(p) for p in self.players]
        new.secrets = [copy_json(s) for s in self.secrets]
        new.vars = copy_json(self.vars)
        new.stack = [frame.copy() for frame in self.stack]
        new.pending = self.pending
        new.answer = self.answer
        new.returned = copy_json(self.returned)
        new.rng = self.rng.copy()
        new.modifiers = self.modifiers.copy()
        new.events = self.events.copy()
        new.event_total = self.event_total
        new.result = self.result
        new.steps = self.steps
        new._game = self._game
        new.num_players = self.num_players
        return new

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready snapshot; `Game.from_json` restores it exactly."""
        return {
            "game": self.game_id,
            "n": self.num_players,
            "options": self.options,
            "cards": [card.to_json() for card in self.cards],
            "zones": self.zones,
            "players": self.players,
            "secrets": self.secrets,
            "vars": self.vars,
            "stack": [frame.to_json() for frame in self.stack],
            "pending": self.pending.to_json() if self.pending else None,
            "rng": self.rng.to_json(),
            "modifiers": [list(m) for m in self.modifiers],
            "events": [list(e) for e in self.events],
            "event_total": self.event_total,
            "result": [list(self.result.winners), self.result.reason, list(self.result.scores)]
            if self.result
            else None,
            "steps": self.steps,
            "moves": [card.moves for card in self.cards],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> State:
        try:
            state = cls(data["game"], data["n"], 0, data["options"])
            state.cards = [Card.from_json(i, raw) for i, raw in enumerate(data["cards"])]
            state._owned = set(range(len(state.cards)))
            state.zones = {key: list(ids) for key, ids in data["zones"].items()}
            state.players = copy_json(data["players"])
            state.secrets = copy_json(data["secrets"])
            state.vars = copy_json(data["vars"])
            state.stack = [Frame(p, s, copy_json(d)) for p, s, d in data["stack"]]
            state.pending = Prompt.from_json(data["pending"]) if data["pending"] else None
            state.rng = Rng.from_json(data["rng"])
            state.modifiers = [Modifier(*m) for m in data["modifiers"]]
            state.events = [Event(*e) for e in data["events"]]
            state.event_total = data["event_total"]
            raw_result = data["result"]
            state.result = Result(tuple(raw_result[0]), raw_result[1], tuple(raw_result[2])) if raw_result else None
            state.steps = data["steps"]
            for card, moves in zip(state.cards, data.get("moves", ()), strict=False):
                card.moves = int(moves)
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            raise InvalidActionError(f"not a valid state snapshot: {exc}", given=None) from exc
        return state

    def digest(self) -> str:
        """SHA-256 of the canonical snapshot: equal digests mean identical states.

        The cards' move counts (what handles are made from, `engine.core.handles`) follow from the
        same record and are left out, so records made before they existed keep their digests.
        """
        snapshot = self.to_json()
        del snapshot["moves"]
        blob = json.dumps(snapshot, sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(blob.encode()).hexdigest()

    def __repr__(self) -> str:
        return f"<State {self.summary()}>"
