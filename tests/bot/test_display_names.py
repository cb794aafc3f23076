"""Every game names what a player reads: its public values, zones and decision steps have display
names (engine/games/<game>/display.yaml), bookkeeping is hidden, and boards show no engine ids."""

from __future__ import annotations

import random
import re

import pytest

from bot.render.display import display_for
from bot.render.model import build_board, collapse
from bot.render.text import board_text
from engine.core.record import MatchRecord
from engine.core.registry import get_game

GAMES = ["yugioh", "naruto", "inuyasha", "inazuma", "usagi"]
ENGINE_IDS = re.compile(
    r"\b(ti|ns|lastwill|waboku|no_bp|mzone|szone|fzone|kaitou_deck|mission_phase|organize_team|window)\b"
)


def _seen(game_id: str, games: int = 2, decisions: int = 400) -> tuple[set[str], set[str], set[str], list[str]]:
    game = get_game(game_id)
    values: set[str] = set()
    zones: set[str] = set()
    steps: set[str] = set()
    boards: list[str] = []
    for seed in range(games):
        record = MatchRecord.start(game_id, game.default_decks(4 if game_id == "usagi" else 2), seed, None)
        state, rng = record.new_state(), random.Random(seed)
        for n in range(decisions):
            prompt = state.prompt()
            if prompt is None:
                break
            view = state.view(None)
            steps.add(str(view.get("prompt", {}).get("kind") or ""))
            for entry in view.get("players", []):
                values.update(k for k, v in entry.get("values", {}).items() if not isinstance(v, bool | dict | list))
                zones.update(entry.get("zones", {}))
            zones.update(view.get("shared", {}))
            if n % 50 == 0:
                boards.append(board_text(build_board(game, view, ["Ana", "Bo", "Cy", "Di"], title="t")))
            state.apply(rng.choice(prompt.options))
    steps.discard("")
    return values, zones, steps, boards


@pytest.mark.parametrize("game_id", GAMES)
def test_every_value_zone_and_step_has_a_display_name(game_id: str) -> None:
    display = display_for(get_game(game_id))
    values, zones, steps, boards = _seen(game_id)
    assert values <= set(display.values), f"unnamed values: {values - set(display.values)}"
    assert zones <= set(display.zones), f"unnamed zones: {zones - set(display.zones)}"
    assert steps <= set(display.steps), f"unnamed steps: {steps - set(display.steps)}"
    for board in boards:
        assert not ENGINE_IDS.search(board), ENGINE_IDS.search(board)


def test_repeated_events_are_told_once_with_a_count() -> None:
    assert collapse(["Ana draws a card"] * 6 + ["Bo draws a card"]) == ["Ana draws a card (×6)", "Bo draws a card"]


def test_a_private_note_is_named_and_shows_the_card() -> None:
    from bot.render.text import hand_text

    game = get_game("usagi")
    record = MatchRecord.start("usagi", game.default_decks(2), 1, None)
    state = record.new_state()
    card = state.view(0)["players"][0]["zones"]["hand"]["cards"][0]
    state.secrets[0]["tie_pick"] = card["id"]
    text = hand_text(game, state.view(0), ["Ana", "Bo"])
    assert f"Your secret tie-break discard: {card['name']}" in text and "tie_pick" not in text


@pytest.mark.parametrize(
    ("winners", "reason", "shown"),
    [
        ([1], "Player 2 wins with 11 Battle Rewards", "Bob wins with 11 Battle Rewards."),
        (
            [0],
            "Player 2 has no cards left in the Deck and loses",
            "Ana wins. Bob has no cards left in the Deck and loses.",
        ),
        ([], "Both decks ran out: the match is a draw.", "Both decks ran out: the match is a draw."),
        ([], "Time ran out", "Draw. Time ran out."),
    ],
)
def test_a_result_says_who_won_once(winners: list[int], reason: str, shown: str) -> None:
    from bot.persistence import MatchRow
    from bot.services.match_model import result_text

    seats = [{"user": "a", "name": "Ana"}, {"user": "b", "name": "Bob"}]
    row = MatchRow(game="toy", status="finished", seats=seats, result={"winners": winners, "reason": reason})
    assert result_text(row) == shown


def test_inazuma_placements_are_shown_to_their_player_only() -> None:
    from bot.render.text import hand_text
    from engine.core.registry import get_game

    game = get_game("inazuma")
    state = game.new_match(game.default_decks(2), 3)
    prompt = state.prompt()
    assert prompt is not None and prompt.kind == "place"
    placer = prompt.player
    chosen = prompt.options[0]
    state.apply(chosen.id)
    where = chosen.label.rsplit(" at ", 1)[1]
    name = chosen.label.removeprefix("Place ").rsplit(" at ", 1)[0]
    mine = hand_text(game, state.view(placer), ["Ana", "Bo"])
    assert f"{name} (" in mine and f"placed at {where}" in mine
    assert "Your starting characters" in mine
    for other in (1 - placer, None):
        seen = hand_text(game, state.view(other), ["Ana", "Bo"]) if other is not None else ""
        public = str(state.view(other))
        assert "placed at" not in seen and "'slot': " not in public


def test_card_stats_read_as_each_game_names_them() -> None:
    from bot.render.model import stats_text
    from engine.core.registry import get_game

    def shown(game_id: str, name: str) -> str:
        game = get_game(game_id)
        return stats_text(game, game.pool.resolve(name).code)

    assert shown("yugioh", "Mystical Elf") == "Level 4, ATK 800, DEF 2000"
    raiga = shown("inuyasha", "Raiga, Half-Demon Wanderer")
    assert raiga.startswith("cost 3") and "red 7" in raiga and "white 4" in raiga and "black 3" in raiga
    assert "Kaitou deck of 6" in shown("inuyasha", "Wayfarer's Bundle")
    assert "SP 600" in shown("inazuma", "Axel Blaze") and "fired-up SP 800" in shown("inazuma", "Axel Blaze")
    assert shown("usagi", "Family Daisho").startswith("cost 1 honor, combat 2")
    for game_id in ("yugioh", "naruto", "inuyasha", "inazuma", "usagi"):
        game = get_game(game_id)
        for card in game.pool.cards.values():
            text = stats_text(game, card.code)
            assert "_" not in text and "{" not in text and "[" not in text, (game_id, card.name, text)


def test_board_text_says_what_an_item_is_attached_to_and_piles_list_names_only() -> None:
    import random

    from bot.render.model import build_board
    from bot.render.text import board_text
    from engine.core.registry import get_game
    from engine.core.state import EMPTY

    game = get_game("inuyasha")
    for seed in range(20):
        state = game.new_match(game.default_decks(2), seed)
        rng = random.Random(seed)
        while state.result is None:
            attached = [c for c in state.cards if c.attached_to != EMPTY and c.face_up]
            if attached:
                break
            prompt = state.prompt()
            assert prompt is not None
            state.apply(rng.choice(prompt.options).id)
        else:
            continue
        item = attached[0]
        host = state.cards[item.attached_to]
        text = board_text(build_board(game, state.view(None), ["Ana", "Bo"], title="t"))
        assert f"{game.card(item.code).name} (" in text
        assert f"on {game.card(host.code).name})" in text
        discard = next(line for line in text.splitlines() if "Discard pile" in line or "Deck" in line)
        assert "cost" not in discard  # piles list names only
        return
    raise AssertionError("no item was ever attached in 20 random games")


def test_positions_and_field_places_read_as_players_say_them() -> None:
    from bot.render.model import CardFace, ZoneShow, card_face
    from engine.core.registry import get_game

    yugioh = get_game("yugioh")
    face = card_face(yugioh, {"hidden": True, "orientation": "def"})
    assert face.text() == "[face-down] (Defense Position)"
    code = yugioh.pool.resolve("Mystical Elf").code
    assert "Attack Position" in card_face(yugioh, {"code": code, "name": "Mystical Elf", "orientation": "atk"}).text()
    field = ZoneShow("Field", 1, [CardFace("Axel Blaze"), CardFace("", empty_slot=True)], slots=True)
    field.slot_names = ("FW-L", "FW-R")
    assert field.text() == "Field: FW-L Axel Blaze | FW-R —"


def test_quiet_bookkeeping_shows_only_when_it_says_something() -> None:
    """Naruto's per-turn counters and an empty Chain are left out at 0; the Turn Indicator is not."""
    from bot.render.display import display_for
    from bot.render.model import values_text
    from engine.core.registry import get_game

    display = display_for(get_game("naruto"))
    assert values_text({"ti": 0, "deployed": 0, "missions": 0, "clients": 0, "counters": 0}, display) == (
        "Turn Indicator 0"
    )
    assert "ninjas deployed this turn 1" in values_text({"ti": 2, "deployed": 1}, display)
    assert "chain" in display.quiet


def test_inazuma_shootout_is_named_not_counted_past_six() -> None:
    from bot.render.boards.inazuma import turn_line

    assert turn_line({"turn": 6, "phase": "shooting"}) == "Turn 6 of 6"
    assert turn_line({"turn": 7, "phase": "shootout"}) == "Penalty shootout"
