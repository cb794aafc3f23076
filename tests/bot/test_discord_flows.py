"""More Discord flows through the fake: AI matches, lobbies, concede + replay buttons, turn clocks."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from fakediscord import APP_ID, BOT_USER, CHANNEL_ID, USERS


def buttons(message: dict[str, Any]) -> list[dict[str, Any]]:
    return [c for row in message.get("components", []) for c in row.get("components", [])]


async def board_post(fake: Any, start: int = 0) -> Any:
    return await fake.wait_for(
        lambda c: c.method == "POST" and c.path.endswith("/messages") and bool((c.body or {}).get("embeds")),
        start=start,
    )


async def test_ai_match_then_concede_and_replay(bot_runner: Any, fake_discord: Any) -> None:
    fake = fake_discord
    bot = await bot_runner.start()
    _, token = await fake.slash("ana", "match", "ai", game="toy", level="random")
    started = await fake.reply_to(token)
    assert "Match #1" in started["content"] and "is on" in started["content"]
    await board_post(fake)
    row = await bot.services.matches.row(1)
    assert row.seats[1]["ai"] == "random" and row.status == "active"

    board = await board_post(fake)
    thread = board.path.split("/")[2]
    assert not fake.typing
    _, token = await fake.slash("ana", "match", "play", match=1, choice="1")
    await fake.reply_to(token)
    assert len((await bot.services.matches.row(1)).choices) >= 1  # ana's choice, then the AI's
    assert fake.typing == [thread], "the thread shows the AI thinking while it answers"
    _, token = await fake.slash("ana", "match", "concede", match=1)
    asked = await fake.reply_to(token)
    assert asked["content"].startswith("Concede match #1?")
    assert (await bot.services.matches.row(1)).status == "active"  # asking changed nothing
    start = len(fake.calls)
    _, token = await fake.click("bo", asked, "tcg:concede:1")  # not bo's match: refused
    refused = await fake.reply_to(token, start=start)
    assert "concede" in str(refused).lower() and (await bot.services.matches.row(1)).status == "active"
    start = len(fake.calls)
    _, token = await fake.click("ana", asked, "tcg:concede:1")
    await fake.wait_for(lambda c: "is over" in str((c.body or {}).get("content")), start=start)
    assert (await bot.services.matches.row(1)).status == "finished"

    _, token = await fake.slash("bo", "match", "replay", match=1)
    replay = await fake.reply_to(token)
    assert "step 0/" in replay["embeds"][0]["title"]
    forward = next(b["custom_id"] for b in buttons(replay) if b["label"] == "▶")
    start = len(fake.calls)
    _, token = await fake.click("bo", replay, forward)
    stepped = await fake.reply_to(token, start=start)
    assert "step 1/" in stepped["embeds"][0]["title"]


async def test_lobby_fills_with_button_and_command(bot_runner: Any, fake_discord: Any) -> None:
    fake = fake_discord
    bot = await bot_runner.start()
    _, token = await fake.slash("ana", "match", "open", game="toy", players=3)
    lobby = await fake.reply_to(token)
    assert "Lobby #1" in lobby["content"]
    _, token = await fake.click("bo", lobby, "tcg:join:1")
    joined = await fake.reply_to(token)
    assert "2/3" in joined["content"]
    _, token = await fake.slash("cy", "match", "join", match=1)
    full = await fake.reply_to(token)
    assert "starts now" in full["content"]
    await board_post(fake)
    await fake.wait_for(lambda call: call.method == "PATCH" and call.path.endswith(f"/messages/{lobby['id']}"))
    closed = fake.messages[lobby["id"]]  # the lobby message no longer offers to join
    assert "is full: the match started" in closed["content"] and not closed.get("components")
    row = await bot.services.matches.row(1)
    assert row.status == "active" and [s["user"] for s in row.seats] == [USERS[n]["id"] for n in ("ana", "bo", "cy")]


async def test_a_lobby_filled_before_its_message_was_recorded_is_closed_too(
    bot_runner: Any, fake_discord: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    from bot.services.matches import MatchService

    recorded = asyncio.Event()
    remember = MatchService.remember_lobby_message

    async def late(self: MatchService, match_id: int, message_id: str) -> Any:
        await recorded.wait()  # held back until the lobby is full, as on a slow database
        return await remember(self, match_id, message_id)

    monkeypatch.setattr(MatchService, "remember_lobby_message", late)
    fake = fake_discord
    await bot_runner.start()
    _, token = await fake.slash("ana", "match", "open", game="toy", players=2)
    lobby = await fake.reply_to(token)
    _, token = await fake.slash("bo", "match", "join", match=1)
    assert "starts now" in (await fake.reply_to(token))["content"]
    recorded.set()
    await fake.wait_for(lambda call: call.method == "PATCH" and call.path.endswith(f"/messages/{lobby['id']}"))
    assert "is full: the match started" in fake.messages[lobby["id"]]["content"]


async def test_turn_clock_reminds_then_times_out(bot_runner: Any, fake_discord: Any) -> None:
    fake = fake_discord
    bot = await bot_runner.start()
    _, token = await fake.slash("ana", "match", "challenge", opponent={"user": "bo"}, game="toy")
    challenge = await fake.reply_to(token)
    _, token = await fake.click("bo", challenge, "tcg:accept:1")
    await fake.reply_to(token)
    board = await board_post(fake)
    thread = board.path.split("/")[2]
    row = await bot.services.matches.row(1)
    await bot.services.matches._write(row, turn_started_at=row.turn_started_at - 13 * 3600)
    start = len(fake.calls)
    await bot.turn_clock.tick()
    reminder = await fake.wait_for(lambda c: c.path == f"/channels/{thread}/messages", start=start)
    assert "reminder" in reminder.body["content"] and f"<@{row.turn_user}>" in reminder.body["content"]
    row = await bot.services.matches.row(1)
    await bot.services.matches._write(row, turn_started_at=row.turn_started_at - 6 * 3600)  # 19 h of 24 gone
    start = len(fake.calls)
    await bot.turn_clock.tick()
    warned = await fake.wait_for(
        lambda c: c.method == "POST" and "left on your turn clock" in str((c.body or {}).get("content")), start=start
    )
    assert "5.0 h left" in warned.body["content"]
    await bot.turn_clock.tick()  # once a turn
    assert sum("left on your turn clock" in str((c.body or {}).get("content")) for c in fake.calls[start:]) == 1
    row = await bot.services.matches.row(1)
    await bot.services.matches._write(row, turn_started_at=row.turn_started_at - 30 * 3600)
    start = len(fake.calls)
    await bot.turn_clock.tick()
    ended = await fake.wait_for(
        lambda c: c.path == f"/channels/{thread}/messages" and "is over" in (c.body or {}).get("content", ""),
        start=start,
    )
    assert "ran out of time" in ended.body["content"]
    assert (await bot.services.matches.row(1)).status == "finished"


async def test_deck_import_and_now_question_in_the_match_thread(bot_runner: Any, fake_discord: Any) -> None:
    fake = fake_discord
    bot = await bot_runner.start()
    _, token = await fake.slash("bo", "deck", "import", game="toy", name="Fives", list="10x Number 5; 2 Number 1")
    saved = await fake.reply_to(token)
    assert "Saved **Fives**" in saved["content"] and saved["_flags"] & 64
    _, token = await fake.slash("bo", "deck", "import", game="toy", name="Bad", list="3x Numbr 9")
    problems = await fake.reply_to(token)
    assert "did you mean" in problems["content"]

    _, token = await fake.slash("ana", "match", "challenge", opponent={"user": "bo"}, game="toy")
    await fake.reply_to(token)
    _, token = await fake.slash("bo", "match", "accept", match=1, deck="Fives")
    await fake.reply_to(token)
    board = await board_post(fake)
    thread = board.path.split("/")[2]
    row, state = await bot.services.matches.state(1)
    assert row.deck_names == ["Numbers", "Fives"]
    player = next(k for k, u in USERS.items() if u["id"] == row.seats[state.prompt().player]["user"])
    other = next(k for k in ("ana", "bo") if k != player)
    hand = [label for label in (o.label for o in state.prompt().options) if "Pass" not in label]
    start = len(fake.calls)
    await fake.post_message(player, f"<@{APP_ID}> what can I do now?", channel=thread, mentions=[BOT_USER])
    answer = await fake.wait_for(lambda c: c.path == f"/channels/{thread}/messages", start=start, timeout=60)
    public = answer.body["content"]
    assert "Right now you can" not in public and "Pass" not in public  # the options are private
    assert not any(label in public for label in hand)
    assert "shown only to you" in public
    button = answer.body["components"][0]["components"][0]
    message = fake.messages[max(fake.messages, key=int)]
    start = len(fake.calls)
    _, token = await fake.click(player, message, button["custom_id"])
    mine = await fake.reply_to(token, start=start)
    assert mine["_flags"] & 64 and "Pass" in str(mine)  # the asker's options, ephemeral

    start = len(fake.calls)
    _, token = await fake.slash(player, "rules", "ask", in_channel=thread, question="what can I do right now?")
    public_call = await fake.wait_for(
        lambda c: token in c.path and c.method in ("POST", "PATCH") and not c.path.endswith("/callback"),
        start=start,
        timeout=60,
    )
    private_call = await fake.wait_for(
        lambda c: token in c.path and c.method == "POST" and (c.body or {}).get("flags", 0) & 64,
        start=start,
        timeout=60,
    )
    assert "Right now you can" not in (public_call.body or {}).get("content", "")
    assert "Right now you can" in private_call.body["content"] and "Pass" in private_call.body["content"]
    start = len(fake.calls)
    _, token = await fake.slash(other, "rules", "ask", in_channel=thread, question="what can I do now?")
    waiting = await fake.wait_for(
        lambda c: token in c.path and c.method == "POST" and (c.body or {}).get("flags", 0) & 64,
        start=start,
        timeout=60,
    )
    assert "not waiting for a decision from you" in waiting.body["content"]


async def test_server_settings_toggle_inline_lookups_and_set_the_clock(bot_runner: Any, fake_discord: Any) -> None:
    fake = fake_discord
    bot = await bot_runner.start()
    _, token = await fake.slash("cy", "settings", "inline", enabled=False)
    assert "off on this server" in (await fake.reply_to(token))["content"]
    start = len(fake.calls)
    await fake.post_message("bo", "what does [[Dark Magician]] do?")
    with pytest.raises(TimeoutError):
        await fake.wait_for(lambda c: c.path == f"/channels/{CHANNEL_ID}/messages", start=start, timeout=1.5)
    _, token = await fake.slash("cy", "settings", "clock", hours=2.0)
    assert "2 h turn clock" in (await fake.reply_to(token))["content"]
    _, token = await fake.slash("ana", "match", "challenge", opponent={"user": "bo"}, game="toy")
    await fake.reply_to(token)
    row = await bot.services.matches.row(1)
    assert row.meta["clock_hours"] == 2.0


async def test_rules_follow_up_by_mention_uses_the_channel_context(bot_runner: Any, fake_discord: Any) -> None:
    """Two mentions in one channel are answered like two turns asked of the service in that channel."""
    from rulesdocs.answer import format_answer
    from rulesdocs.service import Asked, RulesService

    fake = fake_discord
    await bot_runner.start()
    replies = []
    for question in ("in ygo how many tributes for a lvl 5 monster", "what about a lvl 7?"):
        start = len(fake.calls)
        await fake.post_message("ana", f"<@{APP_ID}> {question}", mentions=[BOT_USER])
        reply = await fake.wait_for(lambda c: c.path.endswith("/messages") and c.method == "POST", start=start)
        replies.append(reply.body["content"])
    service = RulesService(db_path=bot_runner.rules_db)
    where = Asked(channel=CHANNEL_ID)
    expected = [
        format_answer(service.ask("in ygo how many tributes for a lvl 5 monster", where=where)),
        format_answer(service.ask("what about a lvl 7?", where=where)),
    ]
    assert replies == expected and replies[0] != replies[1]


async def test_a_lobby_fills_with_add_ai_and_plays(bot_runner: Any, fake_discord: Any) -> None:
    """A seated player's Add AI seats an AI; an unseated player's click is refused; a full lobby starts."""
    fake = fake_discord
    bot = await bot_runner.start()
    _, token = await fake.slash("ana", "match", "open", game="usagi", players=3)
    lobby = await fake.reply_to(token)
    assert "tcg:addai:1" in [b["custom_id"] for b in buttons(lobby)]
    start = len(fake.calls)
    _, token = await fake.click("cy", lobby, "tcg:addai:1")
    refused = await fake.reply_to(token, start=start)
    assert "seated" in str(refused) and len((await bot.services.matches.row(1)).seats) == 1
    _, token = await fake.click("ana", lobby, "tcg:addai:1")
    assert "2/3" in (await fake.reply_to(token))["content"]
    _, token = await fake.slash("ana", "match", "addai", match=1, level="easy")
    await fake.reply_to(token)
    row = await bot.services.matches.row(1)
    assert row.status == "active" and [s.get("ai") for s in row.seats] == [None, "normal", "easy"]
