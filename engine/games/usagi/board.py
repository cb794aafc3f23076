"""Board queries and movements: where cards are, what they are rated, and how they move.

Zones (rules section 2): per player "deck", "hand", "rest", "dead", "field", "chronicle",
"proposal" (a face-down proposed Event); shared "events" (the Event field) and "stack"
(cards being played, not yet resolved). Card flags: "inv" = id of the Event a Character is
involved with; "age" = turn an Event was revealed. Orientation "stricken" or "".
"""

from __future__ import annotations

from typing import Final

from engine.core.state import EMPTY, Modifier, State
from engine.games.usagi.book import BOOK
from engine.games.usagi.facts import RATINGS, Facts, facts

STRICKEN: Final = "stricken"
EVENTS: Final = "events"
STACK: Final = "stack"

Auras = dict[int, dict[str, int]]  # character id -> rating -> bonus


def fld(player: int) -> str:
    return f"field:{player}"


def play_zones(state: State) -> list[str]:
    """Keys of every zone whose cards are in play (the play fields and the Event field)."""
    return [*(f"field:{p}" for p in range(state.num_players)), EVENTS]


def in_play(state: State, cid: int) -> bool:
    zone = state.cards[cid].zone
    return zone == EVENTS or zone.startswith("field:")


def characters(state: State, player: int | None = None) -> list[int]:
    """Characters in play (in a play field or involved), optionally only those `player` controls."""
    out: list[int] = []
    cards = state.cards
    for key in play_zones(state):
        for cid in state.zones[key]:
            card = cards[cid]
            if (player is None or card.controller == player) and facts(card.code).is_character:
                out.append(cid)
    return out


def events_in_play(state: State) -> list[int]:
    return [cid for cid in state.zones[EVENTS] if facts(state.cards[cid].code).is_event]


def attachments_of(state: State, cid: int) -> list[int]:
    """Cards attached to `cid` (they sit in the same zone)."""
    zone = state.cards[cid].zone
    return [a for a in state.zones[zone] if state.cards[a].attached_to == cid]


def involved_with(state: State, eid: int, player: int | None = None) -> list[int]:
    """Characters involved with Event `eid` (optionally of one controller)."""
    cards = state.cards
    return [
        cid
        for cid in state.zones[EVENTS]
        if cards[cid].flags.get("inv") == eid and (player is None or cards[cid].controller == player)
    ]


def has_hero_in_field(state: State, player: int) -> bool:
    return any(facts(state.cards[cid].code).is_hero for cid in state.zones[fld(player)])


def names_in_play(state: State, player: int | None = None) -> set[str]:
    """Names of single-copy cards (Characters, Unique) in play or being played (rule 1.6)."""
    names: set[str] = set()
    cards = state.cards
    for key in [*play_zones(state), STACK]:
        for cid in state.zones[key]:
            card = cards[cid]
            info = facts(card.code)
            if info.single_in_play and (player is None or card.controller == player):
                names.add(info.name)
    return names


# ---------------------------------------------------------------- ratings
def auras(state: State) -> Auras:
    """Rating bonuses from static abilities in play (Held Moments, lords)."""
    found: Auras = {}
    cards = state.cards
    for key in play_zones(state):
        for src in state.zones[key]:
            aura = BOOK.aura(cards[src].code)
            if aura is None:
                continue
            rating, amount, scope = aura
            if scope == "zone":
                owner = int(key.rpartition(":")[2]) if ":" in key else -1
                chars = characters(state, owner) if owner >= 0 else characters(state)
            else:
                chars = characters(state, cards[src].controller)
                if scope == "others":
                    chars = [c for c in chars if c != src]
            for cid in chars:
                bonus = found.setdefault(cid, {})
                bonus[rating] = bonus.get(rating, 0) + amount
    return found


def rating(state: State, cid: int, name: str, bonuses: Auras | None = None) -> int | None:
    """A card's current rating (None when it is unrated in it, rule 1.4)."""
    base = facts(state.cards[cid].code).ratings.get(name)
    extra = 0
    for m in state.modifiers:
        if m.target == cid and m.stat == name:
            extra += m.amount
    if bonuses is not None and cid in bonuses:
        extra += bonuses[cid].get(name, 0)
    if base is None:
        return extra if extra > 0 else None
    return max(0, base + extra)


def event_ratings(state: State, eid: int) -> dict[str, int]:
    """The Event's requirement per rating: its own ratings plus its Settings' (rule 8.5)."""
    total = dict(facts(state.cards[eid].code).ratings)
    for att in attachments_of(state, eid):
        for name, value in facts(state.cards[att].code).ratings.items():
            total[name] = total.get(name, 0) + value
    return total


def can_involve(state: State, cid: int, eid: int, bonuses: Auras) -> bool:
    """The Character is rated (even 0) in at least one rating of the Event (rule 6.4)."""
    return any(rating(state, cid, name, bonuses) is not None for name in event_ratings(state, eid))


def totals(state: State, eid: int, player: int, bonuses: Auras) -> dict[str, int]:
    """A player's involved ratings on an Event, per rating the Event has (rule 7.3)."""
    wanted = event_ratings(state, eid)
    sums = dict.fromkeys(wanted, 0)
    for cid in involved_with(state, eid, player):
        for card in (cid, *attachments_of(state, cid)):
            for name in wanted:
                value = rating(state, card, name, bonuses)
                if value:
                    sums[name] += value
    return sums


def rating_line(state: State, cid: int, bonuses: Auras | None = None) -> str:
    parts = []
    for name in RATINGS:
        value = rating(state, cid, name, bonuses)
        if value is not None:
            parts.append(f"{name.capitalize()} {value}")
    return ", ".join(parts) or "unrated"


# ---------------------------------------------------------------- movement
def name(state: State, cid: int) -> str:
    return facts(state.cards[cid].code).name


def info(state: State, cid: int) -> Facts:
    return facts(state.cards[cid].code)


def _forget(state: State, cid: int) -> None:
    if any(m.target == cid for m in state.modifiers):
        state.modifiers = [m for m in state.modifiers if m.target != cid]


def leave_play(state: State, cid: int, pile: str) -> None:
    """Send a card and everything attached to it to their owners' `pile` ("rest" or "dead")."""
    for att in attachments_of(state, cid):
        leave_play(state, att, pile)
    card = state.mcard(cid)
    card.flags = {}
    _forget(state, cid)
    state.move(cid, f"{pile}:{card.owner}")


def move_group(state: State, cid: int, zone: str, *, inv: int = EMPTY) -> None:
    """Move a Character with its attachments between in-play zones (play field <-> Event field)."""
    group = [cid, *attachments_of(state, cid)]
    for member in group:
        card = state.mcard(member)
        keep = card.attached_to
        state.move(member, zone)
        card.attached_to = keep
        if member == cid:
            if inv == EMPTY:
                card.flags.pop("inv", None)
            else:
                card.flags["inv"] = inv


def draw(state: State, player: int, count: int) -> int:
    """Draw `count` cards; drawing the last card reshuffles the rest pile as a new deck (5.5)."""
    deck, hand, rest = f"deck:{player}", f"hand:{player}", f"rest:{player}"
    drawn = 0
    for _ in range(count):
        if not state.zones[deck] and not reshuffle(state, player):
            break
        state.move(state.zones[deck][-1], hand)
        drawn += 1
        if not state.zones[deck] and state.zones[rest]:
            reshuffle(state, player)
    return drawn


def reshuffle(state: State, player: int) -> bool:
    """Shuffle the rest pile into a new deck (rule 5.5); False when the rest pile is empty."""
    rest, deck = f"rest:{player}", f"deck:{player}"
    ids = list(state.zones[rest])
    if not ids:
        return False
    for cid in ids:
        state.move(cid, deck)
    state.shuffle(deck)
    state.log(
        f"Player {player + 1} draws the last card of their deck and shuffles {len(ids)} rest-pile cards "
        "into a new deck."
    )
    return True


def boost(state: State, cid: int, stat: str, amount: int, source: int = EMPTY) -> None:
    """Change a card's rating (or an Event's score) until the end of the turn."""
    state.add_modifier(Modifier(cid, stat, amount, "add", "end_of_turn", source, ""))


def owner_label(player: int) -> str:
    return f"Player {player + 1}"
