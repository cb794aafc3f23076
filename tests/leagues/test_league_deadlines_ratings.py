"""Round deadlines and reminders, reporting once, a full top cut, and ratings per game and server."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest

from bot.persistence import MatchRow
from bot.services.errors import ServiceError
from bot.services.hub import Services
from bot.services.ratings import RatingService

GUILD = "g"
GAME = "inazuma"


@pytest.fixture
async def services(tmp_path: Any) -> AsyncIterator[Services]:
    hub = Services.from_url(f"sqlite:///{tmp_path / 'l.db'}")
    await hub.open()
    yield hub
    await hub.close()


async def league_of(services: Services, players: int, **kw: Any) -> None:
    await services.leagues.create(GUILD, "org", "Cup", GAME, is_organizer=True, **kw)
    _, deck = await services.decks.resolve("x", GAME, None)
    for i in range(players):
        await services.leagues.join(GUILD, "Cup", f"u{i}", f"U{i}", deck)
    await services.leagues.start(GUILD, "Cup", is_organizer=True)


async def test_a_result_cannot_be_reported_twice(services: Services) -> None:
    await league_of(services, 2)
    [match] = (await services.leagues.info(GUILD, "Cup")).matches
    await services.leagues.report(match.id or 0, "u0", 2, 0)
    for user in ("u0", "u1"):
        with pytest.raises(ServiceError, match="already has a reported result"):
            await services.leagues.report(match.id or 0, user, 0, 2)


@pytest.mark.parametrize(("policy", "points"), [("double_loss", 0), ("draw", 1)])
async def test_deadline_policy_resolves_unplayed_matches(services: Services, policy: str, points: int) -> None:
    await league_of(services, 4, deadline_policy=policy, round_length_hours=24)
    leagues = services.leagues
    info = await leagues.info(GUILD, "Cup")
    played, unplayed = info.open_matches()
    await leagues.report(played.id or 0, played.player_a, 2, 0)
    deadline = leagues.deadline(info.league)
    assert await leagues.apply_deadlines(at=deadline - 60) == []
    reminders = await leagues.due_reminders(at=deadline - 3600)
    assert [m.id for _, ms in reminders for m in ms] == [played.id, unplayed.id]
    assert await leagues.due_reminders(at=deadline - 60) == []  # once per round
    [(_league, resolved)] = await leagues.apply_deadlines(at=deadline + 1)
    assert [m.id for m in resolved] == [unplayed.id]  # a reported result is left to the players
    assert resolved[0].status == "confirmed" and resolved[0].double_loss == (policy == "double_loss")
    table = {r.player: r for r in await leagues.standings(GUILD, "Cup")}
    assert table[unplayed.player_a].points == points == table[unplayed.player_b or ""].points
    if policy == "double_loss":
        assert table[unplayed.player_a].record == "0-1-0"


async def test_top_cut_runs_to_a_champion(services: Services) -> None:
    await league_of(services, 8, rounds=1, top_cut=4, best_of=1)
    leagues = services.leagues

    async def finish_round() -> None:
        info = await leagues.info(GUILD, "Cup")
        for match in info.open_matches():
            await leagues.edit(match.id or 0, "org", 1, 0, 0, "player A won", is_organizer=True)

    await finish_round()
    semis = await leagues.next_round(GUILD, "Cup", is_organizer=True)
    seeds = [r.player for r in await leagues.standings(GUILD, "Cup")][:4]
    assert [(m.player_a, m.player_b) for m in semis.matches if m.round == 2] == [
        (seeds[0], seeds[3]),
        (seeds[1], seeds[2]),
    ]
    await finish_round()
    final = await leagues.next_round(GUILD, "Cup", is_organizer=True)
    assert [(m.player_a, m.player_b) for m in final.matches if m.round == 3] == [(seeds[0], seeds[1])]
    await finish_round()
    done = await leagues.next_round(GUILD, "Cup", is_organizer=True)
    assert done.league.status == "finished" and await leagues.champion(GUILD, "Cup") == seeds[0]
    # Top-cut matches do not change the Swiss standings.
    assert [r.player for r in await leagues.standings(GUILD, "Cup")][:4] == seeds


async def test_ratings_count_casual_and_league_results_but_never_the_ai(services: Services) -> None:
    db = services.db

    async def finished(a: str, b: str, winner: int, *, ai: bool = False, guild: str = GUILD) -> None:
        seats = [
            {"user": a, "name": a.upper(), "ai": None},
            {"user": b, "name": b.upper(), "ai": "normal" if ai else None},
        ]
        await db.insert_match(
            MatchRow(
                game=GAME,
                status="finished",
                seats=seats,
                guild_id=guild,
                choices=["x"],
                result={"winners": [winner], "reason": "test"},
            )
        )

    await finished("ana", "bo", 0)
    await finished("ana", "bo", 0)
    await finished("bo", "cy", 1, ai=True)  # against the AI: never rated
    await finished("cy", "bo", 0, guild="other")  # another server
    ratings = RatingService(db)
    table = await ratings.table(GUILD, GAME)
    assert [r.player for r in table] == ["ana", "bo"] and table[0].rating > 1500 > table[1].rating
    assert table[0].wins == 2 and table[1].losses == 2
    await league_of(services, 2, best_of=1)
    [match] = (await services.leagues.info(GUILD, "Cup")).matches
    await services.leagues.edit(match.id or 0, "org", 0, 1, 0, "u1 won", is_organizer=True)
    rank, u1 = await ratings.of(GUILD, GAME, "u1") or (0, None)
    assert u1 is not None and u1.games == 1 and u1.rating > 1500 and rank in (1, 2)
    assert await ratings.of(GUILD, GAME, "nobody") is None
