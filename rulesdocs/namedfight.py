"""A battle between cards named by name, read as the numbers they print, for the battle calculators.

"if my dark magician attacks their summoned skull" is `calc.battle`'s "my 2500 atk monster attacks
their 2500 atk monster" once each name is read as its printed value; "my kurogane attacks their
gensai with purple" is `colorfight.color_attack`'s "my purple 4 attacks their purple 4". The defender
shows its DEF when the question puts it in Defense Position or face-down.

>>> print(as_numbers("if my dark magician attacks their summoned skull what happens", "yugioh"))
if my 2500 atk monster attacks their 2500 atk monster what happens
>>> print(as_numbers("my celtic guardian attacks a face down mystical elf", "yugioh"))
my 1400 atk monster attacks a face down 2000 def monster
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rulesdocs import calc, cardnames, colorfight, statmod
from rulesdocs.model import GameId

if TYPE_CHECKING:
    from cards.pool import CardDef

_DEFENDING = re.compile(r"\bface.?down\b|\bfacedown\b|\bset\b|\bdef(?:en[cs]e)?\b|\bin def\b", re.IGNORECASE)
_ATTACK_VERB = frozenset({"attacks", "attack", "attacked", "attacking", "hits", "swings", "battles"})
_COLORS = ("red", "blue", "white", "black", "purple")
_FOLLOWING = 3
"""Words after a name searched for the attack verb that makes it the attacker."""
_LOWEST_TYPED_STAT = 100
_TYPED_AFTER = 4
"""Words after a name searched for a value typed with it ("mystical elf in def (2000)")."""


@dataclass(frozen=True, slots=True)
class Named:
    """A card named in the question and where its name was typed (in folded words)."""

    name: str
    start: int
    size: int


def _find(words: list[str], typed: tuple[str, ...]) -> int | None:
    for start in range(len(words) - len(typed) + 1):
        if tuple(words[start : start + len(typed)]) == typed:
            return start
    return None


def _two_named(question: str, game: GameId) -> tuple[list[str], list[Named]] | None:
    """The folded words of `question` and the two cards named in it, in typed order."""
    words = cardnames.words_of(question)
    first = cardnames.lookup(question, game)
    if first is None or not first.words:
        return None
    at = _find(words, first.words)
    if at is None:
        return None
    rest = words[:at] + ["_"] * len(first.words) + words[at + len(first.words) :]
    second = cardnames.lookup(" ".join(rest), game)
    if second is None or not second.words or second.name == first.name:
        return None
    at2 = _find(rest, second.words)
    if at2 is None:
        return None
    found = sorted(
        [Named(first.name, at, len(first.words)), Named(second.name, at2, len(second.words))], key=lambda n: n.start
    )
    return words, found


def _attacker(words: list[str], named: list[Named]) -> int:
    """Which of the two named cards attacks (0 or 1): the one an attack verb follows, unless "attacked by"."""
    for index, card in enumerate(named):
        after = words[card.start + card.size : card.start + card.size + _FOLLOWING]
        verb = next((i for i, w in enumerate(after) if w in _ATTACK_VERB), None)
        if verb is not None:
            passive = after[verb] == "attacked" or (verb > 0 and after[verb - 1] in {"is", "gets", "was", "got"})
            return 1 - index if passive else index
    return 0


def _value(game: GameId, name: str, stat: str) -> int | None:
    card = cardnames.card(game, name)
    if card is None:
        return None
    if game == "inuyasha":
        colors = card.stats.get("colors")
        value = colors.get(stat) if isinstance(colors, dict) else None
        return value if isinstance(value, int) else 0
    value = card.stats.get(stat)
    return value if isinstance(value, int) else None


@dataclass(frozen=True, slots=True)
class Reading:
    """The question with the names read as numbers, and each card's printed value used."""

    text: str
    values: tuple[tuple[str, str, int], ...]
    """(card name, ATK/DEF or the color, value), in typed order."""

    @property
    def legend(self) -> str:
        """ "Dark Magician: 2500 ATK; Summoned Skull: 1200 DEF." """
        return "; ".join(f"{name}: {value} {label}" for name, label, value in self.values) + "."


def _may_fight(question: str, game: GameId) -> bool:
    """The cheap check made before any card-name look-up: most questions describe no battle."""
    if game == "yugioh":
        return calc.asks_battle(question)
    if game == "inuyasha":
        typed = set(cardnames.words_of(question))
        return not typed.isdisjoint(_COLORS) and colorfight.asks_color_attack(question)
    return False


def read(question: str, game: GameId) -> Reading | None:
    """`question` with its two named cards read as their printed values in the battle (Yu-Gi-Oh! ATK
    or DEF, an Inuyasha color the question names), or None when it doesn't name two such cards."""
    if not _may_fight(question, game):
        return None
    found = _two_named(question, game)
    if found is None:
        return _one_named(question) if game == "yugioh" else None
    words, named = found
    if game == "yugioh" and not all(cardnames.kind_of(game, n.name).endswith("monster") for n in named):
        return None
    if _third_card(words, named, game):
        return None  # "...attacks their feral imp but i flip waboku": printed values alone would mislead
    attacker = _attacker(words, named)
    color = next((c for c in _COLORS if c in words), None) if game == "inuyasha" else None
    if game == "inuyasha" and color is None:
        return None
    values: list[tuple[str, str, int]] = []
    out = list(words)
    for index, card in reversed(list(enumerate(named))):  # from the end, so earlier positions hold
        if color is not None:
            stat, label = color, color
        else:
            defends = index != attacker and _DEFENDING.search(question) is not None
            stat, label = ("def", "DEF") if defends else ("atk", "ATK")
        following = named[index + 1].start if index + 1 < len(named) else len(out)
        typed, start, end = (
            _typed_value(out, card, following) if color is None else (None, card.start, card.start + card.size)
        )
        value = typed if typed is not None else _value(game, card.name, stat)
        if not value and (color is not None or value is None):
            return None  # no printed value, or a color not on both cards: no attack in it
        out[start:end] = [stat, str(value)] if color else [str(value), stat, "monster"]
        values.insert(0, (card.name, label, value))
    return Reading(" ".join(out), tuple(values))


def _third_card(words: list[str], named: list[Named], game: GameId) -> bool:
    """True when the question names a further card besides the two fighting (a Field Spell, a Trap, an
    equip, an event): its effect may change the battle, which the printed values alone would miss.

    >>> words, named = _two_named("my dark magician attacks their feral imp and they flip waboku", "yugioh")
    >>> _third_card(words, named, "yugioh")
    True
    """
    rest = list(words)
    for card in named:
        rest[card.start : card.start + card.size] = ["_"] * card.size
    third = cardnames.lookup(" ".join(rest), game)
    return third is not None and bool(third.words) and third.name not in {card.name for card in named}


def _typed_value(words: list[str], card: Named, limit: int) -> tuple[int | None, int, int]:
    """A value typed with the name ("my 1700 battle ox", "their mystical elf in def (2000)"), which
    replaces the printed one, and the span of words to replace: the name, and the number with it."""
    start, end = card.start, card.start + card.size
    if start > 0 and _stat_number(words[start - 1]):
        return int(words[start - 1]), start - 1, end
    for at in range(end, min(end + _TYPED_AFTER, limit)):
        if _stat_number(words[at]):
            return int(words[at]), start, at + 1
    return None, start, end


def _stat_number(word: str) -> bool:
    """An ATK or DEF typed ("1700"), not a count ("2 equips")."""
    return word.isdigit() and int(word) >= _LOWEST_TYPED_STAT


def as_numbers(question: str, game: GameId) -> str | None:
    """Just the question read as numbers (see `read`)."""
    reading = read(question, game)
    return reading.text if reading is not None else None


def _one_named(question: str) -> Reading | None:
    """A Yu-Gi-Oh! battle between one monster named and one typed as a value ("opp's 1500 atk guy attacks
    my wall of illusion in def"): the name read as its printed ATK, or DEF when it defends in Defense
    Position or face-down; None unless that makes a battle of two values.

    >>> print(_one_named("opp's 1500 atk guy attacks my wall of illusion in def. what happens").text)
    opps 1500 atk guy attacks my 1850 def monster in def what happens
    """
    words = cardnames.words_of(question)
    mention = cardnames.lookup(question, "yugioh")
    if mention is None or not mention.words or not cardnames.kind_of("yugioh", mention.name).endswith("monster"):
        return None
    at = _find(words, mention.words)
    if at is None or calc.battle(question) is not None:
        return None
    named = Named(mention.name, at, len(mention.words))
    after = words[at + named.size : at + named.size + _FOLLOWING]
    attacks = any(w in _ATTACK_VERB for w in after) and "attacked" not in after
    defends = not attacks and _DEFENDING.search(" ".join(words[at + named.size :])) is not None
    stat, label = ("def", "DEF") if defends else ("atk", "ATK")
    value = _value("yugioh", mention.name, stat)
    if value is None:
        return None
    text = " ".join([*words[:at], str(value), stat, "monster", *words[at + named.size :]])
    return Reading(text, ((mention.name, label, value),)) if calc.battle(text) is not None else None


_COLOR_ASKED = re.compile(
    r"\b(?:what|which) colou?rs?\b|\bcolou?rs? can\b|\bdoes it work\b|\bwho wins\b|\bwin\b|\bbeat\b"
    r"|\btake (?:it|him|her) out\b",
    re.IGNORECASE,
)
_SWINGS = re.compile(r"\b(?:attacks?|attacking|swings?(?: at| into)?|hits?|goes? (?:at|after))\b", re.IGNORECASE)
_IT_SWINGS = re.compile(
    r"\b(?:he|she|it)\s+(attacks?|attacking|swings?(?: at| into)?|hits?|goes? (?:at|after))\b", re.I
)


def shared_colors(question: str, before: str | None = None) -> str | None:
    """An Inuyasha attack between two characters named with no color given ("kurogane demon lord
    attacks gensai, what color can he use and does it work"): each color both print, and how the attack
    goes in it. `before` is the character talked about before, read for "he swings at gensai".

    >>> print(shared_colors("kurogane demon lord attacks gensai, what color can he use and does it work"))
    Kurogane, Demon Lord (black 7, red 5, purple 4) attacking Gensai, Wandering Monk (blue 5, purple 4, \
white 2) can only attack in a color both have: purple. Purple 4 against 4: equal or higher defeats \
Gensai, Wandering Monk (its controller's shard is stolen).
    """
    typed = question
    if before is not None and _IT_SWINGS.search(question) and cardnames.lookup(question, "inuyasha") is not None:
        typed = _IT_SWINGS.sub(lambda m: f"{before} {m.group(1)}", question, count=1)
    if not _SWINGS.search(typed) or not _COLOR_ASKED.search(typed) or any(c in typed.lower() for c in _COLORS):
        return None
    found = _two_named(typed, "inuyasha")
    if found is None:
        return None
    words, named = found
    attacker = named[_attacker(words, named)]
    defender = named[1 - named.index(attacker)]
    mine, theirs = (_colors_of(card.name) for card in (attacker, defender))
    if not mine or not theirs:
        return None
    both = [c for c in mine if c in theirs]
    listing = f"{attacker.name} ({_listed(mine)}) attacking {defender.name} ({_listed(theirs)})"
    if not both:
        return f"{listing}: they share no color, so {attacker.name} can't attack {defender.name} at all."
    lines = []
    for color in both:
        ours, other = mine[color], theirs[color]
        if ours >= other:
            lines.append(
                f"{color.capitalize()} {ours} against {other}: equal or higher defeats {defender.name} "
                "(its controller's shard is stolen)."
            )
        else:
            lines.append(f"{color.capitalize()} {ours} against {other}: lower, so nothing happens.")
    colors = ", ".join(both)
    one = "only attack in a color both have" if len(both) == 1 else "attack in a color both have"
    return f"{listing} can {one}: {colors}. " + " ".join(lines)


def _colors_of(name: str) -> dict[str, int]:
    card = cardnames.card("inuyasha", name)
    colors = card.stats.get("colors") if card is not None else None
    return (
        {str(k): int(v) for k, v in colors.items() if isinstance(v, int) and v > 0} if isinstance(colors, dict) else {}
    )


def _listed(colors: dict[str, int]) -> str:
    return ", ".join(f"{c} {v}" for c, v in colors.items())


_POSITION_SAID = re.compile(
    r"\s*(?:in\s+)?(?:atk|attack|def|defen[cs]e)\s*(?:pos(?:ition)?|mode)\b|\s+in\s+(?:atk|attack|def|defen[cs]e)\b"
    r"|\s+face.?(?:up|down)\b",
    re.IGNORECASE,
)
_TO_DEFENSE = re.compile(r"\b(?:def(?:en[cs]e)?|face.?down|set)\b", re.IGNORECASE)
_TO_ATTACK = re.compile(r"\b(?:atk|attack) (?:pos(?:ition)?|mode)\b|\bin (?:atk|attack)\b|\bface.?up\b", re.I)


def moved(earlier: str, follow_up: str, game: GameId) -> str | None:
    """The earlier named battle with the monster the follow-up names put in the position it says ("and
    if the celtic was in def instead"), as a question `read` reads; None when the follow-up changes no
    named monster's position.

    >>> moved("my summoned skull swings at opps celtic guardian in atk pos, how much dmg",
    ...       "and if the celtic was in def instead", "yugioh")
    'my summoned skull swings at opps celtic guardian in def, how much dmg'
    """
    if game != "yugioh" or read(earlier, game) is None:
        return None
    to_defense = _TO_DEFENSE.search(follow_up) is not None
    if not to_defense and _TO_ATTACK.search(follow_up) is None:
        return None
    found = _two_named(earlier, game)
    if found is None:
        return None
    words, named = found
    said = set(cardnames.words_of(follow_up))
    targets = [n for n in named if said & {w for w in words[n.start : n.start + n.size] if len(w) >= 3}]
    if len(targets) != 1:
        return None  # "the celtic": one of the two named, by a word of its name as typed before
    target = targets[0]
    typed = r"\W+".join(map(re.escape, words[target.start : target.start + target.size]))
    at = re.search(typed, earlier, re.IGNORECASE)
    if at is None:
        return None
    rest = (
        _POSITION_SAID.sub("", earlier[at.end() :], count=1)
        if _POSITION_SAID.match(earlier[at.end() :])
        else (earlier[at.end() :])
    )
    return f"{earlier[: at.end()]} in {'def' if to_defense else 'attack position'}{rest}"


def with_spell(earlier: str, spell: CardDef, game: GameId) -> str | None:
    """The earlier named battle with `spell`'s ATK/DEF change typed after the monster it reaches ("what
    if i had equipped dark energy on skull first"), as a question `read` reads; None when the spell
    reaches neither monster or both.

    >>> from rulesdocs.cardnames import card
    >>> with_spell("my summoned skull attacks their blue-eyes white dragon", card("yugioh", "Dark Energy"), "yugioh")
    'my summoned skull 2800 attacks their blue-eyes white dragon'
    """
    reading, found = read(earlier, game), _two_named(earlier, game)
    if game != "yugioh" or reading is None or found is None or spell.type != "spell":
        return None
    words, named = found
    changed = []
    for (name, label, value), typed in zip(reading.values, named, strict=True):
        monster = cardnames.card(game, name)
        stat = label.lower()
        amount = sum(
            b.amount for b in statmod.bonuses(spell) if b.stat == stat and monster and statmod.fits(b, monster)
        )
        if amount:
            changed.append((typed, value + amount))
    if len(changed) != 1:
        return None
    typed, value = changed[0]
    pattern = r"\W+".join(map(re.escape, words[typed.start : typed.start + typed.size]))
    at = re.search(pattern, earlier, re.IGNORECASE)
    return f"{earlier[: at.end()]} {value}{earlier[at.end() :]}" if at is not None else None
