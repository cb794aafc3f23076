"""The match thread keeps a readable story: one message per game turn, edited while the turn runs,
with every public event of the match in order (spectators can scroll back through it)."""

from __future__ import annotations

from typing import Any

from fakediscord import USERS
from test_discord_flows import board_post

from bot.discord_ui.matches.story import MESSAGE_LIMIT
from bot.render.model import collapse, name_players


async def test_the_thread_tells_the_match_turn_by_turn(bot_runner: Any, fake_discord: Any) -> None:
    fake = fake_discord
    bot = await bot_runner.start()
    _, token = await fake.slash("ana", "match", "challenge", opponent={"user": "bo"}, game="toy")
    challenge = await fake.reply_to(token)
    _, token = await fake.click("bo", challenge, "tcg:accept:1")
    await fake.reply_to(token)
    board = await board_post(fake)
    thread = board.path.split("/")[2]
    for _ in range(40):
        row, state = await bot.services.matches.state(1)
        if row.status != "active":
            break
        player = next(k for k, u in USERS.items() if u["id"] == row.seats[state.prompt().player]["user"])
        start = len(fake.calls)
        _, token = await fake.slash(player, "match", "play", match=1, choice="1")
        await fake.reply_to(token, start=start)
    await fake.wait_for(lambda c: isinstance(c.body, dict) and "is over" in str(c.body.get("content")))
    row, state = await bot.services.matches.state(1)
    assert row.status == "finished"
    stories = [
        m
        for m in fake.messages.values()
        if m["channel_id"] == thread and m["content"].startswith(("**Turn", "**Match story", "…"))
    ]
    assert stories, "the thread tells the story"
    assert all(len(m["content"]) <= MESSAGE_LIMIT and not m.get("mentions") for m in stories)
    told = [line[2:] for m in stories for line in m["content"].split("\n")[1:]]
    names = [seat["name"] for seat in row.seats]
    every_public_event = [name_players(e.text_for(None), names) for e in state.events if e.text_for(None)]
    # what the thread told is the public events, in order (runs folded per update)
    unfolded = [line.rsplit(" (×", 1)[0] for line in told]
    assert [e for e in collapse(every_public_event)] and set(unfolded) <= set(every_public_event)
    positions = [every_public_event.index(line) for line in unfolded]
    assert positions == sorted(positions) or len(set(unfolded)) < len(unfolded)
    assert every_public_event[-1] in unfolded


class StubMessage:
    def __init__(self, channel: StubThread, text: str) -> None:
        self.id = len(channel.sent)
        channel.sent.append(text)


class StubThread:
    """Enough of a discord.Thread for the story: send, and edit through a partial message."""

    def __init__(self) -> None:
        self.sent: list[str] = []

    async def send(self, text: str, **_: Any) -> StubMessage:
        return StubMessage(self, text)

    def get_partial_message(self, message_id: int) -> Any:
        thread = self

        class Partial:
            async def edit(self, content: str, **_: Any) -> None:
                thread.sent[message_id] = content

        return Partial()


async def test_a_new_turn_starts_a_new_message_and_long_turns_continue_below() -> None:
    from types import SimpleNamespace

    from bot.discord_ui.matches.story import MatchStory

    story = MatchStory()
    thread = StubThread()
    seats = [SimpleNamespace(name="Ana"), SimpleNamespace(name="Bo")]

    def update(turn: int, events: list[str]) -> Any:
        state = SimpleNamespace(vars={"turn": turn})
        return SimpleNamespace(row=SimpleNamespace(id=1), state=state, seats=seats, events=events)

    await story.tell(thread, update(1, ["Player 1 draws a card", "Player 1 draws a card"]))  # type: ignore[arg-type]
    await story.tell(thread, update(1, ["Player 2 passes"]))  # type: ignore[arg-type]
    assert thread.sent == ["**Turn 1**\n· Ana draws a card (×2)\n· Bo passes"]
    await story.tell(thread, update(2, ["x" * 900, "y" * 900, "z" * 900]))  # type: ignore[arg-type]
    assert thread.sent[1].startswith("**Turn 2**\n· xxx") and thread.sent[2].startswith("…\n· zzz")
    assert all(len(text) <= MESSAGE_LIMIT for text in thread.sent)
