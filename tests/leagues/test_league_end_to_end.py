"""End to end: a 6-player Swiss league of 3 rounds with one drop, on SQLite, played partly
through hosted tcgtable matches (both seats scripted with random choices) and partly by
report/confirm; final standings checked against the independent reference; permissions.
Then the same flow through the console commands."""

from __future__ import annotations

import importlib.util
import random
import re
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from bot.console.session import Console
from bot.persistence.league_models import LeagueMatchRow
from bot.services.errors import ForbiddenError, ServiceError
from bot.services.hub import Services
from bot.services.matches import turn_prompt
from engine.core.rng import Rng

GUILD = "g"
GAME = "inazuma"
PLAYERS = ("ana", "bo", "cy", "di", "ed", "fa")
DROPPER = "fa"


def _reference() -> ModuleType:
    """The independent reference computations live with the property tests."""
    spec = importlib.util.spec_from_file_location(
        "league_reference", Path(__file__).with_name("test_league_properties.py")
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


REF = _reference()


@pytest.fixture
async def services(tmp_path: Path) -> AsyncIterator[Services]:
    hub = Services.from_url(f"sqlite:///{tmp_path / 'league.db'}")
    await hub.open()
    yield hub
    await hub.close()


async def play_out(services: Services, match_id: int, seed: int) -> list[int]:
    """Both seats pick random options until the tcgtable match ends; returns its winners."""
    rng = Rng(seed)
    for _ in range(5000):
        row, state = await services.matches.state(match_id)
        if state is None or state.result is not None:
            finished = await services.matches.row(match_id)
            assert finished.status == "finished"
            return list((finished.result or {}).get("winners", []))
        prompt = turn_prompt(row, state)
        assert prompt is not None
        user = row.seats[prompt.player]["user"]
        option = prompt.options[rng.randbelow(len(prompt.options))]
        await services.matches.choose(match_id, user, option.id)
    raise AssertionError("the match did not end")


async def host_league_match(services: Services, match: LeagueMatchRow, seed: int) -> tuple[int, int, int]:
    """Play games on tcgtable until the league match is confirmed; our own tally of the games."""
    tally = {match.player_a: 0, match.player_b: 0, None: 0}
    for game in range(5):
        row = await services.leagues.play(GUILD, "Cup", match.player_a, services.matches)
        assert row.meta["league_match"] == match.id
        await services.matches.respond(row.id or 0, match.player_b or "", True)
        winners = await play_out(services, row.id or 0, seed + game)
        tally[row.seats[winners[0]]["user"] if len(winners) == 1 else None] += 1
        stored = await league_match(services, match.id or 0)
        if stored.status == "confirmed":
            return tally[match.player_a], tally[match.player_b], tally[None]
        assert stored.status == "pending"
    raise AssertionError("a best-of-3 league match took more than 5 games")


async def league_match(services: Services, match_id: int) -> LeagueMatchRow:
    info = await services.leagues.info(GUILD, "Cup")
    return next(m for m in info.matches if m.id == match_id)


async def test_six_player_swiss_with_a_drop_hosted_and_reported(services: Services) -> None:
    leagues = services.leagues
    with pytest.raises(ForbiddenError):
        await leagues.create(GUILD, "ana", "Cup", GAME, rounds=3, best_of=3, is_organizer=False)
    await leagues.create(GUILD, "org", "Cup", GAME, rounds=3, best_of=3, is_organizer=True)
    for user in PLAYERS:
        _, deck = await services.decks.resolve(user, GAME, None)
        await leagues.join(GUILD, "Cup", user, user.upper(), deck, "starter")
    with pytest.raises(ForbiddenError):
        await leagues.start(GUILD, "Cup", is_organizer=False)
    info = await leagues.start(GUILD, "Cup", is_organizer=True)
    assert info.league.rounds == 3 and info.league.current_round == 1

    rng = random.Random(12)
    expected: dict[int, tuple[int, int, int]] = {}  # league match id -> our record of its games
    for number in (1, 2, 3):
        info = await leagues.info(GUILD, "Cup")
        current = [m for m in info.matches if m.round == number]
        active = {e.user for e in info.active}
        paired = [p for m in current for p in (m.player_a, m.player_b) if p]
        assert sorted(paired) == sorted(active), "every active player exactly once, the dropped one never"
        games = [m for m in current if m.player_b]
        byes = [m for m in current if m.player_b is None]
        for bye in byes:
            expected[bye.id or 0] = (2, 0, 0)
        with pytest.raises(ForbiddenError):
            await leagues.next_round(GUILD, "Cup", is_organizer=False)

        hosted, reported = games[0], games[1:]
        expected[hosted.id or 0] = await host_league_match(services, hosted, seed=100 * number)
        outsider = next(p for p in PLAYERS if p not in (hosted.player_a, hosted.player_b))
        for match in reported:
            stranger = next(p for p in PLAYERS if p not in (match.player_a, match.player_b))
            with pytest.raises(ForbiddenError):
                await leagues.report(match.id or 0, stranger, 2, 0)
            won, lost, draws = rng.choice(((2, 0, 0), (2, 1, 0), (0, 2, 0), (1, 2, 0), (1, 1, 1)))
            await leagues.report(match.id or 0, match.player_b or "", won, lost, draws)  # B reports: B's view
            with pytest.raises(ForbiddenError):
                await leagues.confirm(match.id or 0, match.player_b or "", True)
            await leagues.confirm(match.id or 0, match.player_a, True)
            expected[match.id or 0] = (lost, won, draws)
            with pytest.raises(ServiceError):  # a result can't be reported twice
                await leagues.report(match.id or 0, match.player_a, 2, 0)
        with pytest.raises(ForbiddenError):
            await leagues.report(hosted.id or 0, outsider, 0, 2)

        if number == 2:
            # a dispute, settled by an organizer; a player cannot edit
            target = reported[0]
            with pytest.raises(ForbiddenError):
                await leagues.edit(target.id or 0, target.player_a, 2, 0, 0, "I won", is_organizer=False)
            edited = await leagues.edit(target.id or 0, "org", 0, 2, 0, "judge call", is_organizer=True)
            assert edited.status == "confirmed" and len(edited.history) >= 3
            expected[target.id or 0] = (0, 2, 0)
        if number == 1:
            await leagues.drop(GUILD, "Cup", DROPPER)
        info = await leagues.next_round(GUILD, "Cup", is_organizer=True)

    assert info.league.status == "finished"
    assert all(m.status == "confirmed" for m in info.matches)
    assert {m.id for m in info.matches} == set(expected)
    assert all(DROPPER not in (m.player_a, m.player_b) for m in info.matches if m.round > 1)
    met = [frozenset((m.player_a, m.player_b)) for m in info.matches if m.player_b]
    assert len(met) == len(set(met)), "no rematches in a 6-player, 3-round league"
    bye_takers = [m.player_a for m in info.matches if m.player_b is None]
    assert len(bye_takers) == len(set(bye_takers)) == 2  # rounds 2 and 3 have 5 players

    results = []
    for m in info.matches:
        assert (m.games_a, m.games_b, m.draws) == expected[m.id or 0], m
        results.append((m.player_a, m.player_b, *expected[m.id or 0]))
    reference = REF.reference_standings(list(PLAYERS), results)
    table = await leagues.standings(GUILD, "Cup")
    for row in table:
        points, omw, gw, ogw = reference[row.player]
        assert row.points == points
        assert row.omw == pytest.approx(float(omw)) and row.gw == pytest.approx(float(gw))
        assert row.ogw == pytest.approx(float(ogw))
    assert [row.player for row in table] == REF.reference_order(reference)


async def console_as(console: Console, user: str, command: str) -> str:
    await console.handle(f"/as {user}")
    out = await console.handle(command)
    assert not out.startswith("⚠"), out
    return out


async def test_the_same_league_through_the_console(tmp_path: Path) -> None:
    services = await Services.from_url(f"sqlite:///{tmp_path / 'console.db'}").open()
    try:
        await run_console_league(Console(services, user="org"), services)
    finally:
        await services.close()


async def run_console_league(console: Console, services: Services) -> None:
    leagues = services.leagues
    out = await console.handle(f"/league create name:Cup game:{GAME} rounds:3 best_of:1")
    assert "created" in out
    for user in PLAYERS:
        assert "is in Cup" in await console_as(console, user, "/league join name:Cup")
    await console_as(console, "org", "/league start name:Cup")
    expected: dict[int, tuple[int, int, int]] = {}
    rng = random.Random(5)
    for number in (1, 2, 3):
        info = await leagues.info("console", "Cup")
        current = [m for m in info.matches if m.round == number]
        for bye in (m for m in current if m.player_b is None):
            expected[bye.id or 0] = (2, 0, 0)
        games = [m for m in current if m.player_b]
        hosted, reported = games[0], games[1:]
        expected[hosted.id or 0] = await console_hosted(console, services, hosted)
        for match in reported:
            won, lost = rng.choice(((1, 0), (0, 1)))
            await console_as(console, match.player_a, f"/league report name:Cup won:{won} lost:{lost}")
            denied = await console_as_raw(console, match.player_a, f"/league confirm match:{match.id}")
            assert denied.startswith("⚠"), "the reporter cannot confirm their own report"
            assert "confirmed" in await console_as(console, match.player_b or "", f"/league confirm match:{match.id}")
            expected[match.id or 0] = (won, lost, 0)
        if number == 1:
            assert "dropped" in await console_as(console, DROPPER, "/league drop name:Cup")
        await console_as(console, "org", "/league next name:Cup")
    info = await leagues.info("console", "Cup")
    assert info.league.status == "finished"
    assert all(DROPPER not in (m.player_a, m.player_b) for m in info.matches if m.round > 1)
    results = [(m.player_a, m.player_b, *expected[m.id or 0]) for m in info.matches]
    assert [(m.games_a, m.games_b, m.draws) for m in info.matches] == [r[2:] for r in results]
    reference = REF.reference_standings(list(PLAYERS), results)
    order = REF.reference_order(reference)
    shown = await console.handle("/league standings name:Cup")
    listed = re.findall(r"^\d+\. (\S+) ", shown, flags=re.MULTILINE)
    assert listed == order, shown


async def console_as_raw(console: Console, user: str, command: str) -> str:
    await console.handle(f"/as {user}")
    return await console.handle(command)


async def console_hosted(console: Console, services: Services, match: LeagueMatchRow) -> tuple[int, int, int]:
    """Offer the league game from the console and play it by numbers (always option 1)."""
    out = await console_as(console, match.player_a, "/league play name:Cup")
    match_id = int(out.split("#", 1)[1].split()[0])
    await console_as(console, match.player_b or "", f"/match accept {match_id}")
    for _ in range(3000):
        row, state = await services.matches.state(match_id)
        if row.status != "active":
            break
        assert state is not None
        prompt: Any = state.prompt()
        await console.handle(f"/as {row.seats[prompt.player]['user']}")
        out = await console.handle("1")
        assert not out.startswith("⚠"), out
    finished = await services.matches.row(match_id)
    assert finished.status == "finished"
    winners = list((finished.result or {}).get("winners", []))
    if len(winners) != 1:
        return (0, 0, 1)
    return (1, 0, 0) if finished.seats[winners[0]]["user"] == match.player_a else (0, 1, 0)
