"""Card names inside rules questions, recognised through the built-in card pools.

"can Dark Magician attack the turn i summon it" is a question about monsters: the name is read as
its card kind with its level ("level 7 monster") unless the knowledge base knows the card itself (Exodia, a card a rule
names). "what does Dark Magician do" asks about one card's text, which the rulebook doesn't rule
on: `card_question` spots that, so the assistant can point to the card look-up instead.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from rapidfuzz import fuzz, process

from rulesdocs import text as textmod

if TYPE_CHECKING:
    from cards.pool import CardDef
from rulesdocs.model import GameId

_WORD = re.compile(r"[a-z0-9]+")
MAX_NAME_WORDS = 8
KIND_WORDS = {
    "reserve": "reserve character",
    "starting": "starting character",
    "technique": "super technique",
}
"""Card types whose display word differs from the type id."""
KIND_BY_SUBTYPE = {
    ("character", "ally"): "ally",
    ("character", "hero"): "hero",
    ("attachment", "setting"): "setting",
    ("attachment", "possession"): "item",
    ("attachment", "experience"): "attachment",
    ("mission", "permanent"): "permanent mission",
    ("mission", "counter"): "counter mission",
}
"""(type, subtype) pairs whose subtype is the word players and the rules use ("my ally gets swept")."""
KIND_SUBTYPES = {
    "spell": ("quick-play", "continuous", "field", "equip", "ritual"),
    "trap": ("continuous", "counter"),
    "monster": ("fusion", "ritual"),
    "moment": ("action", "response", "held"),
    "event": ("story",),
}
"""Subtypes read with the kind ("a counter trap"), where the rules treat them apart."""

_CARD_QUESTION = re.compile(
    r"^\s*(?:what|wat|wut)\s*(?:does|do|is|s|'s)\s+(?:the\s+|a\s+)?xcardx(?:'?s)?\s*"
    r"(?:card\s*)?(?:do|does|effect|ability|abilities|text|say|says)?\s*[?!.]*\s*$"
    r"|\bhow\s+does\s+(?:the\s+)?xcardx\s+work\b"
    r"|\bxcardx(?:'?s)?\s+(?:effect|ability|abilities|text|ruling|rulings)\b"
    r"|\b(?:ruling|rulings)\s+(?:on|for|about)\s+(?:the\s+)?xcardx\b"
    r"|\bis\s+xcardx\s+(?:good|bad|broken|banned|legal|worth|meta|strong|playable)\b",
    re.IGNORECASE,
)


@dataclass(frozen=True, slots=True)
class Mention:
    """A card named in a question: its printed name, its kind word, and where it was typed."""

    name: str
    kind: str
    words: tuple[str, ...]


def _words(text: str) -> list[str]:
    return _WORD.findall(textmod.fold(text).replace("'", ""))


def words_of(text: str) -> list[str]:
    """The folded words of `text`, as card names are matched."""
    return _words(text)


_NAME_FILLERS = frozenset({"the", "of", "a", "an"})
"""Words players leave out of a card's name."""


@cache
def _names(game: GameId) -> dict[tuple[str, ...], tuple[str, str]]:
    try:
        from cards.pool import PoolError, load_pool
    except ImportError:  # the rules assistant also works without the card package
        return {}
    try:
        pool = load_pool(game)
    except (PoolError, OSError, ValueError, KeyError):
        return {}
    table: dict[tuple[str, ...], tuple[str, str]] = {}
    short_names: dict[tuple[str, ...], tuple[str, str]] = {}
    for card in pool.cards.values():
        kind = KIND_WORDS.get(card.type.lower(), card.type.lower())
        sub = (card.subtype or "").lower()
        if (card.type.lower(), sub) in KIND_BY_SUBTYPE:
            kind = KIND_BY_SUBTYPE[(card.type.lower(), sub)]
        elif sub in KIND_SUBTYPES.get(kind, ()):
            kind = f"{sub} {kind}"  # "quick-play spell", "action moment": rules differ by subtype
        level = card.stats.get("level") if isinstance(card.stats, dict) else None
        if isinstance(level, int) and not isinstance(level, bool):
            kind = f"level {level} {kind}"  # "Blue-Eyes White Dragon" -> a level 8 monster (tributes!)
        for name in (card.name, *card.aliases):
            words = tuple(_words(name))
            if words and (len(words) >= 2 or len(words[0]) >= SHORT_NAME or words[0] not in textmod.STOP_WORDS):
                table.setdefault(words, (card.name, kind))
        typed = tuple(_words(card.name))
        if len(typed) >= 3 and typed[-1] == "jutsu":  # "shadow possession" for Shadow Possession Jutsu
            short_names.setdefault(typed[:-1], (card.name, kind))
        plain = tuple(w for w in typed if w not in _NAME_FILLERS)
        if len(plain) >= 2 and plain != typed:  # "gaia dragon champion" for Gaia the Dragon Champion
            short_names.setdefault(plain, (card.name, kind))
    for words, named in short_names.items():
        table.setdefault(words, named)  # a card's full name wins over another's shortened one
    return table


@cache
def _cards(game: GameId) -> dict[str, CardDef]:
    """The built-in pool of `game` by printed name (the first version of a name)."""
    try:
        from cards.pool import PoolError, load_pool
    except ImportError:
        return {}
    try:
        pool = load_pool(game)
    except (PoolError, OSError, ValueError, KeyError):
        return {}
    out: dict[str, CardDef] = {}
    for card in pool.cards.values():
        out.setdefault(card.name, card)
    return out


@cache
def pool(game: GameId) -> tuple[CardDef, ...]:
    """Every built-in card of `game` (the first version of each name)."""
    return tuple(_cards(game).values())


def name_words(game: GameId) -> frozenset[str]:
    """Every word of a built-in card name of `game`."""
    return frozenset(w for name in _cards(game) for w in _words(name))


OWNED = frozenset({"my", "your", "their", "his", "her", "our", "injured", "healthy", "opps", "enemy"})
"""Words before a common word that make it a card's short name ("my naruto", "their injured kakashi")."""


@cache
def granted_tags(game: GameId) -> frozenset[str]:
    """Characteristics (lowercase) some card of `game` gives during play ("gains \"Animal\"", "gets ...
    \"Clone Status\" this turn"): a card without one printed may still have it when it matters."""
    granted: set[str] = set()
    for printed in _cards(game).values():
        for sentence in re.split(r"(?<=[.;])\s+", printed.text):
            if re.search(r"\b(?:gains?|becomes?|this turn)\b", sentence, re.IGNORECASE):
                after = re.split(r"\b(?:gains?|becomes?|gets?)\b", sentence, maxsplit=1, flags=re.IGNORECASE)
                given = re.search(r'"([^"]+)"', after[1]) if len(after) == 2 else None
                if given is not None:  # the first one named: "becomes \"Female\" instead of \"Male\""
                    granted.add(given.group(1).lower())
    return frozenset(granted)


def card(game: GameId, name: str) -> CardDef | None:
    """The built-in card of `game` printed as `name`."""
    return _cards(game).get(name)


def versions(game: GameId, name: str) -> list[CardDef]:
    """Every built-in card of `game` printed as `name` (versions of one character)."""
    try:
        from cards.pool import load_pool
    except ImportError:
        return []
    return [c for c in load_pool(game).cards.values() if c.name == name]


_VERSION_WORDS = re.compile(r"\b(reserve|starting|starter)\b", re.IGNORECASE)


def version_asked(question: str, chosen: CardDef) -> CardDef:
    """The version of `chosen` whose kind the question types ("reserve maddie moonlight" is the reserve
    one, "starting kevin dragonfly" the starting one), or `chosen` when it types none or several fit."""
    said = {("starting" if w.lower() == "starter" else w.lower()) for w in _VERSION_WORDS.findall(question)}
    if len(said) != 1 or chosen.type.lower() in said:
        return chosen
    fitting = [c for c in versions(chosen.game, chosen.name) if c.type.lower() in said]
    return fitting[0] if len(fitting) == 1 else chosen


@cache
def _nickname_table(game: GameId) -> dict[str, str]:
    """The nickname table's entries for `game`: nickname -> printed name (empty without the catalog)."""
    try:
        from cards.catalog.builtin import load_nicknames
    except ImportError:
        return {}
    return load_nicknames().get(game, {})


@cache
def _nicknames(game: GameId) -> dict[tuple[str, ...], str]:
    """Community nicknames of built-in cards ("bewd", "dm") as word tuples -> printed name."""
    cards = _cards(game)
    return {
        tuple(_words(alias)): name for alias, name in _nickname_table(game).items() if name in cards and _words(alias)
    }


@cache
def _outside_pool(game: GameId) -> dict[tuple[str, ...], str]:
    """Cards the nickname table knows that our pool lacks ("mirror force", "feather duster"), as word
    tuples of their printed name and of their nicknames of 2+ words -> printed name."""
    cards = _cards(game)
    out: dict[tuple[str, ...], str] = {}
    for alias, name in _nickname_table(game).items():
        if name in cards:
            continue
        for typed in (name, alias):
            words = tuple(_words(typed.replace("-", " ")))
            if len(words) >= 2:
                out[words] = name
    return out


def outside_pool(question: str, game: GameId) -> str | None:
    """The printed name of a real card our pool lacks that `question` names in full ("does mirror
    force hit set monsters"), or None: its text and rulings are not in the rulebook.

    >>> outside_pool("does mirror force hit face down monsters too", "yugioh")
    'Mirror Force'
    >>> outside_pool("can i chain a trap to my opponents trap", "yugioh") is None
    True
    """
    words = _words(question.replace("-", " "))
    known = _outside_pool(game)
    for size in range(min(MAX_NAME_WORDS, len(words)), 1, -1):
        for start in range(len(words) - size + 1):
            name = known.get(tuple(words[start : start + size]))
            if name is not None:
                return name
    return None


@cache
def _short_names(game: GameId) -> dict[str, str]:
    """One word that names one card of the pool ("kakashi", "raiga", "axel"): a first or last name,
    or the name before a subtitle's comma, of at least 4 letters, held by no other card."""
    seen: dict[str, set[str]] = {}
    for name, card in _cards(game).items():
        if card.type.lower() not in PERSON_TYPES:
            continue
        head = _words(name.split(",")[0])
        for word in {head[0], head[-1]} if head and len(head) > 1 else ():
            seen.setdefault(word, set()).add(name)
        if len(head) == 1 and "," in name:
            seen.setdefault(head[0], set()).add(name)
    heads = {name: _words(name.split(",")[0]) for name in _cards(game)}
    return {
        word: min(names)
        for word, names in seen.items()
        if len(word) >= 4 and (len(names) == 1 or all(heads[n] == [word] for n in names))
    }


QUANTITY_WORDS = frozenset({"max", "min", "maximum", "minimum", "most", "least", "top", "bottom", "low", "high"})
"""Words a one-word nickname may share ("Max" for Maxwell Carson) that in a question may mean an amount."""
_BEFORE_AMOUNT = frozenset({"a", "the", "no", "any", "there", "on", "at", "to", "of", "is", "my", "your", "per"})
_AFTER_AMOUNT = frozenset(
    {"hand", "size", "number", "limit", "copies", "copy", "cards", "card", "amount", "deck", "bench", "of", "per"}
)


def _as_amount(words: list[str], at: int) -> bool:
    """True when `words[at]` is a quantity word used as one: "is there a max hand size", "bench max",
    not "what does max do".

    >>> _as_amount("is there a max hand size".split(), 3), _as_amount("what does max do".split(), 2)
    (True, False)
    """
    word = words[at]
    if word not in QUANTITY_WORDS:
        return False
    before = words[at - 1] if at > 0 else ""
    after = words[at + 1] if at + 1 < len(words) else ""
    return before in _BEFORE_AMOUNT or after in _AFTER_AMOUNT or after.isdigit() or not after


SHORT_TYPO_MIN = 7
SHORT_TYPO_CUTOFF = 90.0
"""A typed word this long, this close (rapidfuzz ratio) to one card's distinctive name word, names it."""
SHORT_NAME = 5
"""A one-word card name shorter than this is read only when it is no common word ("Yami", "Umi")."""
PERSON_TYPES = frozenset({"ninja", "character", "goalkeeper", "reserve", "starting"})
"""Card types that are people: one of their names alone ("kakashi") names the card."""
FUZZY_CUTOFF = 85.0
"""rapidfuzz ratio for a typed window of words to be read as a card name ("dark magican")."""
FUZZY_MIN_CHARS = 6


def _singular(word: str, vocabulary: frozenset[str]) -> str:
    """`word` without a possessive or plural "s" ("magicians", "guys" when "guy" is a name word).

    >>> _singular("guys", frozenset({"guy"})), _singular("this", frozenset()), _singular("dogs", frozenset())
    ('guy', 'this', 'dogs')
    """
    if not word.endswith("s") or word.endswith("ss"):
        return word
    return word[:-1] if len(word) > 4 or word[:-1] in vocabulary else word


def lookup(question: str, game: GameId, common: Collection[str] = ()) -> Mention | None:
    """The card of `game` a question is about: its name typed exactly (the longest one), a
    nickname, a possessive ("dark magicians atk"), one distinctive word of it ("kakashi"), or a
    typo of its name. `common` words (the rules' vocabulary) are never read as a card on their own."""
    exact = find(question, game)
    if exact is not None:
        return exact
    words = _words(question)
    vocabulary = name_words(game)
    plain = [_singular(w, vocabulary) for w in words]
    found = find(" ".join(plain), game)
    if found is not None:
        return found
    table = _names(game)
    nick = _nicknames(game)
    choices = {" ".join(key): value[0] for key, value in table.items()}
    fuzzy = _fuzzy(words, choices, common, min_size=2)
    for size in range(min(4, len(words)), 0, -1):
        for start in range(len(words) - size + 1):
            for typed in (words, plain):  # "gai sensei's" is typed "gai senseis"
                name = nick.get(tuple(typed[start : start + size]))
                word = typed[start]
                if name is not None and (
                    size > 1 or (not _as_amount(words, start) and (word not in common or len(word) <= 4))
                ):
                    if _longer_typo(fuzzy, typed[start : start + size], words[start : start + size]):
                        break  # "kakashis forsight": a typo of Kakashi's Foresight, not the nickname "kakashi"
                    return Mention(name, kind_of(game, name), tuple(typed[start : start + size]))
    part = _partial(words, game, common) or _partial(plain, game, common)  # "water clones"
    if part is not None and not _longer_typo(fuzzy, part.words, part.words):
        return part
    if fuzzy is not None:
        return Mention(fuzzy[0], kind_of(game, fuzzy[0]), fuzzy[1])
    shorts = _short_names(game)
    for at, (word, bare) in enumerate(zip(words, plain, strict=True)):
        for candidate in (word, bare):
            name = shorts.get(candidate)
            if (
                name is not None
                and (candidate not in common or (word != bare and _value_follows(words, at)))
                and candidate not in textmod.STOP_WORDS
            ):
                name = _best_sharing(game, candidate, name, plain)  # "hana the archer": Hana, Shrine Archer
                return Mention(name, kind_of(game, name), (candidate,))
    for word in words:  # "swordmistres": a typo of one name word that names one card
        if len(word) >= SHORT_TYPO_MIN and word not in common and word not in textmod.STOP_WORDS:
            hit = process.extractOne(word, shorts.keys(), scorer=fuzz.ratio, score_cutoff=SHORT_TYPO_CUTOFF)
            if hit is not None:
                return Mention(shorts[hit[0]], kind_of(game, shorts[hit[0]]), (word,))
    fuzzy = _fuzzy(words, choices, common, min_size=1)
    return Mention(fuzzy[0], kind_of(game, fuzzy[0]), fuzzy[1]) if fuzzy is not None else None


def _best_sharing(game: GameId, word: str, chosen: str, typed: Sequence[str]) -> str:
    """Of the cards whose name begins with `word` (the versions of one character: "Hana, Girl Out of
    Time", "Hana, Shrine Archer"), the one whose other name words the question types ("hana the
    archer"); `chosen` when none or several do.

    >>> _best_sharing("inuyasha", "hana", "Hana, Girl Out of Time", "what colors does hana the archer have".split())
    'Hana, Shrine Archer'
    """
    typed_words = {_singular(w, frozenset()) for w in typed} | set(typed)
    scored = []
    for name in _cards(game):
        words = _words(name.replace("-", " "))
        if words and words[0] == word:
            extra = set(words[1:]) - textmod.STOP_WORDS
            scored.append((len(extra & typed_words), name))
    best = max((score for score, _ in scored), default=0)
    winners = [name for score, name in scored if score == best]
    return winners[0] if best > 0 and len(winners) == 1 else chosen


def _value_follows(words: Sequence[str], at: int) -> bool:
    """True when a word for a printed value follows `words[at]` ("narutos combat", "narutos injured
    support"): the possessive is a character's, even when its name is also the game's or a rules word."""
    rest = [w for w in words[at + 1 : at + 3] if w not in textmod.CARD_VALUE_STATES]
    return bool(rest) and rest[0] in textmod.CARD_VALUE_WORDS


@cache
def _parts(game: GameId) -> dict[tuple[str, ...], str | None]:
    """Every run of 2+ words inside a card name -> that card's name (None when names share the run)."""
    out: dict[tuple[str, ...], str | None] = {}
    for name in _cards(game):
        words = _words(name.replace("-", " "))
        for size in range(2, len(words)):
            for start in range(len(words) - size + 1):
                key = tuple(words[start : start + size])
                out[key] = name if out.get(key, name) == name else None
    return out


def _partial(words: list[str], game: GameId, common: Collection[str]) -> Mention | None:
    """The one card whose name holds a typed run of 2+ words ("fire ball jutsu" -> Fire Style: Fire
    Ball Jutsu, "dian keto" -> Dian Keto the Cure Master); the longest run wins. A run of rules words
    ("battle phase") or stop words alone names nothing, nor does one word with stop words ("to kill")."""
    parts = _parts(game)
    for size in range(min(MAX_NAME_WORDS, len(words)), 1, -1):
        for start in range(len(words) - size + 1):
            run = tuple(words[start : start + size])
            name = parts.get(run)
            if name is None:
                continue
            if all(w in common or w in textmod.STOP_WORDS or len(w) <= 2 for w in run):
                continue
            if sum(w not in textmod.STOP_WORDS for w in run) < 2:
                continue  # "to kill" in "how much damage does it take to kill" is not Intent to Kill
            return Mention(name, kind_of(game, name), run)
    return None


def _longer_typo(fuzzy: tuple[str, tuple[str, ...]] | None, found: Sequence[str], typed: Sequence[str]) -> bool:
    """True when a near-spelling of a longer card name covers the words a shorter match was found by."""
    if fuzzy is None or len(fuzzy[1]) <= len(found):
        return False
    window = set(fuzzy[1])
    return all(w in window for w in typed) or all(w in window for w in found)


def _fuzzy(
    words: list[str], choices: dict[str, str], common: Collection[str], min_size: int
) -> tuple[str, tuple[str, ...]] | None:
    """The card name closest to a window of `words` (best score, then the longest window)."""
    best: tuple[float, int, str, tuple[str, ...]] | None = None
    for size in range(min(MAX_NAME_WORDS, len(words)), min_size - 1, -1):
        for start in range(len(words) - size + 1):
            window = words[start : start + size]
            typed = " ".join(window)
            if len(typed) < FUZZY_MIN_CHARS or all(
                w in common or w in textmod.STOP_WORDS or len(w) <= 2 for w in window
            ):
                continue
            hit = process.extractOne(typed, choices.keys(), scorer=fuzz.ratio, score_cutoff=FUZZY_CUTOFF)
            if hit is not None and (best is None or (hit[1], size) > best[:2]):
                best = (hit[1], size, choices[hit[0]], tuple(window))
    return (best[2], best[3]) if best is not None else None


def kind_of(game: GameId, name: str) -> str:
    """The kind word of a built-in card ("level 7 monster", "ninja")."""
    for value_name, kind in _names(game).values():
        if value_name == name:
            return kind
    return "card"


POSSESSIVE_MIN = 4
"""A word this long or longer ending in "s" may be a name with its possessive ("fireyarous")."""


def find(question: str, game: GameId) -> Mention | None:
    """The longest card name of `game` typed in `question`, if any."""
    table = _names(game)
    if not table:
        return None
    words = _words(question)
    best: Mention | None = None
    for start in range(len(words)):
        for size in range(min(MAX_NAME_WORDS, len(words) - start), 0, -1):
            key = tuple(words[start : start + size])
            found = table.get(key)
            if found is None and len(key[-1]) > POSSESSIVE_MIN and key[-1].endswith("s"):
                found = table.get((*key[:-1], key[-1][:-1]))  # "fireyarous atk": "fireyarou's" typed or folded
            if found is not None and (best is None or size > len(best.words)):
                best = Mention(*found, key)
                break
    return best


def second(question: str, game: GameId, first: Mention, common: Collection[str] = ()) -> str | None:
    """Another card of `game` named in `question` besides `first` ("can sakura use lightning blade"):
    its name, or None. Only a name, nickname or distinctive word typed whole, never a typo's guess.

    >>> second("can i equip sword of dark destruction to my blue eyes", "yugioh",
    ...        lookup("can i equip sword of dark destruction to my blue eyes", "yugioh"))
    'Blue-Eyes White Dragon'
    """
    if not first.words:
        return None
    words = _words(question)
    size = len(first.words)
    for start in range(len(words) - size + 1):
        if tuple(words[start : start + size]) == first.words:
            before, after = words[:start], words[start + size :]
            rest = [*before, "|", *after]  # "|" keeps a name from spanning the first one
            break
    else:
        return None
    vocabulary = name_words(game)
    typed = [*(before, after), *([_singular(w, vocabulary) for w in side] for side in (before, after))]
    sides = [m for m in (find(" ".join(side), game) for side in typed) if m is not None]  # "dark magicians atk"
    found = max(sides, key=lambda m: len(m.words), default=None)
    if found is None:
        nick = _nicknames(game)
        found = next(
            (
                Mention(name, kind_of(game, name), key)
                for n in range(min(4, len(rest)), 0, -1)
                for i in range(len(rest) - n + 1)
                if (name := nick.get(key := tuple(rest[i : i + n]))) is not None
                and (n > 1 or (rest[i] not in common and not _as_amount(rest, i)))
            ),
            None,
        )
    if found is None:
        found = _partial(rest, game, common)
    if found is None:
        shorts = _short_names(game)
        found = next(
            (
                Mention(shorts[w], kind_of(game, shorts[w]), (w,))
                for i, typed_word in enumerate(rest)
                # "gensai's white": the possessive is the name
                for w in dict.fromkeys((typed_word, _singular(typed_word, vocabulary)))
                if w in shorts
                and w not in textmod.STOP_WORDS
                and (w not in common or (i > 0 and rest[i - 1] in OWNED))  # "my injured naruto" is a card
            ),
            None,
        )
    return found.name if found is not None and found.name != first.name else None


def replace(question: str, mention: Mention, *, level: bool = True) -> str:
    """`question` (folded) with the card's name read as its kind ("a level 7 monster"; without
    `level`, just "a monster")."""
    words = _words(question)
    size = len(mention.words)
    kind = mention.kind.split()
    if not level and len(kind) > 2 and kind[0] == "level":
        kind = kind[2:]
    for start in range(len(words) - size + 1):
        if tuple(words[start : start + size]) == mention.words:
            words[start : start + size] = kind
            break
    return " ".join(words)


_STATS = (
    r"(?:ratings?|stats|colou?r values?|atk|def|power|sp|fsp|combat|support|level|cost|chakra|entrance"
    r"|intrigue|diplomacy|ceremony|labor)\b"
)
_NAMED_CARD_QUESTIONS = (
    re.compile(
        r"^\s*(?:what|wat|wut)\s+(?:does|do|did)\s+(?:(?:the|a|an|my|his|her|their|this|that)\s+)?"
        r"(?P<name>[a-z0-9' -]{3,60}?)(?:\s+(?:card|super technique|technique|jutsu|ability|effect))?"
        r"\s+(?:do|does|say|says)\b(?:\s+exactly)?\s*(?:[?!.,]|$|and\b)"
    ),
    re.compile(  # "whats the deck cost of tetsusaiga"
        r"\bwhat(?:s|'s|\s+is|\s+are)\s+(?:the\s+)?(?:deck\s+|hand\s+|entrance\s+)?" + _STATS + r"\s+(?:of|for)\s+"
        r"(?:the\s+|a\s+)?(?P<name>[a-z0-9' -]{3,40}?)\s*[?!.]*\s*$"
    ),
    re.compile(  # "what entrance cost is jiraiya"
        r"^\s*what\s+(?:deck\s+|hand\s+|entrance\s+)?" + _STATS + r"\s+(?:is|does|has)\s+(?:the\s+)?"
        r"(?P<name>[a-z0-9' -]{3,40}?)(?:\s+have)?\s*[?!.]*\s*$"
    ),
    re.compile(
        r"\bwhat(?:\s+(?:are|r|is|s)|s|'s)\s+(?:the\s+)?(?P<name>[a-z0-9' -]{3,40}?)(?:'?s)?\s+"
        r"(?:ratings?|stats|colou?r values?|values|atk|def|power|sp|fsp|text|effect|ability|abilities|combat|support"
        r"|level|cost|chakra|entrance|intrigue|diplomacy|ceremony|labor|colou?rs?)\b"
    ),
    re.compile(
        r"^\s*(?:does|do|can|will|would)\s+(?P<name>[a-z0-9' -]{3,40}?)\s+"
        r"(?:negate|negates|stop|stops|destroy|destroys|counter|counters|beat|beats|target|work with|combo with"
        r"|respond to)\s+"
        r"(?P<other>[a-z0-9' -]{3,40}?)\s*[?!.]*\s*$"
    ),
)


_NOT_A_NAME = frozenset(
    [
        "most",
        "max",
        "maximum",
        "min",
        "minimum",
        "least",
        "highest",
        "lowest",
        "biggest",
        "smallest",
        "largest",
        "order",
        "total",
        "usual",
        "normal",
        "average",
        "same",
        "different",
        "all",
        "each",
        "every",
        "other",
        "number",
        "amount",
        "kind",
        "type",
    ]
)
"""A phrase opening with one of these ("whats the most attack colors", "whats the order of the rating tabs")
asks about cards in general, not about a card of that name."""


_TRAILING = re.compile(
    r"(?:'?s)?(?:\s+(?:best|highest|lowest|biggest|strongest|weakest|main|top|current|printed|base))+$"
)
"""Words after a name that say which of its values is asked ("whats kagomes best color"), not part of it."""
_OWNER = re.compile(r"^(?:(?:my|your|his|her|their|our|opp'?s|opponent'?s)\s+)+")


def named_card_question(question: str) -> list[str]:
    """The names in a question about particular cards ("what does the tetsusaiga card do", "does ash
    blossom negate pot of greed", "what are jotaro's ratings"), or [] when it isn't one."""
    folded = " ".join(question.lower().replace("\u2019", "'").split())
    for pattern in _NAMED_CARD_QUESTIONS:
        found = pattern.search(folded)
        if found is not None:
            names = [_TRAILING.sub("", _OWNER.sub("", value.strip())) for value in found.groupdict().values() if value]
            return [] if any(name.split()[0] in _NOT_A_NAME for name in names if name.split()) else names
    return []


def card_question(question: str, mention: Mention) -> bool:
    """True when `question` asks what one card does (its text, not a rule)."""
    folded = " ".join(_words(question))
    named = " ".join(mention.words)
    return bool(_CARD_QUESTION.search(folded.replace(named, "xcardx", 1)))


def names(text: str, mention: Mention) -> bool:
    """True when `text` names the mentioned card."""
    return f" {' '.join(mention.words)} " in f" {' '.join(_words(text))} "


_VERSION_BEFORE = re.compile(r"\b(reserve|starting|starter)\s+$", re.IGNORECASE)


def named_cards(text: str, game: GameId, common: Collection[str] = ()) -> list[CardDef]:
    """The pool cards `text` names, in the order found, each in the version typed before its name
    ("my starting jude sharp")."""
    found: list[CardDef] = []
    rest = text
    for _ in range(4):
        mention = lookup(rest, game, common)
        if mention is None or not mention.words:
            break
        chosen = card(game, mention.name)
        where = re.search(r"\b" + r"\W+".join(map(re.escape, mention.words)), rest, re.IGNORECASE)
        if chosen is not None:
            version = _VERSION_BEFORE.search(rest[: where.start()]) if where is not None else None
            if version is not None:
                chosen = version_asked(version.group(1), chosen)
            if all(c.name != chosen.name for c in found):
                found.append(chosen)
        if where is None:
            break
        rest = f"{rest[: where.start()]} | {rest[where.end() :]}"
    return found
