"""Naruto CCG board image: Villages with their Teams (Head first), the Battlefield battle by battle,
the Chain; Combat/Support of every Ninja (injured values when injured), Turn Indicator, Chakra,
Battle Rewards and Missions, from the spectator view.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from bot.render.boards import kit
from bot.render.boards.kit import MARGIN, CardBox, Group, Header
from bot.render.boards.table import Table
from bot.render.display import display_for
from engine.core.state import Card
from engine.games.naruto import board as rules
from engine.games.naruto.facts import GAME_ID

if TYPE_CHECKING:
    from collections.abc import Callable

    from bot.render.model import Board
    from engine.core.game import Game

WIDTH = 960
CARD_W, CARD_H = 130, 172
REWARDS_TO_WIN = 10
PHASES = {
    "start": "Start Phase",
    "mission": "Mission Phase",
    "organization": "Organization Phase",
    "battle": "Battle Phase",
    "end": "End Phase",
}
kit.FRAMES.update(
    {
        "Lightning": (236, 204, 90),
        "Fire": (226, 110, 80),
        "Water": (100, 150, 220),
        "Wind": (120, 196, 120),
        "Earth": (184, 146, 100),
        "mission": (190, 190, 200),
        "jutsu": (150, 120, 190),
    }
)
TEAM = (120, 170, 255)


@dataclass(slots=True)
class Village:
    header: Header
    rewards: int
    turn_indicator: int
    chakra: int
    hand: int
    deck: int
    discard: int
    teams: list[Group] = field(default_factory=list)
    missions: list[CardBox] = field(default_factory=list)


@dataclass(slots=True)
class Battle:
    attacker: Group
    blocker: Group | None


@dataclass(slots=True)
class NarutoBoard:
    scene: kit.Scene
    villages: list[Village]
    battles: list[Battle]
    chain: list[CardBox]


class _Table(Table):
    """The cards in play (Villages and Battlefield, all public) as a small engine `State`, so
    Combat and Support are counted by the engine's own rules (`board.power`: injury, coins,
    lasting changes, the auras of Ninjas in battle such as Zabuza's fog). View ids (numbers or
    handles) are numbered afresh; `index` maps them to the table's card ids."""

    def __init__(self, view: dict[str, Any]) -> None:
        players = view.get("players", [])
        super().__init__(GAME_ID, max(2, len(players)))
        placed: list[tuple[Card, dict[str, Any]]] = []
        for seat in range(self.state.num_players):
            for zone in ("village", "battle"):
                self.state.zones.setdefault(f"{zone}:{seat}", [])
        for entry in players:
            for zone in ("village", "battle"):
                key = f"{zone}:{entry['seat']}"
                for raw in kit.slots_of(entry["zones"].get(zone)):
                    if raw and "code" in raw and not raw.get("hidden"):
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
        for card, flags in placed:  # a flag naming a card (a Mission's target) names the table's card
            card.flags = {k: self.index.get(v, v) if isinstance(v, int | str) else v for k, v in flags.items()}
        self.add_modifiers(view)
        state_vars = view.get("vars", {})
        self.state.vars["battles"] = [
            {side: [self.index[i] for i in battle.get(side, []) if i in self.index] for side in ("a", "b")}
            for battle in state_vars.get("battles", [])
        ]
        self.state.vars["turn_fx"] = {
            key: [self.index.get(i, i) for i in ids] for key, ids in (state_vars.get("turn_fx") or {}).items()
        }

    def power(self, raw: dict[str, Any]) -> tuple[int, int] | None:
        cid = self.index.get(raw["id"])
        return None if cid is None else rules.power(self.state, cid)


def _printed_power(game: Game, view: dict[str, Any], raw: dict[str, Any]) -> tuple[int, int]:
    """Combat and Support of a card outside the table: status values, counters, visible modifiers."""
    stats = game.card(raw["code"]).stats
    injured = raw.get("orientation") == "injured"
    combat = int(stats.get("injured_combat" if injured else "combat", 0) or 0)
    support = int(stats.get("injured_support" if injured else "support", 0) or 0)
    counters = raw.get("counters") or {}
    both = int(counters.get("growth", 0)) + int(counters.get("power", 0))
    combat, support = combat + both + int(counters.get("blade", 0)), support + both
    for target, stat, amount, mode, *_ in view.get("modifiers", []):
        if target != raw["id"]:
            continue
        if stat == "combat":
            combat = amount if mode == "set" else combat + amount
        elif stat == "support":
            support = amount if mode == "set" else support + amount
        elif stat == "swap":
            combat, support = support, combat
    return combat, support


_LAST: list[tuple[dict[str, Any], _Table]] = []  # the table of the view drawn last (a board draws one view)


def _table_for(view: dict[str, Any]) -> _Table:
    if not _LAST or _LAST[0][0] is not view:
        _LAST[:] = [(view, _Table(view))]
    return _LAST[0][1]


def power(game: Game, view: dict[str, Any], raw: dict[str, Any]) -> tuple[int, int]:
    """Combat and Support now, as the engine counts them for a card in play (`_Table`), else as
    its status values, counters and visible modifiers make them."""
    return _table_for(view).power(raw) or _printed_power(game, view, raw)


def current(game: Game, view: dict[str, Any]) -> Callable[[dict[str, Any]], dict[str, Any]]:
    """A face-up Ninja's current Combat and Support (as `power` works them out), under the printed
    stats they replace: the injured ones while it is injured; {} for any other card."""

    def now(raw: dict[str, Any]) -> dict[str, Any]:
        if raw.get("hidden") or "code" not in raw or game.card(raw["code"]).type != "Ninja":
            return {}
        combat, support = power(game, view, raw)
        if raw.get("orientation") == "injured":
            return {"injured_combat": combat, "injured_support": support}
        return {"combat": combat, "support": support}

    return now


def card_box(game: Game, view: dict[str, Any], raw: dict[str, Any], *, head: bool = False) -> CardBox:
    if raw.get("hidden") or "code" not in raw:
        return kit.back(raw.get("id", -1))
    facts = game.card(raw["code"])
    symbols = facts.stats.get("symbols") or ["mission"]
    if facts.type == "Ninja":
        combat, support = power(game, view, raw)
        injured = raw.get("orientation") == "injured"
        tags = tuple(t for t, on in (("Head", head), ("Injured", injured)) if on)
        counters = raw.get("counters") or {}
        tags += tuple(f"{k} {v}" for k, v in counters.items() if v)
        return CardBox(
            facts.name, str(symbols[0]), stats=(f"{combat} / {support}",), tags=tags, dim=injured, cid=raw["id"]
        )
    if facts.type == "Mission":
        coins = (raw.get("counters") or {}).get("coins")
        tags = (facts.subtype or "Mission",) + ((f"{coins} coins",) if coins else ())
        return CardBox(facts.name, "mission", tags=tags, cid=raw["id"])
    cost = facts.stats.get("cost_text", "")
    return CardBox(facts.name, "jutsu", tags=("Jutsu",) + ((f"Cost {cost}",) if cost else ()), cid=raw["id"])


def team_power(game: Game, view: dict[str, Any], team: list[dict[str, Any]]) -> int:
    """Head's Combat plus each other member's Support."""
    visible = [c for c in team if "code" in c]
    if not visible:
        return 0
    return power(game, view, visible[0])[0] + sum(power(game, view, c)[1] for c in visible[1:])


def _team(
    game: Game, view: dict[str, Any], ids: list[kit.CardId], cards: dict[kit.CardId, dict[str, Any]], label: str
) -> Group:
    team = [cards[i] for i in ids if i in cards]
    boxes = [card_box(game, view, c, head=n == 0 and len(team) > 1) for n, c in enumerate(team)]
    return Group(f"{label} · Power {team_power(game, view, team)}", boxes, TEAM)


def build(game: Game, board: Board) -> NarutoBoard:
    view = board.view or {}
    state_vars = view.get("vars", {})
    cards: dict[kit.CardId, dict[str, Any]] = {}
    villages = []
    for entry in view.get("players", []):
        seat = int(entry["seat"])
        zones, values = entry["zones"], entry["values"]
        for key in ("village", "battle"):
            cards.update({c["id"]: c for c in kit.slots_of(zones.get(key)) if c})
        village_cards = [c for c in kit.slots_of(zones.get("village")) if c]
        teams = [list(t) for t in values.get("teams", [])]
        in_team = {i for t in teams for i in t}
        groups = [_team(game, view, t, cards, "Team") for t in teams]
        singles = [c for c in village_cards if c["id"] not in in_team and game.card(c["code"]).type == "Ninja"]
        groups += [_team(game, view, [c["id"]], cards, "Alone") for c in singles]
        missions = [card_box(game, view, c) for c in village_cards if game.card(c["code"]).type == "Mission"]
        on_turn = seat < len(board.panels) and board.panels[seat].on_turn
        name = kit.seat_name(board.names, seat) or f"Player {seat + 1}"
        villages.append(
            Village(
                Header(name, seat, on_turn),
                int(zones.get("rewards", {}).get("count", 0)),
                int(values.get("ti", 0)),
                int(zones.get("chakra", {}).get("count", 0)),
                int(zones.get("hand", {}).get("count", 0)),
                int(zones.get("deck", {}).get("count", 0)),
                int(zones.get("discard", {}).get("count", 0)),
                groups,
                missions,
            )
        )
    attacker = state_vars.get("attacker")
    attacker_name = kit.seat_name(board.names, attacker)
    blocker_name = kit.seat_name(board.names, 1 - attacker) if isinstance(attacker, int) else ""
    fighting = {c["id"] for e in view.get("players", []) for c in kit.slots_of(e["zones"].get("battle")) if c}
    battles = []
    for battle in state_vars.get("battles", []):  # a Team back in its Village is drawn there only
        attackers = [i for i in battle.get("a", []) if i in fighting]
        blockers = [i for i in battle.get("b", []) if i in fighting]
        if not attackers:
            continue
        a = _team(game, view, attackers, cards, f"{attacker_name} attacks")
        b = _team(game, view, blockers, cards, f"{blocker_name} blocks") if blockers else None
        battles.append(Battle(a, b))
    chain = [card_box(game, view, c) for c in kit.slots_of(view.get("shared", {}).get("chain")) if c]
    phase = PHASES.get(str(state_vars.get("phase", "")), "")
    step = str(state_vars.get("step") or "")
    if step and phase:
        phase += f" ({display_for(game).step(step)})"
    turn = " · ".join(
        p
        for p in (f"Turn {state_vars.get('turn', 0)}", f"{attacker_name} attacks" if attacker_name else "", phase)
        if p
    )
    last = kit.last_action(board.events, kit.view_names(view))
    model = NarutoBoard(kit.Scene(turn, last, board.status), villages, battles, chain)
    boxes = [*chain, *(b for bt in battles for g in (bt.attacker, bt.blocker) if g for b in g.boxes)]
    boxes += [b for v in villages for g in v.teams for b in g.boxes] + [m for v in villages for m in v.missions]
    kit.mark_boxes(boxes, last)
    return model


# ---------------------------------------------------------------------------------- drawing
def _village(canvas: kit.Canvas, y: int, village: Village) -> int:
    fill = kit.PANEL_TURN if village.header.on_turn else kit.PANEL
    canvas.rect((0, y, WIDTH, y + 60), fill, radius=0, width=0)
    hy = y + 10
    x = kit.player_name(canvas, MARGIN, hy, village.header, 220)
    x += canvas.text(x, hy, f"Rewards {village.rewards}/{REWARDS_TO_WIN}", 30, kit.TEXT) + 10
    canvas.bar(x, hy + 10, 100, 16, village.rewards / REWARDS_TO_WIN, kit.ACCENT)
    x += 116
    canvas.pills(
        x,
        hy + 2,
        [(f"Turn Ind. {village.turn_indicator}", kit.SLOT), (f"Chakra {village.chakra}", kit.SLOT)],
        WIDTH - MARGIN,
    )
    y += 60
    canvas.rect((0, y, WIDTH, y + 44), fill, radius=0, width=0)
    x = canvas.backs(MARGIN, y + 4, village.hand, 400)
    canvas.pills(
        x, y + 4, [(f"Deck {village.deck}", kit.SLOT), (f"Discard {village.discard}", kit.SLOT)], WIDTH - MARGIN
    )
    y += 44
    groups = list(village.teams)
    if village.missions:
        groups.append(Group("Missions", village.missions, kit.MUTED))
    if not groups:
        canvas.rect((0, y, WIDTH, y + 44), fill, radius=0, width=0)
        canvas.text(MARGIN, y + 8, "Village: no Ninjas", kit.SMALL, kit.MUTED)
        return y + 44
    bottom, _ = kit.flow(canvas, MARGIN, y + 4, WIDTH - MARGIN, groups, CARD_W, CARD_H, max_rows=2)
    return bottom


def _battlefield(canvas: kit.Canvas, y: int, model: NarutoBoard) -> int:
    if not model.battles and not model.chain:
        return y
    canvas.text(MARGIN, y, "Battlefield" if model.battles else "Chain", kit.BODY, kit.TEXT)
    y += kit.BODY + 10
    for battle in model.battles:
        x = MARGIN
        groups = [battle.attacker] + ([battle.blocker] if battle.blocker else [])
        end, _ = kit.flow(canvas, x, y, WIDTH - MARGIN, groups[:1], CARD_W, CARD_H, max_rows=1)
        ax = x + min(kit.group_width(battle.attacker, CARD_W, CARD_H), WIDTH // 2) + kit.GAP * 2
        if battle.blocker is not None:
            canvas.text(ax + 4, y + CARD_H // 2, "vs", kit.LARGE, kit.ACCENT)
            kit.flow(canvas, ax + 48, y, WIDTH - MARGIN, [battle.blocker], CARD_W, CARD_H, max_rows=1)
        else:
            canvas.text(ax + 4, y + CARD_H // 2, "unblocked", kit.BODY, kit.ACCENT)
        y = end
    if model.chain:
        y = kit.pending(canvas, y, "Chain (resolves last first)", model.chain, kit.ACCENT, CARD_W, CARD_H)
    return y


def draw(model: NarutoBoard) -> bytes:
    canvas = kit.Canvas(WIDTH, 2400)
    y = 0
    order = list(reversed(model.villages))
    for index, village in enumerate(order):
        y = _village(canvas, y, village) + kit.GAP
        if index == 0:
            lines = [*model.scene.lines(), ("Ninja numbers: Combat / Support", kit.MUTED)]
            y = kit.caption(canvas, y, lines, fill=kit.BG)
            y = _battlefield(canvas, y, model) + kit.GAP
    return canvas.png()
