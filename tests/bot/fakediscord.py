"""A small fake of Discord's REST API and gateway on 127.0.0.1, for driving the real discord.py
client in tests (see ../shared/design/DISCORD_TESTING.md).

It serves one guild with one text channel and a few members, records every REST call, keeps the
messages it was asked to create, and lets a test push gateway events such as INTERACTION_CREATE.

It is strict: whatever real Discord refuses with HTTP 400 (`discordlimits.py`: non-emoji component
emoji, labels, custom_ids, rows, selects, embed and content limits, a second response to one
interaction, malformed command registrations) it refuses too, and notes in `problems`, together
with created messages that could mass-mention. The `fake_discord` fixture fails a test that left
any problem behind.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import discordlimits as limits
from aiohttp import WSMsgType, web

WAIT_SECONDS = 30.0
"""How long a test waits for the bot's next call by default: generous, so a loaded 2-core machine
(the first rules question builds the rules index) doesn't fail a test whose call does arrive."""
APP_ID = "900000000000000001"
GUILD_ID = "900000000000000100"
CHANNEL_ID = "900000000000000200"
BOT_USER = {
    "id": APP_ID,
    "username": "tcgtable",
    "discriminator": "0",
    "global_name": None,
    "avatar": None,
    "bot": True,
}
USERS = {
    name: {"id": uid, "username": name, "discriminator": "0", "global_name": name.capitalize(), "avatar": None}
    for name, uid in (("ana", "800000000000000001"), ("bo", "800000000000000002"), ("cy", "800000000000000003"))
}
NOW = "2026-11-21T00:00:00.000000+00:00"
CREATES = (r"/channels/\d+/messages", r"/webhooks/\d+/[^/]+", r"/interactions/\d+/[^/]+/callback")


@dataclass
class Call:
    method: str
    path: str
    body: Any
    files: list[str] = field(default_factory=list)
    uploads: list[bytes] = field(default_factory=list)  # the files' bytes, in the same order


def member(user: dict[str, Any]) -> dict[str, Any]:
    return {
        "user": user,
        "roles": [],
        "joined_at": NOW,
        "deaf": False,
        "mute": False,
        "flags": 0,
        "permissions": "2147483647",
    }


class FakeDiscord:
    """REST + gateway. `await fake.start()`, then point the bot at `api_base` / `gateway_url`."""

    def __init__(self) -> None:
        self.calls: list[Call] = []
        self.messages: dict[str, dict[str, Any]] = {}
        self.channels: dict[str, dict[str, Any]] = {
            CHANNEL_ID: {
                "id": CHANNEL_ID,
                "type": 0,
                "guild_id": GUILD_ID,
                "name": "games",
                "position": 0,
                "permission_overwrites": [],
                "nsfw": False,
                "parent_id": None,
            },
        }
        self._ids = itertools.count(1_000_000_000_000_000_000)
        self._sockets: list[web.WebSocketResponse] = []
        self._seq = itertools.count(1)
        self._changed = asyncio.Condition()
        self.identified = asyncio.Event()
        self._original: dict[str, str] = {}  # interaction token -> id of the message it answered
        self._clicked: dict[str, str] = {}  # interaction id -> id of the message whose component was used
        self.runner: web.AppRunner | None = None
        self.port = 0
        self.problems: list[str] = []  # what real Discord would have refused or what could mass-mention
        self.typing: list[str] = []  # channels the bot showed "is typing…" in
        self.checked = 0  # bodies checked against Discord's limits
        self._responded: set[str] = set()  # interaction tokens that already got their initial response

    def new_id(self) -> str:
        return str(next(self._ids))

    # ------------------------------------------------------------------ lifecycle
    async def start(self) -> None:
        app = web.Application()
        app.router.add_get("/gateway", self.gateway)
        app.router.add_route("*", "/api/v10/{tail:.*}", self.rest)
        self.runner = web.AppRunner(app)
        await self.runner.setup()
        site = web.TCPSite(self.runner, "127.0.0.1", 0)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]

    async def stop(self) -> None:
        for ws in list(self._sockets):
            await ws.close()
        if self.runner is not None:
            await self.runner.cleanup()

    @property
    def api_base(self) -> str:
        return f"http://127.0.0.1:{self.port}/api/v10"

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/gateway"

    # ------------------------------------------------------------------ gateway
    async def gateway(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse()
        await ws.prepare(request)
        self._sockets.append(ws)
        await ws.send_str(json.dumps({"op": 10, "d": {"heartbeat_interval": 40000}}))
        async for msg in ws:
            if msg.type != WSMsgType.TEXT:
                continue
            payload = json.loads(msg.data)
            if payload["op"] == 1:
                await ws.send_str(json.dumps({"op": 11}))
            elif payload["op"] == 2:
                await self._ready(ws, payload["d"].get("shard") or [0, 1])
        if ws in self._sockets:
            self._sockets.remove(ws)
        return ws

    async def _ready(self, ws: web.WebSocketResponse, shard: list[int]) -> None:
        ready = {
            "v": 10,
            "shard": shard,
            "user": BOT_USER,
            "guilds": [{"id": GUILD_ID, "unavailable": True}],
            "session_id": "fake-session",
            "resume_gateway_url": self.gateway_url,
            "application": {"id": APP_ID, "flags": 0},
        }
        await self._send(ws, "READY", ready)
        guild = {
            "id": GUILD_ID,
            "name": "Card Club",
            "icon": None,
            "owner_id": USERS["cy"]["id"],
            "unavailable": False,
            "roles": [
                {
                    "id": GUILD_ID,
                    "name": "@everyone",
                    "permissions": "2147483647",
                    "position": 0,
                    "color": 0,
                    "hoist": False,
                    "managed": False,
                    "mentionable": False,
                }
            ],
            "channels": [c for c in self.channels.values() if c["type"] == 0],
            "threads": [],
            "members": [member(u) for u in [*USERS.values(), BOT_USER]],
            "member_count": 4,
            "emojis": [],
            "stickers": [],
            "features": [],
            "joined_at": NOW,
            "large": False,
            "voice_states": [],
            "presences": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
        }
        await self._send(ws, "GUILD_CREATE", guild)
        self.identified.set()

    async def _send(self, ws: web.WebSocketResponse, event: str, data: dict[str, Any]) -> None:
        await ws.send_str(json.dumps({"op": 0, "t": event, "s": next(self._seq), "d": data}))

    async def dispatch(self, event: str, data: dict[str, Any]) -> None:
        for ws in list(self._sockets):
            await self._send(ws, event, data)

    # ------------------------------------------------------------------ REST
    async def _body(self, request: web.Request) -> tuple[Any, list[str], list[bytes]]:
        if request.content_type.startswith("multipart/"):
            body: Any = None
            files: list[str] = []
            uploads: list[bytes] = []
            reader = await request.multipart()
            async for part in reader:
                if part.name == "payload_json":  # type: ignore[union-attr]
                    body = json.loads(await part.text())  # type: ignore[union-attr]
                else:
                    uploads.append(bytes(await part.read()))  # type: ignore[union-attr]
                    files.append(part.filename or "")  # type: ignore[union-attr]
            return body, files, uploads
        raw = await request.read()
        return (json.loads(raw) if raw else None), [], []

    def _json(self, data: Any, status: int = 200) -> web.Response:
        if status == 204:
            return web.Response(status=204)
        # exactly "application/json": discord.py reads "...; charset=utf-8" bodies as plain text
        return web.Response(body=json.dumps(data).encode(), status=status, headers={"Content-Type": "application/json"})

    async def rest(self, request: web.Request) -> web.Response:
        path = "/" + request.match_info["tail"]
        body, files, uploads = await self._body(request)
        call = Call(request.method, path, body, files, uploads)
        self.calls.append(call)
        try:
            return self._json(*self.route(request.method, path, body, files))
        finally:
            async with self._changed:
                self._changed.notify_all()

    def route(self, method: str, path: str, body: Any, files: list[str]) -> tuple[Any, int]:
        """Refuse what Discord refuses (400, noted in `problems`), then serve the call."""
        refused = self.refusal(method, path, body)
        if refused is not None:
            return refused
        return self.serve(method, path, body, files)

    def refusal(self, method: str, path: str, body: Any) -> tuple[Any, int] | None:
        """Discord's 400 answer to this call, or None when Discord would accept it."""
        callback = re.fullmatch(r"/interactions/(\d+)/([^/]+)/callback", path)
        if callback and isinstance(body, dict):
            token = callback.group(2)
            if token in self._responded:
                self.problems.append(f"{method} {path}: a second response to one interaction")
                return limits.ALREADY_ACKNOWLEDGED, 400
            if body.get("type") == 8:
                self.checked += 1
                refused = limits.choice_problems((body.get("data") or {}).get("choices") or [])
                if refused:
                    self.problems.append(f"autocomplete: Discord would refuse: {', '.join(refused)}")
                    return limits.invalid_form(refused), 400
                self._responded.add(token)
                return None
            self._responded.add(token)
        if method == "PUT" and re.fullmatch(r"/applications/\d+(/guilds/\d+)?/commands", path):
            refused = limits.command_problems(body or [])
            if refused:
                self.problems.append(f"command registration: Discord would refuse: {', '.join(refused)}")
                return limits.invalid_form(refused), 400
            return None
        message = body.get("data") if callback and isinstance(body, dict) else body
        if method in ("POST", "PATCH") and isinstance(message, dict) and not path.endswith("/threads"):
            self.checked += 1
            refused = limits.message_problems(message)
            if refused:
                if callback:
                    self._responded.discard(callback.group(2))
                self.problems.append(f"{method} {path}: Discord would refuse: {', '.join(refused)}")
                return limits.invalid_form(refused), 400
            creates = method == "POST" and any(re.fullmatch(p, path) for p in CREATES)
            has_text = bool(message.get("content") or message.get("embeds"))
            if creates and has_text and (problem := limits.mention_problem(message)):
                self.problems.append(f"{method} {path}: {problem}: {str(message.get('content'))[:120]!r}")
        return None

    def serve(self, method: str, path: str, body: Any, files: list[str]) -> tuple[Any, int]:
        """Answer an accepted call."""
        key = f"{method} {path}"
        if key == "GET /users/@me":
            return BOT_USER, 200
        if key == "GET /oauth2/applications/@me":
            return {
                "id": APP_ID,
                "name": "tcgtable",
                "icon": None,
                "description": "",
                "bot_public": True,
                "bot_require_code_grant": False,
                "owner": USERS["cy"],
                "verify_key": "",
                "flags": 0,
                "team": None,
            }, 200
        if key in ("GET /gateway", "GET /gateway/bot"):
            return {
                "url": self.gateway_url,
                "shards": 1,
                "session_start_limit": {"total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1},
            }, 200
        if method == "PUT" and re.fullmatch(r"/applications/\d+(/guilds/\d+)?/commands", path):
            return [{**cmd, "id": self.new_id(), "application_id": APP_ID, "version": "1"} for cmd in body], 200
        if m := re.fullmatch(r"/interactions/(\d+)/([^/]+)/callback", path):
            return self._callback(m.group(1), m.group(2), body, files), 200
        if m := re.fullmatch(r"/webhooks/\d+/([^/]+)", path):
            return self._message(f"webhook:{m.group(1)}", body or {}, files), 200
        if m := re.fullmatch(r"/webhooks/\d+/([^/]+)/messages/([^/]+)", path):
            mid = m.group(2) if m.group(2) != "@original" else self._original.get(m.group(1), "")
            return self._edit(mid, body or {}, files), 200
        if m := re.fullmatch(r"/channels/(\d+)/threads", path):
            return self._thread(m.group(1), body or {}), 201
        if m := re.fullmatch(r"/channels/(\d+)/messages", path):
            return self._message(m.group(1), body or {}, files), 200
        if m := re.fullmatch(r"/channels/(\d+)/messages/(\d+)", path):
            if method == "DELETE":
                self.messages.pop(m.group(2), None)
                return None, 204
            return self._edit(m.group(2), body or {}, files), 200
        if m := re.fullmatch(r"/channels/(\d+)/typing", path):
            self.typing.append(m.group(1))
            return None, 204
        if m := re.fullmatch(r"/channels/(\d+)", path):
            channel = self.channels.get(m.group(1))
            return (channel, 200) if channel else ({"message": "Unknown Channel", "code": 10003}, 404)
        return {"message": f"fake Discord has no route for {key}", "code": 0}, 404

    def _message(self, channel: str, body: dict[str, Any], files: list[str]) -> dict[str, Any]:
        mid = self.new_id()
        message = {
            "id": mid,
            "channel_id": channel if channel.isdigit() else CHANNEL_ID,
            "author": BOT_USER,
            "content": body.get("content") or "",
            "embeds": body.get("embeds") or [],
            "components": body.get("components") or [],
            "flags": body.get("flags") or 0,
            "attachments": [
                {"id": self.new_id(), "filename": f, "size": 1, "url": f"https://x/{f}", "proxy_url": f"https://x/{f}"}
                for f in files
            ],
            "timestamp": NOW,
            "edited_timestamp": None,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "pinned": False,
            "type": 0,
            "where": channel,
        }
        self.messages[mid] = message
        return message

    def _edit(self, mid: str, body: dict[str, Any], files: list[str]) -> dict[str, Any]:
        message = self.messages.get(mid)
        if message is None:
            return {"message": "Unknown Message", "code": 10008}
        for key in ("content", "embeds", "components"):
            if key in body and body[key] is not None:
                message[key] = body[key]
        if files:
            message["attachments"] = [
                {"id": self.new_id(), "filename": f, "size": 1, "url": f"https://x/{f}", "proxy_url": f"https://x/{f}"}
                for f in files
            ]
        message["edited_timestamp"] = NOW
        return message

    def _callback(self, interaction_id: str, token: str, body: dict[str, Any], files: list[str]) -> dict[str, Any]:
        kind = body["type"]
        data = body.get("data") or {}
        response: dict[str, Any] = {"interaction": {"id": interaction_id, "type": 2}}
        if kind == 4:  # a new message (flags 64 = ephemeral)
            message = self._message(f"callback:{token}", data, files)
            self._original[token] = message["id"]
            response["interaction"].update(
                response_message_id=message["id"], response_message_ephemeral=bool((data.get("flags") or 0) & 64)
            )
            response["resource"] = {"type": 4, "message": message}
        elif kind == 7:  # update the message the component belongs to
            target = self._clicked.get(interaction_id, "")
            self._original[token] = target
            message = self._edit(target, data, files)
            response["resource"] = {"type": 7, "message": message}
        elif kind == 5:  # deferred message
            message = self._message(f"callback:{token}", {"flags": data.get("flags") or 0}, [])
            self._original[token] = message["id"]
            response["interaction"].update(response_message_id=message["id"], response_message_loading=True)
        elif kind == 6:  # deferred update of the clicked message
            self._original[token] = self._clicked.get(interaction_id, "")
        return response

    def _thread(self, parent: str, body: dict[str, Any]) -> dict[str, Any]:
        tid = self.new_id()
        thread = {
            "id": tid,
            "type": 11,
            "guild_id": GUILD_ID,
            "parent_id": parent,
            "name": body.get("name", "t"),
            "owner_id": APP_ID,
            "member_count": 1,
            "message_count": 0,
            "rate_limit_per_user": 0,
            "flags": 0,
            "thread_metadata": {
                "archived": False,
                "auto_archive_duration": 10080,
                "archive_timestamp": NOW,
                "locked": False,
            },
        }
        self.channels[tid] = thread
        return thread

    # ------------------------------------------------------------------ test helpers
    async def wait_for(
        self, predicate: Callable[[Call], bool], *, start: int = 0, timeout: float = WAIT_SECONDS
    ) -> Call:
        """The first recorded call at index >= `start` matching `predicate` (waits for it)."""

        async def find() -> Call:
            async with self._changed:
                while True:
                    for call in self.calls[start:]:
                        if predicate(call):
                            return call
                    await self._changed.wait()

        return await asyncio.wait_for(find(), timeout)

    def interaction(
        self,
        user: str,
        kind: int,
        data: dict[str, Any],
        *,
        channel: str = CHANNEL_ID,
        message: dict[str, Any] | None = None,
    ) -> tuple[str, str, dict[str, Any]]:
        """An INTERACTION_CREATE payload from `user` (a USERS key); returns (id, token, payload)."""
        iid, token = self.new_id(), f"tok{self.new_id()}"
        chan = self.channels[channel]
        payload: dict[str, Any] = {
            "id": iid,
            "application_id": APP_ID,
            "type": kind,
            "token": token,
            "version": 1,
            "attachment_size_limit": 8_000_000,
            "data": data,
            "guild_id": GUILD_ID,
            "channel_id": channel,
            "channel": dict(chan),
            "member": member(USERS[user]),
            "app_permissions": "2147483647",
            "locale": "en-US",
            "guild_locale": "en-US",
            "entitlements": [],
            "authorizing_integration_owners": {},
            "context": 0,
        }
        if message is not None:
            payload["message"] = message
            self._clicked[iid] = message["id"]
        return iid, token, payload

    async def slash(
        self, user: str, name: str, sub: str | None = None, /, *, in_channel: str = CHANNEL_ID, **options: Any
    ) -> tuple[str, str]:
        """Run `/name [sub] key:value...` as `user`; user-typed options take a USERS key via `user:`."""
        opts = [self._option(k, v) for k, v in options.items() if v is not None]
        data: dict[str, Any] = {
            "id": self.new_id(),
            "name": name,
            "type": 1,
            "resolved": {
                "users": {u["id"]: u for u in USERS.values()},
                "members": {u["id"]: {k: v for k, v in member(u).items() if k != "user"} for u in USERS.values()},
            },
        }
        data["options"] = [{"name": sub, "type": 1, "options": opts}] if sub else opts
        iid, token, payload = self.interaction(user, 2, data, channel=in_channel)
        await self.dispatch("INTERACTION_CREATE", payload)
        return iid, token

    def _option(self, key: str, value: Any) -> dict[str, Any]:
        if isinstance(value, dict) and "user" in value:
            return {"name": key, "type": 6, "value": USERS[value["user"]]["id"]}
        if isinstance(value, bool):
            return {"name": key, "type": 5, "value": value}
        if isinstance(value, int):
            return {"name": key, "type": 4, "value": value}
        if isinstance(value, float):
            return {"name": key, "type": 10, "value": value}
        return {"name": key, "type": 3, "value": value}

    async def autocomplete(
        self, user: str, name: str, sub: str | None, focused: str, typed: str, channel: str = CHANNEL_ID, **options: Any
    ) -> tuple[str, str]:
        opts = [self._option(k, v) for k, v in options.items()]
        opts.append({"name": focused, "type": 3, "value": typed, "focused": True})
        data = {
            "id": self.new_id(),
            "name": name,
            "type": 1,
            "options": [{"name": sub, "type": 1, "options": opts}] if sub else opts,
        }
        iid, token, payload = self.interaction(user, 4, data, channel=channel)
        await self.dispatch("INTERACTION_CREATE", payload)
        return iid, token

    async def click(
        self,
        user: str,
        message: dict[str, Any],
        custom_id: str,
        values: list[str] | None = None,
    ) -> tuple[str, str]:
        """Click the component `custom_id` of `message` as `user` (a select when `values` is given)."""
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": 3 if values is not None else 2}
        if values is not None:
            data["values"] = values
        channel = message["channel_id"] if message["channel_id"] in self.channels else CHANNEL_ID
        iid, token, payload = self.interaction(user, 3, data, channel=channel, message=message)
        await self.dispatch("INTERACTION_CREATE", payload)
        return iid, token

    async def post_message(
        self, user: str, content: str, *, channel: str = CHANNEL_ID, mentions: list[dict[str, Any]] | None = None
    ) -> None:
        """A user writes in a channel (MESSAGE_CREATE)."""
        data = {
            "id": self.new_id(),
            "channel_id": channel,
            "guild_id": GUILD_ID,
            "author": USERS[user],
            "member": {k: v for k, v in member(USERS[user]).items() if k != "user"},
            "content": content,
            "timestamp": NOW,
            "edited_timestamp": None,
            "tts": False,
            "mention_everyone": False,
            "mentions": mentions or [],
            "mention_roles": [],
            "attachments": [],
            "embeds": [],
            "pinned": False,
            "type": 0,
            "flags": 0,
        }
        await self.dispatch("MESSAGE_CREATE", data)

    async def reply_to(self, token: str, *, start: int = 0, timeout: float = WAIT_SECONDS) -> dict[str, Any]:
        """The message an interaction (by token) answered or followed up with, once it has content."""

        def answered(call: Call) -> bool:
            return (
                token in call.path
                and call.method in ("POST", "PATCH")
                and not (call.path.endswith("/callback") and (call.body or {}).get("type") in (5, 6))
            )

        call = await self.wait_for(answered, start=start, timeout=timeout)
        if call.path.endswith("/callback"):
            kind = call.body["type"]
            if kind == 7:
                return self.messages[self._original[token]]
            return self.messages[self._original[token]] | {"_flags": (call.body.get("data") or {}).get("flags", 0)}
        data = call.body or {}
        if "/messages/" in call.path:
            return self.messages[self._original.get(token, "")] if "@original" in call.path else data
        return {**data, "_flags": data.get("flags", 0)}
