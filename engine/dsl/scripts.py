"""Card behaviour: a small script per card code, composed from the DSL.

Each game owns a `ScriptBook`; card script modules fill it with `book.card(code)(...)` or
the `@book.script(code)` decorator on a plain function (the escape hatch). The state only
ever stores codes, ids and effect names; the book turns them back into behaviour.

>>> book = ScriptBook("inuyasha")
>>> @book.script("IY-001", kind="event")
... def village_militia(ctx):
...     ctx.state.players[ctx.player]["bonus"] = 1
>>> book.effects("IY-001")[0].name
'village_militia'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from cards.pool import CardPool
from engine.core.errors import EngineError
from engine.dsl.conditions import ALWAYS, Condition
from engine.dsl.context import Ctx
from engine.dsl.costs import FREE, Cost
from engine.dsl.selectors import Selector

Action = Callable[[Ctx], None]


@dataclass(frozen=True, slots=True)
class Effect:
    """One effect of a card. `kind` is game-defined ("activated", "trigger", "static", ...);
    `on` names the event a trigger listens to; `target` lists legal targets (None: untargeted);
    `speed`, `timing` and `extra` carry game-specific facts."""

    name: str
    kind: str
    resolve: Action
    on: str = ""
    condition: Condition = ALWAYS
    cost: Cost = FREE
    target: Selector | None = None
    targets: int = 1
    speed: int = 0
    text: str = ""
    extra: dict[str, Any] = field(default_factory=dict)

    def usable(self, ctx: Ctx) -> bool:
        """Condition holds, cost can be paid and (if targeted) enough targets exist."""
        if not self.condition(ctx) or not self.cost.can_pay(ctx):
            return False
        return self.target is None or len(self.target(ctx)) >= self.targets


class ScriptBook:
    """All card scripts of one game, keyed by card code."""

    def __init__(self, game: str) -> None:
        self.game = game
        self._effects: dict[str, tuple[Effect, ...]] = {}
        self._vanilla: set[str] = set()

    def add(self, code: str, *effects: Effect) -> None:
        if code in self._effects:
            raise EngineError(f"{self.game}: card {code} is scripted twice")
        names = [e.name for e in effects]
        if len(set(names)) != len(names):
            raise EngineError(f"{self.game}: card {code} has two effects with one name")
        self._effects[code] = tuple(effects)

    def script(self, code: str, **effect_fields: Any) -> Callable[[Action], Action]:
        """Decorator: the function becomes the card's (single) effect, named after it."""

        def decorate(func: Action) -> Action:
            self.add(code, Effect(name=func.__name__, resolve=func, **effect_fields))
            return func

        return decorate

    def vanilla(self, *codes: str) -> None:
        """Declare cards that have no effect at all (so coverage knows they are done)."""
        self._vanilla.update(codes)

    def effects(self, code: str) -> tuple[Effect, ...]:
        return self._effects.get(code, ())

    def effect(self, code: str, name: str) -> Effect:
        for effect in self._effects.get(code, ()):
            if effect.name == name:
                return effect
        raise EngineError(f"{self.game}: card {code} has no effect {name!r}")

    def is_scripted(self, code: str) -> bool:
        return code in self._effects or code in self._vanilla

    def missing(self, pool: CardPool, codes: Iterable[str] | None = None) -> list[str]:
        """Codes of cards with neither a script nor a vanilla declaration (coverage report)."""
        wanted = pool.cards if codes is None else codes
        return sorted(code for code in wanted if not self.is_scripted(code))
