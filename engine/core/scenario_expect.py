"""What a scenario step can name and assert: cards by reference, options by description, and the
`expect` block (see the format in `engine.core.scenario`)."""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Any

from engine.core.prompt import Option
from engine.core.state import EMPTY, State

_REPEAT = re.compile(r"^\s*(\d+)\s*[xX×]\s+(.+)$")
_PLACEHOLDER = re.compile(r"\{([^{}]+)\}")
_ENGINE_REF = re.compile(r"\s*\(?#\d+\)?")  # "(#12)" in engine labels: ids a script never names
SPECTATOR = "spectator"
VIEW_KEYS = ("sees", "hides", "zones", "values", "secrets", "prompt", "events", "no_events")
CARD_ATTRS = ("zone", "face_up", "known", "orientation", "controller", "attached_to", "counters", "flags")
Failures = list[str]


class ScenarioError(AssertionError):
    """A scenario assertion failed or its file is malformed; the message says which step."""


# ---------------------------------------------------------------- card lists ("3x Name")
def _unquote(text: str) -> str:
    text = text.strip()
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "\"'":
        return text[1:-1]
    return text


def expand(entries: Iterable[Any]) -> list[Any]:
    """Card entries with "Nx Name" repeated N times; `Nx "Name, with a comma"` works too (quotes
    stripped), also in a flow list, where YAML splits the name at its comma."""
    items = list(entries)
    out: list[Any] = []
    index = 0
    while index < len(items):
        entry = items[index]
        index += 1
        if isinstance(entry, str) and (match := _REPEAT.match(entry)):
            name = match.group(2).strip()
            quote = name[:1]
            if quote in ("'", '"') and not (len(name) > 1 and name.endswith(quote)):
                while index < len(items) and isinstance(items[index], str):
                    name += ", " + items[index].strip()
                    index += 1
                    if name.endswith(quote):
                        break
            out.extend([_unquote(name)] * int(match.group(1)))
        elif isinstance(entry, str):
            out.append(_unquote(entry))
        else:
            out.append(entry)
    return out


# ---------------------------------------------------------------- card references
def card_name(state: State, cid: int) -> str:
    return state.game.card(state.cards[cid].code).name


def _zone_key(state: State, zone: Any, player: Any = None) -> str:
    key = str(zone) if player is None else f"{zone}:{int(player)}"
    if key not in state.zones:
        raise ScenarioError(f"no zone {key!r} (zones: {', '.join(sorted(state.zones))})")
    return key


def parse_ref(ref: Any) -> dict[str, Any]:
    """A card reference as a mapping {name, zone, player, index}.

    Strings: "Dark Magician" (the one card of that name, wherever it is), "mzone:1#0" (place 0
    of player 1's mzone: a slot, or a pile position counted from the bottom, -1 = top),
    "hand:0/Dark Magician" (the card of that name in player 0's hand).
    """
    if isinstance(ref, Mapping):
        return dict(ref)
    text = str(ref).strip()
    if "/" in text:
        zone, _, name = text.partition("/")
        return {"zone": zone.strip(), "name": name.strip()}
    if "#" in text and re.fullmatch(r"[\w]+(:\d+)?#-?\d+", text):
        zone, _, index = text.partition("#")
        return {"zone": zone, "index": int(index)}
    return {"name": text}


def pick(state: State, ref: Any) -> int:
    """The id of the card a reference names; a clear ScenarioError when none or several match."""
    spec = parse_ref(ref)
    unknown = set(spec) - {"name", "zone", "player", "index"}
    if unknown:
        raise ScenarioError(f"card reference {ref!r}: unknown keys {sorted(unknown)} (name, zone, player, index)")
    name = spec.get("name")
    wanted = None if name is None else state.game.pool.resolve(str(name)).name
    if "zone" in spec:
        key = _zone_key(state, spec["zone"], spec.get("player"))
        ids = state.zones[key]
        if "index" in spec:
            index = int(spec["index"])
            if not -len(ids) <= index < len(ids) or ids[index] == EMPTY:
                raise ScenarioError(f"card reference {ref!r}: {key} has no card at {index} ({_names_of(state, ids)})")
            cid = ids[index]
            if wanted is not None and card_name(state, cid) != wanted:
                raise ScenarioError(f"card reference {ref!r}: {key} holds {card_name(state, cid)} at {index}")
            return cid
        found = [cid for cid in ids if cid != EMPTY and card_name(state, cid) == wanted]
        where = key
    else:
        if wanted is None:
            raise ScenarioError(f"card reference {ref!r} names neither a card nor a zone")
        found = [card.id for card in state.cards if card_name(state, card.id) == wanted]
        where = "the game"
    if len(found) != 1:
        places = ", ".join(f"{state.cards[cid].zone}" for cid in found)
        many = f"{len(found)} of them ({places}): add a zone or an index" if found else "none"
        raise ScenarioError(f"card reference {ref!r}: {where} holds {many}")
    return found[0]


def _names_of(state: State, ids: Iterable[int]) -> list[str | None]:
    return [None if cid == EMPTY else card_name(state, cid) for cid in ids]


def with_card_ids(state: State, text: str) -> str:
    """An option id with its `{card reference}` placeholders replaced by card ids:
    "attack:{mzone:0#0}:{Mystical Elf}" -> "attack:3:7"."""
    return _PLACEHOLDER.sub(lambda m: str(pick(state, m.group(1))), text)


# ---------------------------------------------------------------- options by description
def _describes(option: Option, spec: Mapping[str, Any]) -> bool:
    label = _ENGINE_REF.sub("", option.label).casefold()
    if "group" in spec and option.group.casefold() != str(spec["group"]).casefold():
        return False
    mentions = spec.get("mentions", [])
    excludes = spec.get("excludes", [])
    mentions = [mentions] if isinstance(mentions, str) else mentions
    excludes = [excludes] if isinstance(excludes, str) else excludes
    return all(str(w).casefold() in label for w in mentions) and not any(str(w).casefold() in label for w in excludes)


def matching(state: State, options: Sequence[Option], wanted: Any) -> list[Option]:
    """The options `wanted` names: an id (placeholders allowed), a label (case-insensitive), or
    a description {group, mentions, excludes} (`id`/`label` keys also accepted)."""
    if isinstance(wanted, Mapping):
        unknown = set(wanted) - {"id", "label", "group", "mentions", "excludes"}
        if unknown:
            raise ScenarioError(f"an option is named by id, label, group, mentions, excludes; not {sorted(unknown)}")
        if "id" in wanted or "label" in wanted:
            return matching(state, options, wanted.get("id", wanted.get("label")))
        return [o for o in options if _describes(o, wanted)]
    text = str(wanted)
    if "{" in text:
        text = with_card_ids(state, text)
    folded = text.strip().casefold()
    return [o for o in options if o.id == text] or [o for o in options if o.label.casefold() == folded]


def _listing(options: Iterable[Option]) -> str:
    return "; ".join(f"{o.label} [{o.id}, {o.group or 'no group'}]" for o in list(options)[:40])


def find_option(state: State, wanted: Any) -> Option:
    """The pending option `wanted` names (see `matching`); a clear error listing the options otherwise."""
    pending = state.pending
    if pending is None:
        raise ScenarioError(f"wanted to choose {wanted!r} but the game is over ({state.result})")
    found = matching(state, pending.options, wanted)
    if len(found) == 1:
        return found[0]
    who = f"player {pending.player} ({pending.kind}: {pending.text})"
    if not found:
        raise ScenarioError(f"no option {wanted!r} for {who}. Options: {_listing(pending.options)}")
    raise ScenarioError(f"{wanted!r} fits {len(found)} options of {who}; say which: {_listing(found)}")


# ---------------------------------------------------------------- expect: cards
def _card_failures(state: State, entry: Mapping[str, Any]) -> Iterator[str]:
    if "card" not in entry:
        raise ScenarioError(f"a `cards` entry names its card with `card:` ({dict(entry)})")
    cid = pick(state, entry["card"])
    card = state.cards[cid]
    label = f"card {entry['card']!r} ({card_name(state, cid)} in {card.zone})"
    ids = state.zones[card.zone]
    for key, want in entry.items():
        if key == "card":
            continue
        if key in ("face_up", "orientation", "controller", "owner", "zone"):
            actual: Any = getattr(card, key)
        elif key == "index":
            actual = ids.index(cid)
            if int(want) < 0:
                actual -= len(ids)
        elif key == "attached_to":
            actual = None if card.attached_to == EMPTY else card_name(state, card.attached_to)
            want = None if want is None else state.game.pool.resolve(str(want)).name
        elif key == "attachments":
            have = sorted(card_name(state, c.id) for c in state.cards if c.attached_to == cid)
            wanted = sorted(state.game.pool.resolve(str(n)).name for n in expand(want))
            if have != wanted:
                yield f"{label} has {have} attached, expected {wanted}"
            continue
        elif key in ("counters", "flags"):
            values = getattr(card, key)
            if not want and values:
                yield f"{label} has {key} {values}, expected none"
            for name, value in dict(want).items():
                have_value = values.get(name, 0 if key == "counters" else None)
                if have_value != value:
                    yield f"{label} {key[:-1]} {name} is {have_value!r}, expected {value!r}"
            continue
        elif key in ("seen_by", "hidden_from"):
            seats = [None if s == SPECTATOR else int(s) for s in want]
            for seat in seats:
                if card.visible_to(seat) != (key == "seen_by"):
                    who = "a spectator" if seat is None else f"player {seat}"
                    yield f"{label} is {'hidden from' if key == 'seen_by' else 'seen by'} {who}"
            continue
        else:
            raise ScenarioError(
                f"unknown card assertion {key!r} (face_up, orientation, controller, owner, zone, index, "
                "attached_to, attachments, counters, flags, seen_by, hidden_from)"
            )
        if actual != want:
            yield f"{label} {key} is {actual!r}, expected {want!r}"


def _order_failures(state: State, key: str, want: Any) -> Iterator[str]:
    """A pile's order, bottom first (last = top), as in `setup`; {top: [...]} / {bottom: [...]} for an end."""
    actual = _names_of(state, state.zones[key])
    if isinstance(want, Mapping):
        for end, listed in want.items():
            wanted = [state.game.pool.resolve(str(n)).name for n in expand(listed)]
            part = actual[len(actual) - len(wanted) :] if end == "top" else actual[: len(wanted)]
            if end not in ("top", "bottom"):
                raise ScenarioError(f"order of {key}: a list, or {{top: [...]}} / {{bottom: [...]}}, not {end!r}")
            if part != wanted:
                yield f"zone {key} {end} is {part} (bottom first), expected {wanted}"
        return
    names: list[str | None] = [None if n is None else state.game.pool.resolve(str(n)).name for n in expand(want)]
    if actual != names:
        yield f"zone {key} is in the order {actual} (bottom first), expected {names}"


# ---------------------------------------------------------------- expect: a seat's view
def _view_cards(view: Mapping[str, Any]) -> list[dict[str, Any]]:
    zones = [z for p in view["players"] for z in p["zones"].values()] + list(view["shared"].values())
    return [c for z in zones for c in z.get("cards", z.get("slots", [])) if c is not None]


def _view_zone(view: Mapping[str, Any], owner: Any, zone: str) -> dict[str, Any] | None:
    if owner == "shared":
        found = view["shared"].get(zone)
    else:
        found = view["players"][int(owner)]["zones"].get(zone)
    return None if found is None else dict(found)


def _view_failures(state: State, seat: Any, want: Mapping[str, Any], since: int) -> Iterator[str]:
    viewer = None if seat in (SPECTATOR, None) else int(seat)
    who = "the spectators'" if viewer is None else f"player {viewer}'s"
    view = state.view(viewer)
    names = Counter(str(c["name"]) for c in _view_cards(view) if "name" in c)
    text = json.dumps(view, ensure_ascii=False).casefold()
    resolve = state.game.pool.resolve
    for key, value in want.items():
        if key == "sees":
            for name, count in Counter(resolve(str(n)).name for n in expand(value)).items():
                if names[name] < count:
                    yield f"{who} view shows {name} {names[name]} time(s), expected {count} (it shows {sorted(names)})"
        elif key == "hides":
            for name in expand(value):
                if str(name).casefold() in text:
                    yield f"{who} view mentions {name!r}, which it should not know"
        elif key == "zones":
            for owner, zones in dict(value).items():
                for zone, expected in dict(zones).items():
                    shown = _view_zone(view, owner, zone)
                    if shown is None:
                        yield f"{who} view has no zone {zone} of {owner}"
                    elif isinstance(expected, int):
                        if shown["count"] != expected:
                            yield f"{who} view of {zone} of {owner} counts {shown['count']}, expected {expected}"
                    else:
                        entries = shown.get("slots", shown.get("cards", []))
                        have = [None if c is None else c.get("name", "hidden") for c in entries]
                        wanted = [n if n in (None, "hidden") else resolve(str(n)).name for n in expand(expected)]
                        same = have[: len(wanted)] == wanted if "slots" in shown else Counter(have) == Counter(wanted)
                        if not same:
                            yield f"{who} view of {zone} of {owner} shows {have}, expected {wanted}"
        elif key == "values":
            for owner, values in dict(value).items():
                for name, expected in dict(values).items():
                    actual = view["players"][int(owner)]["values"].get(name)
                    if actual != expected:
                        yield f"{who} view shows player {owner} {name} {actual!r}, expected {expected!r}"
        elif key == "secrets":
            secrets = view["players"][viewer]["secrets"] if viewer is not None else {}
            for name, expected in dict(value).items():
                if isinstance(expected, Mapping) and set(expected) == {"card"}:  # a card's id, by reference
                    expected = pick(state, expected["card"])
                if secrets.get(name) != expected:
                    yield f"{who} view shows secret {name} {secrets.get(name)!r}, expected {expected!r}"
        elif key == "prompt":
            offered = view["prompt"] is not None and "options" in view["prompt"]
            if offered != bool(value):
                yield f"{who} view {'shows' if offered else 'does not show'} the prompt's options"
        elif key in ("events", "no_events"):
            texts = [t for e in state.events_since(since) if (t := e.text_for(viewer))]
            texts = texts if key == "no_events" else list(view["events"])
            for needle in value:
                hit = any(str(needle).casefold() in t.casefold() for t in texts)
                if hit == (key == "no_events"):
                    yield f"{who} narration {'mentions' if hit else 'lacks'} {needle!r} (it reads {texts[-5:]})"
        else:
            raise ScenarioError(f"unknown view assertion {key!r} (known: {', '.join(VIEW_KEYS)})")


# ---------------------------------------------------------------- expect: nothing changed
def _unchanged_failures(state: State, before: State, want: Mapping[str, Any]) -> Iterator[str]:
    for key, value in want.items():
        if key == "values":
            for seat, keys in dict(value).items():
                now, then = state.players[int(seat)], before.players[int(seat)]
                for name in sorted(set(now) | set(then)) if keys == "all" else keys:
                    if now.get(name) != then.get(name):
                        yield f"player {seat} {name} changed from {then.get(name)!r} to {now.get(name)!r}"
        elif key == "zones":
            zones = sorted(state.zones) if value == "all" else list(_zone_keys(state, value))
            for zone in zones:
                if state.zones[zone] != before.zones[zone]:
                    was, is_now = _names_of(before, before.zones[zone]), _names_of(state, state.zones[zone])
                    yield f"zone {zone} changed from {was} to {is_now}"
        elif key == "vars":
            for name in sorted(set(state.vars) | set(before.vars)) if value == "all" else value:
                if state.vars.get(name) != before.vars.get(name):
                    yield f"var {name} changed from {before.vars.get(name)!r} to {state.vars.get(name)!r}"
        elif key == "cards":
            for ref in value:
                cid = pick(before, ref)
                old, new = before.cards[cid], state.cards[cid]
                for attr in CARD_ATTRS:
                    if getattr(old, attr) != getattr(new, attr):
                        yield f"card {ref!r} {attr} changed from {getattr(old, attr)!r} to {getattr(new, attr)!r}"
        else:
            raise ScenarioError(f"unknown `unchanged` key {key!r} (values, zones, vars, cards)")


def _zone_keys(state: State, spec: Any) -> Iterator[str]:
    for owner, zones in dict(spec).items():
        for zone in zones:
            yield _zone_key(state, zone, None if owner == "shared" else owner)


# ---------------------------------------------------------------- expect
def _zone_failures(state: State, key: str, expected: Any) -> Iterator[str]:
    actual = _names_of(state, state.zones[key])
    if isinstance(expected, int):
        count = sum(1 for name in actual if name is not None)
        if count != expected:
            yield f"zone {key} holds {count} cards, expected {expected}"
        return
    wanted = [None if e is None else state.game.pool.resolve(str(e)).name for e in expand(expected)]
    if state.game.is_slot_zone(key):
        if actual[: len(wanted)] != wanted:
            yield f"zone {key} is {actual}, expected {wanted}"
    elif Counter(actual) != Counter(wanted):
        yield f"zone {key} is {sorted(map(str, actual))}, expected {sorted(map(str, wanted))}"


def _prompt_failures(state: State, want: Mapping[str, Any]) -> Iterator[str]:
    pending = state.pending
    if pending is None:
        yield f"expected a prompt, but the game is over ({state.result})"
        return
    if "player" in want and pending.player != int(want["player"]):
        yield f"prompt is for player {pending.player}, expected {want['player']}"
    if "kind" in want and pending.kind != want["kind"]:
        yield f"prompt kind is {pending.kind!r}, expected {want['kind']!r}"
    for item in want.get("has", []):
        if not matching(state, pending.options, item):
            yield f"prompt lacks option {item!r} (has {[o.label for o in pending]})"
    for item in want.get("lacks", []):
        if found := matching(state, pending.options, item):
            yield f"prompt offers {item!r} ({found[0].label}), which should not be legal"


def _winner_failures(state: State, want: Any) -> Iterator[str]:
    result = state.result
    if want == "none":
        if result is not None:
            yield f"the game ended ({result.reason}), expected it to go on"
    elif result is None:
        yield f"the game is still going, expected winner {want!r}"
    elif want == "draw":
        if result.winners:
            yield f"winners {result.winners}, expected a draw"
    elif isinstance(want, list):
        if sorted(result.winners) != sorted(int(w) for w in want):
            yield f"winners {result.winners} ({result.reason}), expected {want}"
    elif tuple(result.winners) != (int(want),):
        yield f"winners {result.winners} ({result.reason}), expected {want}"


def _values(state: State, want: Mapping[Any, Any]) -> Iterator[str]:
    for seat, values in want.items():
        for key, value in dict(values).items():
            actual = state.players[int(seat)].get(key)
            if actual != value:
                yield f"player {seat} {key} is {actual!r}, expected {value!r}"


def _zones(state: State, want: Mapping[Any, Any], each: Callable[[State, str, Any], Iterator[str]]) -> Iterator[str]:
    for owner, zones in want.items():
        for zone, expected in dict(zones).items():
            key = zone if owner == "shared" else f"{zone}:{int(owner)}"
            if key not in state.zones:
                yield f"no zone {key}"
            else:
                yield from each(state, key, expected)


def _events(state: State, needles: Iterable[Any], since: int | None) -> Iterator[str]:
    events = state.events if since is None else state.events_since(since)
    texts = [event.text for event in events]
    for needle in needles:
        hit = any(str(needle).casefold() in text.casefold() for text in texts)
        if since is None and not hit:
            yield f"no event mentions {needle!r} (last: {texts[-5:]})"
        elif since is not None and hit:
            said = [t for t in texts if str(needle).casefold() in t.casefold()]
            yield f"an event since the last choice mentions {needle!r}: {said}"


def _vars(state: State, want: Mapping[str, Any]) -> Iterator[str]:
    for key, value in want.items():
        if state.vars.get(key) != value:
            yield f"var {key} is {state.vars.get(key)!r}, expected {value!r}"


EXPECT_KEYS = (
    "values", "zones", "prompt", "winner", "events", "vars",
    "cards", "order", "view", "no_events", "unchanged",
)  # fmt: skip


def check(
    state: State, expect: Mapping[str, Any], where: str, before: State | None = None, since: int | None = None
) -> Failures:
    """Every failed assertion of an `expect` block, in words. `before` and `since` (an
    `event_total`) mark the state before the last choice, for `unchanged` and `no_events`."""
    unknown = set(expect) - set(EXPECT_KEYS)
    if unknown:
        raise ScenarioError(f"{where}: unknown expect keys {sorted(unknown)} (known: {', '.join(EXPECT_KEYS)})")
    before = before or state
    since = state.event_total if since is None else since
    parts: list[Iterable[str]] = [
        _values(state, dict(expect.get("values", {}))),
        _zones(state, dict(expect.get("zones", {})), _zone_failures),
        _prompt_failures(state, dict(expect["prompt"])) if "prompt" in expect else (),
        _winner_failures(state, expect["winner"]) if "winner" in expect else (),
        _events(state, expect.get("events", []), None),
        _events(state, expect.get("no_events", []), since),
        _vars(state, dict(expect.get("vars", {}))),
        (f for entry in expect.get("cards", []) for f in _card_failures(state, entry)),
        _zones(state, dict(expect.get("order", {})), _order_failures),
        (f for seat, v in dict(expect.get("view", {})).items() for f in _view_failures(state, seat, dict(v), since)),
        _unchanged_failures(state, before, dict(expect.get("unchanged", {}))),
    ]
    return [f"{where}: {failure}" for part in parts for failure in part]
