"""Yu-Gi-Oh! board image: each player's field as on the mat, read from the spectator view.

Monster Zones and Magic & Trap Zones in five columns, the Field Spell and the Graveyard (a pile
with its count and its top cards' names, never a card that could pass for one on the field) on the
left, the Deck, Fusion Deck and banished cards as counts; frames colored by card kind, Level,
ATK/DEF large (current values, raised in green or lowered in red), Defense Position sideways,
face-down cards as backs, equips linked to their monster; LP with a bar; the hand as backs.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from bot.render.boards import kit
from bot.render.boards.kit import BAD, GOOD, MARGIN, TEXT, CardBox, Header
from engine.games.yugioh.board import EQUIP_BOOSTS, FIELD_BOOSTS, START_LP
from engine.games.yugioh.facts import facts

if TYPE_CHECKING:
    from collections.abc import Callable

    from bot.render.model import Board
    from engine.core.game import Game

WIDTH = 1000
CARD_W, CARD_H = 124, 164
CELL = CARD_H  # a slot is as wide as a card turned sideways
COLUMNS = 5
PHASES = {
    "draw": "Draw Phase",
    "standby": "Standby Phase",
    "main1": "Main Phase 1",
    "battle": "Battle Phase",
    "main2": "Main Phase 2",
    "end": "End Phase",
}
kit.FRAMES.update(
    {
        "normal": (222, 196, 120),
        "effect": (214, 130, 70),
        "fusion": (150, 100, 190),
        "ritual": (90, 130, 210),
        "spell": (40, 150, 130),
        "trap": (180, 70, 130),
    }
)
SPELL_SUBS = {
    "equip": "Equip",
    "field": "Field",
    "continuous": "Continuous",
    "quick-play": "Quick-Play",
    "ritual": "Ritual",
}
LINK = (120, 220, 255)


@dataclass(slots=True)
class Side:
    """One player's half of the field."""

    header: Header
    lp: int
    hand: int
    deck: int
    fusion: int
    grave: int
    banished: int
    grave_names: list[str]  # the Graveyard's cards, top first (a pile, never drawn as a card on the field)
    field_spell: CardBox | None
    monsters: list[CardBox | None]
    spells: list[CardBox | None]
    links: list[tuple[kit.CardId, kit.CardId]] = field(default_factory=list)  # (equip id, monster id)


@dataclass(slots=True)
class YugiohBoard:
    scene: kit.Scene
    sides: list[Side]
    attack: tuple[kit.CardId, kit.CardId] | None = None  # (attacker id, target id or -1 for a direct attack)


def _places(view: dict[str, Any]) -> dict[kit.CardId, str]:
    """Card id -> the zone key it is in ("mzone:0"), for modifiers that end when a card leaves."""
    return {
        c["id"]: f"{zone}:{entry['seat']}"
        for entry in view.get("players", [])
        for zone, raw in entry["zones"].items()
        for c in kit.slots_of(raw)
        if c and "id" in c
    }


def _boosts(view: dict[str, Any], raw: dict[str, Any], race: str, places: dict[kit.CardId, str]) -> tuple[int, int]:
    """ATK and DEF changes the spectator can see, as the engine counts them (`board._delta`): the
    one face-up Field Spell (the first player's first), equips, modifiers still in their zone."""
    cid = raw["id"]
    atk = dfn = 0
    fields = [c for e in view["players"] for c in kit.slots_of(e["zones"].get("fzone")) if c and c.get("face_up")]
    if fields and "code" in fields[0]:
        boost = FIELD_BOOSTS.get(fields[0]["code"], {}).get(race, 0)
        atk, dfn = atk + boost, dfn + boost
    for entry in view["players"]:
        for card in kit.slots_of(entry["zones"].get("szone")):
            if card and card.get("face_up") and "code" in card and card.get("attached_to") == cid:
                a, d = EQUIP_BOOSTS.get(card["code"], (0, 0))
                atk, dfn = atk + a, dfn + d
    for target, stat, amount, *rest in view.get("modifiers", []):
        zone = rest[3] if len(rest) > 3 else ""
        if target == cid and stat in ("atk", "def") and (not zone or places.get(cid) == zone):
            atk, dfn = (atk + amount, dfn) if stat == "atk" else (atk, dfn + amount)
    if view.get("vars", {}).get("reverse") == view.get("vars", {}).get("turn"):
        atk, dfn = -atk, -dfn
    return atk, dfn


def current(game: Game, view: dict[str, Any]) -> Callable[[dict[str, Any]], dict[str, Any]]:
    """A face-up monster's current Level, ATK and DEF (a token's printed ones are its creator's);
    {} for any other card."""
    places = _places(view)

    def now(raw: dict[str, Any]) -> dict[str, Any]:
        if raw.get("hidden") or "code" not in raw or not facts(raw["code"]).is_monster:
            return {}
        info = facts(raw["code"])
        counters = raw.get("counters") or {}
        if info.is_token:
            printed = {k: int(counters.get(k, 1 if k == "level" else 0)) for k in ("level", "atk", "def")}
        else:
            printed = {"level": info.level, "atk": info.atk, "def": info.dfn}
        da, dd = _boosts(view, raw, info.race, places)
        out: dict[str, Any] = {
            "level": printed["level"],
            "atk": max(0, printed["atk"] + da),
            "def": max(0, printed["def"] + dd),
        }
        if info.is_token:
            out["_printed"] = printed
        return out

    return now


def _stat(value: int, printed: int) -> tuple[str, tuple[int, int, int]]:
    return str(value), GOOD if value > printed else BAD if value < printed else TEXT


def monster_box(raw: dict[str, Any], now: Callable[[dict[str, Any]], dict[str, Any]]) -> CardBox:
    sideways = raw.get("orientation") == "def"
    if raw.get("hidden") or "code" not in raw:
        return kit.back(raw.get("id", -1), sideways=sideways, tags=("Set",))
    info = facts(raw["code"])
    stats_now = now(raw)
    printed = stats_now.get("_printed") or {"atk": info.atk, "def": info.dfn}
    (atk_s, atk_c), (def_s, def_c) = _stat(stats_now["atk"], printed["atk"]), _stat(stats_now["def"], printed["def"])
    if sideways:
        stats, colors = (f"DEF {def_s}", f"ATK {atk_s}"), (def_c, atk_c)
    else:
        stats, colors = (atk_s, f"DEF {def_s}"), (atk_c, def_c)
    kind = info.sub if info.sub in kit.FRAMES else "effect"
    return CardBox(
        info.name,
        kind,
        corner=f"★{stats_now['level']}",
        stats=stats,
        stat_colors=colors,
        sideways=sideways,
        cid=raw["id"],
    )


def spell_box(raw: dict[str, Any], names: dict[kit.CardId, str]) -> CardBox:
    if raw.get("hidden") or "code" not in raw:
        return kit.back(raw.get("id", -1), tags=("Set",))
    info = facts(raw["code"])
    kind = "trap" if info.kind == "trap" else "spell"
    label = SPELL_SUBS.get(info.sub, "") if kind == "spell" else ("Continuous" if info.sub == "continuous" else "")
    tags = [f"{label} {kind.title()}".strip()]
    target = kit.ref(raw.get("attached_to"))
    if target is not None:
        tags.append("→" + names.get(target, "face-down"))
    return CardBox(info.name, kind, tags=tuple(tags), cid=raw["id"])


def _side(
    view: dict[str, Any],
    entry: dict[str, Any],
    board: Board,
    names: dict[kit.CardId, str],
    now: Callable[[dict[str, Any]], dict[str, Any]],
) -> Side:
    seat = int(entry["seat"])
    zones = entry["zones"]
    lp = int(entry["values"].get("lp", 0))
    on_turn = bool(board.panels[seat].on_turn) if seat < len(board.panels) else False
    grave = [str(c["name"]) for c in kit.slots_of(zones.get("grave")) if c and "name" in c]
    monsters = [monster_box(c, now) if c else None for c in kit.slots_of(zones.get("mzone"))]
    spells = [spell_box(c, names) if c else None for c in kit.slots_of(zones.get("szone"))]
    field_raw = next(iter(kit.slots_of(zones.get("fzone"))), None)
    links = [
        (c["id"], c["attached_to"])
        for c in kit.slots_of(zones.get("szone"))
        if c and kit.ref(c.get("attached_to")) is not None
    ]
    return Side(
        Header(kit.seat_name(board.names, seat) or f"Player {seat + 1}", seat, on_turn, [("LP", str(lp))]),
        lp,
        int(zones.get("hand", {}).get("count", 0)),
        int(zones.get("deck", {}).get("count", 0)),
        int(zones.get("fusion", {}).get("count", 0)),
        int(zones.get("grave", {}).get("count", 0)),
        int(zones.get("banished", {}).get("count", 0)),
        grave[::-1],
        spell_box(field_raw, names) if field_raw else None,
        monsters,
        spells,
        links,
    )


def build(game: Game, board: Board) -> YugiohBoard:
    view = board.view or {}
    names = {
        c["id"]: str(c["name"])
        for entry in view.get("players", [])
        for c in kit.slots_of(entry["zones"].get("mzone"))
        if c and "name" in c
    }
    now = current(game, view)
    sides = [_side(view, entry, board, names, now) for entry in view.get("players", [])]
    state_vars = view.get("vars", {})
    active = kit.seat_name(board.names, state_vars.get("active"))
    phase = PHASES.get(str(state_vars.get("phase", "")), "")
    turn = " · ".join(part for part in (f"Turn {state_vars.get('turn', 0)}", active, phase) if part)
    last = kit.last_action(board.events, kit.view_names(view))
    model = YugiohBoard(kit.Scene(turn, last, board.status), sides)
    attack = state_vars.get("attack")
    boxes = [b for s in sides for b in (*s.monsters, *s.spells, s.field_spell) if b is not None]
    if isinstance(attack, list) and len(attack) == 2:
        model.attack = (attack[0], attack[1])
        for box in boxes:
            box.mark = "attacker" if box.cid == attack[0] else "target" if box.cid == attack[1] else box.mark
    else:
        kit.mark_boxes(boxes, last)
    return model


# ---------------------------------------------------------------------------------- drawing
def _columns() -> tuple[int, list[int]]:
    left = MARGIN
    first = left + CARD_W + 12
    return left, [first + i * (CELL + 4) for i in range(COLUMNS)]


def _header(canvas: kit.Canvas, y: int, side: Side) -> None:
    x = kit.player_name(canvas, MARGIN, y, side.header, 260)
    x += canvas.text(x, y, f"LP {side.lp}", 30, TEXT) + 10
    share = side.lp / START_LP
    canvas.bar(x, y + 10, 120, 16, share, GOOD if share > 0.5 else kit.ACCENT if share > 0.25 else BAD)
    x = canvas.backs(x + 140, y, side.hand, x + 140 + 300)
    piles = [(f"Deck {side.deck}", kit.SLOT), (f"Fusion {side.fusion}", kit.FRAMES["fusion"])]
    if side.banished:
        piles.append((f"Banished {side.banished}", kit.SLOT))
    right = WIDTH - MARGIN
    for text, fill in reversed(piles):
        right -= kit.text_width(text, kit.SMALL) + 14
        canvas.pill(right, y + 2, text, fill)
        right -= 6


def _draw_side(canvas: kit.Canvas, y: int, side: Side, *, top: bool, where: dict[kit.CardId, kit.Rect]) -> int:
    fill = kit.PANEL_TURN if side.header.on_turn else kit.PANEL
    height = 54 + 2 * (CARD_H + 30)
    canvas.rect((0, y, WIDTH, y + height), fill, radius=0, width=0)
    _header(canvas, y + 8, side)
    left, cells = _columns()
    rows = [y + 52, y + 52 + CARD_H + 30]
    monster_y, spell_y = (rows[1], rows[0]) if top else (rows[0], rows[1])
    for i, cx in enumerate(cells):
        for y0, boxes in ((monster_y, side.monsters), (spell_y, side.spells)):
            box = boxes[i] if i < len(boxes) else None
            x0 = cx + (CELL - CARD_W) // 2
            if box is None:
                canvas.rect((x0, y0, x0 + CARD_W, y0 + CARD_H), None, kit.SLOT, width=2)
                continue
            canvas.card(x0, y0, box, CARD_W, CARD_H)
            where[box.cid] = (cx, y0, cx + CELL, y0 + CARD_H)
    if side.field_spell is not None:
        canvas.card(left, monster_y, side.field_spell, CARD_W, CARD_H)
        canvas.text(left + CARD_W // 2, monster_y + CARD_H + 2, "Field Spell", kit.SMALL, kit.MUTED, anchor="ma")
    else:
        canvas.pile(left, monster_y, CARD_W, CARD_H, "Field Spell", 0)
    canvas.stack(left, spell_y, CARD_W, CARD_H, "Graveyard", side.grave, side.grave_names)
    for equip, monster in side.links:
        if equip in where and monster in where:
            a, b = where[equip], where[monster]
            up = b[1] < a[1]
            start = ((a[0] + a[2]) // 2, a[1] if up else a[3])
            end = ((b[0] + b[2]) // 2, b[3] if up else b[1])
            canvas.line([start, end], LINK, 5)
    return y + height


def draw(model: YugiohBoard) -> bytes:
    canvas = kit.Canvas(WIDTH, 1400)
    where: dict[kit.CardId, kit.Rect] = {}
    y = 0
    order = list(reversed(model.sides))  # the second player across the table, at the top
    for index, side in enumerate(order):
        y = _draw_side(canvas, y, side, top=index == 0 and len(order) > 1, where=where) + kit.GAP
        if index == 0:
            y = kit.caption(canvas, y, model.scene.lines(), fill=kit.BG)
    if model.attack is not None and model.attack[0] in where:
        a = where[model.attack[0]]
        target = where.get(model.attack[1])
        if target is not None:
            canvas.arrow(
                ((a[0] + a[2]) // 2, (a[1] + a[3]) // 2), ((target[0] + target[2]) // 2, (target[1] + target[3]) // 2)
            )
    return canvas.png()
