"""AI seats in 3-6 player games: `players:N` on an AI match, a level per seat, Add AI on a lobby."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.services.errors import ForbiddenError, ServiceError
from bot.services.games import get_game
from bot.services.hub import Services
from bot.services.matches import Seat, ai_decks, ai_levels, turn_prompt


@pytest.fixture
async def services(tmp_path: Path) -> AsyncIterator[Services]:
    hub = await Services.from_url(f"sqlite:///{tmp_path / 'seats.db'}").open()
    yield hub
    await hub.close()


def test_levels_one_for_all_or_one_each() -> None:
    assert ai_levels("easy", 3) == ["easy", "easy", "easy"]
    assert ai_levels("easy,normal,hard", 3) == ["easy", "normal", "hard"]
    assert ai_levels(None, 2) == ["normal", "normal"]
    with pytest.raises(ServiceError, match="one for each of the 3"):
        ai_levels("easy,hard", 3)
    with pytest.raises(ServiceError, match="Unknown AI level"):
        ai_levels("easy,godlike,hard", 3)


def test_ai_decks_differ_from_the_humans_before_repeating() -> None:
    game = get_game("usagi")
    decks = ai_decks(game, "Mifune Honor Guard", None, 5)
    assert "Mifune Honor Guard" not in decks[:4] and len(set(decks)) == 5 and decks[4] == "Mifune Honor Guard"
    assert ai_decks(game, None, "Neko Night Blades", 2)[0] == "Neko Night Blades"


async def test_four_seat_usagi_against_three_ais_plays_to_the_end(services: Services) -> None:
    update = await services.matches.start_ai("usagi", Seat("ana", "Ana"), None, "easy,normal,random", players=4)
    row = update.row
    assert [s.get("ai") for s in row.seats] == [None, "easy", "normal", "random"]
    assert len({s["user"] for s in row.seats}) == 4 and len(row.decks) == 4
    for _ in range(400):
        row, state = await services.matches.state(row.id or 0)
        if row.status != "active":
            break
        prompt = turn_prompt(row, state)
        assert prompt is not None and row.seats[prompt.player]["user"] == "ana"  # the AIs answer for themselves
        await services.matches.choose(row.id or 0, "ana", prompt.options[0].id)
    assert row.status == "finished"


async def test_wrong_player_counts_are_refused(services: Services) -> None:
    with pytest.raises(ServiceError, match="2-6 players, not 7"):
        await services.matches.start_ai("usagi", Seat("ana", "Ana"), None, None, players=7)
    with pytest.raises(ServiceError, match="not 3"):
        await services.matches.start_ai("yugioh", Seat("ana", "Ana"), None, None, players=3)


async def test_add_ai_fills_a_lobby_only_for_its_players(services: Services) -> None:
    lobby = await services.matches.open_lobby("usagi", Seat("ana", "Ana"), 3, None)
    with pytest.raises(ForbiddenError):
        await services.matches.add_ai(lobby.id or 0, "zed")
    first = await services.matches.add_ai(lobby.id or 0, "ana", "hard")
    assert first.row.status == "lobby" and "2/3" in first.notice
    started = await services.matches.add_ai(lobby.id or 0, "ana")
    assert started.row.status == "active"
    assert [s.get("name") for s in started.row.seats] == ["Ana", "AI (hard)", "AI 2 (normal)"]
    with pytest.raises(ServiceError, match="not an open lobby"):
        await services.matches.add_ai(lobby.id or 0, "ana")


async def test_as_name_shows_the_players_pending_prompt_early_in_a_simultaneous_step(tmp_path: Path) -> None:
    """Hot-seat console: `/as NAME` shows that player's prompt, also the one they may answer early."""
    from bot.console.session import Console

    hub = await Services.from_url(f"sqlite:///{tmp_path / 'hot.db'}").open()
    try:
        console = Console(hub, user="ana")
        await console.handle("/match open game:usagi players:3")
        for user in ("bo", "cy"):
            await console.handle(f"/as {user}")
            await console.handle("/match join 1")
        row, state = await hub.matches.state(1)
        assert state is not None and row.status == "active"
        shown = [await console.handle(f"/as {user}") for user in ("ana", "bo", "cy")]
        assert all("eyes only" in text and "Answer with a number" in text for text in shown), shown
        assert any("at once" in text for text in shown)  # someone's prompt is an early one
    finally:
        await hub.close()


def test_a_one_option_prompt_is_answered_for_the_player_unless_always_ask() -> None:
    import engine
    from bot.services.games import passes_for_them
    from cards.pool import load_pool
    from engine.core.prompt import Option, Prompt

    pool = load_pool("yugioh")
    state = engine.get_game("yugioh").new_match(decks=[d.as_lists() for d in pool.decks.values()][:2], seed=1)
    only = Prompt(0, "battle", "Declare an attack?", (Option("endbp", "End the Battle Phase", "end"),))
    two = Prompt(
        0, "battle", "Declare an attack?", (Option("endbp", "End", "end"), Option("attack:1", "Attack", "atk"))
    )
    assert passes_for_them(state, only) and not passes_for_them(state, two)
    state.options["always_ask"] = True
    assert not passes_for_them(state, only)
