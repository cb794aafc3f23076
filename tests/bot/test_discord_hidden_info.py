"""Whole matches of every game between two people through the fake Discord: no public message ever
names a card that is, at that moment, in a player's hand or face down.

Both players play by the buttons and menus of their ephemeral hand replies (seeded random
choices); every few decisions the player to act asks the bot "what can I do now?" in the match
thread, by mention and by `/rules ask`. After each decision the test reads the match state and
checks everything posted publicly since the previous check (channel and thread messages, non-
ephemeral interaction replies, embeds and component labels) against the names of the hidden cards.
A name the spectator's view of the engine has ever shown (a card revealed, discarded, played) is
public knowledge from then on and not checked: the bot may say no more than that view.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest
from fakediscord import APP_ID, BOT_USER, USERS, Call

from engine.core.state import State

EPHEMERAL = 64
GAMES = ["yugioh", "naruto", "inuyasha", "inazuma", "usagi"]
MAX_DECISIONS = 700
ASK_EVERY = 40


def public_calls(calls: list[Call]) -> list[Call]:
    """Calls that put something where more than one person can see it."""
    out = []
    for call in calls:
        body = call.body or {}
        if call.path.endswith("/callback"):
            data = body.get("data") or {}
            if body.get("type") in (4, 7) and not (data.get("flags") or 0) & EPHEMERAL:
                out.append(call)
        elif call.path.startswith("/webhooks/"):
            if not (body.get("flags") or 0) & EPHEMERAL and call.method == "POST":
                out.append(call)
        elif call.path.startswith("/channels/") and call.method in ("POST", "PATCH"):
            out.append(call)
    return out


def hidden_names(state: State, ever_public: set[str]) -> set[str]:
    """Names of cards someone holds secretly (hand, face down) that the public has never been shown;
    `ever_public` grows with every name the spectator's view shows."""
    hidden, names = set(), set()
    for card in state.cards:
        name = state.game.card(card.code).name
        names.add(name)
        if card.visible_to(None):
            ever_public.add(name)
        elif any(card.visible_to(p) for p in range(len(state.players))):
            hidden.add(name)
    spectator = json.dumps(state.view(None), ensure_ascii=False)
    ever_public.update(n for n in names if json.dumps(n, ensure_ascii=False)[1:-1] in spectator)
    return hidden - ever_public


def leaks(calls: list[Call], names: set[str]) -> list[str]:
    found = []
    for call in public_calls(calls):
        text = json.dumps(call.body, ensure_ascii=False)
        for name in names:
            hit = re.search(rf"(?<![\w-]){re.escape(json.dumps(name)[1:-1])}(?![\w-])", text)
            if hit:
                around = text[max(0, hit.start() - 150) : hit.end() + 60]
                found.append(f"{name!r} in {call.method} {call.path}: …{around}…")
    return found


def components(message: dict[str, Any]) -> list[dict[str, Any]]:
    return [c for row in message.get("components", []) for c in row.get("components", [])]


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
async def test_no_public_message_names_a_hidden_card(bot_runner: Any, fake_discord: Any, game: str) -> None:
    fake = fake_discord
    bot = await bot_runner.start()
    rng = random.Random(f"hidden-{game}")
    _, token = await fake.slash("ana", "match", "challenge", opponent={"user": "bo"}, game=game)
    challenge = await fake.reply_to(token)
    accept = next(c["custom_id"] for c in components(challenge) if c["custom_id"].startswith("tcg:accept"))
    start = len(fake.calls)
    _, token = await fake.click("bo", challenge, accept)
    await fake.reply_to(token, start=start)
    board_call = await fake.wait_for(
        lambda c: c.method == "POST" and c.path.endswith("/messages") and bool((c.body or {}).get("embeds")),
        start=start,
        timeout=30,
    )
    thread = board_call.path.split("/")[2]
    board = next(m for m in fake.messages.values() if m["channel_id"] == thread and m["embeds"])
    hand_button = components(board)[0]["custom_id"]
    names = {u["id"]: key for key, u in USERS.items()}

    checked, found, decisions, asked = 0, [], 0, 0
    ever_public: set[str] = set()
    row, state = await bot.services.matches.state(1)
    while row.status == "active" and decisions < MAX_DECISIONS:
        prompt = state.prompt()
        player = names[row.seats[prompt.player]["user"]]
        if decisions % ASK_EVERY == 0:
            await fake.post_message(player, f"<@{APP_ID}> what can I do now?", channel=thread, mentions=[BOT_USER])
            await fake.wait_for(lambda c: c.path == f"/channels/{thread}/messages", start=len(fake.calls) - 1)
            start = len(fake.calls)
            _, token = await fake.slash(player, "rules", "ask", in_channel=thread, question="can i attack right now?")
            await fake.wait_for(lambda c, t=token: t in c.path and (c.body or {}).get("flags", 0) & 64, start=start)
            asked += 1
        start = len(fake.calls)
        _, token = await fake.click(player, board, hand_button)
        private = await fake.reply_to(token, start=start)
        assert private["_flags"] & EPHEMERAL
        options = [c for c in components(private) if c["custom_id"].startswith("tcg:opt:")]
        menus = [c for c in components(private) if c["custom_id"].startswith("tcg:sel:")]
        start = len(fake.calls)
        if menus:
            menu = menus[0]
            _, token = await fake.click(player, private, menu["custom_id"], [rng.choice(menu["options"])["value"]])
        else:
            assert options, private["content"][:300]
            _, token = await fake.click(player, private, rng.choice(options)["custom_id"])
        await fake.reply_to(token, start=start)
        await fake.wait_for(lambda c: c.method == "PATCH" and c.path.startswith(f"/channels/{thread}/"), start=start)
        decisions += 1
        row, state = await bot.services.matches.state(1)
        if state is not None:
            found.extend(leaks(fake.calls[checked:], hidden_names(state, ever_public)))
        checked = len(fake.calls)
    assert found == [], found[:5]
    assert asked >= 1 and decisions >= 20
    assert row.status == "finished" or decisions == MAX_DECISIONS


@pytest.mark.slow
@pytest.mark.parametrize("game", ["yugioh", "usagi"])
async def test_ai_match_of_a_real_game_through_the_strict_fake(bot_runner: Any, fake_discord: Any, game: str) -> None:
    """A person against the AI to the end: every post, edit and reply passes Discord's checks
    (the fixture fails the test on any refusal), and the AI's hidden cards stay hidden too."""
    fake = fake_discord
    bot = await bot_runner.start()
    rng = random.Random(f"ai-{game}")
    _, token = await fake.slash("ana", "match", "ai", game=game, level="easy")
    started = await fake.reply_to(token)
    assert "Match #1" in started["content"]
    board_call = await fake.wait_for(
        lambda c: c.method == "POST" and c.path.endswith("/messages") and bool((c.body or {}).get("embeds")),
        timeout=30,
    )
    thread = board_call.path.split("/")[2]
    board = next(m for m in fake.messages.values() if m["channel_id"] == thread and m["embeds"])
    hand_button = components(board)[0]["custom_id"]
    checked, found, decisions = 0, [], 0
    ever_public: set[str] = set()
    row, state = await bot.services.matches.state(1)
    while row.status == "active" and decisions < MAX_DECISIONS:
        start = len(fake.calls)
        _, token = await fake.click("ana", board, hand_button)
        private = await fake.reply_to(token, start=start)
        options = [c for c in components(private) if c["custom_id"].startswith("tcg:opt:")]
        menus = [c for c in components(private) if c["custom_id"].startswith("tcg:sel:")]
        if not options and not menus:  # the AI is still thinking: look again
            row, state = await bot.services.matches.state(1)
            continue
        start = len(fake.calls)
        if menus:
            value = rng.choice(menus[0]["options"])["value"]
            _, token = await fake.click("ana", private, menus[0]["custom_id"], [value])
        else:
            _, token = await fake.click("ana", private, rng.choice(options)["custom_id"])
        await fake.reply_to(token, start=start)
        await fake.wait_for(lambda c: c.method == "PATCH" and c.path.startswith(f"/channels/{thread}/"), start=start)
        decisions += 1
        row, state = await bot.services.matches.state(1)
        if state is not None:
            found.extend(leaks(fake.calls[checked:], hidden_names(state, ever_public)))
        checked = len(fake.calls)
    assert found == [], found[:5]
    assert decisions >= 5 and fake.problems == []
