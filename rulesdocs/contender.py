"""An Usagi Yojimbo Event's requirement worked out: its rating plus any Setting's, and the total to beat
it; and whether a Character can be involved with an Event at all.

A player is a contender for an Event when the involved cards' total in a rating the Event shows
exceeds (not equals) that rating; a Setting attached to the Event adds its ratings to the requirement.

>>> from rulesdocs.cardnames import card
>>> event, setting = card("usagi", "Steal the Secret Scroll"), card("usagi", "Hidden Fortress")
>>> print(needed("if i put hidden fortress on it how much intrigue do i need", event, setting))
Steal the Secret Scroll asks Intrigue 3, and Hidden Fortress (a Setting on it) adds Intrigue 2: the \
requirement is 5, and your involved total must exceed it, so you need at least 6 Intrigue.
>>> print(needed("how much combat to be a contender", card("usagi", "Bandits on the Road"), None))
Bandits on the Road asks Combat 2: your involved total must exceed it, so you need at least 3 Combat.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cards.model import CardDef

_ASKS_NEED = re.compile(
    r"\b(?:need|needed|needs|required|require|requirement|contender|to (?:win|resolve|beat|get|take|claim)|"
    r"enough)\b",
    re.IGNORECASE,
)
_AMOUNT = re.compile(r"\b(?:how (?:much|many|high)|what\b.{0,25}\b(?:total|rating|number)|enough)\b", re.IGNORECASE)
RATINGS = ("combat", "diplomacy", "intrigue", "ceremony", "labor")


def _ratings(card: CardDef) -> dict[str, int]:
    table = card.stats.get("ratings")
    return {str(k): v for k, v in table.items() if isinstance(v, int)} if isinstance(table, dict) else {}


def _asked_rating(question: str, shown: dict[str, int]) -> str | None:
    """The one rating the question names among those shown, or the Event's only rating."""
    named = [r for r in RATINGS if re.search(rf"\b{r}\b", question, re.IGNORECASE)]
    if len(named) == 1:
        return named[0] if named[0] in shown else None
    return next(iter(shown)) if not named and len(shown) == 1 else None


def needed(question: str, card: CardDef, other: CardDef | None) -> str | None:
    """The total that beats an Usagi Event's requirement in the rating asked (with a Setting named
    alongside it), for "how much intrigue do i need"; None for any other question or card."""
    if card.game != "usagi" or not (_ASKS_NEED.search(question) and _AMOUNT.search(question)):
        return None
    pair = (card, other) if other is not None else (card,)
    events = [c for c in pair if c.type == "Event"]
    settings = [c for c in pair if c.type == "Attachment" and (c.subtype or "").lower() == "setting"]
    if len(events) != 1:
        return None
    event = events[0]
    own, added = _ratings(event), (_ratings(settings[0]) if settings else {})
    rating = _asked_rating(question, own)  # a rating the Event doesn't show makes no contender
    if rating is None:
        return None
    base, extra = own[rating], added.get(rating, 0)
    label = rating.capitalize()
    if not extra:
        return (
            f"{event.name} asks {label} {base}: your involved total must exceed it, so you need at least "
            f"{base + 1} {label}."
        )
    return (
        f"{event.name} asks {label} {base}, and {settings[0].name} (a Setting on it) adds {label} {extra}: "
        f"the requirement is {base + extra}, and your involved total must exceed it, so you need at least "
        f"{base + extra + 1} {label}."
    )


_TYPED = re.compile(
    r"\b(\d{1,2})\s+(" + "|".join(RATINGS) + r")\b|\b(" + "|".join(RATINGS) + r")\s+(?:of\s+)?(\d{1,2})\b", re.I
)
_WINS_ASKED = re.compile(
    r"\b(?:do|would|will|can|does|am) (?:i|we|he|she|it) (?:get|win|take|claim|resolve|beat|a contender)\b|\benough\b"
    r"|\b(?:win|take|get) it\b|\bcontender\b",
    re.IGNORECASE,
)
_RIVALS = re.compile(r"\b(?:opp\w*|they|their|them|both|friend|rival|other players?|too|also|tie|tied)\b", re.I)


def typed_total(question: str, card: CardDef) -> str | None:
    """Yes or No to "i have 3 ceremony there, do i get it" for an Event: the total typed against its
    rating (it must be exceeded), when the question names no rival; None otherwise.

    >>> from rulesdocs.cardnames import card
    >>> print(typed_total("im the only one on tea ceremony and i have 3 ceremony there, do i get it",
    ...                   card("usagi", "Tea Ceremony")))
    Yes: 3 Ceremony exceeds Tea Ceremony's Ceremony 2, so you are a contender; with no other contender you \
win it.
    """
    if card.game != "usagi" or card.type != "Event" or not _WINS_ASKED.search(question):
        return None
    found = list(_TYPED.finditer(question))  # the last total typed: "it needs combat 3 and i have 4"
    typed = found[-1] if found else None
    without_only = re.sub(r"\bonly one\b|\bno ?one else\b|\bnobody else\b", " ", question, flags=re.I)
    if typed is None or _RIVALS.search(without_only):
        return None
    total = int(typed.group(1) or typed.group(4))
    rating = (typed.group(2) or typed.group(3)).lower()
    required = _ratings(card).get(rating)
    if required is None:
        return None
    label = rating.capitalize()
    if total > required:
        return (
            f"Yes: {total} {label} exceeds {card.name}'s {label} {required}, so you are a contender; with no other "
            "contender you win it."
        )
    return (
        f"No: {total} {label} doesn't exceed {card.name}'s {label} {required} (it must be higher, not equal), so "
        "you are not a contender."
    )


_INVOLVE = re.compile(r"\b(?:involve\w*|put|send|commit|assign|move|add|stick|drop|place)\b", re.IGNORECASE)
_ALONE_WINS = re.compile(
    r"\b(?:do|would|will|can|does) (?:i|we|he|she|they|it) (?:get|win|take|claim|resolve|beat)\b"
    r"|\b(?:on (?:his|her|its) own|alone|by (?:him|her|it)self|nobody else|no one else|noone else)\b",
    re.IGNORECASE,
)


def involvable(question: str, card: CardDef, other: CardDef | None) -> str | None:
    """Yes/No to "could i put him on rebuild the bridge": a Character can be involved with an Event only
    when it has a rating (0 counts) the Event also shows; None for other questions or cards.

    >>> from rulesdocs.cardnames import card
    >>> print(involvable("can i involve him with it", card("usagi", "Rebuild the Bridge"),
    ...                  card("usagi", "Veteran Retainer")))
    No: Rebuild the Bridge shows only Labor, and Veteran Retainer is rated Combat 2, Diplomacy 1; a \
Character can be involved only with an Event that shows one of its ratings (0 counts).
    >>> print(involvable("i put ronin for hire on it, do i get it if nobody else shows", card("usagi",
    ...                  "Bandits on the Road"), card("usagi", "Ronin for Hire")))
    No: alone, Ronin for Hire's Combat 2 doesn't exceed Bandits on the Road's Combat 2; the involved total \
must be higher than the Event's rating to win it.
    """
    if other is None or card.game != "usagi" or not _INVOLVE.search(question):
        return None
    pair = {c.type: c for c in (card, other)}
    event, character = pair.get("Event"), pair.get("Character")
    if event is None or character is None:
        return None
    shown, rated = _ratings(event), _ratings(character)
    if not shown:
        return None
    wants = ", ".join(r.capitalize() for r in shown)
    has = ", ".join(f"{r.capitalize()} {v}" for r, v in rated.items()) or "no rating"
    shared = [r for r in rated if r in shown]
    if shared and len(shown) == 1 and _ALONE_WINS.search(question):
        (rating, required), own = next(iter(shown.items())), rated[shared[0]]
        label = rating.capitalize()
        verdict, does = ("Yes", "exceeds") if own > required else ("No", "doesn't exceed")
        return (
            f"{verdict}: alone, {character.name}'s {label} {own} {does} {event.name}'s {label} {required}; "
            "the involved total must be higher than the Event's rating to win it."
        )
    if shared:
        return (
            f"Yes: {event.name} shows {wants}, and {character.name} is rated "
            f"{', '.join(f'{r.capitalize()} {rated[r]}' for r in shared)} there, so it can be involved."
        )
    only = "only " if len(shown) == 1 else ""
    return (
        f"No: {event.name} shows {only}{wants}, and {character.name} is rated {has}; a Character can be "
        "involved only with an Event that shows one of its ratings (0 counts)."
    )
