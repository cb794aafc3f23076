"""Undo by consent through the fake Discord: Ana plays a card face down and asks with /match undo
in the match thread; the request carries Accept/Decline buttons that only Bo may press; his
acceptance takes the card back, redraws the board and tells the thread."""

from __future__ import annotations

import copy
from typing import Any

from fakediscord import CHANNEL_ID

EPHEMERAL = 64


def buttons(message: dict[str, Any]) -> list[dict[str, Any]]:
    return [c for row in message.get("components", []) for c in row.get("components", [])]


async def test_ask_in_the_thread_only_the_opponent_accepts_and_the_board_goes_back(
    bot_runner: Any, fake_discord: Any
) -> None:
    fake = fake_discord
    bot = await bot_runner.start()
    _, token = await fake.slash("ana", "match", "challenge", opponent={"user": "bo"}, game="toy")
    challenge = await fake.reply_to(token)
    accept = next(b["custom_id"] for b in buttons(challenge) if b["custom_id"].startswith("tcg:accept"))
    _, token = await fake.click("bo", challenge, accept)
    await fake.reply_to(token)
    board_call = await fake.wait_for(
        lambda c: c.method == "POST" and c.path.endswith("/messages") and bool((c.body or {}).get("embeds"))
    )
    thread = board_call.path.split("/")[2]
    assert thread != CHANNEL_ID
    board = next(m for m in fake.messages.values() if m["channel_id"] == thread and m["embeds"])
    row, state = await bot.services.matches.state(1)
    assert state.prompt().player == 0  # Ana (the challenger) plays first
    before = state.digest()

    start = len(fake.calls)  # Ana plays a card face down by the buttons of her hand
    _, token = await fake.click("ana", board, "tcg:hand:1")
    private = await fake.reply_to(token, start=start)
    play = next(b for b in buttons(private) if b["label"].startswith("Play"))
    start = len(fake.calls)
    _, token = await fake.click("ana", private, play["custom_id"])
    await fake.reply_to(token, start=start)
    await fake.wait_for(
        lambda c: c.method == "PATCH" and c.path.startswith(f"/channels/{thread}/messages/"), start=start
    )
    assert (await bot.services.matches.state(1))[1].digest() != before

    start = len(fake.calls)
    _, token = await fake.slash("ana", "match", "undo", in_channel=thread)
    note = await fake.reply_to(token, start=start)
    assert note["_flags"] & EPHEMERAL and "Asked Bo" in note["content"]
    posted = await fake.wait_for(
        lambda c: c.method == "POST" and c.path == f"/channels/{thread}/messages" and "take back" in str(c.body),
        start=start,
    )
    request = next(
        m for m in fake.messages.values() if m["channel_id"] == thread and "asks to take back" in m["content"]
    )
    assert "<@800000000000000002>" in posted.body["content"]  # Bo is asked
    request = copy.deepcopy(request)  # as Bo's client shows it: a second click may come before the edit lands
    accept_id = next(b["custom_id"] for b in buttons(request) if b["label"] == "Accept")
    assert accept_id.startswith("tcg:undo:1:") and accept_id.endswith(":yes")

    for who, why in (("ana", "You asked for this undo"), ("cy", "Only the players of this match")):
        start = len(fake.calls)  # the asker and a spectator are refused, privately
        _, token = await fake.click(who, request, accept_id)
        refusal = await fake.reply_to(token, start=start)
        assert refusal["_flags"] & EPHEMERAL and why in refusal["content"]
    assert (await bot.services.matches.state(1))[1].digest() != before

    start = len(fake.calls)
    _, token = await fake.click("bo", request, accept_id)
    await fake.wait_for(lambda c: c.path.endswith("/callback") and c.body.get("type") == 7, start=start)
    assert "Everyone agreed" in fake.messages[request["id"]]["content"]
    assert buttons(fake.messages[request["id"]]) == []
    await fake.wait_for(  # the board is drawn again and the story says what was taken back
        lambda c: (
            c.method in ("POST", "PATCH")
            and c.path.startswith(f"/channels/{thread}/messages")
            and "took back" in str(c.body)
        ),
        start=start,
    )
    await fake.wait_for(
        lambda c: c.method == "PATCH" and c.path == f"/channels/{thread}/messages/{board['id']}", start=start
    )
    row, state = await bot.services.matches.state(1)
    assert state.digest() == before and row.choices == []

    start = len(fake.calls)  # a second click on the same button: a private note, nothing else
    _, token = await fake.click("bo", request, accept_id)
    again = await fake.reply_to(token, start=start)
    assert again["_flags"] & EPHEMERAL and "no longer open" in again["content"]
    assert (await bot.services.matches.state(1))[1].digest() == before
