"""YAML scenarios: set up a mid-game position, script choices, assert what can be observed.

Format (one scenario per file, or a list under `scenarios:` sharing the file's top-level keys):

```yaml
game: inuyasha
title: Equal values defeat the defender
rule: inuyasha 6.2               # the rule it demonstrates (for reports)
seed: 3
options: {}                      # match options
cards:                           # test-only cards, known to the game for this scenario only
  - {name: Test Militia, like: Village Militia, stats: {cost: 0}}   # see engine.core.scenario_cards
setup:                           # everything optional; see below
  players:
    - values: {life: 8000}       # per-player values (life, ...)
      zones:
        hand: [Kagome, 2x Village Militia]        # names (or codes); "Nx Name" repeats
        field: [{card: Inuyasha, orientation: expended, face_up: true, counters: {power: 1}}]
        deck: [20x Village Militia]               # last = top of the pile
    - zones:
        field: [{card: Jaken, flags: {new: true}}, {card: Tetsusaiga, attached_to: "field:1/Jaken"}]
  shared: {field: [Some Location]}                # shared zones, by name
  state: {active: 0, step: battle}                # the game's own keys (each game's README lists them)
script:
  - choose: "Attack Jaken with Inuyasha"          # an option label (case-insensitive) or id ...
    as: 0                                         # optional: the prompt must be this player's
  - choose: {group: attack, mentions: [Inuyasha, Jaken]}   # ... or a description (see below)
  - choose: "attack:{field:0/Inuyasha}"           # an id; {card reference} becomes the card's id
  - illegal: "play:{hand:1/Kagome}"               # applying this must be refused ...
    as: 1                                         # ... for this player (the prompt must be theirs)
    reason: "only in your own turn"               # ... with this text in the message
    rule: "inuyasha 5.1"                          # ... citing this rule
  - expect:
      values: {1: {life: 7000}}                   # per-player values
      zones: {0: {discard: [Village Militia], hand: 2}, shared: {field: 1}}  # names or a count
      order: {0: {deck: [A, B, C]}, 1: {deck: {top: [B, C]}}}  # bottom first, last = top
      prompt: {player: 1, kind: response, has: [Pass], lacks: [{group: attack}]}
      winner: 0                                   # a seat, seats ([0, 1]: shared), "draw", or "none"
      events: ["is defeated"]                     # substrings of the narration (all of it)
      vars: {phase: battle}
      cards:                                      # one card's state
        - card: "field:1#0"                       # a card reference (below)
          face_up: true                           # also: orientation, controller, owner,
          zone: "discard:1"                       #   zone (a key), index (-1 = top of a pile),
          attached_to: Inuyasha                   #   attached_to (a name, or null),
          attachments: [Tetsusaiga]               #   attachments (names of the cards on it),
          counters: {damage: 2}                   #   counters (listed ones; absent = 0),
          flags: {new: null}                      #   flags (listed ones; null = absent; {}: none),
          seen_by: [0, spectator]                 #   seen_by / hidden_from: seats or "spectator"
      view:                                       # what a seat's `state.view` shows
        1: {sees: [Jaken], hides: [Kagome], zones: {0: {hand: 2}}, values: {0: {life: 7000}}, prompt: true}
        0:
          zones: {0: {hand: [Kagome, Jaken]}, shared: {field: 1}}   # a zone: its count, or the names shown
          secrets: {pick: {card: Jaken}}          # the viewer's secrets; {card: ref} stands for its id
        spectator: {hides: [Kagome], no_events: [Kagome]}   # also events (as that viewer reads them)
      no_events: ["takes damage"]                 # nothing narrated since the last choice says so
      unchanged:                                  # nothing of this changed since the last choice
        values: {0: [life], 1: all}
        zones: {0: [hand, field], shared: [field]}   # or `zones: all`: no card moved
        vars: [phase]                             # or all
        cards: ["field:1/Jaken"]                  # zone, face, orientation, counters, flags...
```
Zone lists compare as multisets of card names; slot zones compare slot by slot (null = empty);
`order` compares a pile in order, bottom first like `setup`. A view's `sees` counts the cards it
shows by name; `hides` is text (usually a card name) that appears nowhere in it: cards,
narration, prompt; a view's zone lists the names it shows ("hidden" for a face-down placeholder).
In a card list, `Nx "Name, with a comma"` repeats a quoted name (a block list; in a flow list
write `"Nx Name, with a comma"`).

A **card reference** is "Name" (the only card of that name in the game), "zone:seat/Name" (the
one in that zone; "field/Name" for a shared zone), "zone:seat#i" (place i: a slot, or a pile
position from the bottom, -1 = top), or a mapping {name, zone, player, index}. An ambiguous
reference is an error listing where the cards are.

An **option description** {group, mentions, excludes} picks the one pending option of that
group (`Option.group`) whose label contains every `mentions` word and no `excludes` word (card
ids in labels are ignored); none or several is an error listing the candidates. Scripts name
options by description, label or an id with card references, so they do not depend on card ids.

`no_events` and `unchanged` compare with the moment before the last `choose` (the start, if
none yet). `illegal ... as: P` fails with an explanation when the prompt is not P's (a refusal
then says nothing about P's rules), quoting what `Game.explain_illegal` would say.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from engine.core.errors import IllegalActionError, InvalidActionError
from engine.core.registry import get_game
from engine.core.scenario_cards import CardSpecError, declared_cards
from engine.core.scenario_expect import ScenarioError, check, expand, find_option, pick, with_card_ids
from engine.core.state import State

__all__ = [
    "ScenarioError",
    "ScenarioResult",
    "build_state",
    "check",
    "find_option",
    "load_file",
    "run_file",
    "run_scenario",
]

STEP_KEYS = {"choose", "illegal", "expect", "as", "reason", "rule", "note"}


@dataclass(slots=True)
class ScenarioResult:
    file: str
    title: str
    rule: str
    failures: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.failures


def _place(state: State, key: str, entries: list[Any], owner: int) -> list[tuple[int, Any]]:
    """Create a zone's cards; returns the attachments to make once every card exists."""
    game = state.game
    slots = game.is_slot_zone(key)
    attach: list[tuple[int, Any]] = []
    for index, entry in enumerate(expand(entries)):
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
        if isinstance(spec.get("attached_to"), str):  # a card reference, resolved once all exist
            attach.append((cid, spec.pop("attached_to")))
        for attr in ("face_up", "known", "orientation", "controller", "attached_to"):
            if attr in spec:
                setattr(card, attr, spec.pop(attr))
        card.counters.update(spec.pop("counters", {}))
        card.flags.update(spec.pop("flags", {}))
        if spec:
            raise ScenarioError(f"zone {key}: unknown card fields {sorted(spec)}")
    return attach


def build_state(data: Mapping[str, Any]) -> State:
    """The scenario's starting state, at its first prompt (test cards must already be declared:
    `run_scenario` does it)."""
    game = get_game(str(data["game"]))
    setup = dict(data.get("setup", {}))
    players = list(setup.get("players", []))
    count = int(setup.get("player_count", max(len(players), game.min_players)))
    state = State(game.id, count, int(data.get("seed", 1)), game.resolve_options(data.get("options")))
    state._game = game
    game.make_zones(state)
    attach: list[tuple[int, Any]] = []
    for seat, pdata in enumerate(players):
        for zone, entries in dict(pdata.get("zones", {})).items():
            key = f"{zone}:{seat}"
            if key not in state.zones:
                raise ScenarioError(f"{game.id} has no zone {zone!r} (zones: {sorted(state.zones)})")
            attach += _place(state, key, list(entries), seat)
    for zone, entries in dict(setup.get("shared", {})).items():
        if zone not in state.zones:
            raise ScenarioError(f"{game.id} has no shared zone {zone!r}")
        attach += _place(state, zone, list(entries), 0)
    for cid, ref in attach:
        state.mcard(cid).attached_to = pick(state, ref)
    game.scenario_setup(state, dict(setup.get("state", {})))
    for seat, pdata in enumerate(players):
        state.players[seat].update(dict(pdata.get("values", {})))
    state.advance()
    return state


def _illegal(state: State, step: Mapping[str, Any], where: str) -> tuple[str, bool]:
    """(failure or "", whether the script can go on) for an `illegal` step."""
    option_id = with_card_ids(state, str(step["illegal"]))
    pending = state.pending
    if "as" in step and pending is not None and pending.player != int(step["as"]):
        explained = state.game.explain_illegal(state, option_id)
        said = f"; the game would say: {explained[0]} ({explained[1]})" if explained else ""
        return (
            f"{where}: expected player {step['as']}'s {option_id!r} to be refused, but the prompt is player "
            f"{pending.player}'s ({pending.kind}: {pending.text}), so a refusal now is not about player "
            f"{step['as']}{said}",
            True,
        )
    try:
        state.apply(option_id)
    except IllegalActionError as exc:
        needle = str(step.get("reason", ""))
        if needle.casefold() not in str(exc).casefold():
            return f"{where}: refused with {str(exc)!r}, expected it to mention {needle!r}", True
        if "rule" in step and str(step["rule"]).casefold() not in exc.rule.casefold():
            return f"{where}: refused under rule {exc.rule!r}, expected {step['rule']!r} ({exc.reason})", True
        return "", True
    return f"{where}: {option_id!r} was accepted, expected a refusal", False


def _run_steps(state: State, script: list[Any], result: ScenarioResult) -> None:
    before, since = state, state.event_total  # the state before the last choice
    for number, step in enumerate(script, start=1):
        where = f"step {number}"
        if not isinstance(step, Mapping) or set(step) - STEP_KEYS:
            raise ScenarioError(f"{where}: a step is choose, illegal or expect (with as, reason, rule), not {step!r}")
        if "choose" in step:
            option = find_option(state, step["choose"])
            pending = state.pending
            if "as" in step and pending is not None and pending.player != int(step["as"]):
                result.failures.append(
                    f"{where}: the prompt is player {pending.player}'s ({pending.kind}: {pending.text}), "
                    f"not player {step['as']}'s"
                )
                return
            before, since = state.clone(), state.event_total
            state.apply(option)
        elif "illegal" in step:
            failure, go_on = _illegal(state, step, where)
            if failure:
                result.failures.append(failure)
            if not go_on:
                return
        elif "expect" in step:
            result.failures.extend(check(state, step["expect"], where, before, since))
        else:
            raise ScenarioError(f"{where}: a step is choose, illegal or expect, not {sorted(step)}")


def run_scenario(data: Mapping[str, Any], file: str = "<scenario>") -> ScenarioResult:
    """Run one scenario and collect its failures (never raises for a failed assertion).

    Its test-only `cards` are known to the game while it runs, and only then.
    """
    result = ScenarioResult(file, str(data.get("title", file)), str(data.get("rule", "")))
    try:
        game = get_game(str(data["game"]))
        with declared_cards(game, list(data.get("cards", []))):
            state = build_state(data)
            _run_steps(state, list(data.get("script", [])), result)
    except (ScenarioError, CardSpecError, InvalidActionError, IllegalActionError, KeyError) as exc:
        result.failures.append(f"{type(exc).__name__}: {exc}")
    return result


def load_file(path: Path) -> list[dict[str, Any]]:
    """The scenarios of a YAML file (one mapping, or `scenarios:` list sharing top-level keys;
    the file's `cards` and a scenario's own `cards` add up)."""
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    if not isinstance(data, dict):
        raise ScenarioError(f"{path}: a scenario file holds a mapping")
    if "scenarios" not in data:
        return [data]
    common = {k: v for k, v in data.items() if k != "scenarios"}
    cards = list(common.get("cards", []))
    return [{**common, **item, "cards": cards + list(item.get("cards", []))} for item in data["scenarios"]]


def run_file(path: Path) -> list[ScenarioResult]:
    try:
        scenarios = load_file(path)
    except (ScenarioError, yaml.YAMLError, OSError) as exc:
        return [ScenarioResult(str(path), path.name, "", [f"cannot load: {exc}"])]
    return [run_scenario(item, str(path)) for item in scenarios]
