"""YAML scenarios: set up a mid-game position, script choices, assert what can be observed.

Format (one scenario per file, or a list under `scenarios:`):

```yaml
game: inuyasha
title: Equal values defeat the defender
rule: inuyasha 6.2               # the rule it demonstrates (for reports)
seed: 3
options: {}                      # match options
setup:                           # everything optional; see below
  players:
    - values: {life: 8000}       # per-player values (life, ...)
      zones:
        hand: [Kagome, 2x Village Militia]        # names (or codes); "Nx Name" repeats
        field: [{card: Inuyasha, orientation: expended, face_up: true, counters: {power: 1}}]
        deck: [20x Village Militia]               # last = top of the pile
    - zones: {...}
  shared: {field: [Some Location]}                # shared zones, by name
  state: {active: 0, step: battle}                # the game's own keys, for Game.scenario_setup
script:
  - choose: "Attack Jaken with Inuyasha"          # an option label (case-insensitive) or id
    as: 0                                         # optional: the prompt must be this player's
  - illegal: "play:12"                            # applying this must be refused ...
    reason: "rule 5.1"                            # ... with this text in the message
  - expect:
      values: {1: {life: 7000}}                   # per-player values
      zones: {0: {discard: [Village Militia], hand: 2}, shared: {field: 1}}  # names or a count
      prompt: {player: 1, kind: response, has: [Pass], lacks: [Attack]}
      winner: 0                                   # a seat, "draw", or "none" (still running)
      events: ["is defeated"]                     # substrings of the narration
      vars: {phase: battle}
```
Zone lists compare as multisets of card names; slot zones compare slot by slot (null = empty).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from engine.core.errors import IllegalActionError, InvalidActionError
from engine.core.prompt import Option
from engine.core.registry import get_game
from engine.core.state import EMPTY, State

_REPEAT = re.compile(r"^\s*(\d+)\s*[xX×]\s+(.+)$")


class ScenarioError(AssertionError):
    """A scenario assertion failed or its file is malformed; the message says which step."""


@dataclass(slots=True)
class ScenarioResult:
    file: str
    title: str
    rule: str
    failures: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.failures


def _expand(entries: Iterable[Any]) -> list[Any]:
    out: list[Any] = []
    for entry in entries:
        if isinstance(entry, str) and (match := _REPEAT.match(entry)):
            out.extend([match.group(2).strip()] * int(match.group(1)))
        else:
            out.append(entry)
    return out


def _place(state: State, key: str, entries: list[Any], owner: int) -> None:
    game = state.game
    slots = game.is_slot_zone(key)
    for index, entry in enumerate(_expand(entries)):
        if entry is None:
            if not slots:
                raise ScenarioError(f"empty entry in pile zone {key}")
            continue
        spec: dict[str, Any] = {"card": entry} if isinstance(entry, str) else dict(entry)
        name = str(spec.pop("card"))
        try:
            code = game.pool.resolve(name).code
        except KeyError as exc:
            raise ScenarioError(f"zone {key}: {exc.args[0]}") from None
        card_owner = int(spec.pop("owner", owner))
        cid = state.create_card(code, card_owner, key, index=index if slots else None)
        card = state.mcard(cid)
        zone_owner = int(key.rpartition(":")[2]) if ":" in key else None
        up, mask = game.zone_spec(key).entry_visibility(zone_owner, card.controller)
        card.face_up, card.known = up, mask
        for attr in ("face_up", "known", "orientation", "controller", "attached_to"):
            if attr in spec:
                setattr(card, attr, spec.pop(attr))
        if "attached_to_index" in spec:
            raise ScenarioError("attached_to takes a card id")
        card.counters.update(spec.pop("counters", {}))
        card.flags.update(spec.pop("flags", {}))
        if spec:
            raise ScenarioError(f"zone {key}: unknown card fields {sorted(spec)}")


def build_state(data: Mapping[str, Any]) -> State:
    """The scenario's starting state, at its first prompt."""
    game = get_game(str(data["game"]))
    setup = dict(data.get("setup", {}))
    players = list(setup.get("players", []))
    count = int(setup.get("player_count", max(len(players), game.min_players)))
    state = State(game.id, count, int(data.get("seed", 1)), game.resolve_options(data.get("options")))
    state._game = game
    game.make_zones(state)
    for seat, pdata in enumerate(players):
        for zone, entries in dict(pdata.get("zones", {})).items():
            key = f"{zone}:{seat}"
            if key not in state.zones:
                raise ScenarioError(f"{game.id} has no zone {zone!r} (zones: {sorted(state.zones)})")
            _place(state, key, list(entries), seat)
    for zone, entries in dict(setup.get("shared", {})).items():
        if zone not in state.zones:
            raise ScenarioError(f"{game.id} has no shared zone {zone!r}")
        _place(state, zone, list(entries), 0)
    game.scenario_setup(state, dict(setup.get("state", {})))
    for seat, pdata in enumerate(players):
        state.players[seat].update(dict(pdata.get("values", {})))
    state.advance()
    return state


def find_option(state: State, wanted: Any) -> Option:
    """The pending option with this id or label; a clear error listing the options otherwise."""
    pending = state.pending
    if pending is None:
        raise ScenarioError(f"wanted to choose {wanted!r} but the game is over ({state.result})")
    if isinstance(wanted, Mapping):
        wanted = wanted.get("id", wanted.get("label"))
    text = str(wanted)
    option = pending.find(text) or pending.find_label(text)
    if option is None:
        labels = "; ".join(f"{o.label} [{o.id}]" for o in pending.options[:40])
        raise ScenarioError(f"no option {text!r} for player {pending.player} ({pending.text}). Options: {labels}")
    return option


def _names(state: State, key: str) -> list[str | None]:
    pool = state.game.pool
    return [None if cid == EMPTY else pool[state.cards[cid].code].name for cid in state.zones[key]]


def _check_zone(state: State, key: str, expected: Any, failures: list[str], where: str) -> None:
    if key not in state.zones:
        failures.append(f"{where}: no zone {key}")
        return
    actual = _names(state, key)
    if isinstance(expected, int):
        count = sum(1 for name in actual if name is not None)
        if count != expected:
            failures.append(f"{where}: zone {key} holds {count} cards, expected {expected}")
        return
    wanted = [None if e is None else state.game.pool.resolve(str(e)).name for e in _expand(expected)]
    if state.game.is_slot_zone(key):
        if actual[: len(wanted)] != wanted:
            failures.append(f"{where}: zone {key} is {actual}, expected {wanted}")
    elif Counter(actual) != Counter(wanted):
        failures.append(f"{where}: zone {key} is {sorted(map(str, actual))}, expected {sorted(map(str, wanted))}")


def check(state: State, expect: Mapping[str, Any], where: str) -> list[str]:
    """Every failed assertion of an `expect` block, in words."""
    failures: list[str] = []
    for seat, values in dict(expect.get("values", {})).items():
        for key, value in dict(values).items():
            actual = state.players[int(seat)].get(key)
            if actual != value:
                failures.append(f"{where}: player {seat} {key} is {actual!r}, expected {value!r}")
    for owner, zones in dict(expect.get("zones", {})).items():
        for zone, expected in dict(zones).items():
            key = zone if owner == "shared" else f"{zone}:{int(owner)}"
            _check_zone(state, key, expected, failures, where)
    if "prompt" in expect:
        want = dict(expect["prompt"])
        pending = state.pending
        if pending is None:
            failures.append(f"{where}: expected a prompt, but the game is over ({state.result})")
        else:
            if "player" in want and pending.player != int(want["player"]):
                failures.append(f"{where}: prompt is for player {pending.player}, expected {want['player']}")
            if "kind" in want and pending.kind != want["kind"]:
                failures.append(f"{where}: prompt kind is {pending.kind!r}, expected {want['kind']!r}")
            labels = [o.label.casefold() for o in pending.options]
            ids = [o.id for o in pending.options]
            for item in want.get("has", []):
                if str(item).casefold() not in labels and item not in ids:
                    failures.append(f"{where}: prompt lacks option {item!r} (has {[o.label for o in pending]})")
            for item in want.get("lacks", []):
                if str(item).casefold() in labels or item in ids:
                    failures.append(f"{where}: prompt offers {item!r}, which should not be legal")
    if "winner" in expect:
        want_winner = expect["winner"]
        result = state.result
        if want_winner == "none":
            if result is not None:
                failures.append(f"{where}: the game ended ({result.reason}), expected it to go on")
        elif result is None:
            failures.append(f"{where}: the game is still going, expected winner {want_winner!r}")
        elif want_winner == "draw":
            if result.winners:
                failures.append(f"{where}: winners {result.winners}, expected a draw")
        elif tuple(result.winners) != (int(want_winner),):
            failures.append(f"{where}: winners {result.winners} ({result.reason}), expected {want_winner}")
    texts = [event.text for event in state.events]
    for needle in expect.get("events", []):
        if not any(str(needle).casefold() in text.casefold() for text in texts):
            failures.append(f"{where}: no event mentions {needle!r} (last: {texts[-5:]})")
    for key, value in dict(expect.get("vars", {})).items():
        if state.vars.get(key) != value:
            failures.append(f"{where}: var {key} is {state.vars.get(key)!r}, expected {value!r}")
    return failures


def run_scenario(data: Mapping[str, Any], file: str = "<scenario>") -> ScenarioResult:
    """Run one scenario and collect its failures (never raises for a failed assertion)."""
    result = ScenarioResult(file, str(data.get("title", file)), str(data.get("rule", "")))
    try:
        state = build_state(data)
        for number, step in enumerate(data.get("script", []), start=1):
            where = f"step {number}"
            if "choose" in step:
                option = find_option(state, step["choose"])
                if "as" in step and state.pending is not None and state.pending.player != int(step["as"]):
                    result.failures.append(f"{where}: prompt is player {state.pending.player}'s, not {step['as']}")
                    break
                state.apply(option)
            elif "illegal" in step:
                try:
                    state.apply(str(step["illegal"]))
                except IllegalActionError as exc:
                    needle = str(step.get("reason", ""))
                    if needle.casefold() not in str(exc).casefold():
                        result.failures.append(f"{where}: refused with {str(exc)!r}, expected it to mention {needle!r}")
                else:
                    result.failures.append(f"{where}: {step['illegal']!r} was accepted, expected a refusal")
                    break
            elif "expect" in step:
                result.failures.extend(check(state, step["expect"], where))
            else:
                raise ScenarioError(f"{where}: a step is choose, illegal or expect, not {sorted(step)}")
    except (ScenarioError, InvalidActionError, IllegalActionError, KeyError) as exc:
        result.failures.append(f"{type(exc).__name__}: {exc}")
    return result


def load_file(path: Path) -> list[dict[str, Any]]:
    """The scenarios of a YAML file (one mapping, or `scenarios:` list sharing top-level keys)."""
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    if not isinstance(data, dict):
        raise ScenarioError(f"{path}: a scenario file holds a mapping")
    if "scenarios" not in data:
        return [data]
    common = {k: v for k, v in data.items() if k != "scenarios"}
    return [{**common, **item} for item in data["scenarios"]]


def run_file(path: Path) -> list[ScenarioResult]:
    try:
        scenarios = load_file(path)
    except (ScenarioError, yaml.YAMLError, OSError) as exc:
        return [ScenarioResult(str(path), path.name, "", [f"cannot load: {exc}"])]
    return [run_scenario(item, str(path)) for item in scenarios]
