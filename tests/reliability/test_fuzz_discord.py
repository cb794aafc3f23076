"""Hostile input to every slash command, autocomplete and button of the real bot over the fake Discord.

For each generated interaction the bot must answer, never with the generic "something went wrong"
reply, never log an error, never send a message that could ping @everyone/@here or a role, never
send what Discord would refuse (over-long content), and never show data of another server.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import discord
from discord import app_commands
from hostile import FUZZ, MARKER, sentence, word
from hypothesis import given, settings
from hypothesis import strategies as st
from strictdiscord import StrictDiscord
from support import TESTS, load_module

from bot.discord_ui.common import ERROR_TEXT
from bot.services.matches import Seat

EXAMPLES = 4_000
CHAT_EXAMPLES = 500
OTHER_GUILD = "900000000000004242"
BotRunner = load_module(TESTS / "bot" / "conftest.py", "bot_tests_conftest").BotRunner
fakediscord = load_module(TESTS / "bot" / "fakediscord.py", "fakediscord")
USERS = fakediscord.USERS


class Errors(logging.Handler):
    """Collects ERROR records: each one is an exception the bot did not handle as a player mistake."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(f"{record.name}: {record.getMessage()} {record.exc_text or ''}"[:2000])


def leaves(tree: app_commands.CommandTree) -> list[tuple[str, str | None, app_commands.Command[Any, Any, Any]]]:
    """(command, subcommand, leaf) for every slash command the bot registers."""
    found: list[tuple[str, str | None, Any]] = []
    for command in tree.get_commands():
        if isinstance(command, app_commands.Group):
            found.extend(
                (command.name, sub.name, sub) for sub in command.commands if isinstance(sub, app_commands.Command)
            )
        elif isinstance(command, app_commands.Command):
            found.append((command.name, None, command))
    return found


def value_for(param: app_commands.Parameter, match_ids: list[int]) -> st.SearchStrategy[Any]:
    """A hostile value Discord would still deliver for this parameter (its type, range and choices)."""
    kind = param.type
    if param.choices:
        return st.sampled_from([c.value for c in param.choices])
    if kind == discord.AppCommandOptionType.integer:
        low = int(param.min_value) if param.min_value is not None else -(2**53)
        high = int(param.max_value) if param.max_value is not None else 2**53
        edge = [v for v in [*match_ids, 0, -1, 2**31, 2**53] if low <= v <= high]
        return st.one_of(st.sampled_from(edge or [low]), st.integers(low, high))
    if kind == discord.AppCommandOptionType.number:
        low = float(param.min_value) if param.min_value is not None else -1e12
        high = float(param.max_value) if param.max_value is not None else 1e12
        return st.floats(low, high, allow_nan=False)
    if kind == discord.AppCommandOptionType.boolean:
        return st.booleans()
    if kind == discord.AppCommandOptionType.user:
        return st.sampled_from(sorted(USERS)).map(lambda name: {"user": name})
    hostile = word(marker=False).map(lambda text: text[:6000] or "x")  # Discord's limit for a string option
    likely = {"game": "toy", "choice": "1", "level": "random", "deck": "Numbers"}.get(param.name)
    return st.one_of(st.just(likely), hostile) if likely else hostile


def option_json(param: app_commands.Parameter, value: Any) -> dict[str, Any]:
    if isinstance(value, dict):
        return {"name": param.name, "type": 6, "value": USERS[value["user"]]["id"]}
    return {"name": param.name, "type": int(param.type.value), "value": value}


def interactions(tree: app_commands.CommandTree, match_ids: list[int]) -> st.SearchStrategy[dict[str, Any]]:
    """Slash commands with hostile arguments, autocompletes with hostile text, hostile button ids."""
    calls, autos = [], []
    for name, sub, leaf in leaves(tree):
        params = leaf.parameters
        optional = [p for p in params if not p.required]
        pick = st.lists(st.sampled_from(optional), unique_by=lambda p: p.name) if optional else st.just([])
        chosen = pick.map(lambda extra, params=params: [p for p in params if p.required] + extra)
        calls.append(
            chosen.flatmap(
                lambda ps, name=name, sub=sub: st.tuples(
                    *[st.tuples(st.just(p), value_for(p, match_ids)) for p in ps]
                ).map(
                    lambda pairs, name=name, sub=sub: {
                        "kind": "slash",
                        "name": name,
                        "sub": sub,
                        "options": list(pairs),
                    }
                )
            )
        )
        for param in params:
            if param.autocomplete:
                autos.append(
                    word(marker=False).map(
                        lambda typed, name=name, sub=sub, param=param: {
                            "kind": "autocomplete",
                            "name": name,
                            "sub": sub,
                            "focused": param.name,
                            "typed": typed[:100],
                        }
                    )
                )
    ids = st.one_of(st.sampled_from([str(m) for m in match_ids]), st.integers(0, 10**30).map(str))
    num = st.integers(0, 10**20).map(str)
    shapes = {  # the bot's own custom id templates (Discord only sends ids the bot put on a message)
        "hand": [ids],
        "accept": [ids],
        "decline": [ids],
        "join": [ids],
        "replay": [ids, num],
        "opt": [ids, num, num],
        "sel": [ids, num, word(marker=False).map(lambda w: w.replace(":", "")[:20])],
        "page": [ids, num, num, word(marker=False).map(lambda w: w.replace(":", "")[:20])],
    }
    custom = st.one_of(
        *[st.tuples(*parts).map(lambda t, verb=verb: ":".join(("tcg", verb, *t))) for verb, parts in shapes.items()]
    )
    click = st.tuples(custom, st.lists(word(marker=False), max_size=3)).map(
        lambda t: {"kind": "click", "id": t[0][:100], "values": t[1]}
    )
    weighted = st.one_of(*[st.one_of(*calls)] * 4, st.one_of(*autos), click)  # slash commands 2/3 of the time
    return st.tuples(weighted, st.sampled_from(sorted(USERS))).map(lambda t: {**t[0], "user": t[1]})


async def seed_other_server(bot: Any) -> list[int]:
    """Another server's matches (running, over, a lobby) and another user's deck, all marked."""
    services = bot.services
    await services.decks.import_deck("7001", "toy", MARKER, "15x Number 3")
    other, rival = Seat("7001", f"{MARKER} Ann"), Seat("7002", f"{MARKER} Rob")
    row = await services.matches.challenge("toy", other, rival, MARKER, guild_id=OTHER_GUILD, channel_id="77")
    await services.matches.respond(row.id, "7002", True, None)
    over = await services.matches.start_ai("toy", other, MARKER, "random", guild_id=OTHER_GUILD, channel_id="77")
    await services.matches.concede(over.row.id, "7001")
    lobby = await services.matches.open_lobby("toy", other, 3, MARKER, guild_id=OTHER_GUILD, channel_id="77")
    return [row.id, over.row.id, lobby.id, *await seed_this_server(services)]


async def seed_this_server(services: Any) -> list[int]:
    """Matches of this server's users (running, against the AI, a lobby, over), so commands go deep."""
    ana, bo, cy = (Seat(USERS[n]["id"], n.capitalize()) for n in ("ana", "bo", "cy"))
    here = {"guild_id": fakediscord.GUILD_ID, "channel_id": fakediscord.CHANNEL_ID}
    ids = []
    for first, second in ((ana, bo), (bo, cy)):
        row = await services.matches.challenge("toy", first, second, None, **here)
        await services.matches.respond(row.id, second.user, True, None)
        ids.append(row.id)
    ids.append((await services.matches.start_ai("toy", cy, None, "random", **here)).row.id)
    ids.append((await services.matches.open_lobby("toy", ana, 3, None, **here)).id)
    over = await services.matches.start_ai("toy", bo, None, "random", **here)
    await services.matches.concede(over.row.id, bo.user)
    ids.append(over.row.id)
    return ids


async def send(fake: StrictDiscord, spec: dict[str, Any]) -> str:
    """Dispatch one generated interaction; returns its token."""
    user = spec["user"]
    if spec["kind"] == "click":
        # Discord only delivers clicks on components the message has: put the clicked one in it
        if spec["values"]:
            values = dict.fromkeys(v[:100] or "-" for v in spec["values"])
            options = [{"label": v, "value": v} for v in values]
            item = {"type": 3, "custom_id": spec["id"], "options": options, "min_values": 1, "max_values": 25}
            spec["values"] = [o["value"] for o in options]
        else:
            item = {"type": 2, "custom_id": spec["id"], "label": "x", "style": 1}
        body = {"content": "a board", "components": [{"type": 1, "components": [item]}]}
        message = fake._message(fakediscord.CHANNEL_ID, body, [])
        data: dict[str, Any] = {"custom_id": spec["id"], "component_type": 3 if spec["values"] else 2}
        if spec["values"]:
            data["values"] = spec["values"]
        _, token, payload = fake.interaction(user, 3, data, message=message)
    elif spec["kind"] == "autocomplete":
        opts = [{"name": spec["focused"], "type": 3, "value": spec["typed"], "focused": True}]
        data = {"id": fake.new_id(), "name": spec["name"], "type": 1}
        data["options"] = [{"name": spec["sub"], "type": 1, "options": opts}] if spec["sub"] else opts
        _, token, payload = fake.interaction(user, 4, data)
    else:
        opts = [option_json(p, v) for p, v in spec["options"]]
        data = {
            "id": fake.new_id(),
            "name": spec["name"],
            "type": 1,
            "resolved": {
                "users": {u["id"]: u for u in USERS.values()},
                "members": {
                    u["id"]: {k: v for k, v in fakediscord.member(u).items() if k != "user"} for u in USERS.values()
                },
            },
        }
        data["options"] = [{"name": spec["sub"], "type": 1, "options": opts}] if spec["sub"] else opts
        _, token, payload = fake.interaction(user, 2, data)
    await fake.dispatch("INTERACTION_CREATE", payload)
    return token


@dataclass
class Harness:
    """The real bot on a strict fake Discord, driven from a plain (non-async) test with its own loop."""

    loop: asyncio.AbstractEventLoop
    fake: StrictDiscord
    bot: Any
    errors: Errors
    match_ids: list[int]

    def run(self, coro: Any) -> Any:
        return self.loop.run_until_complete(coro)


@contextmanager
def harness(tmp_path: Path) -> Iterator[Harness]:
    loop = asyncio.new_event_loop()
    fake = StrictDiscord()
    errors = Errors()
    loggers = [logging.getLogger("tcgtable"), logging.getLogger("discord")]
    base, gateway = discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY
    loop.run_until_complete(fake.start())
    runner = BotRunner(fake, f"sqlite:///{tmp_path / 'bot.db'}", str(tmp_path / "rules.sqlite"))
    bot = loop.run_until_complete(runner.start())
    match_ids = loop.run_until_complete(seed_other_server(bot))
    for logger in loggers:
        logger.addHandler(errors)
    try:
        yield Harness(loop, fake, bot, errors, match_ids)
    finally:
        for logger in loggers:
            logger.removeHandler(errors)
        loop.run_until_complete(runner.stop())
        loop.run_until_complete(fake.stop())
        loop.close()
        discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = base, gateway


def check_reply(h: Harness, spec: Any, start: int, problems: int) -> str:
    """Everything the bot sent since `start`, after checking it for every kind of failure."""
    said = json.dumps([c.body for c in h.fake.calls[start:]], ensure_ascii=False)
    assert h.fake.problems[problems:] == [], f"{spec}: {h.fake.problems[problems:]}"
    assert h.errors.records == [], f"{spec}: {h.errors.records}"
    assert ERROR_TEXT not in said, f"{spec}: answered with the generic error"
    assert MARKER not in said or MARKER in json.dumps(spec, default=str), (
        f"{spec} showed another server's data: {said[:500]}"
    )
    return said


def test_every_command_survives_hostile_input(tmp_path: Path, toy: Any) -> None:
    tried, boards = [0], [0]
    with harness(tmp_path) as h:

        @settings(max_examples=EXAMPLES, **FUZZ)
        @given(spec=interactions(h.bot.tree, h.match_ids))
        def one(spec: dict[str, Any]) -> None:
            start, problems = len(h.fake.calls), len(h.fake.problems)
            token = h.run(send(h.fake, spec))
            h.run(h.fake.wait_for(lambda c: token in c.path, start=start, timeout=5))
            h.run(runner_settle(h.fake, token, start))
            tried[0] += 1
            boards[0] += '"embeds": [{' in check_reply(h, spec, start, problems)  # a board, a replay or a card

        one()
        checked = h.fake.checked
    summary = {"discord_fuzz_interactions": tried[0], "messages_checked": checked, "answered_with_embeds": boards[0]}
    print(json.dumps(summary))


def chat_message() -> st.SearchStrategy[tuple[str, bool]]:
    """Channel text: [[card]] look-ups and questions to the bot, with hostile words; (text, mentions the bot)."""
    inline = st.lists(word(marker=False), min_size=1, max_size=3).map(lambda ws: " ".join(f"[[{w[:200]}]]" for w in ws))
    question = sentence(marker=False).map(lambda text: f"<@{fakediscord.APP_ID}> {text}"[:4000])
    return st.one_of(inline.map(lambda t: (t, False)), question.map(lambda t: (t, True)))


def test_chat_messages_survive_hostile_input(tmp_path: Path, toy: Any) -> None:
    tried = [0]
    with harness(tmp_path) as h:

        @settings(max_examples=CHAT_EXAMPLES, **FUZZ)
        @given(message=chat_message(), user=st.sampled_from(sorted(USERS)))
        def one(message: tuple[str, bool], user: str) -> None:
            start, problems = len(h.fake.calls), len(h.fake.problems)
            text, asks_bot = message
            h.run(h.fake.post_message(user, text, mentions=[fakediscord.BOT_USER] if asks_bot else None))
            if asks_bot:  # a question by mention is always answered
                h.run(h.fake.wait_for(lambda c: c.method == "POST" and "/messages" in c.path, start=start, timeout=10))
            else:
                h.run(asyncio.sleep(0.02))
            tried[0] += 1
            check_reply(h, message, start, problems)

        one()
        h.run(asyncio.sleep(0.5))
        check_reply(h, "the last messages", 0, 0)
    print(json.dumps({"chat_fuzz_messages": tried[0]}))


async def runner_settle(fake: StrictDiscord, token: str, start: int) -> None:
    """Wait until the interaction's answer has content (a deferred one gets a follow-up)."""

    def final(call: Any) -> bool:
        if token not in call.path:
            return False
        body = call.body or {}
        return not (call.path.endswith("/callback") and body.get("type") == 5)

    # Discord wants the first answer within 3 s (a deferral); the follow-up may take longer: an AI
    # turn is capped at ~7 s, then the board is drawn.
    await fake.wait_for(final, start=start, timeout=20)


def test_other_users_deck_and_other_servers_matches_by_name_and_number(tmp_path: Path, toy: Any) -> None:
    """The fuzz never types MARKER (it could create things named by it); these probes do, on purpose."""
    with harness(tmp_path) as h:
        leaf = {(name, sub): command for name, sub, command in leaves(h.bot.tree)}

        def probe(command: str, sub: str, **values: Any) -> str:
            params = {p.name: p for p in leaf[(command, sub)].parameters}
            spec = {"kind": "slash", "name": command, "sub": sub, "user": "ana"}
            spec["options"] = [(params[key], value) for key, value in values.items()]
            start, problems = len(h.fake.calls), len(h.fake.problems)
            token = h.run(send(h.fake, spec))
            h.run(runner_settle(h.fake, token, start))
            said = json.dumps([c.body for c in h.fake.calls[start:]], ensure_ascii=False)
            assert h.fake.problems[problems:] == [] and h.errors.records == [], said
            return said

        for sub in ("show", "delete"):
            said = probe("deck", sub, game="toy", name=MARKER)
            assert "Number 3" not in said and "Deleted" not in said, said
        for sub in ("board", "replay", "hand", "join", "concede", "abort"):
            for match_id in h.match_ids[:3]:  # the other server's running match, finished match and lobby
                said = probe("match", sub, match=match_id)
                assert MARKER not in said and "in this server" in said, f"/match {sub} {match_id}: {said[:300]}"
        assert h.run(h.bot.services.db.get_deck("7001", "toy", MARKER)) is not None
