"""Live-match rules answers: "why can't I play Leaf Headband?" asked by the engine itself.

In a match, a question naming a card the asker holds or controls is answered from the position:
the options with that card open to them now, or, when there is none, the engine's own refusal of
the action with the rule it breaks (`Game.explain_illegal`). Only the asker's own cards are tried
(hand, field, their discard piles: never a deck, never an opponent's hidden card), and the reply
is private: it names cards in their hand.

>>> verbs_for("naruto", "why cant i deploy neji")[:2]
('deploy', 'client')
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.core.prompt import Prompt
    from engine.core.state import State

VERBS: dict[str, tuple[tuple[str, tuple[str, ...]], ...]] = {
    "yugioh": (
        ("summon", ("summon", "normal summon", "tribute", "play")),
        ("set", ("set",)),
        ("setst", ("set",)),
        ("act", ("activate", "use", "play", "cast", "chain", "flip")),
        ("flip", ("flip",)),
        ("attack", ("attack", "swing", "hit")),
        ("pos", ("position", "change", "switch", "defense", "attack position")),
    ),
    "naruto": (
        ("deploy", ("deploy", "play", "summon", "put")),
        ("client", ("client", "deploy", "play")),
        ("mission", ("mission", "play")),
        ("jutsu", ("jutsu", "use", "play", "activate")),
        ("charge", ("charge", "chakra")),
        ("send", ("send", "attack")),
    ),
    "inuyasha": (
        ("play", ("play", "put", "summon")),
        ("item", ("item", "attach", "equip", "play")),
        ("event", ("event", "play")),
        ("act", ("use", "activate", "ability")),
        ("attack", ("attack", "swing")),
    ),
    "inazuma": (
        ("bench", ("bench", "play", "put")),
        ("tech", ("technique", "tech", "use", "play", "hissatsu")),
        ("assist", ("assist",)),
        ("ability", ("ability", "use", "activate")),
        ("place", ("place", "put", "move")),
    ),
    "usagi": (
        ("play", ("play", "put", "bring")),
        ("propose", ("propose", "event")),
        ("use", ("use", "strike", "activate")),
        ("involve", ("involve", "join", "commit")),
        ("discard", ("discard",)),
    ),
}
"""Option verbs of each game's engine, with the words players use for them."""

_OPTION_ID = re.compile(r"\b[a-z]+:\d+(?::\S+)?")


def named_verbs(game: str, question: str) -> tuple[str, ...]:
    """The game's option verbs the question's words name ("deploy" in "why cant i deploy neji")."""
    words = f" {' '.join(re.findall(r'[a-z]+', question.lower()))} "
    return tuple(verb for verb, said in VERBS.get(game, ()) if any(f" {w} " in words for w in said))


def verbs_for(game: str, question: str) -> tuple[str, ...]:
    """The game's option verbs, those the question's words name first."""
    return tuple(dict.fromkeys([*named_verbs(game, question), *(verb for verb, _ in VERBS.get(game, ()))]))


def why_not(game: str, state: State, seat: int, question: str, name: str, prompt: Prompt | None) -> str | None:
    """The engine's answer about card `name` (named in `question`), or None when the asker holds
    and controls no such card. `prompt` is the asker's pending prompt as they see it (None: the
    decision is someone else's)."""
    mine = [
        card.id
        for card in state.cards
        if card.controller == seat and "deck" not in card.zone and _name(game, card.code) == name
    ]
    if not mine:
        return None
    if prompt is None:
        return f"{name}: the match is waiting for another player's decision, so nothing of yours can be played now."
    asked = named_verbs(game, question)
    open_now = [
        option.label
        for option in prompt.options
        if name.lower() in option.label.lower() and (not asked or option.id.partition(":")[0] in asked)
    ]
    if open_now:
        listed = "; ".join(open_now[:5])
        return f"You can use {name} right now: {listed}."
    for verb in verbs_for(game, question):
        for cid in mine:
            explained = state.game.explain_illegal(state, f"{verb}:{cid}")
            if explained is not None:
                reason, rule = explained
                reason = _OPTION_ID.sub("", reason).strip(" :;,")
                return f"{name} can't be used that way now: {reason} (rule {rule})."
    return f"Nothing lets you use {name} at this point of the turn ({prompt.text})."


def _name(game: str, code: str) -> str:
    try:
        from cards.pool import load_pool

        card = load_pool(game).cards.get(code)
    except (ImportError, ValueError, OSError):
        return ""
    return card.name if card is not None else ""
