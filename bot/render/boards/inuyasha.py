"""Inuyasha TCG board image: characters with their color values (items' and locations' bonuses
included), expended ones turned sideways, each with the items it carries; locations; shards and
captured shards; the Kaitou card; from the spectator view.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from bot.render.boards import kit
from bot.render.boards.kit import MARGIN, CardBox, Group, Header
from bot.render.boards.table import Table
from engine.core.state import EMPTY, Card
from engine.games.inuyasha import board as rules
from engine.games.inuyasha.board import EXPENDED
from engine.games.inuyasha.facts import GAME_ID

if TYPE_CHECKING:
    from collections.abc import Callable

    from bot.render.model import Board
    from engine.core.game import Game

WIDTH = 960
CARD_W, CARD_H = 138, 184
COLORS = {  # every color of the game (engine.games.inuyasha.facts.COLORS), drawn as a tile
    "red": (214, 60, 52),
    "blue": (60, 110, 220),
    "purple": (140, 80, 190),
    "black": (28, 28, 30),
    "white": (238, 238, 238),
}
kit.FRAMES.update(
    {
        "character": (226, 214, 186),
        "item": (170, 200, 230),
        "location": (160, 200, 150),
        "kaitou": (214, 176, 236),
        "event": (240, 200, 150),
    }
)
KAITOU = (214, 176, 236)


@dataclass(slots=True)
class Side:
    header: Header
    shards: int
    captured: int
    hand: int
    deck: int
    discard: int
    kaitou_deck: int
    kaitou: CardBox | None
    characters: list[Group] = field(default_factory=list)  # a character and the items it carries
    locations: list[CardBox] = field(default_factory=list)
    resolving: list[CardBox] = field(default_factory=list)


@dataclass(slots=True)
class InuyashaBoard:
    scene: kit.Scene
    sides: list[Side]


class _Table(Table):
    """The public cards in play as a small engine `State` (the static-bonus rules read a real one):
    items and locations are public, so their bonuses are too. View ids (numbers or handles) are
    numbered afresh; `index` maps them to the table's card ids."""

    def __init__(self, view: dict[str, Any]) -> None:
        super().__init__(GAME_ID, 2)
        placed: list[tuple[Card, Any]] = []
        for entry in view.get("players", []):
            key = f"play:{entry['seat']}"
            self.state.zones.setdefault(key, [])
            for raw in kit.slots_of(entry["zones"].get("play")):
                if raw and "code" in raw:
                    card = self.place(raw, key, owner=raw["owner"], controller=raw["controller"])
                    placed.append((card, raw.get("attached_to", EMPTY)))
        for card, carrier in placed:
            card.attached_to = self.index.get(carrier, EMPTY) if carrier != EMPTY else EMPTY
        self.add_modifiers(view)

    def colors(self, game: Game, raw: dict[str, Any]) -> dict[str, int]:
        """A face-up character's current values by color, as the engine counts them
        (`rules.color_value`: printed, static bonuses of public cards, modifiers)."""
        printed: dict[str, int] = dict(game.card(raw["code"]).stats.get("colors") or {})
        cid = self.index.get(raw["id"])
        if cid is None:
            return printed
        return {color: rules.color_value(self.state, cid, color) for color in printed}


def current(game: Game, view: dict[str, Any]) -> Callable[[dict[str, Any]], dict[str, Any]]:
    """A face-up character's current color values ({"colors": {"black": 5, ...}}); {} for others."""
    table = _Table(view)

    def now(raw: dict[str, Any]) -> dict[str, Any]:
        if raw.get("hidden") or "code" not in raw or game.card(raw["code"]).type != "character":
            return {}
        return {"colors": table.colors(game, raw)}

    return now


def card_box(game: Game, table: _Table, raw: dict[str, Any], titles: dict[kit.CardId, str]) -> CardBox:
    if raw.get("hidden") or "code" not in raw:
        return kit.back(raw.get("id", -1), tags=("Defeated",) if kit.ref(raw.get("attached_to")) is None else ())
    facts = game.card(raw["code"])
    kind = facts.type if facts.type in kit.FRAMES else "character"
    if kind == "character":
        values = table.colors(game, raw)
        expended = raw.get("orientation") == EXPENDED
        chips = tuple((str(v), COLORS[c]) for c, v in values.items() if c in COLORS)
        return CardBox(
            facts.name, kind, chips=chips, sideways=expended, tags=("Expended",) if expended else (), cid=raw["id"]
        )
    tags: tuple[str, ...] = ()
    carrier = kit.ref(raw.get("attached_to"))
    if carrier is not None:
        tags = ("→" + titles.get(carrier, "a character"),)
    if kind == "kaitou":
        tags = ("Used" if (raw.get("flags") or {}).get("used") else "Ready",)
    return CardBox(facts.name, kind, tags=tags, cid=raw["id"])


def build(game: Game, board: Board) -> InuyashaBoard:
    view = board.view or {}
    table = _Table(view)
    titles = {
        c["id"]: str(game.card(c["code"]).extra.get("character_name") or c["name"])
        for e in view.get("players", [])
        for c in kit.slots_of(e["zones"].get("play"))
        if c and "code" in c
    }
    sides = []
    for entry in view.get("players", []):
        seat, zones = int(entry["seat"]), entry["zones"]
        play = [c for c in kit.slots_of(zones.get("play")) if c]
        carried: dict[kit.CardId, list[dict[str, Any]]] = {}
        for c in play:
            carrier = kit.ref(c.get("attached_to"))
            if carrier is not None:
                carried.setdefault(carrier, []).append(c)
        groups, locations = [], []
        for c in play:
            if kit.ref(c.get("attached_to")) is not None:
                continue
            box = card_box(game, table, c, titles)
            if box.kind == "character" or box.hidden:
                items = [card_box(game, table, i, titles) for i in carried.get(c["id"], [])]
                groups.append(Group("", [box, *items]))
            else:
                locations.append(box)
        kaitou_raw = next(iter(kit.slots_of(zones.get("kaitou"))), None)
        on_turn = seat < len(board.panels) and board.panels[seat].on_turn
        sides.append(
            Side(
                Header(kit.seat_name(board.names, seat) or f"Player {seat + 1}", seat, on_turn),
                int(zones.get("shards", {}).get("count", 0)),
                int(zones.get("captured", {}).get("count", 0)),
                int(zones.get("hand", {}).get("count", 0)),
                int(zones.get("deck", {}).get("count", 0)),
                int(zones.get("discard", {}).get("count", 0)),
                int(zones.get("kaitou_deck", {}).get("count", 0)),
                card_box(game, table, kaitou_raw, titles) if kaitou_raw else None,
                groups,
                locations,
                [card_box(game, table, c, titles) for c in kit.slots_of(zones.get("resolving")) if c],
            )
        )
    state_vars = view.get("vars", {})
    active = kit.seat_name(board.names, state_vars.get("active"))
    step = str(state_vars.get("step") or "")
    turn = " · ".join(
        p for p in (f"Turn {state_vars.get('turn', 0)}", active, f"{step.title()} step" if step else "") if p
    )
    last = kit.last_action(board.events, kit.view_names(view))
    model = InuyashaBoard(kit.Scene(turn, last, board.status), sides)
    boxes = [b for s in sides for g in s.characters for b in g.boxes] + [
        b for s in sides for b in (*s.locations, *s.resolving)
    ]
    kit.mark_boxes(boxes, last, _changed(view, last))
    return model


_GETS = re.compile(r" gets [+-]\d+ (\w+)")


def _changed(view: dict[str, Any], last: kit.LastAction | None) -> Callable[[str, CardBox], bool]:
    """Which of copies alike the last action changed: the expended one (an attacker expends), the
    one with a modifier on the color it "gets", the newest of a card just played."""
    text = last.text if last is not None else ""
    gets = _GETS.search(text)
    modified = {m[0] for m in view.get("modifiers", []) if gets and m[1] == gets.group(1)}
    newest: dict[str, kit.CardId] = {}  # a zone lists its cards oldest first
    for entry in view.get("players", []):
        for raw in kit.slots_of(entry["zones"].get("play")):
            if raw and "name" in raw:
                newest[str(raw["name"])] = raw["id"]

    def prefer(mark: str, box: CardBox) -> bool:
        if mark == "attacker" or " is expended" in text:
            return box.sideways
        if gets:
            return box.cid in modified
        if " plays " in text:
            return newest.get(box.title) == box.cid
        return False

    return prefer


# ---------------------------------------------------------------------------------- drawing
def _side(canvas: kit.Canvas, y: int, side: Side) -> int:
    fill = kit.PANEL_TURN if side.header.on_turn else kit.PANEL
    canvas.rect((0, y, WIDTH, y + 104), fill, radius=0, width=0)
    x = kit.player_name(canvas, MARGIN, y + 10, side.header, 260)
    x += canvas.text(x, y + 10, f"Shards {side.shards}", 30, kit.TEXT) + 16
    canvas.text(x, y + 10, f"Captured {side.captured}", 30, kit.ACCENT)
    x = canvas.backs(MARGIN, y + 58, side.hand, 420)
    piles = [
        (f"Deck {side.deck}", kit.SLOT),
        (f"Discard {side.discard}", kit.SLOT),
        (f"Kaitou deck {side.kaitou_deck}", kit.SLOT),
    ]
    canvas.pills(x, y + 58, piles, WIDTH - MARGIN)
    y += 104
    groups: list[Group] = []
    if side.kaitou is not None:
        groups.append(Group("Kaitou", [side.kaitou], KAITOU))
    groups += side.characters
    if side.locations:
        groups.append(Group("Locations", side.locations, kit.MUTED))
    if side.resolving:
        groups.append(Group("Being played", side.resolving, kit.ACCENT))
    bottom, _ = kit.flow(canvas, MARGIN, y + 4, WIDTH - MARGIN, groups, CARD_W, CARD_H, max_rows=3)
    return bottom


def draw(model: InuyashaBoard) -> bytes:
    canvas = kit.Canvas(WIDTH, 2600)
    y = 0
    order = list(reversed(model.sides))
    for index, side in enumerate(order):
        y = _side(canvas, y, side) + kit.GAP
        if index == 0:
            y = kit.caption(canvas, y, model.scene.lines(), fill=kit.BG)
    return canvas.png()
