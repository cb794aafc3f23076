"""Simultaneous steps in the match thread, through the fake Discord (issue 33, item 2 and "Done
means"): separate people answer by the buttons of their private replies, in any order, each from
the prompt they were last shown. While a step is open, nothing the thread shows changes (board
embed, board image bytes, story): it is the match as the step began, which this test replays from
the record on its own; once everyone has chosen, the board shows every answer. No answer given in a
simultaneous step is refused.

The fast tests play the opening steps; the slow ones whole 4-player Usagi and Inazuma matches.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import random
import time
from dataclasses import dataclass, field
from typing import Any

import pytest
from fakediscord import USERS
from test_discord_flows import board_post, buttons
from test_public_board import step_began, step_kind, zones

from bot.render.embeds import board_embed
from bot.render.image import board_png
from bot.render.model import build_board
from bot.services.games import get_game
from bot.services.match_model import decision_for, lens_of, seats_of
from bot.services.simultaneous import in_simultaneous_step

EPHEMERAL = 64
QUIET = 0.01  # seconds between looks at whether the bot is done
LINGER = 3.0  # seconds after which a task still running is taken to be one that lives on


@pytest.fixture
def four_users(monkeypatch: pytest.MonkeyPatch) -> None:
    """A fourth member in the fake server (ana, bo and cy are there already)."""
    user = {"id": "800000000000000004", "username": "di", "discriminator": "0", "global_name": "Di", "avatar": None}
    monkeypatch.setitem(USERS, "di", user)


IDLE: set[asyncio.Task[Any]] = set()
"""The tasks that run for as long as the bot does (its gateway, its loops), noted once it is ready."""


async def started(bot_runner: Any) -> Any:
    bot = await bot_runner.start()
    await asyncio.sleep(0.2)
    IDLE.clear()
    IDLE.update(asyncio.all_tasks())
    return bot


def background(task: asyncio.Task[Any]) -> bool:
    """A task that waits for something else to happen: a view's time-out, a kept-alive connection."""
    name = getattr(task.get_coro(), "__qualname__", "")
    return name.endswith(("__timeout_task_impl", "RequestHandler.start"))


async def settle(fake: Any) -> None:
    """Wait until the bot has finished what it was doing (no task of its still runs, e.g. a board
    image drawn in a worker thread) and has stopped calling Discord."""
    seen, since = -1, time.monotonic()
    while True:
        busy = [
            t
            for t in asyncio.all_tasks()
            if t not in IDLE and t is not asyncio.current_task() and not t.done() and not background(t)
        ]
        if time.monotonic() - since > LINGER:  # still running: a task that lives on (a loop, a keep-alive)
            IDLE.update(busy)
            busy = []
        if not busy and seen == len(fake.calls):
            return
        seen = len(fake.calls)
        await asyncio.sleep(QUIET)


def expected_view(row: Any, state: Any) -> dict[str, Any]:
    """What the public board should show, worked out here: during a simultaneous step the match
    replayed to where the step began, waiting for everyone; else the match now."""
    found = step_began(row)
    if found is None:
        return lens_of(row, state, None).view()
    view = lens_of(row, found[1], None).view()
    view["prompt"] = {"player": None, "kind": step_kind(state), "waiting": True, "everyone": True}
    return view


@dataclass
class Thread:
    """What the match thread shows now: every message but pings, and the board image's bytes."""

    fake: Any
    thread: str
    board_id: str

    def image(self) -> bytes:
        for call in reversed(self.fake.calls):
            if call.uploads and call.path.endswith(f"/messages/{self.board_id}"):
                return bytes(call.uploads[0])
        first = next(c for c in self.fake.calls if c.uploads and c.path == f"/channels/{self.thread}/messages")
        return bytes(first.uploads[0])

    def shown(self) -> str:
        messages = [
            {"id": mid, "content": m["content"], "embeds": m["embeds"]}
            for mid, m in self.fake.messages.items()
            if m["channel_id"] == self.thread and not str(m["content"]).startswith("<@")
        ]
        digest = hashlib.sha256(self.image()).hexdigest()
        return json.dumps([messages, digest], sort_keys=True)

    def board(self) -> dict[str, Any]:
        return dict(self.fake.messages[self.board_id])


@dataclass
class Figures:
    answered: int = 0
    refused: int = 0  # answers given in a simultaneous step and refused
    steps: int = 0  # simultaneous steps completed
    changed_in_step: list[str] = field(default_factory=list)  # what the thread changed while a step was open
    board_wrong: list[str] = field(default_factory=list)  # the board not as worked out here
    changed_by_step: int = 0  # completed steps whose answers then showed on the board


async def play(
    bot: Any, fake: Any, match_id: int, rng: random.Random, *, steps: int | None, limit: int = 4000
) -> Figures:
    """People answer in a random order until `steps` simultaneous steps are complete (None: the end)."""
    matches = bot.services.matches
    row, state = await matches.state(match_id)
    thread = Thread(fake, row.thread_id, row.board_message_id)
    board_message = thread.board()
    hand = next(b["custom_id"] for b in buttons(board_message) if b["custom_id"].startswith("tcg:hand:"))
    names = {u["id"]: key for key, u in USERS.items()}
    people = [names[seat.user] for seat in seats_of(row)]
    shown: dict[int, tuple[dict[str, Any], dict[str, Any], bool]] = {}  # seat -> (reply, component, in a step)
    figures = Figures()
    opened: tuple[tuple[int, str], str, str] | None = None  # (step start, kind), what the thread showed, embed
    for _ in range(limit):
        await settle(fake)
        row, state = await matches.state(match_id)
        found = step_began(row) if state is not None and row.status == "active" else None
        now = thread.shown()
        key = (found[0], str(step_kind(state))) if found is not None else None
        if opened is not None and key != opened[0]:  # the step is complete
            figures.steps += 1
            figures.changed_by_step += thread.board()["embeds"] != json.loads(opened[2])
            opened = None
            if steps is not None and figures.steps >= steps:
                return figures
        if row.status != "active" or state is None:
            return figures
        embeds = thread.board()["embeds"]
        if key is not None:
            if opened is None:
                opened = (key, now, json.dumps(embeds))
            elif now != opened[1]:
                figures.changed_in_step.append(f"step {key}: {now[:300]}")
                opened = (key, now, opened[2])
        board = build_board(get_game(row.game), expected_view(row, state), [s.name for s in seats_of(row)], title="")
        want = board_embed(board, finished=False, image_name="board.png").to_dict()
        if [f["value"] for f in embeds[0]["fields"]] != [f["value"] for f in want["fields"]]:
            figures.board_wrong.append(f"decision {len(row.choices)}: {embeds[0]['fields']} != {want['fields']}")
        for seat, person in enumerate(people):
            if seat in shown or decision_for(row, state, seat) is None:
                continue
            start = len(fake.calls)
            _, token = await fake.click(person, board_message, hand)
            reply = await fake.reply_to(token, start=start)
            assert reply["_flags"] & EPHEMERAL
            options = [c for c in buttons(reply) if c["custom_id"].startswith(("tcg:opt:", "tcg:sel:"))]
            assert options, reply["content"][:300]
            shown[seat] = (reply, options[0] if options[0]["type"] == 3 else rng.choice(options), key is not None)
        seat = rng.choice(sorted(shown))
        reply, component, in_step = shown.pop(seat)
        start = len(fake.calls)
        values = [rng.choice(component["options"])["value"]] if component["type"] == 3 else None
        _, token = await fake.click(people[seat], reply, component["custom_id"], values)
        answer = await fake.reply_to(token, start=start)
        said = str(answer.get("content"))
        if any(refusal in said for refusal in ("already answered", "no longer on offer", "not yours")):
            figures.refused += in_step
        else:
            figures.answered += 1
    raise AssertionError(f"the match did not end in {limit} decisions")


async def _usagi_four(bot: Any, fake: Any) -> int:
    _, token = await fake.slash("ana", "match", "open", game="usagi", players=4)
    lobby = await fake.reply_to(token)
    for person in ("bo", "cy", "di"):
        start = len(fake.calls)
        _, token = await fake.click(person, lobby, "tcg:join:1")
        await fake.reply_to(token, start=start)
    await board_post(fake)
    await settle(fake)
    return 1


async def _inazuma(bot: Any, fake: Any) -> int:
    _, token = await fake.slash("ana", "match", "challenge", opponent={"user": "bo"}, game="inazuma")
    challenge = await fake.reply_to(token)
    start = len(fake.calls)
    _, token = await fake.click("bo", challenge, "tcg:accept:1")
    await fake.reply_to(token, start=start)
    await board_post(fake, start)
    await settle(fake)
    return 1


def check(figures: Figures) -> None:
    assert figures.changed_in_step == [], figures.changed_in_step[:3]
    assert figures.board_wrong == [], figures.board_wrong[:2]
    assert figures.refused == 0, f"{figures.refused} answers refused of {figures.answered + figures.refused}"
    assert figures.changed_by_step >= 1, "a completed step shows its answers on the board"


async def test_four_players_discard_and_propose_in_any_order(
    bot_runner: Any, fake_discord: Any, four_users: None
) -> None:
    bot = await started(bot_runner)
    match_id = await _usagi_four(bot, fake_discord)
    figures = await play(bot, fake_discord, match_id, random.Random("usagi-steps"), steps=2)
    check(figures)
    assert figures.steps == 2


async def test_inazuma_formations_in_any_order(bot_runner: Any, fake_discord: Any) -> None:
    bot = await started(bot_runner)
    match_id = await _inazuma(bot, fake_discord)
    figures = await play(bot, fake_discord, match_id, random.Random("inazuma-steps"), steps=1)
    check(figures)
    assert figures.steps == 1


async def test_against_the_ai_the_thread_board_waits_for_the_player(bot_runner: Any, fake_discord: Any) -> None:
    """Usagi against the AI: the AI discards before the player; the board's embed and image show
    its full hand and empty Rest pile until the player has chosen, then its discards."""
    fake = fake_discord
    bot = await started(bot_runner)
    matches = bot.services.matches
    for number in range(1, 21):  # the first player is drawn at random: until the AI discards first
        start = len(fake.calls)
        _, token = await fake.slash("ana", "match", "ai", game="usagi", level="easy")
        await fake.reply_to(token, start=start)
        await board_post(fake, start)
        await settle(fake)
        row, state = await matches.state(number)
        if zones(lens_of(row, state, None).view(), 1).get("rest") and step_kind(state) == "discard":
            break
    else:
        raise AssertionError("the AI never discarded before the player in 20 matches")
    thread = Thread(fake, row.thread_id, row.board_message_id)
    names = [s.name for s in seats_of(row)]
    game = get_game("usagi")
    title = bot.match_ui.title(row)
    at_start = build_board(game, expected_view(row, state), names, title=title)
    assert thread.image() == board_png(at_start), "the image is the board as the step began"
    now = build_board(game, lens_of(row, state, None).view(), names, title=title)
    assert thread.image() != board_png(now)
    ai_panel = thread.board()["embeds"][0]["fields"][1]["value"]
    assert "Hand 6" in ai_panel and "Rest" not in ai_panel, ai_panel

    start = len(fake.calls)
    _, token = await fake.click("ana", thread.board(), f"tcg:hand:{number}")
    reply = await fake.reply_to(token, start=start)
    keep = next(b for b in buttons(reply) if b["label"].startswith("Keep"))
    start = len(fake.calls)
    _, token = await fake.click("ana", reply, keep["custom_id"])
    await fake.reply_to(token, start=start)
    await settle(fake)
    row, state = await matches.state(number)
    assert not in_simultaneous_step(state) or step_kind(state) != "discard"
    ai_panel = thread.board()["embeds"][0]["fields"][1]["value"]
    assert "Rest" in ai_panel, ai_panel  # the AI's discards show once everyone has chosen
    board = build_board(game, expected_view(row, state), names, title=title)
    assert thread.image() == board_png(board)


@pytest.mark.slow
async def test_whole_four_player_usagi_match(bot_runner: Any, fake_discord: Any, four_users: None) -> None:
    bot = await started(bot_runner)
    match_id = await _usagi_four(bot, fake_discord)
    figures = await play(bot, fake_discord, match_id, random.Random("usagi-whole"), steps=None)
    check(figures)
    assert (await bot.services.matches.row(match_id)).status == "finished" and figures.steps >= 4
    print(f"usagi 4p: {figures}")


@pytest.mark.slow
async def test_whole_inazuma_match(bot_runner: Any, fake_discord: Any) -> None:
    bot = await started(bot_runner)
    match_id = await _inazuma(bot, fake_discord)
    figures = await play(bot, fake_discord, match_id, random.Random("inazuma-whole"), steps=None)
    check(figures)
    assert (await bot.services.matches.row(match_id)).status == "finished"
    print(f"inazuma: {figures}")
