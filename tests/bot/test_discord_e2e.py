"""End to end through the real discord.py client against the fake Discord on 127.0.0.1."""

from __future__ import annotations

import json
import re
from typing import Any

from fakediscord import CHANNEL_ID, USERS, Call

EPHEMERAL = 64


def public_calls(calls: list[Call]) -> list[Call]:
    """Every call that puts something where more than one person can see it."""
    out = []
    for call in calls:
        body = call.body or {}
        if call.path.endswith("/callback"):
            data = body.get("data") or {}
            if body.get("type") in (4, 7) and not (data.get("flags") or 0) & EPHEMERAL:
                out.append(call)
        elif call.path.startswith("/channels/") and call.method in ("POST", "PATCH"):
            out.append(call)
    return out


def buttons(message: dict[str, Any]) -> list[dict[str, Any]]:
    return [c for row in message.get("components", []) for c in row.get("components", [])]


async def test_full_match_with_buttons_hidden_hands_and_wrong_player(bot_runner: Any, fake_discord: Any) -> None:
    fake = fake_discord
    bot = await bot_runner.start()
    sync = next(c for c in fake.calls if c.method == "PUT" and c.path.endswith("/commands"))
    assert {cmd["name"] for cmd in sync.body} >= {"match", "deck", "card", "rules", "settings"}

    _, token = await fake.slash("ana", "match", "challenge", opponent={"user": "bo"}, game="toy")
    challenge = await fake.reply_to(token)
    assert "challenges you" in challenge["content"]
    accept_id = next(b["custom_id"] for b in buttons(challenge) if b["custom_id"].startswith("tcg:accept"))

    start = len(fake.calls)  # the challenger may not accept for the opponent
    _, token = await fake.click("ana", challenge, accept_id)
    refusal = await fake.reply_to(token, start=start)
    assert refusal["_flags"] & EPHEMERAL and "Only the challenged player" in refusal["content"]

    _, token = await fake.click("bo", challenge, accept_id)
    accepted = await fake.reply_to(token)
    assert "accepted" in accepted["content"]
    thread_call = await fake.wait_for(lambda c: c.path == f"/channels/{CHANNEL_ID}/threads")
    board_call = await fake.wait_for(
        lambda c: (
            c.method == "POST" and c.path.endswith("/messages") and "embeds" in (c.body or {}) and c.body["embeds"]
        )
    )
    assert board_call.files == ["board.png"]
    thread_id = board_call.path.split("/")[2]
    assert thread_id in fake.channels and fake.channels[thread_id]["type"] == 11
    assert thread_call.body["name"].startswith("Match #1")

    board = next(m for m in fake.messages.values() if m["channel_id"] == thread_id and m["embeds"])
    hand_button = buttons(board)[0]["custom_id"]
    assert hand_button == "tcg:hand:1"

    names = {u["id"]: key for key, u in USERS.items()}
    wrong_player_refused = False
    for _turn in range(300):
        row, state = await bot.services.matches.state(1)
        if row.status != "active":
            break
        prompt = state.prompt()
        player = names[row.seats[prompt.player]["user"]]
        other = "bo" if player == "ana" else "ana"
        start = len(fake.calls)
        _, token = await fake.click(player, board, hand_button)
        private = await fake.reply_to(token, start=start)
        assert private["_flags"] & EPHEMERAL  # the hand only ever arrives ephemeral
        assert "Your hand" in private["content"] or "no hidden cards" in private["content"]
        option = buttons(private)[0]["custom_id"]
        assert option.startswith("tcg:opt:1:")
        if not wrong_player_refused:
            start = len(fake.calls)
            _, token = await fake.click(other, private, option)
            refusal = await fake.reply_to(token, start=start)
            assert refusal["_flags"] & EPHEMERAL and "not yours" in refusal["content"]
            wrong_player_refused = True
        start = len(fake.calls)
        _, token = await fake.click(player, private, option)
        await fake.reply_to(token, start=start)
        # the board is persisted before it is shown: wait for the board edit
        await fake.wait_for(
            lambda c: c.method == "PATCH" and c.path.startswith(f"/channels/{thread_id}/messages/"), start=start
        )
    row = await bot.services.matches.row(1)
    assert row.status == "finished", row.status
    assert wrong_player_refused

    board_edits = 0
    for call in public_calls(fake.calls):
        assert "Your hand" not in json.dumps(call.body)
        for embed in (call.body or {}).get("embeds") or []:
            for field in embed.get("fields", []):
                for line in field["value"].splitlines():
                    if line.startswith("hand"):
                        board_edits += 1
                        assert re.fullmatch(r"hand \d+", line), line  # counts only, never card names
    assert board_edits > 10
