"""Discord features through the fake: restart mid-match, double clicks, /card autocomplete,
inline look-ups, rules questions by mention, typed choices, paging long option lists."""

from __future__ import annotations

import asyncio
from typing import Any

from fakediscord import APP_ID, BOT_USER, CHANNEL_ID, USERS

EPHEMERAL = 64


def buttons(message: dict[str, Any]) -> list[dict[str, Any]]:
    return [c for row in message.get("components", []) for c in row.get("components", [])]


async def start_match(fake: Any) -> tuple[dict[str, Any], str]:
    """ana challenges bo to the toy game, bo accepts; returns (board message, thread id)."""
    _, token = await fake.slash("ana", "match", "challenge", opponent={"user": "bo"}, game="toy")
    challenge = await fake.reply_to(token)
    _, token = await fake.click("bo", challenge, "tcg:accept:1")
    await fake.reply_to(token)
    call = await fake.wait_for(
        lambda c: c.method == "POST" and c.path.endswith("/messages") and bool((c.body or {}).get("embeds"))
    )
    thread_id = call.path.split("/")[2]
    board = next(m for m in fake.messages.values() if m["channel_id"] == thread_id and m["embeds"])
    return board, thread_id


async def open_prompt(fake: Any, bot: Any, board: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """The player to move presses View my hand; returns (their USERS key, the ephemeral message)."""
    row, state = await bot.services.matches.state(1)
    player = next(k for k, u in USERS.items() if u["id"] == row.seats[state.prompt().player]["user"])
    start = len(fake.calls)
    _, token = await fake.click(player, board, "tcg:hand:1")
    return player, await fake.reply_to(token, start=start)


async def test_restart_mid_match_resumes_with_old_buttons(bot_runner: Any, fake_discord: Any) -> None:
    fake = fake_discord
    bot = await bot_runner.start()
    board, _ = await start_match(fake)
    player, private = await open_prompt(fake, bot, board)
    start = len(fake.calls)
    _, token = await fake.click(player, private, buttons(private)[0]["custom_id"])
    await fake.reply_to(token, start=start)
    player, private = await open_prompt(fake, bot, board)  # a prompt shown before the restart
    before = await bot.services.matches.row(1)

    await bot_runner.stop()
    bot = await bot_runner.start()  # same database, fresh process state
    assert 1 in bot.services.matches._cache  # restore() warmed the open match

    start = len(fake.calls)
    _, token = await fake.click(player, private, buttons(private)[0]["custom_id"])
    await fake.reply_to(token, start=start)
    after = await bot.services.matches.row(1)
    assert len(after.choices) == len(before.choices) + 1 or after.status == "finished"
    _, again = await open_prompt(fake, bot, board)  # the old board's button still works
    assert again["_flags"] & EPHEMERAL


async def test_double_click_applies_one_choice(bot_runner: Any, fake_discord: Any) -> None:
    fake = fake_discord
    bot = await bot_runner.start()
    board, _ = await start_match(fake)
    player, private = await open_prompt(fake, bot, board)
    option = buttons(private)[0]["custom_id"]
    before = len((await bot.services.matches.row(1)).choices)
    start = len(fake.calls)
    (_, t1), (_, t2) = await asyncio.gather(fake.click(player, private, option), fake.click(player, private, option))
    first, second = await fake.reply_to(t1, start=start), await fake.reply_to(t2, start=start)
    row = await bot.services.matches.row(1)
    assert len(row.choices) == before + 1
    texts = [m.get("content", "") for m in (first, second)]
    assert any("already answered" in text for text in texts), texts


async def test_typed_choice_with_autocomplete_only_for_the_owner(bot_runner: Any, fake_discord: Any) -> None:
    fake = fake_discord
    bot = await bot_runner.start()
    _, thread = await start_match(fake)
    row, state = await bot.services.matches.state(1)
    prompt = state.prompt()
    player = next(k for k, u in USERS.items() if u["id"] == row.seats[prompt.player]["user"])
    other = "bo" if player == "ana" else "ana"
    start = len(fake.calls)
    _, token = await fake.autocomplete(player, "match", "play", "choice", "pass", channel=thread)
    call = await fake.wait_for(lambda c: token in c.path, start=start)
    assert call.body["type"] == 8 and [c["value"] for c in call.body["data"]["choices"]] == ["pass"]
    _, token = await fake.autocomplete(other, "match", "play", "choice", "", channel=thread)
    call = await fake.wait_for(lambda c: token in c.path, start=start)
    assert call.body["data"]["choices"] == []  # someone else's options are never listed
    _, token = await fake.slash(player, "match", "play", in_channel=thread, choice="pass")
    reply = await fake.reply_to(token, start=start)
    assert reply["_flags"] & EPHEMERAL
    assert (await bot.services.matches.row(1)).choices[-1] == "pass"


async def test_card_autocomplete_command_and_inline_lookup(bot_runner: Any, fake_discord: Any) -> None:
    fake = fake_discord
    await bot_runner.start()
    _, token = await fake.autocomplete("ana", "card", None, "name", "dark magican")
    call = await fake.wait_for(lambda c: token in c.path, timeout=60)
    names = [c["value"] for c in call.body["data"]["choices"]]
    assert "Dark Magician" in names
    _, token = await fake.slash("ana", "card", name="dark magican", public=True)
    reply = await fake.reply_to(token, timeout=30)
    assert not reply["_flags"] & EPHEMERAL
    assert reply["embeds"][0]["title"] == "Dark Magician"
    start = len(fake.calls)
    await fake.post_message("bo", "is [[blue eyes white dragon]] better than `[[not this]]`?")
    call = await fake.wait_for(
        lambda c: c.method == "POST" and c.path == f"/channels/{CHANNEL_ID}/messages", start=start, timeout=30
    )
    assert [e["title"] for e in call.body["embeds"]] == ["Blue-Eyes White Dragon"]


async def test_rules_question_by_mention(bot_runner: Any, fake_discord: Any) -> None:
    fake = fake_discord
    await bot_runner.start()
    start = len(fake.calls)
    await fake.post_message(
        "cy", f"<@{APP_ID}> in yugioh, how many cards do I draw at the start of my turn?", mentions=[BOT_USER]
    )
    call = await fake.wait_for(
        lambda c: c.method == "POST" and c.path == f"/channels/{CHANNEL_ID}/messages", start=start, timeout=60
    )
    assert "Source:" in call.body["content"] and "yugioh" in call.body["content"]


async def test_long_prompts_page_through_a_select_menu(bot_runner: Any, fake_discord: Any) -> None:
    from bot.discord_ui.matches.ui import MatchUI
    from bot.persistence import MatchRow
    from engine.core.prompt import Option, Prompt

    options = tuple(Option(f"o{i}", f"Option {i}", "summon" if i % 2 else "set") for i in range(60))
    prompt = Prompt(0, "action", "Pick", options)
    row = MatchRow(id=7, game="toy", seats=[{"user": "1", "name": "A"}, {"user": "2", "name": "B"}], choices=[1, 2])
    ui = MatchUI(bot=None)  # type: ignore[arg-type]
    view = ui.prompt_view(row, prompt, ["A", "B"], page=0, group="")
    ids = [item.custom_id for item in view.children]  # type: ignore[attr-defined]
    assert ids[0] == "tcg:sel:7:2:" and len(view.children[0].item.options) == 25  # type: ignore[attr-defined]
    assert "tcg:page:7:2:1:" in ids and "tcg:page:7:2:0:summon" in ids
    last = ui.prompt_view(row, prompt, ["A", "B"], page=2, group="")
    assert len(last.children[0].item.options) == 10  # type: ignore[attr-defined]
    only = ui.prompt_view(row, prompt, ["A", "B"], page=0, group="summon")
    values = [o.value for o in only.children[0].item.options]  # type: ignore[attr-defined]
    assert values and all(int(v) % 2 for v in values)
