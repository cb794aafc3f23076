"""Test-only cards declared in a scenario (`cards:`), known to the game for that scenario only.

A scenario may need a card no shipped card is: a monster with other stats, a copy of a card with
another keyword or subtype. It declares it in YAML, usually as a copy of a shipped card:

```yaml
cards:
  - name: Test Counter Waboku      # a name no shipped card has
    like: Waboku                   # copy this card: its facts and its script (by code)
    subtype: counter               # then change what differs: type, subtype, text,
    stats: {atk: 1800}             # stats and extra (merged key by key), tags (replaced),
    code: T-1                      # and optionally the code (default TEST-<NAME>)
```
Without `like`, give at least `type`: the card has no script (a vanilla card).

`declared_cards(game, specs)` installs them while the scenario runs and removes them afterwards:
the card goes into the game's pool (by code and by name); every code-keyed registry of the game's
package that holds the `like` card (its script book, static tables such as equip boosts) maps the
copy's code to the same entry; and the package's caches derived from the pool (functools caches,
facts tables) are emptied so that they are rebuilt with the copy, and emptied again on the way
out so that they are rebuilt without it. Runs that declare cards hold a process-wide lock, so
two of them never overlap; nothing of the cards is left behind for the next match.
"""

from __future__ import annotations

import dataclasses
import inspect
import sys
import threading
import types
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from types import ModuleType
from typing import TYPE_CHECKING, Any

from cards.pool import CardDef, CardPool, normalize_name

if TYPE_CHECKING:
    from engine.core.game import Game

_LOCK = threading.RLock()
_FIELDS = {"name", "like", "code", "type", "subtype", "text", "stats", "extra", "tags", "aliases"}


class CardSpecError(ValueError):
    """A `cards:` entry of a scenario cannot be made into a card; the message says which and why."""


def make_card(pool: CardPool, spec: Mapping[str, Any]) -> tuple[CardDef, str | None]:
    """The card a `cards:` entry declares, and the code of the card it copies (None: none).

    >>> make_card(pool, {"name": "Test Elf", "like": "Mystical Elf", "stats": {"def": 100}})  # doctest: +SKIP
    """
    unknown = set(spec) - _FIELDS
    if unknown:
        raise CardSpecError(
            f"test card {spec.get('name')!r}: unknown fields {sorted(unknown)} (known: {sorted(_FIELDS)})"
        )
    if "name" not in spec:
        raise CardSpecError(f"a test card needs a name: {dict(spec)}")
    name = str(spec["name"])
    if normalize_name(name) in pool._by_name:
        raise CardSpecError(f"test card {name!r}: a shipped card has that name; give the copy another one")
    code = str(spec.get("code") or "TEST-" + normalize_name(name).replace(" ", "-").upper())
    if code in pool.cards:
        raise CardSpecError(f"test card {name!r}: code {code!r} is taken")
    base: CardDef | None = None
    if "like" in spec:
        try:
            base = pool.resolve(str(spec["like"]))
        except KeyError as exc:
            raise CardSpecError(f"test card {name!r}: like {exc.args[0]}") from None
    elif "type" not in spec:
        raise CardSpecError(f"test card {name!r}: give `like` (a card to copy) or at least `type`")
    card = base or CardDef(game=pool.game, code=code, name=name, type=str(spec["type"]))
    card = dataclasses.replace(
        card,
        code=code,
        name=name,
        type=str(spec.get("type", card.type)),
        subtype=str(spec.get("subtype", card.subtype)),
        text=str(spec.get("text", card.text)),
        stats={**card.stats, **dict(spec.get("stats", {}))},
        extra={**card.extra, **dict(spec.get("extra", {}))},
        tags=tuple(spec.get("tags", card.tags)),
        aliases=tuple(spec.get("aliases", ())),
        sets=(),
    )
    return card, None if base is None else base.code


def _package_modules(game: Game) -> list[ModuleType]:
    """The loaded modules of the package a game is defined in (the module itself if none)."""
    module = type(game).__module__
    package = module.rpartition(".")[0] if "." in module else module
    return [
        m
        for name, m in list(sys.modules.items())
        if m is not None and (name == package or name.startswith(package + "."))
    ]


def _is_facts_table(table: dict[Any, Any]) -> bool:
    """A dict of facts by code, derived from the pool (its values carry their own code)."""
    for key, value in table.items():
        return isinstance(key, str) and getattr(value, "code", None) == key
    return False


def _attribute_values(value: Any) -> list[Any]:
    """The attributes of a module-level object such as a script book: from its `__dict__`, or
    from its type's slot and native-attribute descriptors (compiled classes have no `__dict__`)."""
    if callable(value) or isinstance(value, dict | set | list | tuple | str | int | float):
        return []
    if hasattr(value, "__dict__"):
        return list(vars(value).values())
    found = []
    for name in dir(type(value)):
        descriptor = inspect.getattr_static(type(value), name, None)
        if isinstance(descriptor, types.GetSetDescriptorType | types.MemberDescriptorType) and not name.startswith(
            "__"
        ):
            found.append(getattr(value, name, None))
    return found


def _containers(
    modules: Sequence[ModuleType], pool: CardPool
) -> tuple[list[dict[Any, Any]], list[set[Any]], list[Any]]:
    """Module-level dicts and sets (also inside module-level objects such as script books),
    and functools caches, of these modules; the pool's own indexes left out."""
    dicts: dict[int, dict[Any, Any]] = {}
    sets: dict[int, set[Any]] = {}
    caches: dict[int, Any] = {}
    names = {module.__name__ for module in modules}
    for module in modules:
        for value in list(vars(module).values()):
            if isinstance(value, ModuleType | type):
                continue
            if hasattr(value, "cache_clear") and hasattr(value, "__wrapped__"):
                if getattr(value, "__module__", "") in names:  # not imported ones such as load_pool
                    caches[id(value)] = value
                continue
            inner = [value, *_attribute_values(value)]
            for item in inner:
                if isinstance(item, dict) and item is not pool.cards and item is not pool._by_name:
                    dicts[id(item)] = item
                elif isinstance(item, set):
                    sets[id(item)] = item
    return list(dicts.values()), list(sets.values()), list(caches.values())


def _refresh(modules: Sequence[ModuleType], pool: CardPool) -> None:
    """Empty what the game's package derived from the pool; it is rebuilt on first use."""
    dicts, _, caches = _containers(modules, pool)
    for cache in caches:
        cache.cache_clear()
    for table in dicts:
        if _is_facts_table(table):
            table.clear()


@contextmanager
def declared_cards(game: Game, specs: Sequence[Mapping[str, Any]]) -> Iterator[list[CardDef]]:
    """Make the declared test cards known to `game` while the block runs (see the module doc)."""
    if not specs:
        yield []
        return
    with _LOCK:
        pool = game.pool
        modules = _package_modules(game)
        dicts, sets, _ = _containers(modules, pool)
        made: list[CardDef] = []
        copied: list[tuple[dict[Any, Any] | set[Any], str]] = []
        try:
            for spec in specs:
                card, like = make_card(pool, spec)
                pool.cards[card.code] = card
                pool._by_name[normalize_name(card.name)] = card
                made.append(card)
                if like is None:
                    continue
                for table in dicts:
                    if like in table and not _is_facts_table(table):
                        table[card.code] = table[like]
                        copied.append((table, card.code))
                for group in sets:
                    if like in group:
                        group.add(card.code)
                        copied.append((group, card.code))
            _refresh(modules, pool)
            yield made
        finally:
            for container, code in copied:
                if isinstance(container, dict):
                    container.pop(code, None)
                else:
                    container.discard(code)
            for card in made:
                pool.cards.pop(card.code, None)
                pool._by_name.pop(normalize_name(card.name), None)
            _refresh(modules, pool)
