"""Plain-text boards, hands and prompts (the console prints them; Discord uses them as fallbacks)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bot.render.display import display_for
from bot.render.model import Board, card_face, name_players, shown_names

if TYPE_CHECKING:
    from engine.core.game import Game
    from engine.core.prompt import Prompt


def board_text(board: Board, *, events: bool = True) -> str:
    """The whole public board as a few lines per player (`events=False`: the narration was just
    printed above it, so the last events aren't repeated)."""
    lines = [f"== {board.title} · decision {board.step} =="]
    for panel in board.panels:
        marker = "▶ " if panel.on_turn else "  "
        lines.append(f"{marker}{panel.name}" + (f" — {panel.values}" if panel.values else ""))
        lines.extend(f"     {zone.text()}" for zone in panel.zones if zone.count or zone.slots)
    for zone in board.shared:
        lines.append(f"  {zone.text()}")
    if board.events and events:
        lines.append("  Last events:")
        lines.extend(f"   · {event}" for event in board.events)
    if board.status:
        lines.append(f"  {board.status}")
    return "\n".join(lines)


def private_cards(game: Game, view: dict[str, Any]) -> list[tuple[str, list[str]]]:
    """The viewer's own cards that others cannot see (hand, face-down set cards), by zone."""
    seat = view.get("viewer")
    if seat is None:
        return []
    from bot.render.boards import current_of  # a face-down card in play shows its current stats too

    now = current_of(game, view)
    zones = []
    for name, raw in view["players"][seat].get("zones", {}).items():
        cards = raw.get("slots", raw.get("cards", []))
        display = display_for(game)
        try:
            in_play = game.zone_spec(name).in_play
        except KeyError:
            in_play = False
        secret = [
            card_face(game, c, current=now if in_play else None).text()
            + "".join(f" — {note}" for k, v in (c.get("flags") or {}).items() if (note := display.flag(k, v)))
            for c in cards
            if c and "code" in c and not c.get("face_up", True)
        ]
        if secret:
            zones.append((display.zone(name) or name, secret))
    return zones


def _card_name(view: dict[str, Any], value: Any) -> str:
    """`value` as a card name when it is the handle of a card this view shows, else as it is."""
    if isinstance(value, int | str) and not isinstance(value, bool):
        return shown_names(view).get(value, str(value))
    return str(value)


def hand_text(game: Game, view: dict[str, Any], names: list[str]) -> str:
    """What only this player may see: their hidden cards and secrets (callers add the prompt)."""
    lines = []
    zones = private_cards(game, view)
    if not zones:
        lines.append("You hold no hidden cards.")
    for name, cards in zones:
        shown = name if any(ch.isupper() for ch in name[1:]) else name.lower()  # "Fusion Deck", "hand"
        lines.append(f"Your {shown} ({len(cards)}): " + " · ".join(cards))
    seat = view.get("viewer")
    secrets = view["players"][seat].get("secrets") if seat is not None else None
    if secrets:
        display = display_for(game)
        for key, value in secrets.items():
            name = display.secret(key)
            if name:
                lines.append(f"{name}: {_card_name(view, value)}")
    return "\n".join(lines)


def prompt_text(prompt: Prompt, names: list[str], *, limit: int = 60) -> str:
    """A numbered list of the options (the console answers by number)."""
    who = names[prompt.player] if prompt.player < len(names) else f"Player {prompt.player + 1}"
    lines = [f"{who}: {name_players(prompt.text, names)}" + (f"  [rule {prompt.rule}]" if prompt.rule else "")]
    for number, option in enumerate(prompt.options[:limit], start=1):
        lines.append(f"  {number}. {name_players(option.label, names)}")
    if len(prompt.options) > limit:
        lines.append(f"  … {len(prompt.options) - limit} more: type part of a label to pick one.")
    return "\n".join(lines)
