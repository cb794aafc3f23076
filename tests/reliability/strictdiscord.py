"""The tests' fake Discord, made strict: it refuses what real Discord refuses and notes every risk.

On top of `tests/bot/fakediscord.py` it checks each message the bot creates or edits against
Discord's documented limits (content 2,000 characters, embeds, components), answering 400 like
Discord does, and records a `problem` when a created message could mass-mention (its
`allowed_mentions` missing or allowing @everyone/@here or roles).
"""

from __future__ import annotations

import re
from typing import Any

from support import TESTS, load_module

load_module(TESTS / "bot" / "conftest.py", "bot_tests_conftest")  # puts tests/bot on sys.path
from fakediscord import FakeDiscord  # noqa: E402

EMBED_LIMITS = {"title": 256, "description": 4096}
CREATES = (r"/channels/\d+/messages", r"/webhooks/\d+/[^/]+", r"/interactions/\d+/[^/]+/callback")


def _embed_problems(embed: dict[str, Any]) -> list[str]:
    problems = [f"embed {key} over {limit}" for key, limit in EMBED_LIMITS.items() if len(embed.get(key) or "") > limit]
    fields = embed.get("fields") or []
    if len(fields) > 25:
        problems.append("more than 25 embed fields")
    for field in fields:
        if len(field.get("name") or "") > 256 or len(field.get("value") or "") > 1024:
            problems.append("embed field over 256/1024")
    if len((embed.get("footer") or {}).get("text") or "") > 2048:
        problems.append("embed footer over 2048")
    total = len(embed.get("title") or "") + len(embed.get("description") or "")
    total += sum(len(f.get("name") or "") + len(f.get("value") or "") for f in fields)
    if total > 6000:
        problems.append("embed over 6000 characters")
    return problems


def _component_problems(rows: list[dict[str, Any]]) -> list[str]:
    problems = []
    if len(rows) > 5:
        problems.append("more than 5 component rows")
    for row in rows:
        for item in row.get("components") or []:
            if len(item.get("label") or "") > 80 or len(item.get("custom_id") or "") > 100:
                problems.append("component label over 80 or custom id over 100")
            options = item.get("options") or []
            if len(options) > 25 or len(item.get("placeholder") or "") > 150:
                problems.append("select with more than 25 options or a long placeholder")
            for option in options:
                if any(len(option.get(k) or "") > 100 for k in ("label", "value", "description")):
                    problems.append("select option over 100 characters")
    return problems


def message_problems(body: dict[str, Any]) -> list[str]:
    """What real Discord would refuse in this message body."""
    problems = []
    if len(body.get("content") or "") > 2000:
        problems.append(f"content of {len(body['content'])} characters")
    embeds = body.get("embeds") or []
    if len(embeds) > 10:
        problems.append("more than 10 embeds")
    for embed in embeds:
        problems.extend(_embed_problems(embed))
    problems.extend(_component_problems(body.get("components") or []))
    return problems


def choice_problems(choices: list[dict[str, Any]]) -> list[str]:
    """What Discord refuses in an autocomplete answer (25 choices, names 1-100, values up to 100)."""
    problems = ["more than 25 choices"] if len(choices) > 25 else []
    for choice in choices:
        name, value = str(choice.get("name") or ""), choice.get("value")
        if not 1 <= len(name) <= 100 or (isinstance(value, str) and len(value) > 100):
            problems.append(f"choice name/value out of range ({len(name)} characters)")
    return problems


def mention_problem(body: dict[str, Any]) -> str | None:
    """Why a created message could ping @everyone/@here or a role, or None when it cannot."""
    allowed = body.get("allowed_mentions")
    if allowed is None:
        return "no allowed_mentions: Discord would parse every mention in it"
    parse = set(allowed.get("parse") or [])
    if parse & {"everyone", "roles"} or allowed.get("roles"):
        return f"allowed_mentions lets it ping {sorted(parse & {'everyone', 'roles'}) or allowed.get('roles')}"
    return None


def invalid_form(problems: list[str]) -> dict[str, Any]:
    """Discord's 400 answer to a message it refuses."""
    errors = {"_errors": [{"code": "BASE_TYPE_MAX_LENGTH", "message": p} for p in problems]}
    return {"code": 50035, "message": "Invalid Form Body", "errors": errors}


class StrictDiscord(FakeDiscord):
    """The fake Discord with Discord's limits enforced and mass-mention risks recorded."""

    def __init__(self) -> None:
        super().__init__()
        self.problems: list[str] = []
        self.checked = 0

    def route(self, method: str, path: str, body: Any, files: list[str]) -> tuple[Any, int]:
        message = body.get("data") if path.endswith("/callback") and isinstance(body, dict) else body
        if path.endswith("/callback") and isinstance(body, dict) and body.get("type") == 8:
            self.checked += 1
            refused = choice_problems((body.get("data") or {}).get("choices") or [])
            if refused:
                self.problems.append(f"autocomplete: Discord would refuse: {', '.join(refused)}")
                return invalid_form(refused), 400
            return super().route(method, path, body, files)
        if method in ("POST", "PATCH") and isinstance(message, dict) and not path.endswith("/threads"):
            self.checked += 1
            refused = message_problems(message)
            if refused:
                self.problems.append(f"{method} {path}: Discord would refuse: {', '.join(refused)}")
                return invalid_form(refused), 400
            creates = method == "POST" and any(re.fullmatch(p, path) for p in CREATES)
            has_text = bool(message.get("content") or message.get("embeds"))
            if creates and has_text and (problem := mention_problem(message)):
                self.problems.append(f"{method} {path}: {problem}: {str(message.get('content'))[:120]!r}")
        return super().route(method, path, body, files)
