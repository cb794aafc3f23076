"""Inazuma Eleven TCG board image: the pitch line by line (FW, MF, DF with L and R sides, the
goalkeeper behind), SP (the attack's current SP when one is under way), attribute, fired-up
stacks; beside it each side's goals, bench and piles; score, turn of 6 and the attacking side.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from bot.render.boards import kit
from bot.render.boards.kit import MARGIN, CardBox, Header
from bot.render.boards.table import Table
from engine.core.state import EMPTY, Card
from engine.games.inazuma import board as rules
from engine.games.inazuma.facts import GAME_ID, POSITIONS, SIDES, SLOT_NAMES

if TYPE_CHECKING:
    from collections.abc import Callable

    from bot.render.model import Board
    from engine.core.game import Game

WIDTH = 960
CARD_W, CARD_H = 196, 118
BENCH_W, BENCH_H = 216, 146  # two a row beside the pitch, names on up to two lines ("Trainee Playmaker")
PITCH_W = 2 * CARD_W + 3 * kit.GAP + 56
TURNS = 6
PITCH = (34, 92, 52)
PITCH_LINE = (120, 180, 130)
ATTRIBUTES = {"power": (222, 90, 70), "speed": (90, 160, 230), "teamwork": (110, 200, 120), "tactic": (200, 160, 230)}
kit.FRAMES.update(
    {f"attr-{k}": v for k, v in ATTRIBUTES.items()} | {"attr-": (214, 210, 196), "technique": (240, 210, 120)}
)
PHASES = {"strategy": "Strategy Phase", "attack": "Attack Phase", "shooting": "Shooting Phase", "end": "End Phase"}


@dataclass(slots=True)
class Team:
    header: Header
    goals: int
    hand: int
    deck: int
    discard: int
    out: int
    starting: int
    keeper: CardBox | None
    slots: list[CardBox | None]  # FW-L, FW-R, MF-L, MF-R, DF-L, DF-R
    bench: list[CardBox] = field(default_factory=list)


@dataclass(slots=True)
class InazumaBoard:
    scene: kit.Scene
    score: str
    sp: str  # the attack under way: "Attack 1900 SP vs Defence 600 SP"
    teams: list[Team]


def _stacked(view: dict[str, Any]) -> dict[kit.CardId, dict[str, Any]]:
    """Card id -> the cards under a fired-up stack (each player's "stacked" zone)."""
    return {c["id"]: c for e in view.get("players", []) for c in kit.slots_of(e["zones"].get("stacked")) if c}


IN_PLAY = ("goal", "field", "bench", "stacked")
REFS = ("attackers", "defenders", "participants")  # vars holding lists of card ids


class _Table(Table):
    """The cards in play (all public) as a small engine `State`, so SP is counted by the engine's
    own rules (`board.char_sp`: printed or fired-up SP, keywords, abilities such as Jack Wallside's
    -200 against two attackers, modifiers). View ids are numbered afresh; `index` maps them."""

    def __init__(self, view: dict[str, Any]) -> None:
        players = view.get("players", [])
        super().__init__(GAME_ID, max(2, len(players)))
        for seat in range(self.state.num_players):
            for zone in IN_PLAY:
                self.state.zones.setdefault(f"{zone}:{seat}", [])
        placed: list[tuple[Card, dict[str, Any]]] = []
        for entry in players:
            for zone in IN_PLAY:
                key = f"{zone}:{entry['seat']}"
                for raw in kit.slots_of(entry["zones"].get(zone)):
                    if not raw or "code" not in raw or raw.get("hidden"):
                        self.state.zones[key].append(EMPTY)  # a slot's place counts (FW-L, ...)
                        continue
                    owner = int(raw.get("owner", entry["seat"]))
                    card = self.place(
                        raw,
                        key,
                        owner=owner,
                        controller=int(raw.get("controller", owner)),
                        orientation=str(raw.get("orientation") or ""),
                        counters=dict(raw.get("counters") or {}),
                    )
                    placed.append((card, dict(raw.get("flags") or {})))
                if zone != "field":
                    self.state.zones[key] = [c for c in self.state.zones[key] if c != EMPTY]
        for card, flags in placed:
            stack = flags.get("stack")
            if isinstance(stack, list):
                flags["stack"] = [self.index[c] for c in stack if c in self.index]
            card.flags = flags
        self.add_modifiers(view)
        for key, value in (view.get("vars") or {}).items():
            if key in REFS and isinstance(value, list):
                value = [self.index[c] for c in value if c in self.index]
            elif key == "kicker":
                value = self.index.get(value, EMPTY)
            elif key in ("sp", "sp_cards"):
                continue
            self.state.vars[key] = value

    def sp(self, raw: dict[str, Any]) -> int | None:
        cid = self.index.get(raw["id"])
        return None if cid is None else rules.char_sp(self.state, cid)


_LAST: list[tuple[dict[str, Any], _Table]] = []  # the table of the view drawn last (a board draws one view)


def _table_for(view: dict[str, Any]) -> _Table:
    if not _LAST or _LAST[0][0] is not view:
        _LAST[:] = [(view, _Table(view))]
    return _LAST[0][1]


def sp_now(game: Game, view: dict[str, Any], raw: dict[str, Any], stacked: dict[kit.CardId, dict[str, Any]]) -> int:
    """A character's current SP, as the engine counts it for a card in play (`_Table`); else as
    a spectator can work it out: printed (FSP when a fired-up reserve), visible modifiers, and,
    while an attack or a shot is under way, the SP the engine published for it."""
    now = _table_for(view).sp(raw)
    if now is not None:
        return now
    stack = list((raw.get("flags") or {}).get("stack") or [])
    top = stacked.get(stack[-1], raw) if stack else raw
    facts = game.card(top["code"])
    stats = facts.stats
    fired = bool(stack) or any(m[0] == raw["id"] and m[1] == "fired" for m in view.get("modifiers", []))
    sp = (
        int(stats.get("fsp") or stats.get("sp") or 0)
        if fired and facts.type == "reserve"
        else int(stats.get("sp") or 0)
    )
    for target, stat, amount, mode, *_ in view.get("modifiers", []):
        if target == raw["id"] and stat == "sp":
            sp = amount if mode == "set" else sp + amount
    now = (view.get("vars", {}).get("sp_cards") or {}).get(str(raw["id"]))
    return max(0, int(now) if now is not None else sp)


def current(game: Game, view: dict[str, Any]) -> Callable[[dict[str, Any]], dict[str, Any]]:
    """A character's current SP, under the printed stat it replaces (FSP for a fired-up reserve);
    {} for a technique or a hidden card."""
    stacked = _stacked(view)

    def now(raw: dict[str, Any]) -> dict[str, Any]:
        if raw.get("hidden") or "code" not in raw:
            return {}
        stack = list((raw.get("flags") or {}).get("stack") or [])
        facts = game.card(stacked.get(stack[-1], raw)["code"] if stack else raw["code"])
        if facts.type == "technique":
            return {}
        fired = bool(stack) or any(m[0] == raw["id"] and m[1] == "fired" for m in view.get("modifiers", []))
        key = "fsp" if fired and facts.type == "reserve" and facts.stats.get("fsp") else "sp"
        return {key: sp_now(game, view, raw, stacked)}

    return now


def card_box(
    game: Game, view: dict[str, Any], raw: dict[str, Any], stacked: dict[kit.CardId, dict[str, Any]], under: str = ""
) -> CardBox:
    if raw.get("hidden") or "code" not in raw:
        return kit.back(raw.get("id", -1), under=under, sideways=False)
    stack = list((raw.get("flags") or {}).get("stack") or [])
    top = stacked.get(stack[-1], raw) if stack else raw
    facts = game.card(top["code"])
    if facts.type == "technique":
        return CardBox(facts.name, "technique", tags=("Technique",), cid=raw["id"], under=under)
    stats = facts.stats
    fired = bool(stack) or any(m[0] == raw["id"] and m[1] == "fired" for m in view.get("modifiers", []))
    sp = sp_now(game, view, raw, stacked)
    attribute = str(stats.get("attribute") or "")
    notes = []  # what changes first: a narrow card cuts the attribute, which its frame color shows
    if stack:
        notes.append(f"Fired up ×{len(stack) + 1}")
    elif fired:
        notes.append("Fired up")
    exhausted = raw.get("orientation") == "exhausted"
    if exhausted:
        notes.append("Exhausted")
    if attribute:
        notes.append(attribute.title())
    return CardBox(
        facts.name,
        f"attr-{attribute}" if attribute in ATTRIBUTES else "attr-",
        corner=under,
        stats=(f"{sp} SP", " · ".join(notes)) if notes else (f"{sp} SP",),
        dim=exhausted,
        cid=raw["id"],
    )


def build(game: Game, board: Board) -> InazumaBoard:
    view = board.view or {}
    state_vars = view.get("vars", {})
    teams = []
    for entry in view.get("players", []):
        seat, zones = int(entry["seat"]), entry["zones"]
        stacked = _stacked(view)
        slots = kit.slots_of(zones.get("field"))
        boxes = [card_box(game, view, c, stacked, SLOT_NAMES[i]) if c else None for i, c in enumerate(slots)]
        keeper = next(iter(kit.slots_of(zones.get("goal"))), None)
        on_turn = seat < len(board.panels) and board.panels[seat].on_turn
        teams.append(
            Team(
                Header(kit.seat_name(board.names, seat) or f"Player {seat + 1}", seat, on_turn),
                int(zones.get("goals", {}).get("count", 0)),
                int(zones.get("hand", {}).get("count", 0)),
                int(zones.get("deck", {}).get("count", 0)),
                int(zones.get("discard", {}).get("count", 0)),
                int(zones.get("out", {}).get("count", 0)),
                int(zones.get("starting", {}).get("count", 0)),
                card_box(game, view, keeper, stacked, "GK") if keeper else None,
                boxes,
                [card_box(game, view, c, stacked) for c in kit.slots_of(zones.get("bench")) if c],
            )
        )
    attacker = kit.seat_name(board.names, state_vars.get("attacker"))
    if state_vars.get("phase") == "shootout":
        attacker = ""  # both sides shoot in turn
    score = f"{teams[0].header.name} {teams[0].goals} – {teams[-1].goals} {teams[-1].header.name}" if teams else ""
    phase = PHASES.get(str(state_vars.get("phase", "")), str(state_vars.get("phase", "")).title())
    turn = " · ".join(p for p in (turn_line(state_vars), f"{attacker} attacks" if attacker else "", phase) if p)
    sp = state_vars.get("sp") or {}
    sp_line = " vs ".join(f"{k.title()} {v} SP" for k, v in sp.items()) if isinstance(sp, dict) else ""
    last = kit.last_action(board.events, kit.view_names(view))
    model = InazumaBoard(kit.Scene(turn, last, board.status), score, sp_line, teams)
    roles: dict[kit.CardId, str] = {c: "attacker" for c in state_vars.get("attackers", [])}
    roles |= {c: "target" for c in state_vars.get("defenders", [])}
    kicker = kit.ref(state_vars.get("kicker"))
    if kicker is not None:
        roles[kicker] = "attacker"
    shown: list[CardBox] = [b for t in teams for b in (*t.slots, t.keeper, *t.bench) if b is not None]
    if roles:
        for box in shown:
            box.mark = roles.get(box.cid, "")
    else:
        kit.mark_boxes(shown, last)
    return model


# ---------------------------------------------------------------------------------- drawing
def _half(canvas: kit.Canvas, y: int, team: Team, *, top: bool) -> int:
    """One team's half of the pitch: the goalkeeper at the far end, FW nearest the centre line."""
    lines: list[str] = ["GK", *reversed(POSITIONS)] if top else [*POSITIONS, "GK"]
    x0 = MARGIN + 56
    for line in lines:
        canvas.text(MARGIN + 6, y + CARD_H // 2 - 14, line, kit.BODY, PITCH_LINE)
        if line == "GK":
            x = x0 + (CARD_W + kit.GAP) // 2
            if team.keeper is not None:
                canvas.card(x, y, team.keeper, CARD_W, CARD_H)
            else:
                canvas.rect((x, y, x + CARD_W, y + CARD_H), None, PITCH_LINE, width=2)
        else:
            for side_index, side in enumerate(SIDES):
                slot = POSITIONS.index(line) * 2 + side_index
                x = x0 + side_index * (CARD_W + kit.GAP)
                box = team.slots[slot] if slot < len(team.slots) else None
                if box is None:
                    canvas.rect((x, y, x + CARD_W, y + CARD_H), None, PITCH_LINE, width=2)
                    canvas.text(
                        x + CARD_W // 2, y + CARD_H // 2 - 12, f"{line}-{side}", kit.BODY, PITCH_LINE, anchor="ma"
                    )
                else:
                    canvas.card(x, y, box, CARD_W, CARD_H)
        y += CARD_H + kit.GAP
    return y


def _sideline(canvas: kit.Canvas, x: int, y: int, team: Team) -> int:
    right = WIDTH - MARGIN
    canvas.text(kit.player_name(canvas, x, y, team.header, 200), y, f"Goals {team.goals}", kit.LARGE, kit.ACCENT)
    y += 42
    canvas.backs(x, y, team.hand, right)
    y += 42
    piles = [(f"Deck {team.deck}", kit.SLOT), (f"Discard {team.discard}", kit.SLOT), (f"Out {team.out}", kit.SLOT)]
    if team.starting:
        piles.append((f"Starting {team.starting}", kit.SLOT))
    y = canvas.pills(x, y, piles, right)
    canvas.text(x, y, f"Bench {len(team.bench)}", kit.BODY, kit.MUTED)
    y += kit.BODY + 8
    if team.bench:
        per_row = max(1, (right - x + kit.GAP) // (BENCH_W + kit.GAP))
        for start in range(0, min(len(team.bench), per_row * 2), per_row):
            chunk = team.bench[start : start + per_row]
            if start + per_row >= per_row * 2 and len(team.bench) > per_row * 2:
                chunk = team.bench[start:]
            canvas.row(x, y, chunk, BENCH_W, BENCH_H, right)
            y += BENCH_H + kit.GAP
    return y


def draw(model: InazumaBoard) -> bytes:
    canvas = kit.Canvas(WIDTH, 1800)
    lines = model.scene.lines()
    lines[0] = (f"{model.score} · {lines[0][0]}", kit.TEXT)
    if model.sp:
        lines.insert(1, (model.sp, kit.GOOD))
    y = kit.caption(canvas, 0, lines)
    top_team, bottom_team = (
        (model.teams[1], model.teams[0]) if len(model.teams) > 1 else (model.teams[0], model.teams[0])
    )
    pitch_h = 2 * 4 * (CARD_H + kit.GAP) + 24
    canvas.rect((0, y, PITCH_W + MARGIN, y + pitch_h), PITCH, radius=0, width=0)
    mid = _half(canvas, y + 8, top_team, top=True) + 4
    canvas.line([(0, mid), (PITCH_W + MARGIN, mid)], PITCH_LINE, 3)
    _half(canvas, mid + 8, bottom_team, top=False)
    sx = PITCH_W + MARGIN + 14
    _sideline(canvas, sx, y + 8, top_team)
    _sideline(canvas, sx, mid + 8, bottom_team)
    return canvas.png()


def turn_line(state_vars: dict[str, Any]) -> str:
    """ "Turn 3 of 6", or "Penalty shootout" once the six turns are played (never "Turn 7 of 6").

    >>> turn_line({"turn": 3}), turn_line({"turn": 7, "phase": "shootout"})
    ('Turn 3 of 6', 'Penalty shootout')
    """
    turn = int(state_vars.get("turn", 0) or 0)
    if state_vars.get("phase") == "shootout" or turn > TURNS:
        return "Penalty shootout"
    return f"Turn {turn} of {TURNS}"
