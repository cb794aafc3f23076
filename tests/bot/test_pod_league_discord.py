"""An 8-player, 3-round Usagi Yojimbo pod league through the fake Discord: create with
format:pods, sign-ups, start; each round one pod is played here (every player of the pod uses
`/league play`; the match starts when the last one is ready and reports its finishing order by
itself), the other pod is reported with `/league finish` and confirmed with buttons by a majority
of the pod; in round 2 a player disputes and the organizer settles with `/league settle`. The
standings then equal the independent exact-fraction reference."""

from __future__ import annotations

import importlib.util
import random
import re
import sys
from pathlib import Path
from typing import Any

import pytest
from fakediscord import GUILD_ID, USERS
from test_discord_leagues import EPHEMERAL, buttons, run

from bot.persistence.league_models import LeaguePodRow
from bot.services.matches import turn_prompt
from engine.core.rng import Rng

GAME = "usagi"
DECKS = ("Mifune Honor Guard", "Hikiji Conspiracy", "Geishu Village Stewards", "Neko Night Blades")
EXTRA = ("di", "ed", "fa", "gu", "hu")
PLAYERS = ("ana", "bo", "cy", *EXTRA)


def load_reference() -> Any:
    path = Path(__file__).resolve().parents[1] / "leagues" / "test_pod_properties.py"
    spec = importlib.util.spec_from_file_location("pod_reference_discord", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


REF = load_reference()


@pytest.fixture
def eight_users(monkeypatch: pytest.MonkeyPatch) -> None:
    """Five more members in the fake server (ana, bo and cy are there already)."""
    for i, name in enumerate(EXTRA, start=4):
        user = {"id": f"80000000000000000{i}", "username": name, "discriminator": "0", "global_name": name.title()}
        monkeypatch.setitem(USERS, name, {**user, "avatar": None})


def who(user_id: str) -> str:
    return next(name for name, u in USERS.items() if u["id"] == user_id)


async def next_round(fake: Any, user: str) -> dict[str, Any]:
    """`/league round next name:Pods` (a subcommand of the `round` group)."""
    start = len(fake.calls)
    data = {
        "id": fake.new_id(),
        "name": "league",
        "type": 1,
        "options": [
            {
                "name": "round",
                "type": 2,
                "options": [{"name": "next", "type": 1, "options": [{"name": "name", "type": 3, "value": "Pods"}]}],
            }
        ],
    }
    _, token, payload = fake.interaction(user, 2, data)
    await fake.dispatch("INTERACTION_CREATE", payload)
    return await fake.reply_to(token, start=start, timeout=20)


async def click(fake: Any, user: str, message: dict[str, Any], label: str) -> dict[str, Any]:
    button = next(b for b in buttons(message) if b["label"] == label)
    start = len(fake.calls)
    _, token = await fake.click(user, message, button["custom_id"])
    return await fake.reply_to(token, start=start)


def order_text(places: dict[str, int]) -> str:
    """ "<@1> > <@2> = <@3> > <@4>" from finishing positions (mentions, as Discord sends them)."""
    groups: dict[int, list[str]] = {}
    for player, place in places.items():
        groups.setdefault(place, []).append(f"<@{player}>")
    return " > ".join(" = ".join(groups[p]) for p in sorted(groups))


async def play_here(fake: Any, bot: Any, pod: LeaguePodRow, seed: int) -> None:
    for i, user_id in enumerate(pod.players):
        answer = await run(fake, who(user_id), "play", name="Pods")
        if i < len(pod.players) - 1:
            assert f"({i + 1}/4 ready)" in answer["content"], answer["content"]
        else:
            assert "is on" in answer["content"], answer["content"]
    match_id = int(re.search(r"match #(\d+) is on", answer["content"]).group(1))  # type: ignore[union-attr]
    matches = bot.services.matches
    rng = Rng(seed)
    for _ in range(5000):
        row, state = await matches.state(match_id)
        if row.status != "active":
            break
        prompt: Any = turn_prompt(row, state)
        await matches.choose(
            match_id, row.seats[prompt.player]["user"], prompt.options[rng.randbelow(len(prompt.options))].id
        )
    assert (await matches.row(match_id)).status == "finished"


async def test_an_eight_player_usagi_pod_league_in_discord(
    bot_runner: Any, fake_discord: Any, eight_users: None
) -> None:
    fake = fake_discord
    bot = await bot_runner.start()
    created = await run(fake, "ana", "create", name="Pods", game=GAME, format="pods", pod_size=4, rounds=3)
    assert "pods of 4" in created["content"], created["content"]
    for i, user in enumerate(PLAYERS):
        joined = await run(fake, user, "join", name="Pods", game=GAME, deck=DECKS[i % len(DECKS)])
        assert joined["flags"] & EPHEMERAL and "hidden from opponents" in joined["content"], joined["content"]
    started = await run(fake, "ana", "start", name="Pods")
    assert "Round 1 of 3:" in started["content"] and started["content"].count("(pending)") == 2

    leagues = bot.services.leagues
    rng = random.Random(3)
    for number in (1, 2, 3):
        info = await leagues.info(GUILD_ID, "Pods")
        hosted, reported = [p for p in info.pods if p.round == number]
        assert sorted(who(p) for pod in (hosted, reported) for p in pod.players) == sorted(PLAYERS)
        await play_here(fake, bot, hosted, seed=number)
        assert (await leagues.pods.pod(hosted.id or 0)).history[-1]["why"] == "played on tcgtable"

        reporter, *others = reported.players
        order = list(reported.players)
        rng.shuffle(order)
        places = {p: i + 1 for i, p in enumerate(order)}
        start = len(fake.calls)
        _, token = await fake.slash(who(reporter), "league", "finish", name="Pods", order=order_text(places))
        report = await fake.reply_to(token, start=start)
        assert "Confirm or dispute" in report["content"], report["content"]
        call = next(c for c in fake.calls[start:] if token in c.path)
        mentions = (call.body.get("data") or call.body).get("allowed_mentions")
        assert mentions["parse"] == [] and sorted(str(u) for u in mentions["users"]) == sorted(others)
        refused = await click(fake, who(reporter), report, "Confirm")
        assert refused["flags"] & EPHEMERAL and "already stand behind" in refused["content"]
        if number == 2:
            disputed = await click(fake, who(others[0]), report, "Dispute")
            assert "disputed" in disputed["content"]
            order.reverse()
            places = {p: i + 1 for i, p in enumerate(order)}
            settled = await run(
                fake, "ana", "settle", name="Pods", pod=reported.id, order=order_text(places), reason="judge call"
            )
            assert "Pod set to" in settled["content"], settled["content"]
        else:
            halfway = await click(fake, who(others[0]), report, "Confirm")
            assert "confirmed by 2 of 4" in halfway["content"]
            done = await click(fake, who(others[1]), report, "Confirm")
            assert "result confirmed" in done["content"]
        stored = await leagues.pods.pod(reported.id or 0)
        assert stored.status == "confirmed" and dict(zip(stored.players, stored.places, strict=True)) == places
        answer = await next_round(fake, "ana")
        assert ("Round" in answer["content"]) or ("finished" in answer["content"]), answer["content"]

    info = await leagues.info(GUILD_ID, "Pods")
    assert info.league.status == "finished" and all(p.status == "confirmed" for p in info.pods)
    results = [(tuple(p.players), tuple(p.places), False) for p in info.pods]
    users = [USERS[p]["id"] for p in PLAYERS]
    reference = REF.reference_rows(users, results, [3, 2, 1, 0])
    table = await run(fake, "bo", "standings", name="Pods")
    listed = re.findall(r"^\d+\. (\S+) — ", table["content"], re.MULTILINE)
    assert listed == [USERS[who(p)]["global_name"] for p in REF.reference_order(reference, results)], table["content"]
