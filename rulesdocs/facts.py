"""The rulings knowledge base: atomic rules facts per game, each with the ways players ask it.

Files are `rulesdocs/facts/<game>.yaml` (format in `rulesdocs/facts/README.md`). Loading checks
every record and names the file and fact of a problem; a game's own chat words (`lexicon:`) are
registered with `rulesdocs.chat`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Final

import yaml

from rulesdocs import chat
from rulesdocs.model import GameId, RulesError

SAFE_LOADER: Final = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
"""PyYAML's safe loader in C (libyaml, in PyYAML's wheels) when present: the knowledge base's ~30,000
phrasings load several times faster than with the pure-Python loader."""

FACTS_DIR = Path(__file__).with_name("facts")
ANSWER_MAX = 420
MIN_ASKS = 2
_ID = re.compile(r"^[a-z0-9][a-z0-9-]*$")
_DEFINITION_ASK = re.compile(
    r"^\s*(?:what(?:'?s| is| are| does| do)|wat is|wut is|define|definition|meaning of|explain)\b|\bmean\b|\bmeans\b"
    r"|^\s*[\w' -]{1,30}\?\s*$",
    re.IGNORECASE,
)
_SECTION = re.compile(r"^\d+(?:\.\d+)*$|^G:.+$")
_SILENT = re.compile(
    r"rulebook (?:doesn.?t (?:say|cover|settle|give|set|mention|print)|does not (?:say|cover|settle|give|set|mention)|"
    r"never (?:says|settles|mentions|gives|sets)|is silent|(?:gives|sets|has|prints) (?:\w+ ){0,4}no\b)|rules never|"
    r"\bno (?:\w+ ){0,2}is printed|"
    r"(?:isn.?t|not) (?:printed|in the rulebook|covered)|neither the rulebook|"
    r"the rules (?:don.?t|do not) (?:say|cover)",
    re.IGNORECASE,
)
"""An answer saying the rulebook is silent on the point it rules on."""


@dataclass(frozen=True, slots=True)
class Fact:
    """One ruling: the answer in our words, where it comes from, and how players ask it."""

    id: str
    game: GameId
    section: str
    answer: str
    asks: tuple[str, ...]
    also: tuple[str, ...] = ()
    interpretation: bool = False
    unsettled: bool = False
    """`silent: true` in the file: the rulebook doesn't settle the point, whatever the answer's words."""
    then: str = ""
    """The id of the fact stating the next step of the procedure this one is a step of ("ok then what")."""

    @property
    def is_definition(self) -> bool:
        """True for a "what is X" fact: most of its phrasings ask what something is or means."""
        asking = sum(bool(_DEFINITION_ASK.search(a)) for a in self.asks)
        return asking * 2 >= len(self.asks)

    @property
    def silent(self) -> bool:
        """True for tcgtable's reading of a point the rulebook never settles ("is there a mulligan"):
        an interpretation marked `silent`, or whose answer says the rulebook is silent."""
        return self.interpretation and (self.unsettled or bool(_SILENT.search(self.answer)))

    @property
    def sections(self) -> tuple[str, ...]:
        """The cited section first, then the others it touches."""
        return (self.section, *self.also)


@dataclass(frozen=True, slots=True)
class FactBook:
    """All facts of one game and the game's chat words."""

    game: GameId
    facts: tuple[Fact, ...]
    lexicon: chat.Lexicon


def _text(value: object, where: str) -> str:
    if not isinstance(value, (str, int, float)) or isinstance(value, bool) or not str(value).strip():
        raise RulesError(f"{where}: expected non-empty text, got {value!r}")
    return " ".join(str(value).split())


def _fact(raw: object, game: GameId, where: str) -> Fact:
    if not isinstance(raw, dict):
        raise RulesError(f"{where}: a fact must be a mapping")
    fact_id = _text(raw.get("id"), f"{where} id")
    where = f"{where} ({fact_id})"
    if not _ID.match(fact_id):
        raise RulesError(f"{where}: ids are kebab-case")
    section = _text(raw.get("section"), f"{where} section")
    also_raw = raw.get("also") or []
    if not isinstance(also_raw, list):
        raise RulesError(f"{where}: `also` must be a list of sections")
    also = tuple(_text(s, f"{where} also") for s in also_raw)
    for number in (section, *also):
        if not _SECTION.match(number):
            raise RulesError(f"{where}: {number!r} is not a section number")
    answer = _text(raw.get("answer"), f"{where} answer")
    if len(answer) > ANSWER_MAX:
        raise RulesError(f"{where}: the answer has {len(answer)} characters (at most {ANSWER_MAX})")
    asks_raw = raw.get("asks")
    if not isinstance(asks_raw, list) or len(asks_raw) < MIN_ASKS:
        raise RulesError(f"{where}: needs a list of at least {MIN_ASKS} asks")
    asks = tuple(dict.fromkeys(_text(a, f"{where} asks") for a in asks_raw))
    interpretation, unsettled = bool(raw.get("interpretation", False)), bool(raw.get("silent", False))
    if unsettled and not interpretation:
        raise RulesError(f"{where}: `silent: true` marks an interpretation; add `interpretation: true`")
    then = _text(raw["then"], f"{where} then") if raw.get("then") is not None else ""
    if then and not _ID.match(then):
        raise RulesError(f"{where}: `then` names the id of the next step's fact")
    return Fact(fact_id, game, section, answer, asks, also, interpretation, unsettled, then)


def load_book(path: Path) -> FactBook:
    """One game's facts from `path`; RulesError names the file and fact of any problem."""
    try:
        raw = yaml.load(path.read_text(encoding="utf-8"), Loader=SAFE_LOADER)
    except (OSError, yaml.YAMLError) as exc:
        raise RulesError(f"{path}: {exc}") from exc
    if not isinstance(raw, dict) or not isinstance(raw.get("facts"), list):
        raise RulesError(f"{path}: expected `game:` and a list of `facts:`")
    game = _text(raw.get("game"), f"{path} game")
    facts = tuple(_fact(item, game, f"{path} fact {n}") for n, item in enumerate(raw["facts"], 1))
    ids = [f.id for f in facts]
    if len(ids) != len(set(ids)):
        raise RulesError(f"{path}: duplicate fact ids {sorted({i for i in ids if ids.count(i) > 1})}")
    lexicon_raw = raw.get("lexicon") or {}
    if not isinstance(lexicon_raw, dict):
        raise RulesError(f"{path}: `lexicon` must map chat words to rules words")
    try:
        lexicon = chat.compile_lexicon({str(k): v for k, v in lexicon_raw.items()}, str(path))
    except ValueError as exc:
        raise RulesError(str(exc)) from exc
    return FactBook(game, facts, lexicon)


def load_books(directory: Path = FACTS_DIR) -> dict[GameId, FactBook]:
    """Every game's facts in `directory` (a game's facts may be split over several files, e.g.
    `yugioh.yaml` and `yugioh-battle.yaml`), with their chat words registered."""
    books: dict[GameId, FactBook] = {}
    for path in sorted(directory.glob("*.yaml")):
        book = load_book(path)
        known = books.get(book.game)
        if known is not None:
            clash = {f.id for f in known.facts} & {f.id for f in book.facts}
            if clash:
                raise RulesError(f"{path}: fact ids already used in another {book.game} file: {sorted(clash)}")
            book = FactBook(book.game, known.facts + book.facts, {**known.lexicon, **book.lexicon})
        books[book.game] = book
    for game, book in books.items():
        ids = {f.id for f in book.facts}
        broken = sorted(f"{f.id} -> {f.then}" for f in book.facts if f.then and f.then not in ids)
        if broken:
            raise RulesError(f"{game}: `then` names no {game} fact: {broken}")
        chat.register_lexicon(game, book.lexicon)
    return books
