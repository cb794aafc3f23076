"""A situation described with numbers, worked out by the game's rule: one reader per game.

Yu-Gi-Oh! battles (ATK against ATK or DEF, direct attacks), Inazuma shots at their last chance and
card levels against the turn number, Inuyasha attacks in a color and color values after a bonus or
a penalty, Naruto showdowns and Entrance costs, and, for the games with a hand limit, the cards to
discard at the end of a turn (yours, or your opponent's). A follow-up that changes one value ("what if
theirs was 6") reworks the previous question's situation.

>>> found = read("yugioh", "my 1800 atk monster attacks their 1500 def monster", None, None, "")
>>> found.fact_id
'g-calc-atk-vs-def-numbers'
>>> read("usagi", "my 1800 atk monster attacks", None, None, "") is None
True
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, TypeVar

from rulesdocs import (
    calc,
    cardnames,
    colorchange,
    colorfight,
    entrance,
    handsize,
    levelturn,
    namedfight,
    shot,
    showdown,
    teampower,
)
from rulesdocs import conversation as conv

if TYPE_CHECKING:
    from cards.model import CardDef

BATTLE_FACTS = {"atk": "g-calc-atk-vs-atk-numbers", "def": "g-calc-atk-vs-def-numbers"}
"""The Yu-Gi-Oh! facts stating the damage-calculation rule a described battle is worked out by."""
DIRECT_ATTACK_FACT = "c-direct-attack"
"""The Yu-Gi-Oh! fact stating that a direct attack deals the attacker's full ATK as damage."""
COLOR_ATTACK_FACT = "c-attack-resolve"
"""The Inuyasha fact stating how an attack in one color is decided."""
NO_NEGATIVE_FACT = "m-no-negative"
"""The Inuyasha fact stating that no number ever goes below 0."""
COLOR_BOOST_FACT = "g-color-boost-missing-color"
"""The Inuyasha fact stating how a color bonus applies (only in a color the character has)."""
LAST_CHANCE_FACT = "last-chance"
"""The Inazuma fact stating how a shot's last chance is decided."""
LEVEL_FACTS = {False: "move-level-condition", True: "tech-level-condition"}
"""The Inazuma facts stating that a reserve (moved to the field) or a super technique waits for its level."""
ENTRANCE_FACT = "g-entrance-too-high"
"""The Naruto fact stating that a card's Entrance cost must be at most the Turn Indicator."""
TEAM_POWER_FACT = "c-team-power"
"""The Naruto fact stating how a Team's Power is added up."""
SHOWDOWN_FACTS = {False: "c-damage-overview", True: "c-unblocked-reward"}
"""The Naruto rules a showdown worked out cites: a blocked battle's damage, an unblocked Team's Battle Reward."""

_T = TypeVar("_T")


@dataclass(frozen=True, slots=True)
class Worked:
    """What a described situation comes to, the fact whose rule decides it, and the question as the
    next follow-up should rework it."""

    told: str
    fact_id: str
    asked: str
    own_text: str = ""
    """A card talked about whose own text also applies to the situation."""


@dataclass(frozen=True, slots=True)
class _Asked:
    """The question as asked, as typed (game names stripped), the previous question, and the card
    talked about."""

    question: str
    typed: str
    earlier: str | None
    card: CardDef | None
    before: CardDef | None = None

    def read_or_merge(
        self, read: Callable[[str], _T | None], merge: Callable[[str, str], _T | None]
    ) -> tuple[_T | None, str]:
        """The situation the question gives, else the previous one with what the follow-up changes,
        with the question it came from."""
        found = read(self.typed)
        if found is None and self.earlier is not None:
            return merge(self.earlier, self.typed), self.earlier
        return found, self.question


def _stat(card: CardDef, name: str) -> int | None:
    value = card.stats.get(name)
    return value if isinstance(value, int) else None


_IT_ATTACKS = re.compile(r"\b(?:it|he|she)\s+(attacks?|attacking|swings? (?:at|into)|hits?)\b", re.IGNORECASE)
_POSITIONED = re.compile(r"\b(?:set|face.?down|def|defen[cs]e\w*|flip\w*)\b", re.IGNORECASE)
_ATTACKS_IT = re.compile(r"\b(attacks?|attacking|swings? (?:at|into)|hits?)\s+(?:it|him|her)\b", re.IGNORECASE)


def _yugioh(asked: _Asked) -> Worked | None:
    straight = calc.direct_attack(asked.typed) if calc.battle(asked.typed) is None else None
    if straight is not None:  # "my 1200 attacks directly" after a battle is a new situation, not a change
        return Worked(
            calc.direct_outcome(straight, calc.life_points_left(asked.typed)), DIRECT_ATTACK_FACT, asked.question
        )
    said, note = asked.typed, ""
    named = namedfight.read(said, "yugioh") if calc.battle(said) is None else None
    it = asked.before or asked.card
    plain = _POSITIONED.search(asked.typed) is None  # a Set or flipped monster is not read this way
    if named is None and it is not None and it.type == "monster" and plain and calc.battle(asked.typed) is None:
        # "ok it attacks their la jinn" after Summoned Skull: the monster talked about before is "it"
        said = _IT_ATTACKS.sub(f"my {it.name} \\1", asked.typed)
        said = _ATTACKS_IT.sub(f"\\1 my {it.name}", said)
        named = namedfight.read(said, "yugioh") if said != asked.typed else None
    if named is None and asked.earlier is not None:  # "and if the celtic was in def instead"
        shifted = namedfight.moved(asked.earlier, asked.typed, "yugioh")
        spell = _spell_named(asked.typed) if shifted is None else None
        if spell is not None:  # "what if i had equipped dark energy on skull first"
            shifted = namedfight.with_spell(asked.earlier, spell, "yugioh")
            note = f"With {spell.name} ({spell.text.rstrip('.')}): " if shifted is not None else ""
        named = namedfight.read(shifted, "yugioh") if shifted is not None else None
        said = shifted or said
    if named is not None and (fight := calc.battle(named.text)) is not None:  # "my dark magician attacks…"
        told = f"{note}{named.legend} {calc.outcome(fight)}"
        # the names are kept for the next follow-up ("and if the celtic was in def"); numbers are read from them
        return Worked(told, BATTLE_FACTS[fight.target.stat], said, _effects("yugioh", named))
    if asked.earlier is not None and calc.battle(asked.earlier) is None:
        asked = replace(asked, earlier=namedfight.as_numbers(asked.earlier, "yugioh") or asked.earlier)
    fight, _ = asked.read_or_merge(calc.battle, calc.merge)
    card = asked.card
    if fight is None and card is not None and card.type == "monster":
        # "so if my 1500 atk attacks it in def position" after "what does wall of illusion do"
        fight = calc.against_card(asked.typed, _stat(card, "atk"), _stat(card, "def"))
        if fight is not None:
            own = card.text.strip()
            own_text = f"\n\n{card.name}'s own text also applies: {own}" if own else ""
            return Worked(calc.outcome(fight), BATTLE_FACTS[fight.target.stat], calc.described(fight), own_text)
    if fight is None:
        return None
    return Worked(calc.outcome(fight), BATTLE_FACTS[fight.target.stat], calc.described(fight))


def _spell_named(typed: str) -> CardDef | None:
    """The one Yu-Gi-Oh! Spell a message names, if it names one."""
    spells = [c for c in cardnames.named_cards(typed, "yugioh") if c.type == "spell"]
    return spells[0] if len(spells) == 1 else None


def _effects(game: str, named: namedfight.Reading) -> str:
    """The texts of the named cards that have an effect, which may change the numbers worked out."""
    texts = []
    for name, _, _ in named.values:
        card = cardnames.card(game, name)
        if card is not None and card.text.strip() and card.subtype != "normal":
            texts.append(f"{card.name}'s own text may change this: {card.text.strip()}")
    return "".join(f"\n\n{text}" for text in texts)


def _inazuma(asked: _Asked) -> Worked | None:
    kick, _ = asked.read_or_merge(shot.read, shot.merge)
    if kick is not None:
        return Worked(shot.outcome(kick), LAST_CHANCE_FACT, shot.described(kick))
    used, _ = asked.read_or_merge(levelturn.read, levelturn.merge)  # "can my lvl 3 reserve go out on turn 2"
    if used is not None:
        return Worked(levelturn.outcome(used), LEVEL_FACTS[used.technique], levelturn.described(used))
    return None


_KEYWORD = re.compile(r"\b(aggressive|defensive)\b", re.IGNORECASE)


def _inuyasha(asked: _Asked) -> Worked | None:
    changed = colorchange.read(asked.typed)
    if changed is not None and (changed.change < 0 or colorfight.color_attack(asked.typed) is None):
        # "opps char has 1 red and gets -3 red, so is it at -2 now?" (a penalty is never an attack's value)
        fact = NO_NEGATIVE_FACT if changed.value + changed.change < 0 else COLOR_BOOST_FACT
        return Worked(colorchange.outcome(changed, asked.typed), fact, asked.question)
    named = namedfight.read(asked.typed, "inuyasha") if colorfight.color_attack(asked.typed) is None else None
    if named is not None and (attack := colorfight.color_attack(named.text)) is not None:
        told = f"{named.legend} {colorfight.color_outcome(attack)}"
        return Worked(told, COLOR_ATTACK_FACT, colorfight.described(attack), _effects("inuyasha", named))
    earlier_card = asked.before.name if asked.before is not None else None
    shared = namedfight.shared_colors(asked.typed, earlier_card) if named is None else None
    if shared is not None:  # "kurogane attacks gensai, what color can he use and does it work"
        return Worked(shared, COLOR_ATTACK_FACT, asked.question)
    keyword = _KEYWORD.search(asked.earlier or "") if not _KEYWORD.search(asked.typed) else None
    if keyword is not None and colorfight.discards_for_cost(asked.typed):  # after "what does aggressive do"
        carried = f"{asked.typed} for {keyword.group(1).lower()}"
        attack = colorfight.color_attack(carried)
        if attack is not None:
            return Worked(colorfight.color_outcome(attack), COLOR_ATTACK_FACT, colorfight.described(attack))
        boosted = colorfight.one_side_boost(asked.typed, keyword.group(1).lower())
        if boosted is not None:
            return Worked(boosted, COLOR_ATTACK_FACT, asked.question)
    attack, _ = asked.read_or_merge(colorfight.color_attack, colorfight.merge_color)
    mention = cardnames.find(asked.typed, "inuyasha") if attack is None and asked.card is not None else None
    if mention is not None and asked.card is not None and mention.name == asked.card.name:
        one = colorfight.one_named(asked.typed, asked.card, mention.words)
        if one is not None:
            color = one.attacker.color
            told = f"{asked.card.name} has {color} {_color_of(asked.card, color)}. {colorfight.color_outcome(one)}"
            return Worked(told, COLOR_ATTACK_FACT, colorfight.described(one))
    if attack is None:
        return None
    return Worked(colorfight.color_outcome(attack), COLOR_ATTACK_FACT, colorfight.described(attack))


def _color_of(card: CardDef, color: str) -> int | None:
    colors = card.stats.get("colors")
    return int(colors[color]) if isinstance(colors, dict) and color in colors else None


def _naruto(asked: _Asked) -> Worked | None:
    typed = teampower.from_values(asked.typed)  # "head is 5/3 and the support is 1/1, whats the total"
    if typed is not None:
        return Worked(typed, TEAM_POWER_FACT, asked.question)
    # a follow-up's own two Powers ("and if its 8 vs 3") keep whose Team is whose from before
    clash = showdown.merge(asked.earlier, asked.typed) if asked.earlier is not None else None
    clash = clash if clash is not None else showdown.read(asked.typed)
    if clash is not None:
        return Worked(showdown.outcome(clash), SHOWDOWN_FACTS[clash.theirs is None], showdown.described(clash))
    team, _ = asked.read_or_merge(teampower.read, teampower.merge)  # "asuma leading with shino and tenten"
    if team is not None and (told := teampower.outcome(team)):
        return Worked(told, TEAM_POWER_FACT, teampower.described(team))
    # "turn marker is on 3, can i deploy entrance 4", or "can i play it with my turn marker on 3" after a card
    printed = _stat(asked.card, "entrance") if asked.card is not None else None
    playing = entrance.read(asked.typed, printed)
    if playing is None and asked.earlier is not None:
        playing = entrance.merge(asked.earlier, asked.typed)
    if playing is None:
        return None
    return Worked(entrance.outcome(playing), ENTRANCE_FACT, entrance.described(playing))


_READERS: dict[str, Callable[[_Asked], Worked | None]] = {
    "yugioh": _yugioh,
    "inazuma": _inazuma,
    "inuyasha": _inuyasha,
    "naruto": _naruto,
}


def _hand(game: str, asked: _Asked, previous_fact: str | None) -> Worked | None:
    limit = handsize.LIMITS.get(game)
    if limit is None:
        return None
    held, source = handsize.read(asked.typed), asked.question
    if held is None and asked.earlier is not None:
        held = handsize.merge(asked.earlier, asked.typed, limit_answered=previous_fact == limit.fact)
        source = asked.earlier
    theirs = handsize.on_their_turn(asked.typed)
    if handsize.held_by_opponent(asked.typed):
        told = handsize.opponent_outcome(game, held, their_turn=theirs)  # the opponent's cards
    else:
        told = handsize.outcome(game, held, theirs=theirs)
    return Worked(told, limit.fact, source) if told else None


def read(
    game: str,
    question: str,
    earlier: str | None,
    card: CardDef | None,
    previous_fact: str | None,
    before: CardDef | None = None,
) -> Worked | None:
    """The situation `question` describes in `game`, or the `earlier` question's situation with what
    `question` changes, worked out; `card` is the card talked about, `before` the one the previous turn
    was about ("it" in "ok it attacks their la jinn"), `previous_fact` the fact the previous answer
    gave. None when it describes none."""
    asked = _Asked(question, conv.strip_game_names(question), earlier, card, before)
    reader = _READERS.get(game)
    found = reader(asked) if reader is not None else None
    if found is not None and found.told:
        return found
    return _hand(game, asked, previous_fact)
