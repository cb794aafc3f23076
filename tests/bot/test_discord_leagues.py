"""A league through the fake Discord: create, join, start, report, confirm by button, standings."""

from __future__ import annotations

from typing import Any

from fakediscord import GUILD_ID, USERS

from bot.services.leagues.service import LeagueService

EPHEMERAL = 64


def buttons(message: dict[str, Any]) -> list[dict[str, Any]]:
    return [c for row in message.get("components", []) for c in row.get("components", [])]


async def run(fake: Any, user: str, sub: str, **options: Any) -> dict[str, Any]:
    start = len(fake.calls)
    _, token = await fake.slash(user, "league", sub, **options)
    return await fake.reply_to(token, start=start)


async def test_a_league_from_sign_up_to_a_confirmed_result(bot_runner: Any, fake_discord: Any) -> None:
    fake = fake_discord
    bot = await bot_runner.start()
    created = await run(fake, "ana", "create", name="Cup", game="toy", format="swiss")
    assert "created" in created["content"]
    for user in ("ana", "bo", "cy"):
        joined = await run(fake, user, "join", name="Cup", game="toy", deck="Numbers")
        assert joined["flags"] & EPHEMERAL and "hidden from opponents" in joined["content"]
    started = await run(fake, "ana", "start", name="Cup")
    assert "Round 1" in started["content"] and "has a bye" in started["content"]

    leagues = LeagueService(bot.services.db)
    [league] = await leagues.leagues(GUILD_ID)
    info = await leagues.info(GUILD_ID, "Cup")
    [match] = [m for m in info.matches if m.player_b is not None]
    reporter = next(k for k, u in USERS.items() if u["id"] == match.player_a)
    opponent = next(k for k, u in USERS.items() if u["id"] == match.player_b)

    start = len(fake.calls)
    _, token = await fake.slash(reporter, "league", "report", name="Cup", won=2, lost=1)
    report = await fake.reply_to(token, start=start)
    assert not report["flags"] & EPHEMERAL and "Confirm or dispute" in report["content"]
    call = next(c for c in fake.calls[start:] if token in c.path)
    mentions = (call.body.get("data") or call.body).get("allowed_mentions")
    assert mentions["parse"] == [] and [str(u) for u in mentions["users"]] == [USERS[opponent]["id"]], mentions

    confirm = next(b for b in buttons(report) if b["label"] == "Confirm")
    start = len(fake.calls)
    _, token = await fake.click(reporter, report, confirm["custom_id"])  # the reporter cannot confirm
    refusal = await fake.reply_to(token, start=start)
    assert refusal["flags"] & EPHEMERAL and "opponent" in refusal["content"]

    start = len(fake.calls)
    _, token = await fake.click(opponent, report, confirm["custom_id"])
    done = await fake.reply_to(token, start=start)
    assert "confirmed" in done["content"]
    info = await leagues.info(GUILD_ID, "Cup")
    assert league.name == "Cup" and next(m for m in info.matches if m.id == match.id).status == "confirmed"

    table = await run(fake, "bo", "standings", name="Cup")
    assert table["content"].count("pts") == 3
