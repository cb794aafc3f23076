"""What real Discord refuses with HTTP 400, checked offline (see ../shared/design/DISCORD_TESTING.md).

The fake Discord (`fakediscord.py`) runs every message, interaction response, autocomplete answer
and command registration through these checks and answers 400 like Discord does, so a test fails
where production would.

>>> button_problems({"type": 2, "style": 1, "label": "Go", "custom_id": "x", "emoji": {"name": "🂠"}})
['component emoji 🂠 (U+1F0A0) is not an emoji Discord knows']
>>> button_problems({"type": 2, "style": 1, "label": "Go", "custom_id": "x", "emoji": {"name": "🃏"}})
[]
"""

from __future__ import annotations

import re
from typing import Any

import emoji as emoji_lib

CONTENT_MAX = 2000
EMBEDS_MAX = 10
EMBED_LIMITS = {"title": 256, "description": 4096}
EMBED_TOTAL_MAX = 6000
ROWS_MAX = 5
BUTTONS_PER_ROW = 5
LABEL_MAX = 80
CUSTOM_ID_MAX = 100
SELECT_OPTIONS = (1, 25)
SELECT_TEXT_MAX = 100
PLACEHOLDER_MAX = 150
COMMAND_NAME = re.compile(r"^[-_\w]{1,32}$")
BUTTON, SELECT_TYPES = 2, {3, 5, 6, 7, 8}


def emoji_problem(value: dict[str, Any] | None, custom_emoji: frozenset[str] = frozenset()) -> str | None:
    """Why Discord would refuse a component's `emoji`, or None when it is fine."""
    if not value:
        return None
    if value.get("id"):
        return None if str(value["id"]) in custom_emoji else f"unknown custom emoji id {value['id']}"
    name = str(value.get("name") or "")
    if not emoji_lib.is_emoji(name):
        codes = " ".join(f"U+{ord(ch):04X}" for ch in name)
        return f"component emoji {name} ({codes}) is not an emoji Discord knows"
    return None


def button_problems(item: dict[str, Any]) -> list[str]:
    """One button's problems (label, custom_id, emoji)."""
    problems = []
    if len(item.get("label") or "") > LABEL_MAX:
        problems.append(f"button label over {LABEL_MAX}: {item.get('label')!r}")
    if not item.get("label") and not item.get("emoji"):
        problems.append("button with neither label nor emoji")
    if item.get("style") != 5 and not 1 <= len(item.get("custom_id") or "") <= CUSTOM_ID_MAX:
        problems.append(f"custom_id length out of 1..{CUSTOM_ID_MAX}: {item.get('custom_id')!r}")
    if problem := emoji_problem(item.get("emoji")):
        problems.append(problem)
    return problems


def select_problems(item: dict[str, Any]) -> list[str]:
    """One select menu's problems (options, values, placeholder, custom_id)."""
    problems = []
    if not 1 <= len(item.get("custom_id") or "") <= CUSTOM_ID_MAX:
        problems.append(f"custom_id length out of 1..{CUSTOM_ID_MAX}")
    if len(item.get("placeholder") or "") > PLACEHOLDER_MAX:
        problems.append(f"select placeholder over {PLACEHOLDER_MAX}")
    low, high = SELECT_OPTIONS
    if item.get("type") == 3:
        options = item.get("options") or []
        if not low <= len(options) <= high:
            problems.append(f"select with {len(options)} options (Discord allows {low}..{high})")
        values = [o.get("value") for o in options]
        if len(values) != len(set(values)):
            problems.append("select options with duplicate values")
        for option in options:
            if not option.get("label") or not option.get("value"):
                problems.append("select option with an empty label or value")
            if any(len(option.get(k) or "") > SELECT_TEXT_MAX for k in ("label", "value", "description")):
                problems.append(f"select option text over {SELECT_TEXT_MAX}")
            if problem := emoji_problem(option.get("emoji")):
                problems.append(problem)
        high = min(high, len(options) or high)
    min_values, max_values = item.get("min_values", 1), item.get("max_values", 1)
    if not (0 <= min_values <= max_values <= high and max_values >= 1):
        problems.append(f"select min/max values {min_values}/{max_values} out of range")
    return problems


def component_problems(rows: list[dict[str, Any]]) -> list[str]:
    """Problems of a message's components: rows, buttons per row, selects alone, unique custom_ids."""
    problems = []
    if len(rows) > ROWS_MAX:
        problems.append(f"{len(rows)} component rows (Discord allows {ROWS_MAX})")
    custom_ids: list[str] = []
    for row in rows:
        items = row.get("components") or []
        if row.get("type") != 1 or not items:
            problems.append("a component row that is empty or not an action row")
        selects = [i for i in items if i.get("type") in SELECT_TYPES]
        if selects and len(items) > 1:
            problems.append("a select menu that is not alone in its row")
        if len(items) > BUTTONS_PER_ROW:
            problems.append(f"{len(items)} buttons in a row (Discord allows {BUTTONS_PER_ROW})")
        for item in items:
            if item.get("custom_id"):
                custom_ids.append(item["custom_id"])
            problems.extend(button_problems(item) if item.get("type") == BUTTON else select_problems(item))
    duplicates = sorted({c for c in custom_ids if custom_ids.count(c) > 1})
    if duplicates:
        problems.append(f"duplicate custom_ids {duplicates}")
    return problems


def embed_problems(embed: dict[str, Any]) -> list[str]:
    """One embed's problems (title, description, fields, footer, author)."""
    problems = [f"embed {key} over {limit}" for key, limit in EMBED_LIMITS.items() if len(embed.get(key) or "") > limit]
    fields = embed.get("fields") or []
    if len(fields) > 25:
        problems.append("more than 25 embed fields")
    for field in fields:
        name, value = str(field.get("name") or ""), str(field.get("value") or "")
        if not name.strip() or not value.strip():
            problems.append("an embed field with an empty name or value")
        if len(name) > 256 or len(value) > 1024:
            problems.append("embed field over 256/1024")
    if len((embed.get("footer") or {}).get("text") or "") > 2048:
        problems.append("embed footer over 2048")
    if len((embed.get("author") or {}).get("name") or "") > 256:
        problems.append("embed author over 256")
    return problems


def embed_total(embed: dict[str, Any]) -> int:
    """The characters Discord counts towards the 6000 of a message's embeds."""
    fields = embed.get("fields") or []
    return (
        len(embed.get("title") or "")
        + len(embed.get("description") or "")
        + len((embed.get("footer") or {}).get("text") or "")
        + len((embed.get("author") or {}).get("name") or "")
        + sum(len(f.get("name") or "") + len(f.get("value") or "") for f in fields)
    )


def message_problems(body: dict[str, Any]) -> list[str]:
    """What real Discord would refuse in this message body."""
    problems = []
    if len(body.get("content") or "") > CONTENT_MAX:
        problems.append(f"content of {len(body['content'])} characters")
    embeds = body.get("embeds") or []
    if len(embeds) > EMBEDS_MAX:
        problems.append(f"more than {EMBEDS_MAX} embeds")
    for embed in embeds:
        problems.extend(embed_problems(embed))
    if sum(embed_total(e) for e in embeds) > EMBED_TOTAL_MAX:
        problems.append(f"embeds over {EMBED_TOTAL_MAX} characters together")
    problems.extend(component_problems(body.get("components") or []))
    return problems


def choice_problems(choices: list[dict[str, Any]]) -> list[str]:
    """What Discord refuses in an autocomplete answer (25 choices, names 1-100, values up to 100)."""
    problems = ["more than 25 choices"] if len(choices) > 25 else []
    for choice in choices:
        name, value = str(choice.get("name") or ""), choice.get("value")
        if not 1 <= len(name) <= 100 or (isinstance(value, str) and len(value) > 100):
            problems.append(f"choice name/value out of range ({len(name)} characters)")
    return problems


def command_problems(commands: list[dict[str, Any]]) -> list[str]:
    """What Discord refuses in a command registration (names, descriptions, options, choices)."""
    problems = []

    def check(node: dict[str, Any], where: str) -> None:
        name = str(node.get("name") or "")
        if not COMMAND_NAME.match(name) or name != name.lower():
            problems.append(f"{where}: name {name!r} must be 1-32 lowercase characters")
        description = str(node.get("description") or "")
        if node.get("type", 1) in (1, None) and not 1 <= len(description) <= 100:
            problems.append(f"{where}: description of {len(description)} characters (1..100)")
        options = node.get("options") or []
        if len(options) > 25:
            problems.append(f"{where}: {len(options)} options (25 at most)")
        if len(node.get("choices") or []) > 25:
            problems.append(f"{where}: more than 25 choices")
        for option in options:
            check(option, f"{where} {option.get('name')}")

    for command in commands:
        check(command, f"/{command.get('name')}")
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
    """Discord's 400 answer to a body it refuses."""
    errors = {"_errors": [{"code": "BASE_TYPE_MAX_LENGTH", "message": p} for p in problems]}
    return {"code": 50035, "message": "Invalid Form Body", "errors": errors}


ALREADY_ACKNOWLEDGED = {"code": 40060, "message": "Interaction has already been acknowledged."}
