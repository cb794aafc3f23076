"""Deck lists: parse "3x Dark Magician" text, validate against the game's rules, store per player.

Accepted lines (one card entry per line; blank lines and `#`/`//` comments are skipped):
``3x Dark Magician``, ``3 Dark Magician``, ``Dark Magician x3``, ``Dark Magician`` (one copy),
a card code instead of a name, and section headers ``Main:``, ``Extra:``, ``Side:`` (also
``#main``/``!side`` as YDK files write them, or ``Main deck (40)``). Lists pasted from Discord
keep working: list markers (``- 1x X``, ``* 3x X``), bold or italics (``**1x X**``, ``**3x** X``),
quotes (``> 3x X``) and Markdown headings (``## Extra deck``) are read through. A count is 1 to
99; another (``-1x``, ``0x``, ``100x``) is reported as a wrong count, not as an unknown card.

>>> parse_deck_text("Main:\\n3x Kuriboh\\nSide:\\n1 Kuriboh")  # doctest: +SKIP
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from bot.persistence import Database, DeckRow
from bot.services.errors import NotFoundError, ServiceError
from bot.services.games import get_game, preconstructed

if TYPE_CHECKING:
    from engine.core.game import DeckList, Game

from cards.pool import normalize_name

MAX_COUNT = 99
_COUNT_FIRST = re.compile(r"^([-+−]?\d+)\s*[xX×]?\s+(.+)$")
_COUNT_LAST = re.compile(r"^(.+?)\s+[xX×]\s?([-+−]?\d+)$")
_HEADER = re.compile(r"^(?:#{1,3}|!)?\s*([a-z_]+)(?:\s+deck)?\s*(?:\(\d+\))?\s*:?$", re.IGNORECASE)
_LIST_MARKER = re.compile(r"^(?:>\s+|[-*+•]\s+)+")
_EMPHASIS = re.compile(r"\*\*|__")
_WRAPPED = re.compile(r"^([*_`])(.+)\1$")
# Header words players use for a game's deck sections (YDK's "fusion", Inuyasha's "Kaitou" card).
SECTION_ALIASES = {"fusion": "extra", "kaitou": "extra"}


def deck_sections(game: Game) -> set[str]:
    """Section names a deck list of `game` may use: the usual ones plus those of its built-in decks."""
    names = {"main", "extra", "side"}
    for deck in game.pool.decks.values():
        names.update(deck.sections)
    return names


def section_header(game: Game, line: str) -> str | None:
    """The section a header line opens ("Main deck (40)", "#extra", "Goalkeeper:"), or None."""
    match = _HEADER.match(line)
    if match is None:
        return None
    word = match.group(1).lower()
    known = deck_sections(game)
    section = word if word in known else SECTION_ALIASES.get(word, word)
    return section if section in known else None


MAX_DECK_TEXT = 20_000
MAX_PROBLEMS = 30  # problems listed (and "did you mean" hints looked for) in one deck list


class DeckError(ServiceError):
    """A deck list that cannot be used; the message lists every problem."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("This deck has problems:\n" + "\n".join(f"- {p}" for p in problems))
        self.problems = problems


@dataclass(slots=True)
class ParsedDeck:
    sections: dict[str, list[str]] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)


def deck_problems(game: Game, parsed: ParsedDeck) -> list[str]:
    """Every problem of a deck list at once: the lines that could not be read, then the game's deck
    rules checked on the cards that could (said so, since a misread line may change a count)."""
    problems = list(parsed.problems)
    if not parsed.sections:
        return problems
    rules = list(game.validate_deck(parsed.sections))
    if problems and rules:
        rules = [f"{rule} (counting the cards read)" for rule in rules]
    return (problems + rules)[: MAX_PROBLEMS + 1]


def strip_markdown(line: str) -> str:
    """A deck line without the Markdown people paste from Discord around it.

    >>> strip_markdown("- **3x** Dark Magician")
    '3x Dark Magician'
    >>> strip_markdown("*1x Kuriboh*")
    '1x Kuriboh'
    >>> strip_markdown("## Extra deck")
    '## Extra deck'
    """
    line = _EMPHASIS.sub("", _LIST_MARKER.sub("", line.strip())).strip()
    while (wrapped := _WRAPPED.match(line)) is not None:
        line = wrapped.group(2).strip()
    return line


def _count(text: str) -> int:
    """The count written `text`; a number too long to be a count reads as one past the limit."""
    digits = text.lstrip("+-−")
    if len(digits) > 4:
        return MAX_COUNT + 1
    return int(text.replace("−", "-"))


def parse_deck_text(game: Game, text: str) -> ParsedDeck:
    """Turn a text deck list into sections of card codes, collecting every problem found."""
    parsed = ParsedDeck()
    if len(text) > MAX_DECK_TEXT:
        parsed.problems.append(f"the list is too long ({len(text)} characters; at most {MAX_DECK_TEXT})")
        return parsed
    section = "main"
    pool = game.pool
    names = same_name(game)
    for number, raw in enumerate(re.split(r"\r?\n|;", text), start=1):
        line = strip_markdown(raw)
        header = section_header(game, line) if line else None
        if header:
            section = header
            continue
        if not line or line.startswith("//") or line.startswith("#"):
            continue
        count, name, written = 1, line, "1"
        if m := _COUNT_FIRST.match(line):
            written, name = m.group(1), m.group(2)
        elif m := _COUNT_LAST.match(line):
            name, written = m.group(1), m.group(2)
        count = _count(written)
        name = name.strip()
        if not 1 <= count <= MAX_COUNT:
            if _known(game, line):  # a card whose name starts with a number ("7 Colored Fish")
                count, name = 1, line
            else:
                wrong = _short(written, quoted=False)
                parsed.problems.append(
                    f"line {number}: wrong count {wrong} in {_short(line)}: write 1 to {MAX_COUNT} copies, "
                    f"as in '3x {_short(name, quoted=False)}'"
                )
                continue
        if m := _WITH_CODE.match(name):  # "Axel Blaze (S1-02)": a name with its code picks one version
            name = m.group(2) if m.group(2) in pool else m.group(1)
        versions = names.get(normalize_name(name), [])
        if name not in pool and len(versions) > 1:
            codes = ", ".join(f"{pool[c].name} ({c})" for c in versions)
            parsed.problems.append(
                f"line {number}: several cards are named {_short(name)}; write one as Name (CODE): {codes}"
            )
            continue
        try:
            card = pool.resolve(name)
        except KeyError:
            parsed.problems.append(
                f"line {number}: no {game.name or game.id} card named {_short(name)}"
                + (_hint(game, name) if len(parsed.problems) < MAX_PROBLEMS else "")
            )
            continue
        parsed.sections.setdefault(section, []).extend([card.code] * count)
    if not parsed.sections and not parsed.problems:
        parsed.problems.append("the list names no cards")
    if len(parsed.problems) > MAX_PROBLEMS:  # a pasted wall of text: the first ones say enough
        more = len(parsed.problems) - MAX_PROBLEMS
        parsed.problems[MAX_PROBLEMS:] = [f"... and {more} more lines with problems"]
    return parsed


_WITH_CODE = re.compile(r"^(.+?)\s*\(([^()]+)\)$")


def _known(game: Game, name: str) -> bool:
    try:
        game.pool.resolve(name)
    except KeyError:
        return False
    return True


def _short(text: str, *, quoted: bool = True) -> str:
    """`text` cut to 60 characters for a message (a pasted line may be very long)."""
    cut = text if len(text) <= 60 else text[:57] + "..."
    return repr(cut) if quoted else cut


def same_name(game: Game) -> dict[str, list[str]]:
    """Normalized card name -> codes of every card with that name (several versions of a character)."""
    table: dict[str, list[str]] = {}
    for card in game.pool.cards.values():
        table.setdefault(normalize_name(card.name), []).append(card.code)
    return table


def _hint(game: Game, name: str) -> str:
    from rapidfuzz import fuzz, process

    names = [card.name for card in game.pool.cards.values()]
    best = process.extractOne(name, names, scorer=fuzz.WRatio, score_cutoff=70)
    return f" (did you mean {best[0]!r}?)" if best else ""


def deck_to_text(game: Game, sections: DeckList) -> str:
    """A deck as "3x Name" lines under section headers (the format `parse_deck_text` reads)."""
    lines: list[str] = []
    for section, codes in sections.items():
        lines.append(f"{section.capitalize()} ({len(codes)}):")
        counts: dict[str, int] = {}
        for code in codes:
            counts[code] = counts.get(code, 0) + 1
        versions = same_name(game)
        for code, count in counts.items():
            name = game.pool[code].name if code in game.pool else code
            if len(versions.get(normalize_name(name), [])) > 1:
                name = f"{name} ({code})"  # one of several versions: keep the list unambiguous
            lines.append(f"{count}x {name}")
    return "\n".join(lines)


class DeckService:
    """Import, list, show and delete decks; resolve the deck a player names for a match."""

    def __init__(self, db: Database) -> None:
        self.db = db

    async def import_deck(self, owner: str, game_id: str, name: str, text: str) -> DeckRow:
        """Parse, validate (every problem listed) and store a deck; replaces one of the same name."""
        game = get_game(game_id)
        name = name.strip()
        if not name or len(name) > 80:
            raise ServiceError("A deck name needs 1 to 80 characters.")
        parsed = parse_deck_text(game, text)
        problems = deck_problems(game, parsed)
        if problems:
            raise DeckError(problems)
        return await self.db.save_deck(owner, game.id, name, parsed.sections, source=text)

    async def list_decks(self, owner: str, game_id: str | None = None) -> list[tuple[str, str, bool]]:
        """(game, deck name, is preconstructed) for the player's decks and the built-in ones."""
        games = [get_game(game_id)] if game_id else None
        rows = await self.db.decks_of(owner, games[0].id if games else None)
        listed = [(row.game, row.name, False) for row in rows]
        if games is None:
            from bot.services.games import list_games

            games = [get_game(info.id) for info in list_games()]
        for game in games:
            listed.extend((game.id, name, True) for name in preconstructed(game))
        return listed

    async def resolve(self, owner: str, game_id: str, name: str | None) -> tuple[str, DeckList]:
        """The deck `name` of `owner` (or a preconstructed one); the first built-in deck when empty."""
        game = get_game(game_id)
        built_in = preconstructed(game)
        if not name:
            if not built_in:
                raise NotFoundError(f"{game.name} ships no preconstructed deck: import one with /deck import.")
            first = next(iter(built_in))
            return first, built_in[first]
        row = await self.db.get_deck(owner, game.id, name.strip())
        if row is not None:
            return row.name, {k: list(v) for k, v in row.sections.items()}
        wanted = name.strip().casefold()
        for deck_name, deck in built_in.items():
            if deck_name.casefold() == wanted:
                return deck_name, deck
        starts = [n for n in built_in if n.casefold().startswith(wanted) or wanted in n.casefold()]
        if len(starts) == 1:
            return starts[0], built_in[starts[0]]
        known = ", ".join(built_in) or "none"
        raise NotFoundError(f"No {game.name} deck called {name!r}. Your decks: /deck list. Preconstructed: {known}.")

    async def show(self, owner: str, game_id: str, name: str) -> str:
        game = get_game(game_id)
        deck_name, deck = await self.resolve(owner, game.id, name)
        return f"**{deck_name}** ({game.name})\n" + deck_to_text(game, deck)

    async def delete(self, owner: str, game_id: str, name: str) -> None:
        game = get_game(game_id)
        if not await self.db.delete_deck(owner, game.id, name.strip()):
            raise NotFoundError(f"You have no {game.name} deck called {name!r}.")
