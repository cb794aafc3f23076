"""Building blocks for Inuyasha card scripts: selectors, choice builders, effect actions.

Selectors take (state, player) and return card ids; choice builders turn a selector into the
`choices` of a `Play`; actions change the state. Card scripts combine them in a line or two.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.core.state import EMPTY, Card, Modifier, State
from engine.games.inuyasha import board
from engine.games.inuyasha.facts import CHARACTER, COLORS, facts
from engine.games.inuyasha.scripts import BonusFn, Choice, ChoicesFn

Selector = Callable[[State, int], list[int]]
END_OF_BATTLE = "end_of_battle"
END_OF_STEP = "end_of_step"


# ------------------------------------------------------------------ selectors
def my_characters(state: State, player: int) -> list[int]:
    return board.characters(state, player)


def foe_characters(state: State, player: int) -> list[int]:
    return board.characters(state, board.other(player))


def expended(selector: Selector) -> Selector:
    return lambda state, player: [c for c in selector(state, player) if not board.is_ready(state, c)]


def ready(selector: Selector) -> Selector:
    return lambda state, player: [c for c in selector(state, player) if board.is_ready(state, c)]


def with_trait(selector: Selector, trait: str) -> Selector:
    return lambda state, player: [c for c in selector(state, player) if trait in board.traits(state, c)]


def cost_at_most(selector: Selector, cost: int) -> Selector:
    return lambda state, player: [c for c in selector(state, player) if board.f(state, c).cost <= cost]


def foe_items(state: State, player: int) -> list[int]:
    """Face-up items attached to the opponent's face-up characters."""
    foe = board.other(player)
    return [
        c.id
        for c in state.cards_in(f"play:{foe}")
        if c.face_up and c.attached_to != EMPTY and facts(c.code).type == "item"
    ]


def kaitou_cards(kind: str) -> Selector:
    """Cards of one type in `player`'s own Kaitou deck (only for cards that say they may pick there)."""
    return lambda state, player: board.first_of_each_code(
        state, [cid for cid in state.zones[f"kaitou_deck:{player}"] if facts(state.cards[cid].code).type == kind]
    )


# ------------------------------------------------------------------ choice builders
def targets(selector: Selector) -> ChoicesFn:
    """One choice per selected card."""

    def choices(state: State, player: int, source: int) -> list[Choice]:
        return [(str(t), board.title(state, t), (t,)) for t in selector(state, player) if t != source]

    return choices


def target_and_color(selector: Selector) -> ChoicesFn:
    """One choice per (selected character, color it has)."""

    def choices(state: State, player: int, source: int) -> list[Choice]:
        out: list[Choice] = []
        for t in selector(state, player):
            if t == source:
                continue
            for color, _ in board.f(state, t).colors:
                out.append((f"{t}:{color}", f"{board.title(state, t)}, {color}", (t, color)))
        return out

    return choices


def pairs(first: Selector, second: Selector) -> ChoicesFn:
    """One choice per (first card, second card)."""

    def choices(state: State, player: int, source: int) -> list[Choice]:
        return [
            (f"{x}:{y}", f"{board.title(state, x)} and {board.title(state, y)}", (x, y))
            for x in first(state, player)
            for y in second(state, player)
            if x != y
        ]

    return choices


def up_to_two(selector: Selector) -> ChoicesFn:
    """Choose as many as possible, up to two (do what you can, rule 10.4)."""

    def choices(state: State, player: int, source: int) -> list[Choice]:
        found = selector(state, player)
        if len(found) <= 2:
            label = " and ".join(board.title(state, c) for c in found) or "nothing to choose"
            return [("", label, tuple(found))]
        return [
            (f"{x}:{y}", f"{board.title(state, x)} and {board.title(state, y)}", (x, y))
            for i, x in enumerate(found)
            for y in found[i + 1 :]
        ]

    return choices


def only_if(condition: Callable[[State, int], bool], inner: ChoicesFn) -> ChoicesFn:
    """No choice at all unless `condition` holds (a conditional effect, rule 10.4)."""

    def choices(state: State, player: int, source: int) -> list[Choice]:
        return inner(state, player, source) if condition(state, player) else []

    return choices


# ------------------------------------------------------------------ actions
def boost(state: State, target: int, color: str, amount: int, until: str, source: int = EMPTY) -> None:
    """Change one color until `until`; a raise needs the color (10.3), values stay >= 0 (10.5)."""
    if not board.has_color(state, target, color):
        state.log(f"{board.title(state, target)} has no {color}: the change does nothing (rule 10.3).")
        return
    zone = state.cards[target].zone
    state.add_modifier(Modifier(target, color, amount, until=until, source=source, zone=zone))
    sign = "+" if amount >= 0 else ""
    state.log(f"{board.title(state, target)} gets {sign}{amount} {color}.")


def boost_all(state: State, target: int, amount: int, until: str, source: int = EMPTY) -> None:
    for color, _ in board.f(state, target).colors:
        boost(state, target, color, amount, until, source)


def expend(state: State, target: int) -> None:
    board.set_ready(state, target, False)
    state.log(f"{board.title(state, target)} is expended.")


def make_ready(state: State, target: int) -> None:
    board.set_ready(state, target, True)
    state.log(f"{board.title(state, target)} is readied.")


def search(state: State, player: int, source: int, kind: str) -> None:
    """Start a search of `player`'s deck (rule 10.6); never finds a copy of `source`."""
    state.push("inuyasha.search", p=player, kind=kind, **{"not": board.title(state, source)})


# ------------------------------------------------------------------ static bonuses
def item_bonus(amounts: dict[str, int], named: str = "", named_amounts: dict[str, int] | None = None) -> BonusFn:
    """Static bonus of an item to the character it is attached to (colors it has only)."""

    def bonus(state: State, source: Card, target: Card, color: str) -> int:
        if source.attached_to != target.id:
            return 0
        if named and named_amounts is not None and facts(target.code).name == named:
            return named_amounts.get(color, 0)
        return amounts.get(color, 0)

    return bonus


def each_color(amount: int) -> dict[str, int]:
    return dict.fromkeys(COLORS, amount)


def location_bonus(color: str, amount: int, trait: str = "", both_players: bool = False) -> BonusFn:
    """Static bonus of a location to characters (its controller's, or both players')."""

    def bonus(state: State, source: Card, target: Card, wanted: str) -> int:
        if wanted != color or facts(target.code).type != CHARACTER:
            return 0
        if not both_players and target.controller != source.controller:
            return 0
        if trait and trait not in board.traits(state, target.id):
            return 0
        return amount

    return bonus
