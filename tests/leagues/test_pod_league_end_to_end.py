"""End to end: an 8-player, 3-round Usagi Yojimbo pod league (pods of 4) through the console, on
SQLite. Each round one pod is played here (the four players say they are ready, the match starts
with the league decks and its finishing order counts by itself), the other is reported by one
player and confirmed by a majority of the pod; in round 2 a report is disputed and an organizer
settles it. The final standings are checked against the independent exact-fraction reference of
the property tests, and the league's ratings against the `openskill` package fed by hand."""

from __future__ import annotations

import importlib.util
import random
import re
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from openskill.models import PlackettLuce

from bot.console.session import Console
from bot.persistence.league_models import LeaguePodRow
from bot.services.hub import Services
from bot.services.matches import turn_prompt
from bot.services.skill import finishing_ranks
from engine.core.rng import Rng

GAME = "usagi"
PLAYERS = ("ana", "bo", "cy", "di", "ed", "fa", "gu", "hu")
TABLE = [3, 2, 1, 0]


def load_reference() -> Any:
    """The independent reference computations live with the property tests."""
    spec = importlib.util.spec_from_file_location("pod_reference", Path(__file__).with_name("test_pod_properties.py"))
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


REF = load_reference()


@pytest.fixture
async def services(tmp_path: Path) -> AsyncIterator[Services]:
    hub = await Services.from_url(f"sqlite:///{tmp_path / 'pods.db'}").open()
    yield hub
    await hub.close()


async def as_user(console: Console, user: str, command: str) -> str:
    await console.handle(f"/as {user}")
    return await console.handle(command)


async def ok(console: Console, user: str, command: str) -> str:
    out = await as_user(console, user, command)
    assert not out.startswith("⚠"), f"{command}: {out}"
    return out


async def play_pod_in_console(console: Console, services: Services, pod: LeaguePodRow, seed: int) -> dict[str, int]:
    """Everyone in the pod says /league play; the match is then played (random options, through the
    match service: typing them is the match console's own test) until it ends. Returns the
    finishing positions the game itself decided."""
    for i, user in enumerate(pod.players):
        out = await ok(console, user, "/league play name:Pods")
        if i < len(pod.players) - 1:
            assert "waiting for" in out
    match_id = int(re.search(r"Match #(\d+) started", out).group(1))  # type: ignore[union-attr]
    rng = Rng(seed)
    for _ in range(5000):
        row, state = await services.matches.state(match_id)
        if row.status != "active":
            break
        assert state is not None
        prompt: Any = turn_prompt(row, state)
        user = row.seats[prompt.player]["user"]
        await services.matches.choose(match_id, user, prompt.options[rng.randbelow(len(prompt.options))].id)
    finished = await services.matches.row(match_id)
    assert finished.status == "finished" and finished.meta["league_pod"] == pod.id
    assert [s["user"] for s in finished.seats] == pod.players, "the pod is seated in its own order"
    result = finished.result or {}
    ranks = finishing_ranks(len(pod.players), result.get("winners", []), result.get("scores", []))
    return dict(zip(pod.players, ranks, strict=True))


def order_text(places: dict[str, int]) -> str:
    """ "ana > bo = cy > di" from finishing positions."""
    groups: dict[int, list[str]] = {}
    for player, place in places.items():
        groups.setdefault(place, []).append(player)
    return " > ".join(" = ".join(groups[p]) for p in sorted(groups))


def random_places(players: list[str], rng: random.Random) -> dict[str, int]:
    order = list(players)
    rng.shuffle(order)
    places = {p: i + 1 for i, p in enumerate(order)}
    if rng.random() < 0.3:  # two players tie
        a, b = sorted(order[1:3], key=places.__getitem__)
        places[b] = places[a]
    return places


async def test_an_eight_player_usagi_pod_league_through_the_console(services: Services) -> None:
    console = Console(services, user="org")
    out = await console.handle(f"/league create name:Pods game:{GAME} format:pods pod_size:4 rounds:3")
    assert "created" in out and "pods of 4" in out
    for user in PLAYERS:
        assert "is in Pods" in await ok(console, user, "/league join name:Pods")
    started = await ok(console, "org", "/league start name:Pods")
    assert "pods of 4 (points 3/2/1/0)" in started and "Round 1 of 3" in started

    leagues = services.leagues
    rng = random.Random(22)
    expected: dict[int, dict[str, int]] = {}
    for number in (1, 2, 3):
        info = await leagues.info("console", "Pods")
        pods = [p for p in info.pods if p.round == number]
        assert sorted(p for pod in pods for p in pod.players) == sorted(PLAYERS), "everyone seated once"
        assert [len(p.players) for p in pods] == [4, 4]
        hosted, reported = pods
        expected[hosted.id or 0] = await play_pod_in_console(console, services, hosted, seed=number)

        reporter, *others = reported.players
        places = random_places(reported.players, rng)
        denied = await as_user(console, "org", f'/league finish name:Pods order:"{order_text(places)}"')
        assert denied.startswith("⚠"), "only the pod's players report it"
        bad = await as_user(console, reporter, f'/league finish name:Pods order:"{" > ".join(reported.players[:3])}"')
        assert bad.startswith("⚠") and "every player" in bad
        out = await ok(console, reporter, f'/league finish name:Pods order:"{order_text(places)}"')
        assert f"/league confirm pod:{reported.id}" in out
        own = await as_user(console, reporter, f"/league confirm pod:{reported.id}")
        assert own.startswith("⚠"), "the reporter's own confirmation doesn't count twice"
        if number == 2:  # a dispute, settled by the organizer
            assert "disputed" in await ok(console, others[0], f"/league dispute pod:{reported.id}")
            settled = random_places(reported.players, rng)
            out = await ok(
                console, "org", f'/league settle pod:{reported.id} order:"{order_text(settled)}" reason:"judge call"'
            )
            assert "earlier result stays" in out
            expected[reported.id or 0] = settled
        else:
            assert "2/4 confirmed" in await ok(console, others[0], f"/league confirm pod:{reported.id}")
            assert "(confirmed)" in await ok(console, others[1], f"/league confirm pod:{reported.id}")
            expected[reported.id or 0] = places
        await ok(console, "org", "/league next name:Pods")

    info = await leagues.info("console", "Pods")
    assert info.league.status == "finished"
    assert all(p.status == "confirmed" for p in info.pods)
    for pod in info.pods:
        assert dict(zip(pod.players, pod.places, strict=True)) == expected[pod.id or 0], pod
    history = [h["why"] for p in info.pods for h in p.history]
    assert history.count("played on tcgtable") == 3 and "settled: judge call" in history

    results = [(tuple(p.players), tuple(p.places), False) for p in info.pods]
    reference = REF.reference_rows(list(PLAYERS), results, TABLE)
    listed = re.findall(r"^\d+\. (\S+) — (\S+) pts", await ok(console, "org", "/league standings name:Pods"), re.M)
    assert [name for name, _ in listed] == REF.reference_order(reference, results)
    for name, points in listed:
        assert float(points) == pytest.approx(float(reference[name].points), abs=0.006)

    # Ratings: OpenSkill Plackett-Luce by finishing order, pod by pod in confirmation order.
    model = PlackettLuce()
    skill = {p: model.rating(name=p) for p in PLAYERS}
    for pod in sorted(info.pods, key=lambda p: p.confirmed_at):
        new = model.rate([[skill[p]] for p in pod.players], ranks=[float(r) for r in pod.places])
        skill.update({p: team[0] for p, team in zip(pod.players, new, strict=True)})
    ratings = await leagues.ratings("console", "Pods")
    assert [games for _, _, games in ratings] == [3] * 8
    assert [player for player, _, _ in ratings] == sorted(PLAYERS, key=lambda p: (-skill[p].mu, p))
