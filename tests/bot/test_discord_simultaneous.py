"""Inazuma's opening formations through the fake Discord: both players place their starting
characters at once; the player whose turn in the step hasn't come is pinged, sees their prompt,
answers early (held, unseen), and their placements follow as soon as the other has placed."""

from __future__ import annotations

from typing import Any

from fakediscord import USERS
from test_discord_flows import board_post, buttons

from bot.services.match_model import MatchUpdate, held_of

EPHEMERAL = 64


async def _inazuma_board(fake: Any) -> tuple[str, dict[str, Any]]:
    """Ana challenges Bo to Inazuma and Bo accepts: the match thread and its board message."""
    _, token = await fake.slash("ana", "match", "challenge", opponent={"user": "bo"}, game="inazuma")
    challenge = await fake.reply_to(token)
    start = len(fake.calls)
    _, token = await fake.click("bo", challenge, "tcg:accept:1")
    await fake.reply_to(token)
    board_call = await board_post(fake, start)
    thread = board_call.path.split("/")[2]
    return thread, next(m for m in fake.messages.values() if m["channel_id"] == thread and m["embeds"])


async def test_both_players_place_their_formation_at_once(bot_runner: Any, fake_discord: Any) -> None:
    fake = fake_discord
    bot = await bot_runner.start()
    thread, board = await _inazuma_board(fake)
    row, state = await bot.services.matches.state(1)
    names = {u["id"]: key for key, u in USERS.items()}
    first = names[row.seats[state.prompt().player]["user"]]
    second = "bo" if first == "ana" else "ana"
    await fake.wait_for(
        lambda c: (
            isinstance(c.body, dict)
            and f"<@{USERS[second]['id']}>" in str(c.body.get("content"))
            and "at once" in str(c.body.get("content"))
        )
    )  # the second player is told they may place now

    for placed in range(2):  # the second player places two characters before the first has done anything
        start = len(fake.calls)
        _, token = await fake.click(second, board, "tcg:hand:1")
        private = await fake.reply_to(token, start=start)
        assert private["_flags"] & EPHEMERAL and "at once" in private["content"]
        assert private["content"].count("placed at") == placed, "their own held placements are shown to them"
        option = buttons(private)[0]
        assert option["custom_id"].startswith(f"tcg:opt:1:-{placed + 1}:")
        start = len(fake.calls)
        _, token = await fake.click(second, private, option["custom_id"])
        await fake.reply_to(token, start=start)
        stale = await fake.click(second, private, option["custom_id"])  # a double click
        refusal = await fake.reply_to(stale[1], start=start)
        assert "already answered" in refusal["content"] and "Here is where you are now" in refusal["content"]
        assert buttons(refusal), "a stale click gets the current prompt with its buttons"
    row, _ = await bot.services.matches.state(1)
    assert row.choices == [] and len(next(iter(held_of(row).values()))) == 2
    public = " ".join(str(c.body) for c in fake.calls if c.path.startswith(f"/channels/{thread}/"))
    assert "Place " not in public and "places" not in public.lower()  # nobody hears of a held placement

    for _ in range(12):  # the first player places and is done; the held placements follow
        row, state = await bot.services.matches.state(1)
        prompt = state.prompt()
        if prompt is None or names[row.seats[prompt.player]["user"]] != first or prompt.kind != "place":
            break
        start = len(fake.calls)
        _, token = await fake.click(first, board, "tcg:hand:1")
        private = await fake.reply_to(token, start=start)
        labels = {b["label"]: b["custom_id"] for b in buttons(private)}
        pick = labels.get("Done placing") or next(iter(labels.values()))
        start = len(fake.calls)
        _, token = await fake.click(second, private, pick)  # someone else's button
        refusal = await fake.reply_to(token, start=start)
        assert "not yours" in refusal["content"]
        start = len(fake.calls)
        _, token = await fake.click(first, private, pick)
        await fake.reply_to(token, start=start)
    row, state = await bot.services.matches.state(1)
    assert len(row.choices) >= 3 + 2, "the first player's placements, then the second's two held ones"
    assert sum(len(v) for v in held_of(row).values()) == 0


async def test_an_early_answer_counts_when_the_step_reaches_the_player_first(
    bot_runner: Any, fake_discord: Any
) -> None:
    """Bob sees his placement prompt early; Alice (whom the engine waits on) finishes first; Bob's
    click on the prompt he was shown is applied, not refused."""
    fake = fake_discord
    bot = await bot_runner.start()
    _, board = await _inazuma_board(fake)
    row, state = await bot.services.matches.state(1)
    names = {u["id"]: key for key, u in USERS.items()}
    first = names[row.seats[state.prompt().player]["user"]]
    second = "bo" if first == "ana" else "ana"
    start = len(fake.calls)
    _, token = await fake.click(second, board, "tcg:hand:1")
    early = await fake.reply_to(token, start=start)  # the second player's prompt, shown early
    early_option = buttons(early)[0]
    assert early_option["custom_id"].startswith("tcg:opt:1:-1:")
    for _ in range(12):  # the first player places everything and is done
        row, state = await bot.services.matches.state(1)
        prompt = state.prompt()
        if prompt is None or names[row.seats[prompt.player]["user"]] != first or prompt.kind != "place":
            break
        start = len(fake.calls)
        _, token = await fake.click(first, board, "tcg:hand:1")
        private = await fake.reply_to(token, start=start)
        labels = {b["label"]: b["custom_id"] for b in buttons(private)}
        start = len(fake.calls)
        _, token = await fake.click(first, private, labels.get("Done placing") or next(iter(labels.values())))
        await fake.reply_to(token, start=start)
    before = len((await bot.services.matches.row(1)).choices)
    start = len(fake.calls)
    _, token = await fake.click(second, early, early_option["custom_id"])
    reply = await fake.reply_to(token, start=start)
    assert "already answered" not in str(reply.get("content")), reply
    assert len((await bot.services.matches.row(1)).choices) == before + 1


async def test_an_unchanged_board_image_is_not_uploaded_again(bot_runner: Any, fake_discord: Any) -> None:
    """Early answers in a simultaneous step change nothing anyone may see: the board message is
    edited (its buttons, its text) without re-uploading the same PNG."""
    fake = fake_discord
    bot = await bot_runner.start()
    _, board = await _inazuma_board(fake)
    start = len(fake.calls)
    for _ in range(2):  # the same board published twice
        row, state = await bot.services.matches.state(1)
        await bot.match_ui.publish(MatchUpdate(row, state, []))
    edits = [c for c in fake.calls[start:] if c.method == "PATCH" and c.path.endswith(f"/messages/{board['id']}")]
    assert len(edits) == 2 and all(not c.files for c in edits), [c.files for c in edits]
