"""Pod leagues through the service: settings, confirmation by a majority of the pod, disputes and
settlements, deadlines, drops and late joins, the final table, export, and ratings (the `openskill`
package reproduced for 2-, 4- and 6-player pods; byes, double losses and unplayed pods unrated)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from fractions import Fraction
from pathlib import Path

import pytest
from openskill.models import PlackettLuce

from bot.persistence.league_models import LeaguePodRow
from bot.render.leagues import league_summary, pod_line, standings_table
from bot.services.errors import ForbiddenError, ServiceError
from bot.services.hub import Services
from bot.services.leagues.pod_service import parse_order, parse_points
from bot.services.skill import shown

GUILD = "g"
GAME = "usagi"


@pytest.fixture
async def services(tmp_path: Path) -> AsyncIterator[Services]:
    hub = await Services.from_url(f"sqlite:///{tmp_path / 'pods.db'}").open()
    yield hub
    await hub.close()


async def league_of(services: Services, players: list[str], name: str = "Pods", **options: object) -> None:
    await services.leagues.create(GUILD, "org", name, GAME, "pods", is_organizer=True, **options)  # type: ignore[arg-type]
    for user in players:
        _, deck = await services.decks.resolve(user, GAME, None)
        await services.leagues.join(GUILD, name, user, user.title(), deck, "starter")


async def round_pods(services: Services, number: int, name: str = "Pods") -> list[LeaguePodRow]:
    info = await services.leagues.info(GUILD, name)
    return [p for p in info.pods if p.round == number]


async def finish(services: Services, pod: LeaguePodRow, order: list[list[str]]) -> LeaguePodRow:
    """Reported by the pod's first player, confirmed by others until a majority stands behind it."""
    pods = services.leagues.pods
    row = await pods.report(pod.id or 0, pod.players[0], order)
    for other in pod.players[1:]:
        if row.status == "confirmed":
            break
        row = await pods.confirm(pod.id or 0, other, True)
    assert row.status == "confirmed"
    return row


async def test_settings_are_checked(services: Services) -> None:
    leagues = services.leagues
    with pytest.raises(ServiceError, match="3 or more players"):
        await leagues.create(GUILD, "org", "X", "yugioh", "pods", is_organizer=True)
    with pytest.raises(ServiceError, match="a pod seats 3 to 5"):
        await leagues.create(GUILD, "org", "X", GAME, "pods", pod_size=6, is_organizer=True)
    with pytest.raises(ServiceError, match="one number per position"):
        await leagues.create(GUILD, "org", "X", GAME, "pods", points=[3, 2, 1], is_organizer=True)
    with pytest.raises(ServiceError, match="never rising"):
        await leagues.create(GUILD, "org", "X", GAME, "pods", points=[3, 2, 3, 0], is_organizer=True)
    with pytest.raises(ServiceError, match="final table"):
        await leagues.create(GUILD, "org", "X", GAME, "pods", top_cut=8, is_organizer=True)
    with pytest.raises(ServiceError, match="whole numbers"):
        parse_points("3,2,x")
    row = await leagues.create(GUILD, "org", "X", GAME, "pods", pod_size=5, points=[5, 3, 2, 1, 0], is_organizer=True)
    assert (row.pod_size, row.points_table, row.small_pods) == (5, [5, 3, 2, 1, 0], False)
    assert parse_points("5/3 2,1") == [5, 3, 2, 1]


def test_typed_finishing_orders() -> None:
    names = {"1": "Ana", "2": "Bo", "3": "Cy", "4": "Di"}
    players = ["1", "2", "3", "4"]
    assert parse_order("<@3> > @Ana = bo > 4", players, names) == [["3"], ["1", "2"], ["4"]]
    with pytest.raises(ServiceError, match="exactly once"):
        parse_order("Ana > Bo > Cy", players, names)
    with pytest.raises(ServiceError, match="not a player of this pod"):
        parse_order("Ana > Bo > Cy > Ed", players, names)


async def test_a_majority_confirms_disputes_go_to_the_organizer(services: Services) -> None:
    players = ["ana", "bo", "cy", "di", "ed", "fa", "gu"]  # 7 = a pod of 4 and a pod of 3
    await league_of(services, players)
    await services.leagues.start(GUILD, "Pods", is_organizer=True)
    four, three = sorted(await round_pods(services, 1), key=lambda p: -len(p.players))
    assert (len(four.players), len(three.players)) == (4, 3)
    pods = services.leagues.pods
    with pytest.raises(ForbiddenError):
        await pods.report(four.id or 0, three.players[0], [[p] for p in four.players])
    row = await pods.report(four.id or 0, four.players[0], [[four.players[1]], four.players[2:], [four.players[0]]])
    assert row.places == [4, 1, 2, 2] and row.status == "reported"
    with pytest.raises(ServiceError, match="already has a reported result"):
        await pods.report(four.id or 0, four.players[1], [[p] for p in four.players])
    with pytest.raises(ForbiddenError):
        await pods.confirm(four.id or 0, four.players[0], True)  # the reporter counts once
    with pytest.raises(ForbiddenError):
        await pods.confirm(four.id or 0, three.players[0], True)  # not in the pod, not an organizer
    row = await pods.confirm(four.id or 0, four.players[1], True)
    assert row.status == "reported" and len(row.confirmed_by) == 2  # 2 of 4 is not a majority
    row = await pods.confirm(four.id or 0, four.players[3], True)
    assert row.status == "confirmed"
    # a pod of 3: the reporter and one more are a majority; here the other disputes instead
    await pods.report(three.id or 0, three.players[0], [[p] for p in three.players])
    row = await pods.confirm(three.id or 0, three.players[2], False)
    assert row.status == "disputed"
    with pytest.raises(ServiceError, match="1 pod"):
        await services.leagues.next_round(GUILD, "Pods", is_organizer=True)
    with pytest.raises(ForbiddenError):
        await pods.settle(three.id or 0, three.players[0], [three.players], "we agree", is_organizer=False)
    row = await pods.settle(three.id or 0, "org", [[three.players[2]], three.players[:2]], "judge", is_organizer=True)
    assert row.status == "confirmed" and row.places == [2, 2, 1]
    assert [h["why"] for h in row.history] == ["reported", "disputed: sent to the organizers", "settled: judge"]
    assert "=" in pod_line(row) and "1st" in pod_line(row)
    table = await services.leagues.pod_standings(GUILD, "Pods")
    points = {r.player: r.points for r in table}
    # pod of 4 under 3/2/1/0; the pod of 3 reads the same table at 3, 1.5, 0 (two tied for 2nd: 0.75)
    assert points[four.players[1]] == 3 and points[four.players[2]] == points[four.players[3]] == 1.5
    assert points[three.players[2]] == 3 and points[three.players[0]] == points[three.players[1]] == 0.75
    info = await services.leagues.info(GUILD, "Pods")
    assert "pts, opponents" in standings_table(info, pod_rows=table)


async def test_an_organizer_confirms_at_once_and_reported_results_confirm_themselves(services: Services) -> None:
    await league_of(services, ["ana", "bo", "cy", "di", "ed", "fa", "gu", "hu"])
    await services.leagues.start(GUILD, "Pods", is_organizer=True)
    first, second = await round_pods(services, 1)
    pods = services.leagues.pods
    await pods.report(first.id or 0, first.players[0], [[p] for p in first.players])
    with pytest.raises(ServiceError, match="settles"):
        await pods.confirm(first.id or 0, "org", False, is_organizer=True)
    assert (await pods.confirm(first.id or 0, "org", True, is_organizer=True)).status == "confirmed"
    reported = await pods.report(second.id or 0, second.players[0], [[p] for p in second.players])
    await services.leagues.auto_confirm(at=reported.reported_at + 23 * 3600)
    assert (await pods.pod(second.id or 0)).status == "reported"
    await services.leagues.auto_confirm(at=reported.reported_at + 25 * 3600)
    assert (await pods.pod(second.id or 0)).status == "confirmed"


@pytest.mark.parametrize("policy", ["double_loss", "draw"])
async def test_deadlines_resolve_unplayed_pods_which_are_never_rated(services: Services, policy: str) -> None:
    await league_of(services, ["ana", "bo", "cy", "di", "ed", "fa"], deadline_policy=policy, round_length_hours=24.0)
    info = await services.leagues.start(GUILD, "Pods", is_organizer=True)
    played, unplayed = await round_pods(services, 1)
    await finish(services, played, [[p] for p in played.players])
    reminded = await services.leagues.due_reminders(at=info.league.round_started_at + 20 * 3600)
    assert [[p.id for p in items] for _, items in reminded] == [[unplayed.id]]
    assert await services.leagues.apply_deadlines(at=info.league.round_started_at + 23 * 3600) == []
    [(_, resolved)] = await services.leagues.apply_deadlines(at=info.league.round_started_at + 25 * 3600)
    [pod] = resolved
    assert isinstance(pod, LeaguePodRow) and pod.status == "confirmed" and pod.unplayed
    assert pod.double_loss == (policy == "double_loss")
    points = {r.player: r.points for r in await services.leagues.pod_standings(GUILD, "Pods")}
    shared = 0 if policy == "double_loss" else Fraction(3, 2)  # a draw: a pod of 3's 3, 1.5, 0 shared
    assert all(points[p] == shared for p in pod.players)
    ratings = {player: games for player, _, games in await services.leagues.ratings(GUILD, "Pods")}
    assert all(ratings[p] == 1 for p in played.players) and all(ratings[p] == 0 for p in pod.players)


async def test_drops_late_joins_byes_and_the_final_table(services: Services) -> None:
    players = ["ana", "bo", "cy", "di", "ed", "fa", "gu", "hu", "io"]
    await league_of(services, players, pod_size=4, rounds=2, top_cut=5)
    await services.leagues.start(GUILD, "Pods", is_organizer=True)
    assert sorted(len(p.players) for p in await round_pods(services, 1)) == [3, 3, 3]
    for pod in await round_pods(services, 1):
        await finish(services, pod, [[p] for p in pod.players])
    await services.leagues.drop(GUILD, "Pods", "ana")
    await services.leagues.drop(GUILD, "Pods", "bo")
    _, deck = await services.decks.resolve("zed", GAME, None)
    await services.leagues.join(GUILD, "Pods", "zed", "Zed", deck, "starter")  # a late join
    info = await services.leagues.next_round(GUILD, "Pods", is_organizer=True)
    second = await round_pods(services, 2)
    seated = sorted(p for pod in second for p in pod.players)
    assert seated == sorted([*players[2:], "zed"]) and [len(p.players) for p in second] == [4, 4]
    assert "zed" in {p for pod in second for p in pod.players}
    for pod in second:
        await finish(services, pod, [[p] for p in pod.players])
    info = await services.leagues.next_round(GUILD, "Pods", is_organizer=True)
    assert "Final table:" in league_summary(info)
    [final] = await round_pods(services, 3)
    table = [r.player for r in await services.leagues.pod_standings(GUILD, "Pods") if r.player not in ("ana", "bo")]
    assert final.players == table[:5]
    assert await services.leagues.champion(GUILD, "Pods") is None  # not finished yet
    order = [[final.players[3]], [final.players[0], final.players[1]], final.players[2:3], final.players[4:]]
    await services.leagues.pods.settle(final.id or 0, "org", order, "played at the store", is_organizer=True)
    info = await services.leagues.next_round(GUILD, "Pods", is_organizer=True)
    assert info.league.status == "finished"
    assert await services.leagues.champion(GUILD, "Pods") == final.players[3]
    assert [r.player for r in await services.leagues.pod_standings(GUILD, "Pods")][:1] == table[:1], (
        "the final table does not change the standings"
    )
    csv_text = await services.leagues.export_csv(GUILD, "Pods")
    assert csv_text.startswith("rank,player,points,opponents_points") and "(1st" not in csv_text
    assert "Zed (" in csv_text and csv_text.count("\n") == 1 + 10 + 1 + 1 + len(info.pods)


async def test_byes_when_the_field_cannot_be_seated_and_small_pods(services: Services) -> None:
    await league_of(services, ["ana", "bo", "cy", "di", "ed"], pod_size=4)  # 5 at 4 a pod: a bye
    await services.leagues.start(GUILD, "Pods", is_organizer=True)
    pods = await round_pods(services, 1)
    assert sorted(len(p.players) for p in pods) == [1, 4]
    [bye] = [p for p in pods if len(p.players) == 1]
    assert bye.status == "confirmed" and "has a bye" in pod_line(bye)
    points = {r.player: r.points for r in await services.leagues.pod_standings(GUILD, "Pods")}
    assert points[bye.players[0]] == 1.5  # the table's average
    four = next(p for p in pods if len(p.players) == 4)
    await finish(services, four, [[p] for p in four.players])
    games = {player: played for player, _, played in await services.leagues.ratings(GUILD, "Pods")}
    assert games[bye.players[0]] == 0 and all(games[p] == 1 for p in four.players), "a bye is never rated"
    await league_of(services, ["ana", "bo", "cy", "di", "ed"], name="Small", pod_size=4, small_pods=True)
    await services.leagues.start(GUILD, "Small", is_organizer=True)
    assert sorted(len(p.players) for p in await round_pods(services, 1, "Small")) == [2, 3]


async def test_pod_ratings_reproduce_the_openskill_package(services: Services) -> None:
    """2-, 4- and 6-player results: a pod of 2 (small pods), pods of 4, a final table of 6."""
    players = ["ana", "bo", "cy", "di", "ed", "fa", "gu", "hu"]
    await league_of(services, players, pod_size=4, rounds=1, top_cut=6)
    await services.leagues.start(GUILD, "Pods", is_organizer=True)
    orders = []
    for pod in await round_pods(services, 1):
        orders.append(
            await finish(services, pod, [[pod.players[2]], [pod.players[0], pod.players[3]], [pod.players[1]]])
        )
    await services.leagues.next_round(GUILD, "Pods", is_organizer=True)
    [final] = await round_pods(services, 2)
    assert len(final.players) == 6
    groups = [[final.players[4]], [final.players[0]], [final.players[1], final.players[5]], final.players[2:4]]
    orders.append(await services.leagues.pods.settle(final.id or 0, "org", groups, "final", is_organizer=True))
    model = PlackettLuce()
    skill = {p: model.rating(name=p) for p in players}
    for pod in orders:
        new = model.rate([[skill[p]] for p in pod.players], ranks=[float(r) for r in pod.places])
        skill.update({p: team[0] for p, team in zip(pod.players, new, strict=True)})
    got = await services.leagues.ratings(GUILD, "Pods")
    assert [p for p, _, _ in got] == sorted(players, key=lambda p: (-skill[p].mu, p))
    assert {p: r for p, r, _ in got} == {p: float(shown(skill[p])) for p in players}

    await league_of(services, ["ana", "bo"], name="Duo", pod_size=3, small_pods=True)
    await services.leagues.start(GUILD, "Duo", is_organizer=True)
    [duo] = await round_pods(services, 1, "Duo")
    await finish(services, duo, [[duo.players[1]], [duo.players[0]]])
    fresh = {p: model.rating(name=p) for p in duo.players}
    new = model.rate([[fresh[p]] for p in duo.players], ranks=[2.0, 1.0])
    expected = {p: float(shown(team[0])) for p, team in zip(duo.players, new, strict=True)}
    assert {p: r for p, r, _ in await services.leagues.ratings(GUILD, "Duo")} == expected


async def test_the_server_leaderboard_counts_confirmed_pods_once(services: Services) -> None:
    from bot.services.ratings import RatingService

    players = ["ana", "bo", "cy", "di"]
    await league_of(services, players, pod_size=4, rounds=1)
    await services.leagues.start(GUILD, "Pods", is_organizer=True)
    [pod] = await round_pods(services, 1)
    done = await finish(services, pod, [[pod.players[3]], [pod.players[0]], [pod.players[1]], [pod.players[2]]])
    table = await RatingService(services.db).table(GUILD, GAME)
    assert {entry.player: entry.games for entry in table} == dict.fromkeys(players, 1)
    model = PlackettLuce()
    new = model.rate([[model.rating(name=p)] for p in done.players], ranks=[float(r) for r in done.places])
    best = max(zip(done.players, new, strict=True), key=lambda pair: pair[1][0].mu)[0]
    assert table[0].player == best == pod.players[3]
