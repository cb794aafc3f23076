"""Usagi Yojimbo board image: the Event field (each Event with its Settings and the Characters
involved, with ratings), then one panel per player (2-6) with Honor, Ryo and chronicle tokens,
Characters with ratings, stricken ones sideways, and the Attachments each carries.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from bot.render.boards import kit
from bot.render.boards.kit import MARGIN, CardBox, Group, Header
from bot.render.boards.table import Table
from engine.games.usagi import board as rules
from engine.games.usagi.facts import GAME_ID

if TYPE_CHECKING:
    from collections.abc import Callable

    from bot.render.model import Board
    from engine.core.game import Game

WIDTH = 960
EVENT_ROWS = 8  # rows of Events drawn before "+N more not shown"
CARD_W, CARD_H = 126, 170
RATINGS = {  # rating -> (name, tile color); the legend under the caption names the colors
    "combat": ("Combat", (214, 70, 60)),
    "diplomacy": ("Diplomacy", (80, 140, 220)),
    "intrigue": ("Intrigue", (150, 100, 190)),
    "ceremony": ("Ceremony", (226, 186, 70)),
    "labor": ("Labor", (110, 180, 100)),
}
PHASES = {"initiation": "Initiation Phase", "actions": "Actions Phase", "conclusion": "Conclusion Phase"}
kit.FRAMES.update(
    {
        "Character": (226, 214, 186),
        "Event": (236, 196, 150),
        "Attachment": (170, 200, 230),
        "Moment": (200, 180, 230),
    }
)


@dataclass(slots=True)
class Seat:
    header: Header
    honor: int
    ryo: int
    tokens: int
    hand: int
    deck: int
    rest: int
    dead: int
    chronicle: int
    proposal: int
    field: list[Group] = field(default_factory=list)


@dataclass(slots=True)
class UsagiBoard:
    scene: kit.Scene
    events: list[Group]
    responses: list[CardBox]
    seats: list[Seat]


def chips(ratings: dict[str, Any]) -> tuple[tuple[str, kit.Color], ...]:
    return tuple(
        (str(int(value)), RATINGS[name][1]) for name, value in ratings.items() if name in RATINGS and value is not None
    )


class _Table(Table):
    """The cards in play a spectator sees as a small engine `State`, so ratings are counted by
    the engine's own rules (`board.rating` with `board.auras`: modifiers, Held Moments, lords)."""

    def __init__(self, view: dict[str, Any]) -> None:
        players = view.get("players", [])
        super().__init__(GAME_ID, max(2, len(players)))
        zones = [(f"field:{e['seat']}", e["zones"].get("field")) for e in players]
        zones.append((rules.EVENTS, view.get("shared", {}).get("events")))
        for key, raw_zone in zones:
            self.state.zones.setdefault(key, [])
            for raw in kit.slots_of(raw_zone):
                if raw and "code" in raw and not raw.get("hidden"):
                    owner = int(raw.get("owner", 0) or 0)
                    controller = raw.get("controller")
                    self.place(raw, key, owner=owner, controller=owner if controller is None else int(controller))
        self.add_modifiers(view)
        self.auras = rules.auras(self.state)

    def ratings(self, game: Game, raw: dict[str, Any]) -> dict[str, int | None]:
        """A card's current ratings (None: unrated), or its printed ones when it is not in play."""
        printed: dict[str, Any] = dict(game.card(raw["code"]).stats.get("ratings") or {})
        cid = self.index.get(raw["id"])
        if cid is None:
            return printed
        return {name: rules.rating(self.state, cid, name, self.auras) for name in RATINGS}


def current(game: Game, view: dict[str, Any]) -> Callable[[dict[str, Any]], dict[str, Any]]:
    """A Character's current ratings in play ({"ratings": {"combat": 5, ...}}); {} for others."""
    table = _Table(view)

    def now(raw: dict[str, Any]) -> dict[str, Any]:
        if raw.get("hidden") or "code" not in raw or game.card(raw["code"]).type != "Character":
            return {}
        return {"ratings": {k: v for k, v in table.ratings(game, raw).items() if v is not None}}

    return now


def card_box(
    game: Game,
    now: Callable[[dict[str, Any]], dict[str, Any]],
    raw: dict[str, Any],
    names: dict[kit.CardId, str],
    owners: list[str],
) -> CardBox:
    if raw.get("hidden") or "code" not in raw:
        return kit.back(raw.get("id", -1))
    facts = game.card(raw["code"])
    ratings = now(raw).get("ratings") or facts.stats.get("ratings") or {}
    kind = facts.type if facts.type in kit.FRAMES else "Character"
    tags: list[str] = []
    stricken = raw.get("orientation") == "stricken"
    if stricken:
        tags.append("Stricken")
    carrier = kit.ref(raw.get("attached_to"))
    if carrier is not None:
        tags.append("→" + names.get(carrier, "a card"))
    if (facts.subtype and kind in ("Event", "Moment")) or facts.subtype == "Setting":
        tags.insert(0, facts.subtype)
    owner = raw.get("controller")
    color = kit.SEAT_COLORS[owner % len(kit.SEAT_COLORS)] if isinstance(owner, int) and kind == "Character" else None
    score = facts.stats.get("score")
    return CardBox(
        facts.name,
        kind,
        corner=f"★{score}" if score else "",  # extra tokens over the 1 every Event gives (7.6)
        chips=chips(ratings),
        tags=tuple(tags),
        dim=stricken,  # upright: a sideways card has no room for five ratings
        cid=raw["id"],
        color=None if color is None else kit.shade(color, 0.9),
    )


def _carried(
    view: dict[str, Any],
) -> tuple[dict[kit.CardId, list[dict[str, Any]]], dict[kit.CardId, list[dict[str, Any]]]]:
    """Cards in play by the card they are attached to, and Characters by the Event they are involved in."""
    every = [c for e in view.get("players", []) for c in kit.slots_of(e["zones"].get("field")) if c]
    every += [c for c in kit.slots_of(view.get("shared", {}).get("events")) if c]
    attached: dict[kit.CardId, list[dict[str, Any]]] = {}
    involved: dict[kit.CardId, list[dict[str, Any]]] = {}
    for c in every:
        carrier = kit.ref(c.get("attached_to"))
        if carrier is not None:
            attached.setdefault(carrier, []).append(c)
        inv = kit.ref((c.get("flags") or {}).get("inv"))
        if inv is not None:
            involved.setdefault(inv, []).append(c)
    return attached, involved


def zone_groups(
    game: Game, view: dict[str, Any], owners: list[str]
) -> dict[str, list[tuple[str, list[tuple[dict[str, Any], str]]]]]:
    """The Event field as players read it: one group per Event (or Moment) in it, "Alice's Event",
    holding the Event, the cards attached to it (its Settings), then each Character involved in it
    with the cards that Character carries; each card with its part ("", "involved")."""
    attached, involved = _carried(view)
    groups = []
    for raw in kit.slots_of(view.get("shared", {}).get("events")):
        if not raw or kit.ref(raw.get("attached_to")) is not None or (raw.get("flags") or {}).get("inv") is not None:
            continue
        cards = [(raw, ""), *((a, "") for a in attached.get(raw["id"], []))]
        for character in involved.get(raw["id"], []):
            cards += [(character, "involved"), *((a, "") for a in attached.get(character["id"], []))]
        owner = kit.seat_name(owners, raw.get("owner"))
        kind = game.card(raw["code"]).type if "code" in raw else "card"
        groups.append((f"{owner}'s {kind}" if owner else kind, cards))
    return {"events": groups}


def build(game: Game, board: Board) -> UsagiBoard:
    view = board.view or {}
    owners = list(board.names)
    shared = view.get("shared", {})
    every = [c for e in view.get("players", []) for c in kit.slots_of(e["zones"].get("field")) if c]
    every += [c for c in kit.slots_of(shared.get("events")) if c]
    names = {c["id"]: str(c["name"]) for c in every if "name" in c}
    now = current(game, view)
    attached, _ = _carried(view)

    def box(raw: dict[str, Any]) -> CardBox:
        return card_box(game, now, raw, names, owners)

    def with_attachments(raw: dict[str, Any]) -> list[CardBox]:
        return [box(raw), *(box(a) for a in attached.get(raw["id"], []))]

    events = [
        Group(label, [box(raw) for raw, _ in cards], kit.FRAMES["Event"])
        for label, cards in zone_groups(game, view, owners)["events"]
    ]
    seats = []
    for entry in view.get("players", []):
        seat, zones, values = int(entry["seat"]), entry["zones"], entry["values"]
        groups = [
            Group("", with_attachments(c))
            for c in kit.slots_of(zones.get("field"))
            if c and kit.ref(c.get("attached_to")) is None and (c.get("flags") or {}).get("inv") is None
        ]
        on_turn = seat < len(board.panels) and board.panels[seat].on_turn
        seats.append(
            Seat(
                Header(kit.seat_name(owners, seat) or f"Player {seat + 1}", seat, on_turn),
                int(values.get("honor", 0)),
                int(values.get("ryo", 0)),
                int(values.get("tokens", 0)),
                int(zones.get("hand", {}).get("count", 0)),
                int(zones.get("deck", {}).get("count", 0)),
                int(zones.get("rest", {}).get("count", 0)),
                int(zones.get("dead", {}).get("count", 0)),
                int(zones.get("chronicle", {}).get("count", 0)),
                int(zones.get("proposal", {}).get("count", 0)),
                groups,
            )
        )
    responses = [box(c) for c in kit.slots_of(shared.get("stack")) if c]
    state_vars = view.get("vars", {})
    phase = PHASES.get(str(state_vars.get("phase", "")), "")
    pool = state_vars.get("pool")
    turn = " · ".join(
        p
        for p in (f"Turn {state_vars.get('turn', 0)}", phase, f"Chronicle pool {pool}" if pool is not None else "")
        if p
    )
    last = kit.last_action(board.events, kit.view_names(view))
    model = UsagiBoard(kit.Scene(turn, last, board.status), events, responses, seats)
    kit.mark_boxes(
        [*responses, *(b for g in events for b in g.boxes), *(b for s in seats for g in s.field for b in g.boxes)], last
    )
    return model


# ---------------------------------------------------------------------------------- drawing
def _seat(canvas: kit.Canvas, x: int, y: int, right: int, seat: Seat) -> int:
    fill = kit.PANEL_TURN if seat.header.on_turn else kit.PANEL
    color = kit.SEAT_COLORS[seat.header.seat % len(kit.SEAT_COLORS)]
    top = y
    canvas.rect((x, y, right, y + 96), fill, radius=10, width=0)
    after = kit.player_name(canvas, x + 10, y + 8, seat.header, min(220, right - x - 200))
    canvas.text(after, y + 8, f"Tokens {seat.tokens}", kit.LARGE, kit.ACCENT)
    values = [
        (f"Honor {seat.honor}", kit.SLOT),
        (f"Ryo {seat.ryo}", kit.SLOT),
        (f"Hand {seat.hand}", kit.SLOT),
        (f"Deck {seat.deck}", kit.SLOT),
    ]
    if seat.proposal:
        values.append(("Proposal (face down)", kit.SLOT))
    y = canvas.pills(x + 10, y + 50, values, right - 6)
    if seat.field:
        y, _ = kit.flow(canvas, x + 4, y + 4, right - 4, seat.field, CARD_W, CARD_H, max_rows=2)
    else:
        canvas.text(x + 10, y + 4, "No cards in play", kit.SMALL, kit.MUTED)
        y += kit.SMALL + 14
    canvas.rect((x, top, right, y), None, color if seat.header.on_turn else kit.SLOT, radius=10, width=2)
    return y


def event_field(canvas: kit.Canvas, y: int, events: list[Group]) -> tuple[int, dict[kit.CardId, kit.Rect]]:
    """The Events in play, packed (narrow groups fill the gaps wide ones leave) in up to
    EVENT_ROWS rows: the whole field of a 6-player game, where 5 rows in order showed 5 of 16."""
    return kit.flow(canvas, MARGIN, y, WIDTH - MARGIN, events, CARD_W, CARD_H, max_rows=EVENT_ROWS, pack=True)


def draw(model: UsagiBoard) -> bytes:
    canvas = kit.Canvas(WIDTH, 4000)
    lines = model.scene.lines()
    if model.responses:
        lines.insert(
            1, ("Responding to: " + ", ".join(b.title or "a face-down card" for b in model.responses), kit.TARGET)
        )
    y = kit.caption(canvas, 0, lines)
    legend = [("Ratings:", kit.BG), *RATINGS.values()]
    if any(box.corner for group in model.events for box in group.boxes):
        legend.append(("★N: N extra tokens", kit.BG))  # an Event's score over the 1 token (7.6)
    y = canvas.pills(MARGIN, y, legend, WIDTH - MARGIN)
    canvas.text(
        MARGIN, y, f"Event field ({len(model.events)})" if model.events else "Event field: empty", kit.BODY, kit.TEXT
    )
    y += kit.BODY + 10
    if model.events:
        y, _ = event_field(canvas, y, model.events)
    y = kit.pending(canvas, y, "Responses (last resolves first)", model.responses, kit.TARGET, CARD_W, CARD_H)
    columns = 1 if len(model.seats) <= 1 else 2
    col_w = (WIDTH - 2 * MARGIN - (columns - 1) * kit.GAP) // columns
    for start in range(0, len(model.seats), columns):
        bottom = y
        for index, seat in enumerate(model.seats[start : start + columns]):
            x = MARGIN + index * (col_w + kit.GAP)
            bottom = max(bottom, _seat(canvas, x, y + kit.GAP, x + col_w, seat))
        y = bottom + kit.GAP
    return canvas.png()
