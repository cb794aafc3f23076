"""What a player is shown of a state, with no card id in it: the boundary between engine and people.

Inside the engine a card instance keeps one id for the whole match (ids are handed out in
deck-list order, so with a public deck list an id names the card). Nothing a player reads may
carry one. A `Lens` shows one seat (or a spectator, `viewer=None`) a state through handles:

- a card's **handle** is a keyed hash of (the match secret, the viewer, the card id, how many
  times the card has changed zones, whether the viewer sees it). It carries no deck-list order;
  it is new whenever the card changes zones or becomes hidden to that viewer, and stays the same
  while the card stays where it is (which everyone can follow anyway);
- the **view** is `State.view` with every card id replaced by its handle: cards, attachments,
  modifiers, and the places a game declares in `Game.card_refs` (vars, player values, secrets,
  card flags);
- the **prompt** lists public options: ids with each card id replaced by its handle ("target:84"
  becomes "target:c1f0…", the handle the view shows), labels without "#id" (made unique by
  the card's place, "Attack a face-down monster (Player 2's Monsters 3)", then by an ordinal),
  at most 80 characters, ordered by group and label so that the order says nothing either;
  `Lens.choice` maps a public option id back to the engine's;
- **narration** and prompt texts lose their "#id" references.

Records, scenarios and the AI keep the engine's ids: the lens only changes what is shown.

>>> lens = Lens(state, 1, match_secret("yugioh", seed))          # doctest: +SKIP
>>> option = lens.prompt().options[0]; state.apply(lens.choice(option.id))  # doctest: +SKIP
"""

from __future__ import annotations

import hashlib
import importlib
import re
from collections import Counter
from collections.abc import Callable, Iterable
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

import yaml

from engine.core.errors import IllegalActionError
from engine.core.labels import fit_label
from engine.core.prompt import Option, Prompt
from engine.core.state import zone_name, zone_owner

if TYPE_CHECKING:
    from engine.core.game import Game
    from engine.core.state import State

MAX_LABEL: Final = 80  # Discord's button label limit
REF: Final = re.compile(r"#(\d+)")  # a card id in engine text: "Tobi #12", "(#12)", "(mzone #2)"
_SPACED_REF: Final = re.compile(r"\s*#\d+")
_EMPTY_PARENS: Final = re.compile(r"\s*\(\s*\)")
_DIGITS: Final = re.compile(r"(\d+)")


def match_secret(game_id: str, seed: int) -> bytes:
    """The per-match key of every handle: derived from the seed, which players never see."""
    return hashlib.sha256(f"tcgtable handles 1|{game_id}|{seed}".encode()).digest()


def strip_refs(text: str) -> str:
    """Engine text without its "#id" card references ("Tobi #12 attacks" -> "Tobi attacks")."""
    if "#" not in text:
        return text
    return _EMPTY_PARENS.sub("", _SPACED_REF.sub("", text)).strip()


def _mac(secret: bytes, *parts: object) -> str:
    data = "|".join(str(part) for part in parts).encode()
    return hashlib.blake2b(data, key=secret, digest_size=8).hexdigest()


def _natural(text: str) -> list[Any]:
    """Sort key reading numbers as numbers ("zone 2" before "zone 10")."""
    return [int(part) if part.isdigit() else part.casefold() for part in _DIGITS.split(text)]


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


@lru_cache(maxsize=32)
def _zone_titles(module_name: str) -> dict[str, str]:
    """Zone display names from the game's display.yaml (the names the bot shows)."""
    module = importlib.import_module(module_name)
    path = Path(module.__file__ or ".").parent / "display.yaml"
    if not module.__file__ or not path.is_file():
        return {}
    raw = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    zones = raw.get("zones") if isinstance(raw, dict) else None
    return {str(k): str(v or "") for k, v in zones.items()} if isinstance(zones, dict) else {}


def zone_title(game: Game, name: str) -> str:
    """What players call a zone ("mzone" -> "Monsters"); its name made readable otherwise."""
    return _zone_titles(type(game).__module__).get(name) or name.replace("_", " ")


def map_refs(value: Any, path: list[str], ident: Callable[[int], Any], count: int) -> Any:
    """`value` with the card ids at `path` (steps: a key or index, "*" every item, "@" dict keys)
    replaced by `ident(id)`; ids are ints in range(count) (or digit strings as dict keys)."""
    if not path:
        if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < count:
            return ident(value)
        return value
    step, rest = path[0], path[1:]
    if isinstance(value, dict):
        if step == "@":
            return {(ident(int(k)) if str(k).isdigit() and int(k) < count else k): v for k, v in value.items()}
        if step == "*":
            return {k: map_refs(v, rest, ident, count) for k, v in value.items()}
        if step in value:
            return {**value, step: map_refs(value[step], rest, ident, count)}
        return value
    if isinstance(value, list):
        if step == "*":
            return [map_refs(v, rest, ident, count) for v in value]
        if step.isdigit() and int(step) < len(value):
            index = int(step)
            return [*value[:index], map_refs(value[index], rest, ident, count), *value[index + 1 :]]
    return value


class Lens:
    """One viewer's window on a state: handles for cards, public options, narration without ids.

    `viewer` is a seat, or None for a spectator (and everything posted in public). A lens is
    cheap; make one per state and viewer (it caches the public prompt).
    """

    def __init__(self, state: State, viewer: int | None, secret: bytes) -> None:
        self.state = state
        self.viewer = viewer
        self.secret = secret
        self._who = "s" if viewer is None else str(viewer)
        self._public: tuple[Prompt, dict[str, str]] | None = None
        self._cards_mac = hashlib.blake2b(f"card|{self._who}|".encode(), key=secret, digest_size=8)
        self._handles: dict[int, str] = {}

    # ----------------------------------------------------------------- cards
    def handle(self, cid: int) -> str:
        """The handle this viewer knows card `cid` by now."""
        known = self._handles.get(cid)
        if known is None:
            card = self.state.cards[cid]
            mac = self._cards_mac.copy()
            mac.update(f"{cid}|{card.moves}|{int(card.visible_to(self.viewer))}".encode())
            known = self._handles[cid] = "c" + mac.hexdigest()[:12]
        return known

    def place(self, cid: int) -> str:
        """Where a card is, as this viewer may say it: "your Hand 2", "Player 2's Monsters 3".

        A hidden card outside play has no position (its place in a hand or pile would follow it)."""
        state = self.state
        card = state.cards[cid]
        key = card.zone
        owner = zone_owner(key)
        title = zone_title(state.game, zone_name(key))
        whose = "" if owner is None else "your " if owner == self.viewer else f"Player {owner + 1}'s "
        spec = state.game.zone_spec(key)
        if not (card.visible_to(self.viewer) or spec.in_play):
            return f"{whose}{title}"
        return f"{whose}{title} {state.zones[key].index(cid) + 1}"

    # ----------------------------------------------------------------- view
    def view(self) -> dict[str, Any]:
        """`State.view` as this viewer may be shown it: handles, public prompt, narration."""
        state = self.state
        view = state.view(self.viewer)
        game = state.game
        refs = _refs(game.card_refs)
        count = len(state.cards)
        ident = self.handle

        def mapped(area: str, values: dict[str, Any]) -> dict[str, Any]:
            for key, path in refs.get(area, ()):
                if key in values:
                    values[key] = map_refs(values[key], path, ident, count)
            return values

        for player in view["players"]:
            player["values"] = mapped("values", player["values"])
            if "secrets" in player:
                player["secrets"] = mapped("secrets", player["secrets"])
            for zone in player["zones"].values():
                self._cards(zone, mapped)
        for zone in view["shared"].values():
            self._cards(zone, mapped)
        view["vars"] = mapped("vars", view["vars"])
        view["modifiers"] = [
            [ident(m[0]) if m[0] >= 0 else m[0], *m[1:5], ident(m[5]) if m[5] >= 0 else m[5], *m[6:]]
            for m in view["modifiers"]
        ]
        public = self.prompt()
        if public is not None:
            view["prompt"] = public.to_json()
        view["events"] = [strip_refs(text) for text in view["events"]]
        if view["result"]:
            view["result"][1] = strip_refs(view["result"][1])
        return view

    def _cards(self, zone: dict[str, Any], mapped: Callable[[str, dict[str, Any]], dict[str, Any]]) -> None:
        for card in [*zone.get("cards", ()), *zone.get("slots", ())]:
            if not card:
                continue
            if "id" in card:
                card["id"] = self.handle(card["id"])
            if "attached_to" in card:
                card["attached_to"] = self.handle(card["attached_to"])
            if "flags" in card:
                card["flags"] = mapped("flags", card["flags"])

    def events_since(self, total: int) -> list[str]:
        """The narration this viewer may read, logged after `event_total` was `total`."""
        return [strip_refs(text) for event in self.state.events_since(total) if (text := event.text_for(self.viewer))]

    # ----------------------------------------------------------------- prompt
    def prompt(self) -> Prompt | None:
        """The pending prompt as this viewer is shown it (None unless it is theirs)."""
        pending = self.state.pending
        if pending is None or self.viewer is None or pending.player != self.viewer:
            return None
        if self._public is None:
            self._public = self._publish(pending)
        return self._public[0]

    def choice(self, public_id: str) -> str:
        """The engine's option id for a public one from `prompt()`; IllegalActionError otherwise."""
        self.prompt()
        internal = self._public[1].get(public_id) if self._public is not None else None
        if internal is None:
            pending = self.state.pending
            text = strip_refs(pending.text) if pending is not None else "no decision is pending"
            raise IllegalActionError(f"{public_id!r} is not one of your options now ({text})", given=public_id)
        return internal

    def option_id(self, internal: str) -> str:
        """The public id of an engine option id: each card id replaced by its handle."""
        count = len(self.state.cards)
        parts = internal.split(":")
        return ":".join(self.handle(int(p)) if p.isdigit() and int(p) < count else p for p in parts)

    def _publish(self, pending: Prompt) -> tuple[Prompt, dict[str, str]]:
        steps = self.state.steps
        options = self._merge_copies(pending.options)
        tiebreak = {o.id: _mac(self.secret, "order", self._who, steps, o.id) for o in options}
        labels = self._labels(options, tiebreak)
        public_ids: dict[str, str] = {}
        for option in (*options, *(o for o in pending.options if o not in options)):  # a merged copy still answers
            public = self.option_id(option.id)
            while public in public_ids:  # two handles alike (2**-48): keep ids unique all the same
                public += "'"
            public_ids[public] = option.id
        by_internal = {internal: public for public, internal in public_ids.items()}
        first_group: dict[str, int] = {}
        for option in options:
            first_group.setdefault(option.group, len(first_group))
        shown = sorted(options, key=lambda o: (first_group[o.group], _natural(labels[o.id]), tiebreak[o.id]))
        public_prompt = Prompt(
            pending.player,
            pending.kind,
            strip_refs(pending.text),
            tuple(Option(by_internal[o.id], labels[o.id], o.group) for o in shown),
            pending.rule,
        )
        return public_prompt, public_ids

    def _merge_copies(self, options: tuple[Option, ...]) -> tuple[Option, ...]:
        """Options that differ only by which of identical cards in a hand they use ("Summon
        Man-Eater Bug" for each of two copies) offered once: the first of them stands for all."""
        kept: list[Option] = []
        seen: set[tuple[str, str, str, tuple[tuple[str, str], ...]]] = set()
        for option in options:
            key = self._copy_key(option)
            if key is None:
                kept.append(option)
            elif key not in seen:
                seen.add(key)
                kept.append(option)
        return tuple(kept) if len(kept) < len(options) else options

    def _copy_key(self, option: Option) -> tuple[str, str, str, tuple[tuple[str, str], ...]] | None:
        """What an option does up to which copy of a card in a hand it uses (a hand card with
        nothing on it is known by its code; any other card by itself); None when it uses no hand card."""
        count = len(self.state.cards)
        refs = [int(p) for p in option.id.split(":") if p.isdigit() and int(p) < count]
        cards: list[tuple[str, str]] = []
        for cid in refs:
            card = self.state.cards[cid]
            copy = card.zone.startswith("hand") and not card.counters and not card.flags and card.attached_to < 0
            cards.append((card.code, card.zone) if copy else ("#", str(cid)))
        if not any(code != "#" for code, _ in cards):
            return None
        shape = ":".join("#" if p.isdigit() and int(p) < count else p for p in option.id.split(":"))
        return (shape, option.group, strip_refs(option.label), tuple(cards))

    def _labels(self, options: Iterable[Option], tiebreak: dict[str, str]) -> dict[str, str]:
        """Unique labels without ids, at most MAX_LABEL characters, by engine option id."""
        options = list(options)
        labels = {o.id: strip_refs(o.label) for o in options}
        clash = Counter(labels.values())
        alike: dict[str, list[list[str]]] = {}
        for option in options:
            if clash[labels[option.id]] > 1:
                alike.setdefault(labels[option.id], []).append(REF.findall(option.label))
        for option in options:
            if clash[labels[option.id]] > 1 and REF.search(option.label):
                labels[option.id] = self._placed(_telling_refs(option.label, alike[labels[option.id]]))
        texts = list(labels.values())
        labels = {
            key: fit_label(text, [*texts[:n], *texts[n + 1 :]], MAX_LABEL)  # what tells options apart stays
            for n, (key, text) in enumerate(labels.items())
        }
        clash = Counter(labels.values())
        seen: Counter[str] = Counter()
        for option in sorted(options, key=lambda o: tiebreak[o.id]):
            text = labels[option.id]
            if clash[text] > 1:
                seen[text] += 1
                labels[option.id] = _fit(text, f" ({_ordinal(seen[text])})")
        return labels

    def _placed(self, label: str) -> str:
        """`label` with each "#id" replaced by the card's place."""
        count = len(self.state.cards)

        def sub(match: re.Match[str]) -> str:
            cid = int(match.group(1))
            if cid >= count:
                return ""
            before = label[: match.start()]
            where = self.place(cid)
            if before.count("(") > before.count(")"):
                return where if before.rstrip().endswith("(") else f", {where}"
            return f"({where})"

        text = REF.sub(sub, label)
        return _EMPTY_PARENS.sub("", re.sub(r"\s+,", ",", text).replace("( ", "(")).replace("  ", " ").strip()


def _telling_refs(label: str, group: list[list[str]]) -> str:
    """`label` keeping only the "#id"s that differ among the options of `group` (the card ids
    each alike label refers to, in order): a card every one of them names alike needs no place
    ("Use Bone Whip (your In play 3): Raiga", not "…: Raiga (Player 1's In play 2)" as well)."""
    telling = {n for n in range(max(map(len, group))) if len({refs[n] if n < len(refs) else "" for refs in group}) > 1}
    seen = -1

    def keep(match: re.Match[str]) -> str:
        nonlocal seen
        seen += 1
        return match.group(0) if seen in telling else ""

    return re.sub(r"\s*#\d+", keep, label)


def _fit(text: str, tail: str = "") -> str:
    """`text` + `tail` in MAX_LABEL characters, cutting `text` (never the distinguishing tail)."""
    if len(text) + len(tail) <= MAX_LABEL:
        return text + tail
    return text[: MAX_LABEL - len(tail) - 1].rstrip() + "…" + tail


@lru_cache(maxsize=64)
def _refs(spec: tuple[str, ...]) -> dict[str, list[tuple[str, list[str]]]]:
    """`Game.card_refs` parsed: area -> [(key, path)]."""
    out: dict[str, list[tuple[str, list[str]]]] = {}
    for entry in spec:
        area, _, rest = entry.partition(".")
        key, *path = rest.split("/")
        out.setdefault(area, []).append((key, path))
    return out
