"""Ratings for any number of players (OpenSkill, Plackett-Luce): recorded 2-, 4- and 6-player results
give exactly what the `openskill` package computes; AI seats and self-play are never rated."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from openskill.models import PlackettLuce

from bot.persistence import MatchRow
from bot.render.leagues import leaderboard_text, rating_text
from bot.services.hub import Services
from bot.services.ratings import RatingService
from bot.services.skill import finishing_ranks, shown

GUILD = "g"
GAME = "usagi"


@pytest.fixture
async def services(tmp_path: Path) -> AsyncIterator[Services]:
    hub = await Services.from_url(f"sqlite:///{tmp_path / 'r.db'}").open()
    yield hub
    await hub.close()


async def finished(
    services: Services, users: list[str], winners: list[int], scores: list[float], *, ai_seat: int | None = None
) -> None:
    seats = [{"user": u, "name": u.title(), "ai": "normal" if i == ai_seat else None} for i, u in enumerate(users)]
    await services.db.insert_match(
        MatchRow(
            game=GAME,
            status="finished",
            seats=seats,
            guild_id=GUILD,
            choices=["x"],
            result={"winners": winners, "reason": "test", "scores": scores},
        )
    )


RECORDED = [  # (players in seat order, winners, chronicle tokens)
    (["ana", "bo"], [1], [4.0, 11.0]),
    (["ana", "bo", "cy", "di"], [2], [3.0, 5.0, 9.0, 5.0]),
    (["ana", "bo", "cy", "di", "ed", "fa"], [0, 4], [8.0, 2.0, 6.0, 1.0, 8.0, 6.0]),
    (["cy", "ed"], [], [5.0, 5.0]),  # a draw
]


async def test_recorded_results_match_the_openskill_package(services: Services) -> None:
    for users, winners, scores in RECORDED:
        await finished(services, users, winners, scores)
    model = PlackettLuce()  # the reference, fed by hand with the finishing orders
    skill = {u: model.rating(name=u) for u in ["ana", "bo", "cy", "di", "ed", "fa"]}
    hand_ranks = [[2, 1], [4, 2, 1, 2], [1, 5, 3, 6, 1, 3], [1, 1]]
    for (users, _, _), ranks in zip(RECORDED, hand_ranks, strict=True):
        new = model.rate([[skill[u]] for u in users], ranks=ranks)
        skill.update({u: team[0] for u, team in zip(users, new, strict=True)})
    table = await RatingService(services.db).table(GUILD, GAME)
    assert {r.player for r in table} == set(skill)
    for entry in table:
        assert entry.skill.mu == pytest.approx(skill[entry.player].mu, abs=1e-9)
        assert entry.skill.sigma == pytest.approx(skill[entry.player].sigma, abs=1e-9)
        assert entry.rating == shown(skill[entry.player])
    assert [r.player for r in table] == sorted(skill, key=lambda u: (-skill[u].mu, u.title()))
    ana = next(r for r in table if r.player == "ana")
    assert (ana.games, ana.wins, ana.losses, ana.draws) == (3, 1, 2, 0)
    ed = next(r for r in table if r.player == "ed")
    assert (ed.games, ed.wins, ed.losses, ed.draws) == (2, 1, 0, 1)


async def test_ai_seats_and_one_person_in_two_seats_are_never_rated(services: Services) -> None:
    await finished(services, ["ana", "bo", "cy"], [0], [9.0, 3.0, 2.0], ai_seat=2)
    await finished(services, ["ana", "ana", "ana"], [1], [1.0, 9.0, 2.0])  # hot seat against oneself
    assert await RatingService(services.db).table(GUILD, GAME) == []


async def test_what_players_read(services: Services) -> None:
    await finished(services, ["ana", "bo", "cy", "di"], [2], [3.0, 5.0, 9.0, 5.0])
    ratings = RatingService(services.db)
    board = leaderboard_text(GAME, await ratings.table(GUILD, GAME))
    assert board.splitlines()[1].startswith("1. Cy — ") and "?" in board  # one game: provisional
    text = rating_text("Cy", GAME, await ratings.of(GUILD, GAME, "cy"))
    assert "(#1; 1 rated: 1 won, 0 lost, 0 drawn, provisional until 5 rated games)" in text


@given(
    scores=st.lists(st.integers(0, 12).map(float), min_size=2, max_size=6),
    data=st.data(),
)
def test_finishing_ranks_follow_winners_then_scores(scores: list[float], data: st.DataObject) -> None:
    seats = len(scores)
    winners = data.draw(st.lists(st.integers(0, seats - 1), unique=True, max_size=seats))
    ranks = finishing_ranks(seats, winners, scores)
    if not winners:
        assert ranks == [1] * seats
        return
    for seat in range(seats):
        if seat in winners:
            assert ranks[seat] == 1
        else:  # competition ranking: 1 + how many finished strictly ahead
            ahead = len(winners) + sum(1 for o in range(seats) if o not in winners and scores[o] > scores[seat])
            assert ranks[seat] == 1 + ahead
