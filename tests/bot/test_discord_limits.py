"""The fake Discord refuses what real Discord refuses, and the bot's own components pass."""

from __future__ import annotations

from typing import Any

import discordlimits as limits
import pytest
from fakediscord import CHANNEL_ID, FakeDiscord


def button(label: str = "Go", custom_id: str = "x", **extra: Any) -> dict[str, Any]:
    return {"type": 2, "style": 1, "label": label, "custom_id": custom_id, **extra}


def row(*items: dict[str, Any]) -> dict[str, Any]:
    return {"type": 1, "components": list(items)}


def select(count: int, custom_id: str = "s") -> dict[str, Any]:
    options = [{"label": f"o{i}", "value": str(i)} for i in range(count)]
    return {"type": 3, "custom_id": custom_id, "options": options}


REFUSED: dict[str, dict[str, Any]] = {
    "playing-card back U+1F0A0 is no emoji": {"components": [row(button(emoji={"name": "🂠"}))]},
    "unknown custom emoji": {"components": [row(button(emoji={"id": "123", "name": "x"}))]},
    "label of 81": {"components": [row(button("x" * 81))]},
    "custom_id of 101": {"components": [row(button(custom_id="c" * 101))]},
    "six rows": {"components": [row(button(custom_id=f"b{i}")) for i in range(6)]},
    "six buttons a row": {"components": [row(*[button(custom_id=f"b{i}") for i in range(6)])]},
    "select with 26 options": {"components": [row(select(26))]},
    "select with no option": {"components": [row(select(0))]},
    "select beside a button": {"components": [row(select(3), button(custom_id="b"))]},
    "duplicate custom_ids": {"components": [row(button(custom_id="same"), button(custom_id="same"))]},
    "content of 2001": {"content": "x" * 2001},
    "eleven embeds": {"embeds": [{"title": "t"}] * 11},
    "embed title of 257": {"embeds": [{"title": "t" * 257}]},
    "embed description of 4097": {"embeds": [{"description": "d" * 4097}]},
    "empty field value": {"embeds": [{"fields": [{"name": "n", "value": ""}]}]},
    "embeds over 6000 together": {"embeds": [{"description": "d" * 4000}, {"description": "d" * 2001}]},
}


@pytest.mark.parametrize("case", sorted(REFUSED))
def test_discord_limit_is_refused(case: str) -> None:
    assert limits.message_problems(REFUSED[case]), case


def test_real_emoji_and_limits_at_the_edge_pass() -> None:
    body = {
        "content": "x" * 2000,
        "embeds": [{"title": "t" * 256, "description": "d" * 4096}],
        "components": [
            row(*[button("l" * 80, f"b{i}", emoji={"name": "🃏"}) for i in range(5)]),
            row(select(25)),
        ],
    }
    assert limits.message_problems(body) == []


def test_command_registration_limits() -> None:
    assert limits.command_problems([{"name": "Match", "description": "x"}])
    assert limits.command_problems([{"name": "match", "description": ""}])
    assert limits.command_problems([{"name": "match", "description": "d", "options": [{"name": "o"}] * 26}])
    assert limits.command_problems([{"name": "match", "description": "d"}]) == []


def test_bot_components_use_real_emoji() -> None:
    from bot.discord_ui.matches import views

    for view in (views.board_view(1), views.board_view(1, finished=True), views.challenge_view(1), views.lobby_view(1)):
        payload = view.to_components()
        assert limits.component_problems(payload) == [], payload


async def test_fake_answers_400_to_a_non_emoji_component() -> None:
    import aiohttp

    fake = FakeDiscord()
    await fake.start()
    try:
        async with aiohttp.ClientSession() as http:
            body = {"content": "board", "components": [row(button(emoji={"name": "🂠"}))], "allowed_mentions": {}}
            async with http.post(f"{fake.api_base}/channels/{CHANNEL_ID}/messages", json=body) as response:
                assert response.status == 400
                assert (await response.json())["code"] == 50035
        assert fake.problems and "not an emoji" in fake.problems[0]
        assert fake.messages == {}
    finally:
        await fake.stop()


async def test_fake_refuses_a_second_response_to_one_interaction() -> None:
    import aiohttp

    fake = FakeDiscord()
    await fake.start()
    try:
        iid, token, _ = fake.interaction("ana", 2, {"name": "card", "type": 1})
        url = f"{fake.api_base}/interactions/{iid}/{token}/callback"
        reply = {"type": 4, "data": {"content": "hi", "allowed_mentions": {}}}
        async with aiohttp.ClientSession() as http:
            async with http.post(url, json=reply) as first:
                assert first.status == 200
            async with http.post(url, json=reply) as second:
                assert second.status == 400
                assert (await second.json())["code"] == 40060
        assert fake.problems == [f"POST /interactions/{iid}/{token}/callback: a second response to one interaction"]
    finally:
        await fake.stop()
