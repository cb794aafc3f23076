"""Whose cards a card's effect reaches, read off its own text: "does dark hole hit my own monsters too",
"can i use human fury on my opponents character", "does gama protect my other characters too", a card
that targets only an expended character asked about a ready one, and a short follow-up that turns the
previous whose-cards question to the other side. Each reading is a Yes/No sentence, or None when the
text does not settle it or the question does not ask it."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cards.pool import CardDef


_NOUNS = (
    r"(?:monsters?|ninjas?|characters?|chars?|allies|ally|cards?|guys?|teams?|heroes?|hero|units?|players?|side|stuff|"
    r"events?)"
)
_ASKS_OWN = re.compile(
    r"\b(?:my own|my|our|own|friendly)\s+(?!opp|enemy)(?:\w+\s+)?" + _NOUNS + r"\b|\b(?:me|myself)\b", re.IGNORECASE
)
_ASKS_THEIRS = re.compile(
    r"\b(?:opp(?:onent)?'?s?|their|enemy|opposing|the other player'?s?)\s+(?:\w+\s+)?"
    + _NOUNS
    # the opponent as the one it acts on: "does my opp have to dump chakra", "do they draw too"
    + r"|\b(?:someone|somebody|anyone|another player)\s?else'?s?\b|\banother player'?s\b"
    r"|\b(?:my |the )?opp(?:onent)?s?\s+(?:also\s+|too\s+)?"
    r"(?:has|have|had|gets?|got|draws?|must|needs?|discards?|pays?|loses?|dumps?)\b"
    r"|\b(?:make|makes|force|forces|give|gives|let|lets)\s+(?:my |the )?opp(?:onent)?s?\b"
    r"|\bdo(?:es)?\s+they\s+(?:also\s+)?(?:have to|get|draw|discard|pay|lose|need)\b",
    re.IGNORECASE,
)
_AFFECTS = re.compile(
    r"\b(?:hit|hits|affect|affects|target|targets|destroy|destroys|work|works|kill|kills|damage|damages|"
    r"(?:use|play|cast|attach|stick|put)\b[^?.]{0,30}?\bon|heal|heals|buff|buffs|weaken|boost|boosts|apply|applies|"
    r"expend|exhaust|strike|discard|return|bounce|steal|take|injure|remove|pump|pumps|give|gives|count|counts|refresh|ready|protect|"
    r"draw|draws|dump|dumps|pay|pays)\b",
    re.IGNORECASE,
)
_TEXT_THEIRS = re.compile(r"\b(?:opposing|opponent'?s?|your opponent|enemy)\b", re.I)
_TEXT_OWN = re.compile(r"\byou control\b|\byour (?!opponent)(?:own |other )?" + _NOUNS, re.I)
_ASKS_SELF = re.compile(r"\b(?:herself|himself|itself|themselves|its own self)\b", re.I)
_TEXT_OTHER = re.compile(r"\b(?:another|other) (?:character|ninja|monster|card)\b", re.I)
_TEXT_BOTH = re.compile(
    r"\b(?:both sides|each player|both players|both hands|every|all|any)\b|\b(?:whenever|when|if) a player\b", re.I
)


KIND_NOUNS = {"hero": "hero", "heroes": "hero", "heros": "hero", "ally": "ally", "allies": "ally"}
_TARGET_PHRASE = re.compile(r"\btarget (?:\w+ ){0,2}?(heroe?s?|ally|allies)\b", re.IGNORECASE)


def _other_kind_targeted(question: str, text: str) -> bool:
    """True when the question asks about one kind of card ("their hero") and the text targets another
    ("target stricken Ally"): whose card it is doesn't decide that, the kind does."""
    asked = {KIND_NOUNS[w] for w in re.findall(r"[a-z]+", question.lower()) if w in KIND_NOUNS}
    targeted = {KIND_NOUNS.get(m.group(1).lower(), "") for m in _TARGET_PHRASE.finditer(text)}
    return bool(asked) and bool(targeted) and asked.isdisjoint(targeted)


_ASKS_OTHERS = re.compile(
    r"\b(?:my|your|our) other\b|\bother (?:characters?|monsters?|ninjas?|guys?|cards?|allies|heroes)\b"
    r"|\brest of (?:my|the|our)\b|\beveryone else\b",
    re.IGNORECASE,
)
_TEXT_SELF = re.compile(r"^\s*(?:\*[^*]+\*|this (?:card|character|ninja|monster|ally|hero))\s", re.IGNORECASE)
"""A text whose subject is the card itself ("*Gama* cannot be attacked while ...")."""
_TEXT_MANY = re.compile(r"\b(?:each|all|every|other|another|target|characters|ninjas|monsters)\b", re.IGNORECASE)


_ONLY_ONE_SIDE = re.compile(r"\b(?:only|just|solely)\b", re.IGNORECASE)
_BOTH_ASKED = re.compile(r"\b(?:too|also|as well|or (?:just|only))\b", re.IGNORECASE)
"""A question that restricts a card to one side ("leaf ninja forces only gives ME the extra draw right?")."""


_OTHER_CONCERN = re.compile(
    r"\b(?:response|respond\w*|while|during|before|after|then|phase|initiation|step|turn|back|removed|again|twice)\b",
    re.IGNORECASE,
)
"""Words of a question about when or where a card is used, not whose cards it reaches."""


def _used_as_verb(question: str, card: CardDef) -> bool:
    """The card's name used as the verb ("can i second wind the opp's guy", "could i spell of slumber it"),
    in a question about nothing else (not "can i ambush their ally in response…")."""
    if _OTHER_CONCERN.search(question):
        return False
    first = re.escape(card.name.split()[0].lower().strip(",:"))
    return (
        re.search(rf"\b(?:can|could|should|may|do) (?:i|u|you|we) (?:just |still |also )?{first}\b", question, re.I)
        is not None
    )


_TARGET_STATE = re.compile(r"\btarget (expended|ready) (?:opposing )?character", re.IGNORECASE)
_SAID_STATE = {
    "expended": re.compile(r"\b(?:expended|tapped|exhausted|turned sideways|(?:just |already )attacked)\b", re.I),
    "ready": re.compile(
        r"\b(?:ready|readied|untapped|standing|(?:never|hasn.?t|has not|didn.?t|did not) (?:attack|swung|swing)\w*)\b",
        re.I,
    ),
}


_SEQUENCE = re.compile(r"\b(?:then|after|afterwards|first|once|next)\b", re.IGNORECASE)


def state_verdict(question: str, card: CardDef) -> str | None:
    """No when the question's character is in the other state than the one the card's target must be in
    ("opp's guy is ready, never attacked. can i journey it": it targets an expended character).

    >>> from rulesdocs.cardnames import card
    >>> journey = card("inuyasha", "Journey to the Underworld")
    >>> state_verdict("opp's guy is ready, never attacked. can i journey it", journey)
    'No, by its text: Journey to the Underworld targets only an expended character, and a ready one is not.'
    """
    wanted = _TARGET_STATE.search(card.text)
    if wanted is None:
        return None
    needed = wanted.group(1).lower()
    other = "ready" if needed == "expended" else "expended"
    if _SEQUENCE.search(question):  # "spell of slumber their ready guy, then journey him": expended by then
        return None
    if _SAID_STATE[other].search(question) and not _SAID_STATE[needed].search(question):
        article = "an" if needed == "expended" else "a"
        return f"No, by its text: {card.name} targets only {article} {needed} character, and a {other} one is not."
    return None


def whose_verdict(question: str, card: CardDef) -> str | None:
    """Yes/No to "does X hit my own monsters too" / "can i use X on their ninja" from the card's text,
    when the text says plainly whose cards it affects; None when it doesn't or the question doesn't ask.

    >>> from rulesdocs.cardnames import card
    >>> whose_verdict("does dark hole destroy my own monsters too", card("yugioh", "Dark Hole"))
    "Yes, by its text: it affects both players' cards."
    >>> whose_verdict("can i use human fury on my opponents character", card("inuyasha", "Human Fury"))
    'No, by its text: it affects only your own cards.'
    >>> whose_verdict("does gama protect my other characters too", card("inuyasha", "Gama, Toad Retainer"))
    'No, by its text: it affects only the card itself, not your other cards.'
    """
    if _ASKS_SELF.search(question) and _TEXT_OTHER.search(card.text):
        return "No, by its text: it affects another card, not the card itself."
    if _ASKS_OTHERS.search(question) and _TEXT_SELF.match(card.text) and not _TEXT_MANY.search(card.text):
        return "No, by its text: it affects only the card itself, not your other cards."
    if not (_AFFECTS.search(question) or _used_as_verb(question, card)) or _other_kind_targeted(question, card.text):
        return None
    own, theirs = bool(_ASKS_OWN.search(question)), bool(_ASKS_THEIRS.search(question))
    text = card.text
    says_theirs, says_own, says_both = (bool(p.search(text)) for p in (_TEXT_THEIRS, _TEXT_OWN, _TEXT_BOTH))
    if own and theirs and says_both and not says_own and not says_theirs:  # "me too or just my opponent"
        return "Both, by its text: it affects both players alike."
    if own == theirs:
        return None
    alternatives = _BOTH_ASKED.search(question) is not None  # "me too or just my opponent": not a restriction
    if _ONLY_ONE_SIDE.search(question) and not alternatives and says_both and not says_own and not says_theirs:
        return "No, by its text: it affects both players' cards, not only " + ("yours." if own else "theirs.")
    if says_theirs and not says_own and not says_both:
        scope = "theirs"
    elif says_own and not says_theirs:
        scope = "own"
    elif says_both and not says_own and not says_theirs:
        scope = "both"
    elif re.search(r"\btarget\b", text, re.IGNORECASE) and not (says_own or says_theirs or says_both):
        return "Yes, by its text: its target names no owner, so a card of either player can be chosen."
    else:
        return None
    if scope == "both":
        return "Yes, by its text: it affects both players' cards."
    if scope == "theirs":
        if own:
            return "No, by its text: it affects only your opponent's cards."
        return "Yes, by its text: it affects your opponent's cards."
    if theirs:
        return "No, by its text: it affects only your own cards."
    return "Yes, by its text: it affects your own cards."


_OTHER_SIDE = re.compile(r"^\W*(?:(?:and|but|so|ok)\s+)?(?:what|how)\s+about\b|^\W*(?:and|but)\b", re.IGNORECASE)
SIDE_SWITCH_WORDS = 8
"""A follow-up this short may only change whose cards the previous question asked about."""


def side_switched(earlier: str, question: str, card: CardDef) -> str | None:
    """The previous whose-cards question asked of the other side ("what about on my opponents character"
    after "can i use second wind on my own character"), as one question for `whose_verdict`, when the
    card's text settles it; else None.

    >>> from rulesdocs.cardnames import card
    >>> side_switched("can i use second wind on my own character", "what about my opponents character",
    ...               card("usagi", "Second Wind"))
    'use second wind on what about my opponents character'
    """
    if len(question.split()) > SIDE_SWITCH_WORDS or not _OTHER_SIDE.search(question):
        return None
    affects = _AFFECTS.search(earlier)
    if affects is None or bool(_ASKS_OWN.search(question)) == bool(_ASKS_THEIRS.search(question)):
        return None
    merged = f"{affects.group(0)} {question}"
    return merged if whose_verdict(merged, card) is not None else None
