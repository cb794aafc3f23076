"""Generic resumable procedures every game needs: pick cards, pick one of several labels,
and a response window (priority passing) for chains and responses.

Call them with `state.push(...)` from a game procedure; read the result with
`state.take_returned()` when the caller resumes.

- "core.choose_cards": player picks between `min` and `max` of `candidates` (card ids), one
  per prompt, with a "Done" option once `min` are picked. Returns the list of picked ids.
- "core.choose": player picks one of `choices` ([[id, label], ...]). Returns the id.
- "core.window": players in `order` are offered responses in turn until every one of them
  passes in a row; `options_fn` (a registered function name) lists a player's response
  options (without "pass"); `on_response` (a registered function name) is called with the
  chosen option and may push procedures (e.g. add a chain link). After a response, passing
  starts over from the next player (the responder counts as passed unless
  `responder_passes=False`). Returns the number of responses made.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from engine.core.errors import EngineError
from engine.core.handles import zone_title
from engine.core.prompt import Option
from engine.core.state import Frame, State, procedure

OptionsFn = Callable[[State, int, dict[str, Any]], list[Option]]
ResponseFn = Callable[[State, int, Option, dict[str, Any]], None]
FUNCTIONS: Final[dict[str, Callable[..., Any]]] = {}

PASS: Final = "pass"
DONE: Final = "done"


def named(name: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Register a plain function by name so frames can refer to it (no closures in a state)."""

    def decorate(func: Callable[..., Any]) -> Callable[..., Any]:
        FUNCTIONS[name] = func
        return func

    return decorate


def function(name: str) -> Callable[..., Any]:
    try:
        return FUNCTIONS[name]
    except KeyError:
        raise EngineError(f"unknown named function {name!r}") from None


def card_label(state: State, cid: int) -> str:
    """A label naming a card for its chooser: name plus where it is, unique enough for buttons."""
    card = state.cards[cid]
    name = state.game.card(card.code).name
    zone = zone_title(state.game, card.zone.rpartition(":")[0] or card.zone)  # "Monsters", never "mzone"
    return f"{name} ({zone} #{cid})"


@procedure("core.choose_cards")
def choose_cards(state: State, frame: Frame) -> None:
    data = frame.data
    picked: list[int] = data.setdefault("picked", [])
    if frame.step == 1:
        answer = state.take_answer()
        if answer.id == DONE:
            state.pop(picked)
            return
        picked.append(int(answer.id.rpartition(":")[2]))
    frame.step = 1
    candidates = [c for c in data["candidates"] if c not in picked]
    maximum = data.get("max", 1)
    minimum = data.get("min", 1)
    if len(picked) >= maximum or not candidates:
        if len(picked) < minimum:
            raise EngineError(f"choose_cards ran out of candidates before the minimum {minimum}")
        state.pop(picked)
        return
    options = [Option(f"card:{cid}", card_label(state, cid), "card") for cid in candidates]
    if len(picked) >= minimum:
        options.append(Option(DONE, "Done", "done"))
    text = data.get("text", "Choose a card")
    if maximum > 1:
        text = f"{text} ({len(picked)}/{maximum} chosen)"
    state.ask(data["player"], data.get("kind", "choose_card"), text, options, data.get("rule", ""))


@procedure("core.choose")
def choose(state: State, frame: Frame) -> None:
    data = frame.data
    if frame.step == 1:
        state.pop(state.take_answer().id)
        return
    frame.step = 1
    options = [Option(str(cid), str(label), data.get("group", "")) for cid, label in data["choices"]]
    state.ask(data["player"], data.get("kind", "choose"), data.get("text", "Choose"), options, data.get("rule", ""))


@procedure("core.window")
def window(state: State, frame: Frame) -> None:
    data = frame.data
    order: list[int] = data["order"]
    if frame.step == 1:
        player = order[data["turn"]]
        answer = state.take_answer()
        if answer.id == PASS:
            data["passes"] += 1
        else:
            # By default the responder counts as having passed on their own response; with
            # responder_passes=False everyone, the responder included, must pass again.
            data["passes"] = 1 if data.get("responder_passes", True) else 0
            data["responses"] = data.get("responses", 0) + 1
            data["turn"] = (data["turn"] + 1) % len(order)
            frame.step = 0
            function(data["on_response"])(state, player, answer, data.get("context", {}))
            return
        data["turn"] = (data["turn"] + 1) % len(order)
        frame.step = 0
    if data.setdefault("passes", 0) >= len(order):
        state.pop(data.get("responses", 0))
        return
    data.setdefault("turn", 0)
    player = order[data["turn"]]
    options = function(data["options_fn"])(state, player, data.get("context", {}))
    if not options and data.get("auto_pass", True):
        data["passes"] += 1
        data["turn"] = (data["turn"] + 1) % len(order)
        return
    frame.step = 1
    options = [*options, Option(PASS, data.get("pass_label", "Pass"), "pass")]
    state.ask(player, data.get("kind", "response"), data.get("text", "Respond?"), options, data.get("rule", ""))
