"""Deck lists as text: every preconstructed deck survives text and back; versions stay unambiguous."""

from __future__ import annotations

import pytest

from bot.services.decks import deck_to_text, parse_deck_text
from engine.core.registry import get_game, list_games

GAMES = [g for g in list_games() if g != "toy"]


@pytest.mark.parametrize("game_id", GAMES)
def test_every_built_in_deck_round_trips_through_text(game_id: str) -> None:
    game = get_game(game_id)
    for name, deck in game.pool.decks.items():
        sections = deck.as_lists()
        parsed = parse_deck_text(game, deck_to_text(game, sections))
        assert parsed.problems == [], f"{name}: {parsed.problems}"
        assert parsed.sections == sections, name
        # Legal under the default options or one of the game's formats (e.g. a 40-card demo deck).
        variants = [{}] + [{key: value} for key, opt in game.match_options.items() for value in opt.choices]
        options = [game.resolve_options(v) for v in variants]
        assert any(game.validate_deck(parsed.sections, o) == [] for o in options), name


def test_a_name_shared_by_several_versions_asks_for_the_code() -> None:
    game = get_game("inazuma")
    parsed = parse_deck_text(game, "Starting:\n1x Axel Blaze")
    assert len(parsed.problems) == 1 and "S1-02" in parsed.problems[0] and "Name (CODE)" in parsed.problems[0]
    chosen = parse_deck_text(game, "Starting:\n1x Axel Blaze (S1-02)")
    assert chosen.problems == [] and chosen.sections == {"starting": ["S1-02"]}


def test_section_headers_follow_the_game() -> None:
    parsed = parse_deck_text(get_game("yugioh"), "Main deck (1):\n1x Dark Magician\n#fusion\n1x Flame Swordsman")
    assert set(parsed.sections) == {"main", "extra"}
    inuyasha = get_game("inuyasha")
    kaitou = next(c for c in inuyasha.pool.decks["Heroes"].sections["kaitou"])
    text = f"Kaitou:\n1x {inuyasha.pool[kaitou].name}"
    assert parse_deck_text(inuyasha, text).sections == {"kaitou": [kaitou]}


@pytest.mark.parametrize(
    ("line", "written"),
    [
        ("-1x Dark Magician", "-1"),
        ("0x Dark Magician", "0"),
        ("100x Dark Magician", "100"),
        ("Dark Magician x100", "100"),
        ("Dark Magician x-1", "-1"),
        ("−2 Dark Magician", "−2"),
        ("99999999999999999999x Dark Magician", "99999999999999999999"),
    ],
)
def test_a_wrong_count_is_reported_as_a_count(line: str, written: str) -> None:
    parsed = parse_deck_text(get_game("yugioh"), f"Main:\n3x Dark Magician\n{line}")
    assert len(parsed.problems) == 1, parsed.problems
    problem = parsed.problems[0]
    assert problem.startswith(f"line 3: wrong count {written} in ") and "1 to 99" in problem, problem
    assert "no Yu-Gi-Oh! TCG card named" not in problem


def test_a_huge_count_never_builds_a_huge_deck() -> None:
    parsed = parse_deck_text(get_game("yugioh"), "9" * 5_000 + "x Dark Magician")
    assert parsed.sections == {} and "wrong count 999" in parsed.problems[0] and len(parsed.problems[0]) < 300


@pytest.mark.parametrize(
    "line",
    [
        "- 1x Dark Magician",
        "* 1x Dark Magician",
        "+ 1x Dark Magician",
        "• 1x Dark Magician",
        "**1x Dark Magician**",
        "**1x** Dark Magician",
        "- **1x Dark Magician**",
        "*1x Dark Magician*",
        "__1x Dark Magician__",
        "> 1x Dark Magician",
        "> - 1x Dark Magician",
        "`1x Dark Magician`",
        "- Dark Magician x1",
    ],
)
def test_markdown_pasted_from_discord_is_read_through(line: str) -> None:
    game = get_game("yugioh")
    parsed = parse_deck_text(game, f"**Main deck:**\n{line}\n## Extra deck\n- 2x Flame Swordsman")
    assert parsed.problems == []
    magician = game.pool.resolve("Dark Magician").code
    assert parsed.sections == {"main": [magician], "extra": [game.pool.resolve("Flame Swordsman").code] * 2}


def test_markdown_lists_keep_their_counts() -> None:
    game = get_game("yugioh")
    text = "- 3x Dark Magician\n* 2x Mystical Elf\n**1x Summoned Skull**"
    parsed = parse_deck_text(game, text)
    assert parsed.problems == []
    assert len(parsed.sections["main"]) == 6


def test_a_wall_of_unknown_lines_is_answered_quickly_and_briefly() -> None:
    import time

    game = get_game("yugioh")
    started = time.perf_counter()
    parsed = parse_deck_text(game, "a\n" * 9_000)  # just under the 20,000-character limit
    assert time.perf_counter() - started < 3
    assert len(parsed.problems) == 31 and parsed.problems[-1] == "... and 8970 more lines with problems"
    long_name = parse_deck_text(game, "1x " + "Dark Magician " * 1_000).problems
    assert len(long_name) == 1 and len(long_name[0]) < 300, long_name
