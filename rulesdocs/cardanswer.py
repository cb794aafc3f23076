"""Answers about one card of a built-in pool: its own text (our words) and stats, plus the rule it touches.

"whats dark magicians atk" leads with the stat asked for; "what does kakashi do" gives the card's
text; "can i use X on my opponents turn" gives the rule for X's kind of card and then the card,
so the player sees both, each cited. Card texts in the pools are written by this project.

>>> from rulesdocs.cardnames import card
>>> dm = card("yugioh", "Dark Magician")
>>> asked_stats("whats dark magicians atk", dm)
['atk']
>>> card_kind("whats dark magicians atk", dm, "whatis")
'stat'
>>> card_kind("what does dark magician do", dm, "whatis")
'text'
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Literal, TypeAlias

from cards.describe import kind_line, stat_line, traits_line
from rulesdocs import (
    cardclaim,
    cardreach,
    cardstat,
    cardtrait,
    cardwhose,
    chakracost,
    chat,
    colorfight,
    contender,
    lifepoints,
    ninjacards,
    ratingmod,
    savecard,
    statmod,
    turnuse,
)
from rulesdocs.cardnames import granted_tags
from rulesdocs.model import Citation
from rulesdocs.understand import QuestionType

if TYPE_CHECKING:
    from cards.pool import CardDef

CardKind: TypeAlias = Literal["text", "stat", "rule"]

STAT_WORDS: dict[str, tuple[str, ...]] = {
    "atk": ("atk", "attack points", "attack power", "attack", "stats", "end up at"),
    "def": ("def", "defense", "defence", "defense points", "stats", "end up at"),
    "level": ("level", "lvl", "lv", "stars", "star"),
    "attribute": ("attribute", "element"),
    "race": ("race", "type", "monster type"),
    "cost": ("cost", "costs", "price", "pay", "chakra"),
    "entrance": ("entrance", "entrance cost", "cost", "costs", "turn indicator"),
    "hand": ("hand cost", "cost", "costs", "chakra"),
    "combat": ("combat", "power", "strength", "attack"),
    "support": ("support",),
    "injured_combat": ("injured",),
    "injured_support": ("injured",),
    "symbols": ("symbol", "symbols", "chakra type", "element"),
    "sp": ("sp", "power", "strength"),
    "fsp": ("fsp", "fired up", "fired-up"),
    "ap": ("ap", "assist", "assist power"),
    "position": ("position", "fw", "mf", "df", "gk"),
    "team": ("team", "school"),
    "colors": ("color", "colors", "colour", "colours", "power", "attack color", "values", "numbers", "stats"),
    "ratings": ("rating", "ratings", "skill", "skills", "stats"),
    "produces": ("produce", "produces", "income", "generate"),
    "kaitou_size": ("kaitou", "size"),
    "mental_power": ("mental",),
    "score": ("score", "worth", "points", "tokens", "chronicle tokens"),
}
"""Words players use for each printed stat (a game uses only the keys its cards have)."""

_TYPE_WORDS = re.compile(
    r"\b(?:what (?:kind|type|sort) of card|is (?:it|\w+(?: \w+){0,4}) an? (?:monster|spell|magic|trap|ninja|jutsu|"
    r"mission|client|character|item|ability|location|kaitou|hero|ally|event|setting|attachment|action)\b)",
    re.IGNORECASE,
)
_TEXT_QUESTION = re.compile(
    r"\b(?:what (?:does|do|did|is|s)|wat (?:does|do|is)|wut (?:does|do)|whats|what's|explain|tell me about|"
    r"how does .{0,40} work|effect|ability|abilities|text|say|says|do exactly)\b",
    re.IGNORECASE,
)
_WHAT_IT_DOES = re.compile(r"^[\W\w]{0,40}?\bwhat (?:does|do|did) (?:it|this|that)(?: card| one)? do\W*$", re.I)
"""A card named, then "what does it do": the card's text (asked about a rule, "what does that do" is an outcome)."""
_WHILE_STATE = re.compile(
    r"^\W*(?:(?:and|but|so|ok|what about)\s+)*(?:when|while|if)\s+(?:he|she|it|they|hes|shes|its)(?:'?s| is| are)?\s+"
    r"(?:injured|hurt|damaged|sideways|healthy)\W*$",
    re.IGNORECASE,
)
"""A stat follow-up naming a state ("and when hes injured"): a "when" that asks for the stat, not a time."""
TEXT_OVERLAP = 2
"""Question words a card's text must share before it is preferred to the rule matched."""
_PARTS = frozenset({"specific", "generic", "x"})
"""Keys of a stat table that are its own bookkeeping, not words players type (a chakra cost's parts)."""
_FREE = re.compile(r"\bcosts? (?:anything|nothing|something|any\b)|\bfree\b|\bfor free\b", re.IGNORECASE)
_WORD = re.compile(r"[a-z0-9]+(?:[- ][a-z0-9]+)*")


def _said(question: str, words: tuple[str, ...]) -> bool:
    folded = f" {' '.join(re.findall(r'[a-z0-9]+', question.lower().replace(chr(39), '')))} "
    return any(f" {w} " in folded for w in words)


_POSITION_TALK = re.compile(
    r"\b(?:to|in|into|from)\s+(?:face[- ]?(?:up|down)\s+)?(?:atk|attack|def|defen[cs]e)(?:\s+(?:position|pos|mode))?\b"
    r"|\b(?:atk|attack|def|defen[cs]e)\s+(?:position|pos|mode)\b",
    re.IGNORECASE,
)
"""A battle position named ("switch it to def", "in attack position"): not a stat asked."""


MAIN_STAT = {"inazuma": "sp", "yugioh": "atk"}
FIGHTING_STATS = {"naruto": ("combat", "support"), "yugioh": ("atk", "def"), "inazuma": ("sp",)}
"""The numbers "its stats" means for a card that fights."""
_STATS_WORD = re.compile(r"\b(?:stats?|stat line|numbers)\b", re.IGNORECASE)
"""The stat a question asking what a card "is at" means, in the games where one number fights."""
_AT_WHAT = re.compile(
    r"\bwhat(?:'?s| is| are)\s+(?:he|she|it|they|him|her)\s+at\b|\bwhat(?:'?s| is)\s+(?:he|she|it)\s+now\b"
    r"|\bwhat(?:'?s| is)\s+(?:his|her|its)\s+(?:number|total|power|stat)\b"
    r"|\bwhat(?:'?s| is| are)\s+at\b|\bat now\b",  # the card's name taken out: "what is gaia the fierce knight at"
    re.IGNORECASE,
)


def asked_stats(question: str, card: CardDef) -> list[str]:
    """The printed stats of `card` that `question` names, in the card's order."""
    without_name = _POSITION_TALK.sub(" ", question.lower())  # "switch it to def" names a position, not DEF
    for part in re.findall(r"[a-z0-9]+", card.name.lower()):
        without_name = re.sub(rf"\b{re.escape(part)}\w*", " ", without_name)
    main = MAIN_STAT.get(card.game)
    if main is not None and main in card.stats and _AT_WHAT.search(without_name):
        return [main]  # "opp attacks with 2 guys, what is he at": the card's one number that changes
    fighting = [key for key in FIGHTING_STATS.get(card.game, ()) if key in card.stats]
    if fighting and _STATS_WORD.search(without_name):
        return fighting  # "tenten uses kunai, what are her stats after"
    return [
        key
        for key, value in card.stats.items()
        if _said(without_name, STAT_WORDS.get(key, (key.replace("_", " "),)))
        or (isinstance(value, dict) and _said(without_name, tuple(str(k).lower() for k in value if k not in _PARTS)))
    ]


_OWNER_VERB = re.compile(r"\b(?:does|do|did|would|will)\s+(\w+)\s+(?:add|have|get|give|bring|end up)\b", re.I)


def asks_stat_of(question: str, card: CardDef, other: CardDef) -> bool:
    """True when `question` names two cards and asks a stat of `other`, not of `card` (the one named
    first): by a possessive before the stat ("if rock lee is head whats guys support") or as the card
    that adds it ("how much support does guy add").

    >>> from rulesdocs.cardnames import card
    >>> lee, guy = card("naruto", "Rock Lee"), card("naruto", "Might Guy")
    >>> asks_stat_of("so if rock lee is head whats guy senseis support", lee, guy)
    True
    >>> asks_stat_of("whats rock lees support with guy behind him", lee, guy)
    False
    >>> asks_stat_of("i have mystical elf out, whats feral imps atk", card("yugioh", "Mystical Elf"),
    ...              card("yugioh", "Feral Imp"))
    True
    """
    from rulesdocs import cardnames

    stats = [w for key in other.stats for w in STAT_WORDS.get(key, (key.replace("_", " "),))]
    if not stats:
        return False
    said = "|".join(sorted((re.escape(w) for w in stats), key=len, reverse=True))
    owners = []
    for found in re.finditer(rf"\b((?:[a-z0-9-]+\s+){{0,2}}[a-z0-9'-]+?)(?:'s|s'|s)?\s+(?:{said})\b", question, re.I):
        words = found.group(1).split()
        owners += [" ".join(words[start:]) for start in range(len(words))]  # "feral imps atk": "feral imp", "imp"
    owners += [m.group(1) for m in _OWNER_VERB.finditer(question) if re.search(rf"\b(?:{said})\b", question, re.I)]
    for owner in owners:
        for typed in dict.fromkeys((owner, owner.rstrip("'"), owner + "s")):
            named = cardnames.lookup(typed, other.game)
            if named is not None and named.name == other.name and named.name != card.name:
                return True
    return False


def card_kind(question: str, card: CardDef, qtype: QuestionType) -> CardKind:
    """What a question about `card` wants: its stats, its text, or a rule about it."""
    stats = asked_stats(question, card)
    if stats and (qtype in ("whatis", "howmany", "other") or _WHILE_STATE.search(question)):
        return "stat"
    if _TYPE_WORDS.search(question) and qtype in ("whatis", "yesno", "other"):
        return "stat"
    if stats and _FREE.search(question):  # "does the peddler cost anything to play": its cost
        return "stat"
    rest = question.lower()
    for part in re.findall(r"[a-z0-9]+", card.name.lower()):
        rest = rest.replace(part, " ")
    leftover = [w for w in re.findall(r"[a-z]+", rest) if w not in _FILLER]
    if qtype in ("whatis", "howto", "other") and (_TEXT_QUESTION.search(question) or not leftover):
        return "text"
    if _WHAT_IT_DOES.match(question):  # "kakashis forsight what does it do": the named card's text
        return "text"
    return "rule"


_FILLER = frozenset(
    [
        "what",
        "whats",
        "wat",
        "wut",
        "does",
        "do",
        "did",
        "is",
        "s",
        "the",
        "a",
        "an",
        "this",
        "that",
        "card",
        "cards",
        "exactly",
        "again",
        "mean",
        "means",
        "work",
        "works",
        "explain",
        "tell",
        "me",
        "about",
        "effect",
        "ability",
        "abilities",
        "text",
        "say",
        "says",
        "how",
        "of",
        "its",
        "it",
        "pls",
        "please",
    ]
)


def card_line(card: CardDef) -> str:
    """ "Dark Magician (monster / normal): level 7 · atk 2500 · def 2100 · …" """
    kind = kind_line(card.type, card.subtype)
    details = " · ".join(part for part in (stat_line(card.stats), traits_line(card.game, card.tags)) if part)
    return f"**{card.name}** ({kind})" + (f": {details}" if details else "")


def card_text(card: CardDef) -> str:
    """The card's text in our words, or what a card without one is."""
    return card.text.strip() or "It has no effect text: it plays by its stats alone."


def stat_phrase(card: CardDef, keys: list[str]) -> str:
    """ "Dark Magician has atk 2500." for the stats asked."""
    shown = stat_line({k: card.stats[k] for k in keys})
    if shown:
        return f"{card.name} has {shown}."
    if keys == ["cost"] and isinstance(card.stats.get("cost"), dict):  # no currency symbol printed: nothing to pay
        return f"{card.name} has no cost: it is free to play, with no currency printed on it."
    return f"{card.name} has no printed {', '.join(keys)}."


_SUMMONING = re.compile(
    r"\b(?:tribut\w*|sacrific\w*)|\b(?:how (?:do|to|can|would) (?:i|you)|can (?:i|you)|(?:need|have) to)\s+"
    r"(?:normal |tribute )?(?:summon|set)\b",
    re.IGNORECASE,
)
_SCORING = re.compile(r"\b(?:score[sd]?|worth|points?|tokens?|vp)\b", re.IGNORECASE)
_INJURED = r"(?:injured|hurt|damaged|sideways|turned sideways)"
_SELF_INJURED = re.compile(
    r"\b(?:while|when|if|once|after|even if|still)\s+(?:(?:she|he|it|they|shes|hes|its|theyre|the ninja)\s+)?"
    r"(?:is\s+|'s\s+|are\s+|gets?\s+|got\s+)?" + _INJURED + r"\b"
    r"|\b(?:she|he|it|they)(?:'s| is| are|s)\s+(?:still\s+)?" + _INJURED + r"\b",
    re.IGNORECASE,
)
_EFFECT_WORKS = re.compile(
    r"\b(?:effect|ability|text|power|work|works|working|use|used|activate|still|active|heal|draw|trigger)\w*\b", re.I
)


_NEEDS_TRIBUTE = re.compile(
    r"^\W*(?:do|does|will|would|must|is|are)\b.*\b(?:tribut\w*|sacrific\w*)"
    r"|\b(?:do|does|will|would|must) (?:i|you|it|he|she|we) (?:\w+ )?(?:need|have|gotta) (?:to )?(?:tribut|sacrific)",
    re.IGNORECASE,
)
"""A yes/no about needing a Tribute ("do i need to tribute for summoned skull")."""


def worked_out(question: str, card: CardDef) -> str | None:
    """What the rules make of a printed stat the question touches, worked out for this card:
    the Tributes a Yu-Gi-Oh! monster's Level asks, the chronicle tokens an Usagi Event's score gives,
    whether a Naruto Ninja's effect works while it is injured (only when marked Valid).

    >>> from rulesdocs.cardnames import card
    >>> worked_out("summoned skull what level and how many tributes", card("yugioh", "Summoned Skull"))
    'Summoned Skull is Level 6: Normal Summoning or Setting it takes 1 Tribute (Level 5-6: 1, Level 7+: 2).'
    >>> worked_out("do i need to tribute for summoned skull", card("yugioh", "Summoned Skull"))[:40]
    'Yes: Summoned Skull is Level 6: Normal S'
    >>> worked_out("how many tokens is defend the lords castle worth", card("usagi", "Defend the Lord's Castle"))
    "Resolving Defend the Lord's Castle takes 3 chronicle tokens: 1 for the Event plus its Score +2."
    >>> worked_out("does kaede's draw still work if shes injured", card("naruto", "Kaede Ureshino"))
    "Yes: Kaede Ureshino's effect is marked Valid, so it keeps working while Kaede Ureshino is injured."
    >>> worked_out("shika got injured, does his cant-go-solo thing still apply", card("naruto", "Shikamaru Nara"))[:40]
    "Yes: Shikamaru Nara's effect is marked V"
    """
    if card.game == "yugioh" and card.type == "monster":
        asks_level = "level" in asked_stats(question, card)
        if not (_SUMMONING.search(question) or asks_level):
            return None
        if card.subtype == "fusion":
            return (
                f"{card.name} is a Fusion Monster: it can't be Normal Summoned or Set; it comes out by a Fusion "
                "(Polymerization with its Fusion-Material Monsters), a Special Summon, from the Fusion Deck."
            )
        if card.subtype == "token" or not isinstance(card.stats.get("level"), int):
            return None
        level = int(card.stats["level"])
        verdict = "" if _NEEDS_TRIBUTE.search(question) is None else ("No: " if level <= 4 else "Yes: ")
        if level <= 4:
            needs = "needs no Tribute (Level 4 or lower)"
            return f"{verdict}{card.name} is Level {level}: Normal Summoning or Setting it {needs}."
        tributes = 1 if level <= 6 else 2
        return (
            f"{verdict}{card.name} is Level {level}: Normal Summoning or Setting it takes {tributes} "
            f"Tribute{'s' if tributes > 1 else ''} (Level 5-6: 1, Level 7+: 2)."
        )
    if card.game == "naruto" and card.type.lower() == "ninja" and card.text.strip():
        named = re.escape(card.name.split()[0])
        injured_by_name = re.search(rf"\b{named}\w*\s+(?:is\s+|gets\s+|got\s+)?{_INJURED}\b", question, re.I)
        # "shika got injured, does his…": a nickname first, the card being the one asked about
        injured_by_name = injured_by_name or re.match(
            rf"^\W*\w+(?:'s)?\s+(?:is\s+|gets\s+|got\s+|was\s+){_INJURED}\b", question, re.I
        )
        if (_SELF_INJURED.search(question) or injured_by_name) and _EFFECT_WORKS.search(question):
            if card.extra.get("valid") or card.text.lstrip().lower().startswith("valid"):
                return f"Yes: {card.name}'s effect is marked Valid, so it keeps working while {card.name} is injured."
            return (
                f"No: {card.name}'s effect isn't marked Valid, so it is off while {card.name} is injured (an "
                "injured Ninja's effects work only when marked Valid); it works again once the Ninja is healed."
            )
    counted = ninjacards.earliest_turn(question, card) or ratingmod.paid_pump(question, card)
    if counted is not None:
        return counted
    paid_x = x_paid(question, card)
    if paid_x is not None:
        return paid_x
    score = card.stats.get("score")
    if card.game == "usagi" and isinstance(score, int) and _SCORING.search(question):
        return f"Resolving {card.name} takes {1 + score} chronicle tokens: 1 for the Event plus its Score {score:+d}."
    return None


_X_VALUE = re.compile(
    r"\bx\s*(?:=|is|of|as|equals?|at)\s*(\d+)\b|\b(?:pay|paid|paying|make it|making it)\s+(\d+)\b"
    r"|\b(\d+)\s+(?:for|as|into)\s+(?:the\s+)?x\b",
    re.IGNORECASE,
)
_X_BONUS = re.compile(r"([+-])(\d*)X/([+-])(\d*)X?")


def x_paid(question: str, card: CardDef) -> str | None:
    """What a Naruto Jutsu with a cost of X gives, and costs in all, for the X the question pays.

    >>> from rulesdocs.cardnames import card
    >>> print(x_paid("if i pay x=2 on water clone jutsu whats the buff", card("naruto", "Water Clone Jutsu")))
    With X = 2, Water Clone Jutsu gives its user +2/+2 this turn, for 2 Chakra in all (2 Water).
    >>> x_paid("with 3 cards in hand can i use multi shadow clone", card("naruto", "Multi Shadow Clone Jutsu"))
    """
    cost = card.stats.get("cost")
    if card.game != "naruto" or not isinstance(cost, dict) or not cost.get("x"):
        return None
    found = _X_VALUE.search(question)
    bonus = _X_BONUS.search(card.text)
    if found is None or bonus is None:
        return None
    x = int(next(g for g in found.groups() if g))
    if x > 20:
        return None
    sign_c, times_c, sign_s, tail = bonus.groups()
    combat = x * int(times_c or 1)
    support = x * int(tail or 1) if bonus.group().endswith("X") else int(tail or 0)
    specific = {str(k): int(v) for k, v in (cost.get("specific") or {}).items()}
    base = sum(specific.values()) + int(cost.get("generic") or 0)
    kind = str(cost["x_symbol"]) if cost.get("x_symbol") else "of any kind"
    parts = [f"{n} {symbol}" for symbol, n in specific.items()] + [f"{x} {kind}"]
    return (
        f"With X = {x}, {card.name} gives its user {sign_c}{combat}/{sign_s}{support} this turn, "
        f"for {base + x} Chakra in all ({' + '.join(parts)})."
    )


def _content(text: str, game: str, name: str) -> set[str]:
    named = set(chat.tokens(name, game))
    return {w for w in chat.tokens(text, game) if w not in named}


def text_answers_better(question: str, card: CardDef, rule: str) -> bool:
    """True when the card's own text shares at least twice as many of the question's words as the rule
    found for it ("does jack wallside lose sp when 2 people attack": its text speaks of 2 attackers and SP; a
    rule about fired-up SP would answer something else).

    >>> from rulesdocs.cardnames import card
    >>> text_answers_better("does jack wallside lose sp when 2 people attack", card("inazuma", "Jack Wallside"),
    ...                     "No: a goalkeeper stays in the goal zone.")
    True
    """
    asked = _content(question, card.game, card.name)
    in_text = len(asked & _content(card.text, card.game, card.name))
    in_rule = len(asked & _content(rule, card.game, card.name))
    return in_text >= TEXT_OVERLAP and in_text >= 2 * in_rule


def text_speaks_to(question: str, card: CardDef) -> bool:
    """True when the card's own text shares at least `TEXT_OVERLAP` of the question's words ("when kurogane
    cold prince kills someone does my opp get to pick what to discard": its text says the opponent discards)."""
    asked = _content(question, card.game, card.name)
    return len(asked & _content(card.text, card.game, card.name)) >= TEXT_OVERLAP


EFFECT_CARDS = frozenset({"spell", "trap", "jutsu", "mission", "event", "technique", "moment"})
"""Kinds of card that are their effect: what one of them hits is its text's to say, not a rule's."""


def asks_effect_reach(question: str, card: CardDef) -> bool:
    """True for "can fissure hit a face down monster", "can rampage path kill tobi": whether an
    effect card reaches something, which its text decides (a rule about attacking face-down
    monsters or about killing would answer another question).

    >>> from rulesdocs.cardnames import card
    >>> asks_effect_reach("can fissure hit a face down monster", card("yugioh", "Fissure"))
    True
    >>> asks_effect_reach("can i use fissure on my opponents turn", card("yugioh", "Fissure"))
    False
    """
    return card.type.lower() in EFFECT_CARDS and bool(_REACHES.search(question))


_REACHES = re.compile(
    r"\b(?:can|could|does|do|will|would)\b[^?.]{0,40}?\b(?:hit|affect|target|destroy|kill|stop|beat|remove|work on)\b",
    re.IGNORECASE,
)


_EQUIP_ONLY = re.compile(r"\bEquip only to an? ([\w-]+(?: [A-Z][\w-]*)?) monster\b")
_USER = re.compile(r"^User: ([^.]+)\.")
_RANKS = {"ninja academy student": 0, "genin": 1, "chunin": 2, "special jonin": 3, "jonin": 3, "village leader": 4}


_HEALS = re.compile(r'\bheal (?:1|one|a|an) of your (?:injured )?"([^"]+)" Ninjas?\b', re.IGNORECASE)


def _has_tag(card: CardDef, tag: str) -> bool:
    return any(t.lower() == tag.lower() for t in card.tags)


def _rank(card: CardDef) -> int | None:
    ranks = [v for tag in card.tags for name, v in _RANKS.items() if re.search(rf"\b{name}\b", tag.lower())]
    return max(ranks) if ranks else None


_TRAIT_BOOST = re.compile(
    r"\bYour (?!other\b)([A-Z][\w-]*) (?:characters?|Characters?|ninjas?|Ninjas?|monsters?) gets? \+"
)
_COLOR_BOOST = re.compile(r"\bgets? \+(\d+) (red|blue|white|black|purple)\b", re.IGNORECASE)


_COST_TRAIT = re.compile(
    r"\b(?:expend|strike|discard|sacrifice|tribute) an? (?:ready |refreshed )?([A-Z][\w-]*) "
    r"(?:character|Character|ninja|Ninja|monster)\b"
)


_BOOSTABLE = frozenset({"character", "monster", "ninja", "reserve", "starting", "goalkeeper"})
"""Card types that have traits and values a bonus or a cost can ask for."""


def _trait_fits(requirement: CardDef, user: CardDef) -> tuple[bool, str] | None:
    """Whether `requirement`'s bonus reaches `user`: the trait it names ("Your Human characters get"),
    and, for an Inuyasha color bonus, the color, which a character must already have to gain it."""
    if user.type.lower() not in _BOOSTABLE:
        return None  # an event or a location has no trait or color a bonus could need
    paid = _COST_TRAIT.search(requirement.text)
    if paid is not None:  # "expend a ready Good character you control" as its cost
        wanted = paid.group(1)
        traits = ", ".join(user.tags) or "untraited"
        return _has_tag(user, wanted), f"its cost needs a {wanted} character; {user.name} is {traits}"
    trait = _TRAIT_BOOST.search(requirement.text)
    color = _COLOR_BOOST.search(requirement.text) if user.game == "inuyasha" else None
    if trait is None and color is None:
        return None
    reasons = []
    if trait is not None:
        wanted = trait.group(1)
        if not _has_tag(user, wanted):
            return False, f"it boosts only {wanted} characters; {user.name} is {', '.join(user.tags) or 'untraited'}"
        reasons.append(f"is {wanted}")
    if color is not None:
        amount, hue = int(color.group(1)), color.group(2).lower()
        colors = user.stats.get("colors")
        has = colors.get(hue) if isinstance(colors, dict) else None
        if not isinstance(has, int) or has <= 0:
            return False, f"it adds {hue}, and {user.name} has no {hue} (a color bonus needs the color already)"
        reasons.append(f"has {hue} {has}, so it becomes {has + amount}")
    return True, f"{user.name} {' and '.join(reasons)}"


def _fits(requirement: CardDef, user: CardDef) -> tuple[bool, str] | None:
    """Whether `user` meets what `requirement`'s text asks of the card it goes on or the Ninja using it."""
    equip = _EQUIP_ONLY.search(requirement.text)
    if equip is not None and user.type == "monster":
        wanted = equip.group(1)
        key = "attribute" if wanted.isupper() else "race"
        has = str(user.stats.get(key, ""))
        return has.lower() == wanted.lower(), f"it goes only on a {wanted} monster; {user.name} is {has or 'neither'}"
    boost = _trait_fits(requirement, user)
    if boost is not None:
        return boost
    if user.type != "Ninja":
        return None
    needs = _USER.match(requirement.text)
    if needs is None:
        heals = _HEALS.search(requirement.text)
        if heals is None:
            return None
        tag = heals.group(1)
        return _has_tag(user, tag), f"it heals only {tag} Ninjas; {user.name} is {', '.join(user.tags)}"
    wanted = needs.group(1)
    quoted = re.findall(r'"([^"]+)"', wanted)
    if any(not _has_tag(user, tag) and tag.lower() in granted_tags(user.game) for tag in quoted):
        return None  # "Clone Status" is gained in play: the printed card can't say No
    if quoted and "attribute" not in wanted:
        described = f"its user must be {wanted}; {user.name} is {', '.join(user.tags)}"
        return all(_has_tag(user, tag) for tag in quoted), described
    attribute = re.fullmatch(r"(\w+) attribute", wanted)
    if attribute is not None:
        has = str(user.stats.get("attribute", ""))
        return has.lower() == attribute.group(1).lower(), f"its user needs the {wanted}; {user.name} has {has}"
    rank = re.fullmatch(r"(\w+) rank or higher", wanted)
    if rank is not None:
        own = _rank(user)
        needed = _RANKS.get(rank.group(1).lower())
        if own is None or needed is None:
            return None
        return own >= needed, f"its user must be {wanted}; {user.name} is {', '.join(user.tags)}"
    if wanted[:1].isupper() and not wanted.lower().startswith(("a ", "an ")):
        return wanted.lower() in user.name.lower(), f"its user must be {wanted}"
    return None


_PAIRING = re.compile(
    r"\b(?:on|onto|to|with|use[sd]?|using|equip\w*|attach\w*|give[sn]?|help(?:s|ed)?|works?|boost\w*|affect\w*|"
    r"target\w*|buff\w*|gets?|appl(?:y|ies)|pump\w*|stack\w*|for|heal\w*|expend\w*|pay\w*|discard\w*|"
    r"sacrific\w*|tribut\w*|sav(?:e|es|ed|ing)|protect\w*|read(?:y|ies))\b",
    re.IGNORECASE,
)
"""Words of a question asking whether one card goes on, helps or is used with another."""


def pair_verdict(card: CardDef, other: CardDef) -> str | None:
    """Yes/No to "can i equip X to Y" / "can Y use X" from what X's text asks of the card it goes on.

    >>> from rulesdocs.cardnames import card
    >>> pair_verdict(card("yugioh", "Sword of Dark Destruction"), card("yugioh", "Blue-Eyes White Dragon"))
    'No, by its text: it goes only on a DARK monster; Blue-Eyes White Dragon is LIGHT.'
    >>> pair_verdict(card("naruto", "Lightning Blade"), card("naruto", "Sakura Haruno"))
    'No, by its text: its user must be Kakashi Hatake.'
    """
    for requirement, user in ((card, other), (other, card)):
        fit = _fits(requirement, user)
        if fit is not None:
            return f"{'Yes' if fit[0] else 'No'}, by its text: {fit[1]}."
    return None


_WITH_IT = re.compile(
    r"^\W*(?:(?:and|so|but|ok|what about|how about)\s+)*"
    r"(?:with|w/|if (?:i|we|they) (?:also )?(?:equip|play|slap|put|add|have))\b",
    re.IGNORECASE,
)


_AFTER_IT = re.compile(r"\b(?:after|afterwards|now|then|with it|once it resolves)\b", re.IGNORECASE)


def asks_with(question: str) -> bool:
    """True for a follow-up adding a card to what was asked ("with yami out?", "and if i also slap sword
    of dark destruction on it")."""
    return _WITH_IT.search(question) is not None


def pairs(question: str, card: CardDef, earlier: CardDef, refers: bool) -> bool:
    """Whether the question asks about `card` together with `earlier`, the card talked about before: an
    Usagi Event with a Setting, a Field or Equip Spell added to the monster asked about ("with yami out?"
    after Dark Magician's ATK), or, when it refers back ("would it work on raiga" after Mitsu), whether
    one can be involved with, used on, or boosted by the other."""
    if contender.needed(question, card, earlier) is not None:
        return True
    if asks_with(question) and statmod.with_bonus(card, earlier, []) is not None:
        return True
    if earlier.type == "Jutsu" and _AFTER_IT.search(question) and statmod.with_bonus(earlier, card, []) is not None:
        return True  # "my kakashi is 5 combat heading a team alone, whats the power after" after Lightning Blade
    return refers and (
        contender.involvable(question, card, earlier) is not None
        or pair_verdict(card, earlier) is not None
        or statmod.with_bonus(earlier, card, []) is not None
    )


_TARGET_KIND = re.compile(r"\btarget (?:\w+ ){0,2}?(characters?|heroe?s?|ally|allies)\b", re.IGNORECASE)
_KINDS_OF = {"character": frozenset({"hero", "ally"}), "hero": frozenset({"hero"}), "ally": frozenset({"ally"})}
_KIND_LABEL = {"hero": "a Hero", "ally": "an Ally"}
_SINGULAR_KIND = {**cardwhose.KIND_NOUNS, "characters": "character"}


_TOGETHER = re.compile(
    r"\b(?:both|two|2|same time|together|at once|side by side|another|second|multiple)\b", re.IGNORECASE
)
_IN_PLAY = re.compile(r"\b(?:out|in play|on the (?:field|table|board)|control|have|play)\b", re.IGNORECASE)
_NEGATED_ASK = re.compile(r"\b(?:cant|can't|cannot|can not)\b", re.IGNORECASE)
_DECK = re.compile(r"\b(?:deck|decks|run|copies)\b", re.IGNORECASE)
"""A deck may hold several copies of a Unique card: only control is limited."""


def unique_verdict(question: str, card: CardDef) -> str | None:
    """No to having two characters of one name in play when an Inuyasha card is Unique ("can i have
    both raigas out at the same time"); None when the question asks no such thing or it isn't Unique.

    >>> from rulesdocs.cardnames import card
    >>> unique_verdict("can i have both raigas out at the same time", card("inuyasha", "Raiga, Hot-Headed Guardian"))
    'No: Raiga, Hot-Headed Guardian is Unique, so you may control only 1 character with the name Raiga at a time.'
    >>> unique_verdict("can raiga attack twice", card("inuyasha", "Raiga, Hot-Headed Guardian")) is None
    True
    >>> unique_verdict("can i have 2 raigas in my deck", card("inuyasha", "Raiga, Hot-Headed Guardian")) is None
    True
    """
    if card.game != "inuyasha" or "Unique" not in card.tags:
        return None
    if not (_TOGETHER.search(question) and _IN_PLAY.search(question)) or _DECK.search(question):
        return None
    named = card.name.split(",")[0]
    opening = "Right, you can't" if _NEGATED_ASK.search(question) else "No"
    return f"{opening}: {card.name} is Unique, so you may control only 1 character with the name {named} at a time."


def kind_verdict(question: str, card: CardDef) -> str | None:
    """Yes/No to "can poisoned tea hit a hero" from the kind of Character an Usagi effect card targets
    (a Character is a Hero or an Ally); None when the question asks no kind or the text targets none.

    >>> from rulesdocs.cardnames import card
    >>> kind_verdict("does poisoned tea work on heros", card("usagi", "Poisoned Tea"))
    'Yes, by its text: it targets a Character, and Heroes and Allies are both Characters.'
    >>> kind_verdict("can ambush hit their hero", card("usagi", "Ambush"))
    'No, by its text: it targets an Ally only, and a Hero is not an Ally.'
    >>> kind_verdict("can i play ambush as a response", card("usagi", "Ambush"))
    """
    if card.game != "usagi" or card.type.lower() not in EFFECT_CARDS or not _REACHES.search(question):
        return None
    asked = {cardwhose.KIND_NOUNS[w] for w in re.findall(r"[a-z]+", question.lower()) if w in cardwhose.KIND_NOUNS}
    named = {
        m.group(1).lower().rstrip("s").replace("allie", "ally").replace("heroe", "hero")
        for m in _TARGET_KIND.finditer(card.text)
    }
    if not asked or len(named) != 1:
        return None
    (target,) = named
    reached = _KINDS_OF.get(target)
    if reached is None:
        return None
    if asked <= reached:
        if target == "character":
            return "Yes, by its text: it targets a Character, and Heroes and Allies are both Characters."
        return f"Yes, by its text: it targets {_KIND_LABEL[target]}."
    wanted, other = _KIND_LABEL[target], _KIND_LABEL[sorted(asked - reached)[0]]
    return f"No, by its text: it targets {wanted} only, and {other} is not {wanted}."


def verdicts(
    question: str, card: CardDef, kind: CardKind, other: CardDef | None, qtype: QuestionType = "other"
) -> tuple[str | None, str | None]:
    """What the card's own words decide (whose cards it reaches, whether it goes with `other`, whether
    a Character can be involved with an Event: Yes/No answers, given only to yes/no questions) and
    what its printed numbers work out to (Tributes, a contender's total), each None when nothing."""
    yes_no = kind == "rule" and qtype in ("yesno", "other")  # not "what happens in my discard step…"
    # "does my opp have to dump chakra too": a yes/no naming a stat word still asks whom the card reaches
    whose = (
        (cardwhose.state_verdict(question, card) or cardwhose.whose_verdict(question, card))
        if yes_no or (kind == "stat" and qtype == "yesno")
        else None
    )
    if whose is None and qtype in ("yesno", "other"):  # "does farmers champion count as a ronin", any kind
        whose = cardtrait.verdict(question, card)
    if whose is None and yes_no:  # "does trainee playmaker get +100 when defending"
        whose = (
            turnuse.verdict(question, card)  # "can i use pot of greed on my opps turn"
            or kind_verdict(question, card)
            or ninjacards.verdict(question, card)
            or unique_verdict(question, card)
            or cardstat.bonus_verdict(question, card)
            or cardstat.level_verdict(question, card)
            or cardstat.phase_verdict(question, card)
            or chakracost.paid_with(question, card)
        )
    if whose is None and yes_no:  # "can summon the horde grab swarm of imps", "can i trap hole a fusion monster"
        whose = (
            cardreach.search_verdict(question, card, other)
            or (cardreach.search_verdict(question, other, card) if other is not None else None)
            or cardreach.summon_verdict(question, card, other)
            or (cardreach.summon_verdict(question, other, card) if other is not None else None)
        )
    if whose is None and yes_no:  # "i have kurogane the cold prince in hand, can it save kurogane demon lord"
        whose = savecard.verdict(question, card, other)
    if whose is None and other is not None and yes_no and _PAIRING.search(question):
        whose = pair_verdict(card, other)  # not "why cant my raiga attack their mitsu": that asks a rule
    if whose is None and qtype == "yesno" and kind in ("rule", "text"):  # "are my monsters safe from battle"
        whose = cardclaim.verdict(question, card)
    worked = (
        worked_out(question, card)
        or contender.needed(question, card, other)
        or contender.typed_total(question, card)
        or lifepoints.worked(question, card, other)
    )
    involved = contender.involvable(question, card, other) if qtype in ("yesno", "other") else None
    if involved is not None and qtype == "yesno":  # "can i stick him on it for the extra score": can he at all
        return whose, involved
    return whose, worked or involved


_RAISES = re.compile(r"\b(?:boost|buff|pump|raise|power(?:s)? up|help|strengthen|increase|add)\w*\b", re.IGNORECASE)
_LOWERS = re.compile(r"\b(?:lower|weaken|drop|reduce|hurt|nerf|decrease|shrink)\w*\b", re.IGNORECASE)


def boost_verdict(question: str, card: CardDef, other: CardDef) -> str | None:
    """Yes or No to "does yami boost my dark magicians atk": `other`'s bonus applied to the stat of
    `card` the question names, with the way the question asks it to go.

    >>> from rulesdocs.cardnames import card
    >>> print(boost_verdict("does yami boost my dark magicians atk", card("yugioh", "Dark Magician"),
    ...                     card("yugioh", "Yami")))
    Yes: with Yami, Dark Magician has ATK 2700 (2500 printed, +200) (its bonus is for Spellcaster monsters).
    >>> boost_verdict("does sogen boost dark magician", card("yugioh", "Sogen"), card("yugioh", "Dark Magician"))[:40]
    "No: Sogen doesn't change Dark Magician: "
    """
    up, down = _RAISES.search(question) is not None, _LOWERS.search(question) is not None
    if up == down:
        return None
    told = statmod.with_bonus(other, card, asked_stats(question, card)) or statmod.with_bonus(
        card, other, asked_stats(question, other)
    )
    if told is None or ("printed" not in told and "doesn't change" not in told):
        return None
    raised, lowered = "printed, +" in told, "printed, -" in told
    verdict = "Yes" if (up and raised) or (down and lowered) else "No"
    said = f"w{told[1:]}" if told.startswith("With ") else told
    return f"{verdict}: {said}"


def answer_text(
    question: str,
    card: CardDef,
    kind: CardKind,
    rule: str | None,
    others: list[CardDef] | None = None,
    other: CardDef | None = None,
    qtype: QuestionType = "other",
) -> str:
    """The reply: the stat asked first, or the text, or the rule then the card."""
    lines: list[str] = []
    whose, worked = verdicts(question, card, kind, other, qtype)
    if whose is None and worked is None and kind == "rule" and other is not None and qtype == "yesno":
        whose = boost_verdict(question, card, other)  # "does yami boost my dark magicians atk"
    if whose is not None:  # the card's own words answer it: no rule about its kind of card is needed
        lines.append(whose)
        rule = None
    if worked is not None:
        lines.append(worked)
        if rule is not None and not re.search(r"\btribut|\bchronicle token", rule, re.IGNORECASE):
            rule = None  # the worked-out line answers; a rule about something else would only mislead
    if kind == "stat":
        keys = asked_stats(question, card)
        boosted = None
        if other is not None and worked is None:  # "whats mystical elfs def with yami out"
            boosted = statmod.with_bonus(other, card, keys) or statmod.with_bonus(
                card, other, asked_stats(question, other)
            )
        situated = (
            cardstat.situated(question, card, keys)
            or colorfight.card_boost(question, card, other or colorfight.discarded_card(question, card.game))
            if keys and worked is None
            else None
        )
        if boosted is not None:
            lines.append(boosted)
        elif keys and worked is None:
            if situated is not None:  # the stat in the situation asked, then the printed ones
                lines.append(situated)
            lines.append(stat_phrase(card, keys))
        elif worked is None:
            kind_words = kind_line(card.type, card.subtype)
            article = "an" if kind_words[:1].lower() in "aeiou" else "a"
            lines.append(f"{card.name} is {article} {kind_words} card.")
        lines.append(f"{card_line(card)}\n{card_text(card)}")
    elif kind == "text":
        lines.append(f"{card_line(card)}\n{card_text(card)}")
    elif rule is not None:
        lines.append(rule)
        lines.append(f"About the card — {card_line(card)}\n{card_text(card)}")
    elif whose is not None or worked is not None:
        lines.append(f"{card_line(card)}\n{card_text(card)}")
    else:
        lines.append(f"The rules reference has no ruling on this card itself; its text decides. {card_line(card)}")
        lines.append(card_text(card))
    if others:
        listed = "; ".join(f"{c.code}: {_short(card_text(c))}" for c in others[:3])
        lines.append(f"Other versions of {card.name}: {listed}")
    if other is not None:
        lines.append(f"The other card named — {card_line(other)}\n{card_text(other)}")
    return "\n\n".join(lines)


def _short(text: str, limit: int = 90) -> str:
    """`text` cut at a word boundary to about `limit` characters."""
    return text if len(text) <= limit else text[:limit].rsplit(" ", 1)[0].rstrip(",;:") + "…"


def citation(card: CardDef) -> Citation:
    """The card as a source: our pool's text of it."""
    return Citation(doc=f"{card.game} card pool", section=card.code, title=card.name, text=card_text(card))
