"""A render-ready board built from an engine view: panels per player, zones, cards, narration.

Text, embeds and images all draw this one model, so they show the same facts.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from bot.render.display import Display, display_for

if TYPE_CHECKING:
    from engine.core.game import Game

MAX_EVENTS = 6
_PLAYER_REF = re.compile(r"\b[Pp]layer (\d)\b")


@dataclass(slots=True)
class CardFace:
    """One card as shown: `hidden` cards show a back and nothing else."""

    label: str
    hidden: bool = False
    stats: str = ""
    orientation: str = ""
    counters: str = ""
    empty_slot: bool = False
    attached_to: str = ""  # the name of the card this one is attached to, when it is shown
    note: str = ""  # its part where it is ("involved": a Character in a Usagi Event)

    def text(self) -> str:
        if self.empty_slot:
            return "—"
        on = f"on {self.attached_to}" if self.attached_to else ""
        if self.hidden:
            extras = [part for part in (self.orientation, on) if part]
            return "[face-down]" + (f" ({'; '.join(extras)})" if extras else "")
        extras = [part for part in (self.stats, self.orientation, self.counters, on, self.note) if part]
        return self.label + (f" ({'; '.join(extras)})" if extras else "")


@dataclass(slots=True)
class ZoneShow:
    name: str
    count: int
    cards: list[CardFace] = field(default_factory=list)
    slots: bool = False
    in_play: bool = False  # drawn as card frames on the board image
    slot_names: tuple[str, ...] = ()  # the places of a slot zone, when the game names them
    groups: list[tuple[str, list[CardFace]]] = field(default_factory=list)
    """The zone's cards by what they belong to, when the game groups them (Usagi: each Event with
    its Settings and involved Characters, "Alice's Event"); one line each."""

    def text(self) -> str:
        if self.groups:
            lines = (f"\n    {label}: " + " · ".join(card.text() for card in cards) for label, cards in self.groups)
            return f"{self.name} {self.count}:" + "".join(lines)
        if self.slots and self.slot_names and len(self.slot_names) == len(self.cards):
            places = (f"{place} {card.text()}" for place, card in zip(self.slot_names, self.cards, strict=True))
            return f"{self.name}: " + " | ".join(places)
        if self.slots:
            return f"{self.name}: " + " | ".join(card.text() for card in self.cards)
        if not self.cards:
            return f"{self.name} {self.count}"
        shown = " · ".join(card.text() for card in self.cards[-8:])  # names may hold commas
        more = f" (+{self.count - len(self.cards[-8:])} more)" if self.count > len(self.cards[-8:]) else ""
        return f"{self.name} {self.count}: {shown}{more}"


@dataclass(slots=True)
class Panel:
    seat: int
    name: str
    values: str
    zones: list[ZoneShow]
    on_turn: bool = False


@dataclass(slots=True)
class Board:
    title: str
    panels: list[Panel]
    shared: list[ZoneShow]
    events: list[str]
    status: str
    step: int
    # What the per-game board image draws from (bot/render/boards): the game id, the view the
    # board was built from (the spectator view for anything public) and the seat names.
    game: str = ""
    view: dict[str, Any] | None = field(default=None, repr=False)
    names: list[str] = field(default_factory=list)


Current = Callable[[dict[str, Any]], Mapping[str, Any]]
"""A card of a view -> its current stats, keyed as the card's printed ones (`bot.render.boards.current_of`)."""


def _now(value: Any, printed: Any) -> str:
    """A current value with the printed one beside it when they differ ("1500 (printed 1300)")."""
    if printed is None:
        return f"{value} (not printed)"
    return str(value) if value == printed else f"{value} (printed {printed})"


def stats_text(game: Game, code: str, current: Mapping[str, Any] | None = None) -> str:
    """The stats of a card that matter in its game, as players read them ("Level 4, ATK 800,
    DEF 2000"; "cost 3, red 7, white 4, black 3"): the game's display.yaml `stats:` says which and
    how; without it, the first three numbers. `current` (stat -> value now, for a card in play)
    shows the current value, with the printed one beside it where they differ ("ATK 1500 (printed
    1300)"); its `_printed` entry replaces printed stats a card takes from its creator (tokens)."""
    try:
        stats = game.card(code).stats
    except KeyError:
        return ""
    now = dict(current or {})
    stats = {**stats, **now.pop("_printed", {})}
    shown = display_for(game).stats
    if not shown:
        parts = [
            f"{k} {_now(now.get(k, v), v)}" for k, v in stats.items() if isinstance(v, int) and not isinstance(v, bool)
        ]
        return ", ".join(parts[:3])
    parts = []
    for key, template in shown.items():
        value = stats.get(key)
        live_value = now.get(key)
        live: dict[str, Any] = live_value if isinstance(live_value, dict) else {}
        unset = value is None or value == {} or value == [] or isinstance(value, bool)
        if not template or (unset and not (value == {} and live)):  # unrated when printed may be rated now
            continue
        if isinstance(value, dict):
            names = [*value, *(k for k in live if k not in value)]  # a rating an effect gave counts too
            items = [
                (k, _now(live.get(k, value.get(k)), value.get(k)))
                for k in names
                if value.get(k) is not None or live.get(k) is not None
            ]
            pairs = [(v, k) if template != "{}" else (k, v) for k, v in items]  # "cost 1 honor", "red 7"
            value = ", ".join(f"{a} {b}" for a, b in pairs)
        elif isinstance(value, list):
            value = "/".join(str(v) for v in value)
        elif key in now:
            value = _now(now[key], value)
        parts.append(template.replace("{}", str(value)))
    return ", ".join(parts)


def card_face(
    game: Game,
    raw: dict[str, Any] | None,
    names: dict[Any, str] | None = None,
    *,
    stats: bool = True,
    shown: dict[Any, dict[str, Any]] | None = None,
    current: Current | None = None,
    note: str = "",
) -> CardFace:
    """One card of a view as shown; `names` (handle -> name of the cards the view shows) names
    what it is attached to; `stats=False` for cards in a pile, where only names matter. A card
    with others stacked on it (its `stack` flag, the handles `shown` holds) shows the top card's
    stats and how many cards the stack holds. `current` gives a card in play its current stats
    (the ones the board image draws), the printed ones beside them where they differ."""
    if raw is None:
        return CardFace("", empty_slot=True)
    display = display_for(game)
    orientation = display.orientation(str(raw.get("orientation") or ""))
    counters = ", ".join(f"{k} {v}" for k, v in (raw.get("counters") or {}).items() if v)
    known = shown or {}
    card = raw
    stack = [handle for handle in (raw.get("flags") or {}).get("stack") or [] if handle in known]
    if stack and "code" in raw:
        top = known[stack[-1]]
        raw = {**raw, "code": top.get("code", raw["code"]), "name": top.get("name", raw.get("name"))}
        counters = ", ".join(part for part in (counters, display.stack.replace("{}", str(len(stack) + 1))) if part)
    host = raw.get("attached_to")
    attached = (names or {}).get(host, "") if isinstance(host, int | str) else ""
    if raw.get("hidden") or "code" not in raw:
        return CardFace("", hidden=True, orientation=orientation, counters=counters, attached_to=attached)
    return CardFace(
        str(raw.get("name", raw["code"])),
        stats=stats_text(game, raw["code"], current(card) if current else None) if stats else "",
        orientation=orientation,
        counters=counters,
        attached_to=attached,
        note=note,
    )


def _view_cards(view: dict[str, Any]) -> list[dict[str, Any]]:
    """Every card of every zone of the view (hidden ones too, as the view gives them)."""
    zones = [zone for entry in view.get("players", []) for zone in entry.get("zones", {}).values()]
    zones += list(view.get("shared", {}).values())
    return [card for zone in zones for card in [*zone.get("cards", []), *zone.get("slots", [])] if card]


def shown_names(view: dict[str, Any]) -> dict[Any, str]:
    """Handle -> name of every card the view shows face up (to name what cards are attached to)."""
    return {card["id"]: str(card["name"]) for card in _view_cards(view) if "id" in card and "name" in card}


def zone_show(
    game: Game,
    name: str,
    raw: dict[str, Any],
    names: dict[Any, str] | None = None,
    cards: dict[Any, dict[str, Any]] | None = None,
    current: Current | None = None,
) -> ZoneShow:
    """A zone as shown; `cards` (handle -> card of the view) lets a stacked card show its top;
    `current` gives the cards in play their current stats."""
    shown = display_for(game).zone(name)
    try:
        in_play = game.zone_spec(name).in_play
    except KeyError:
        in_play = False
    if "slots" in raw:
        faces = [card_face(game, c, names, shown=cards, current=current) for c in raw["slots"]]
        places = display_for(game).slots.get(name, ())
        return ZoneShow(shown, int(raw.get("count", 0)), faces, slots=True, in_play=True, slot_names=places)
    faces = [card_face(game, c, names, stats=in_play, shown=cards, current=current) for c in raw.get("cards", [])]
    return ZoneShow(shown, int(raw.get("count", 0)), faces, in_play=in_play)


def shown_cards(view: dict[str, Any]) -> dict[Any, dict[str, Any]]:
    """Handle -> every card the view shows face up, in any zone."""
    return {card["id"]: card for card in _view_cards(view) if "id" in card and "code" in card}


def values_text(values: dict[str, Any], display: Display | None = None) -> str:
    """Public values as a player reads them ("LP 8000, Turn Indicator 2"); bookkeeping left out."""
    display = display or Display()
    parts = []
    for key, value in values.items():
        if isinstance(value, bool | dict | list) or key.startswith("_"):
            continue
        name = display.value(key)
        if name and not (key in display.quiet and value == 0):
            parts.append(f"{name} {value}")
    return ", ".join(parts)


def collapse(events: list[str]) -> list[str]:
    """Runs of the same event told once with a count: six "Ana draws a card" -> "Ana draws a card (×6)".

    >>> collapse(["a", "a", "b", "a"])
    ['a (×2)', 'b', 'a']
    """
    out: list[str] = []
    run = 0
    for n, event in enumerate(events):
        run += 1
        if n + 1 == len(events) or events[n + 1] != event:
            out.append(event if run == 1 else f"{event} (×{run})")
            run = 0
    return out


def name_players(text: str, names: list[str]) -> str:
    """Replace the engine's "Player 1" (seats are numbered from 1 in narration) with seat names."""

    def sub(match: re.Match[str]) -> str:
        seat = int(match.group(1)) - 1
        return names[seat] if 0 <= seat < len(names) else match.group(0)

    return _PLAYER_REF.sub(sub, text)


def build_board(game: Game, view: dict[str, Any], names: list[str], *, title: str, status: str = "") -> Board:
    """The render model of an engine view (use the spectator view for anything public)."""
    from bot.render.boards import current_of, groups_of  # what the board images draw: one source

    display = display_for(game)
    now = current_of(game, view)
    grouped = groups_of(game, view, list(names))
    names_shown = shown_names(view)
    cards = shown_cards(view)
    prompt = view.get("prompt") or {}
    turn = prompt.get("player")
    panels = []
    for entry in view.get("players", []):
        seat = int(entry["seat"])
        zones = [
            zone_show(game, name, raw, names_shown, cards, now)
            for name, raw in entry.get("zones", {}).items()
            if display.zone(name)
        ]
        panels.append(
            Panel(
                seat,
                names[seat] if seat < len(names) else f"Player {seat + 1}",
                values_text(entry.get("values", {}), display),
                zones,
                on_turn=(turn == seat),
            )
        )
    shared = []
    for name, raw in view.get("shared", {}).items():
        if not display.zone(name) or (name in display.quiet and not raw.get("count") and not raw.get("cards")):
            continue
        zone = zone_show(game, name, raw, names_shown, cards, now)
        zone.groups = [
            (label, [card_face(game, card, names_shown, shown=cards, current=now, note=note) for card, note in members])
            for label, members in grouped.get(name, [])
        ]
        shared.append(zone)
    events = collapse([name_players(text, names) for text in view.get("events", [])[-4 * MAX_EVENTS :]])[-MAX_EVENTS:]
    if not status:
        result = view.get("result")
        if result:
            winners = [names[w] for w in result[0] if w < len(names)]
            status = (" and ".join(winners) + " won. " if winners else "Draw. ") + name_players(str(result[1]), names)
        elif turn is not None and turn < len(names):
            status = f"Waiting for {names[turn]}: {display.step(str(prompt.get('kind') or 'decision'))}."
        elif prompt.get("everyone"):  # a simultaneous step: nobody is singled out until all have chosen
            status = f"Everyone decides at once: {display.step(str(prompt.get('kind') or 'decision'))}."
    steps = int(view.get("steps", 0))
    return Board(title, panels, shared, events, status, steps, game=game.id, view=view, names=list(names))
