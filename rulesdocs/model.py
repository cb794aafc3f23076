"""Plain records shared by the rules assistant: indexed chunks, hits, citations and replies."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal, TypeAlias

GameId: TypeAlias = str
ChunkKind: TypeAlias = Literal["section", "glossary", "extra"]
AnswerKind: TypeAlias = Literal["rule", "card", "clarify", "not_found"]

GAMES: tuple[GameId, ...] = ("yugioh", "naruto", "inuyasha", "inazuma", "usagi")
"""The five games the assistant knows, in display order."""

GAME_NAMES: dict[GameId, str] = {
    "yugioh": "Yu-Gi-Oh! TCG",
    "naruto": "Naruto CCG",
    "inuyasha": "Inuyasha TCG",
    "inazuma": "Inazuma Eleven TCG",
    "usagi": "Usagi Yojimbo CCG",
}


class RulesError(ValueError):
    """Bad input to the rules assistant (unknown game, unreadable document, malformed reference)."""


@dataclass(frozen=True, slots=True)
class Chunk:
    """One searchable unit: a numbered section, a glossary entry, or a passage of an extra document.

    `section` is what a citation shows: "10.2" for a section, "G:Tribute" for a glossary entry,
    "p12" (passage 12) for an extra document.
    """

    doc: str
    game: GameId | None
    kind: ChunkKind
    section: str
    title: str
    text: str
    parents: str = ""
    keywords: str = ""

    @property
    def is_reference(self) -> bool:
        """True for this project's own rules reference (sections and glossary)."""
        return self.kind != "extra"

    def label(self) -> str:
        """A short human label: "yugioh.md §10.2 Tribute Summon"."""
        if self.kind == "glossary":
            return f"{self.doc} glossary: {self.title}"
        if self.kind == "extra":
            return f"{self.doc} ({self.section}) {self.title}".rstrip()
        return f"{self.doc} §{self.section} {self.title}"


@dataclass(frozen=True, slots=True)
class Hit:
    """A chunk with its retrieval score (higher is better) and where the score came from."""

    chunk: Chunk
    score: float
    source: Literal["exact", "bm25", "semantic", "fused"] = "bm25"


@dataclass(frozen=True, slots=True)
class Citation:
    """Where an answer comes from; `text` is the cited passage (trimmed)."""

    doc: str
    section: str
    title: str
    text: str

    def to_json(self) -> dict[str, str]:
        return {"doc": self.doc, "section": self.section, "title": self.title, "text": self.text}


@dataclass(frozen=True, slots=True)
class Answer:
    """The assistant's reply to one question.

    `found` is False below the confidence floor: `text` then says no rule was found and
    `see_also` lists the closest sections. `clarify` lists games to choose from when the
    game could not be told; `text` then asks which one. `options` are the rules a question may
    mean when the assistant is unsure ("did you mean"): the asker picks one by its number (or a
    button), and that answers. `card` names the built-in card an answer is about; `card_query`
    the name of a card outside our pools that a "not found" was asked about (the bot shows it
    from the catalog).
    """

    question: str
    game: GameId | None
    text: str
    citations: tuple[Citation, ...] = ()
    see_also: tuple[Citation, ...] = ()
    confidence: float = 0.0
    found: bool = True
    clarify: tuple[GameId, ...] = ()
    sections: tuple[str, ...] = field(default=())
    options: tuple[str, ...] = ()
    card: str = ""
    card_query: str = ""

    @property
    def kind(self) -> AnswerKind:
        """What the reply is: a rule, a card's text, a "did you mean" question, or no answer."""
        if self.options or self.clarify:
            return "clarify"
        if self.card and self.found:
            return "card"
        return "rule" if self.found else "not_found"

    def to_json(self) -> dict[str, object]:
        """The `tcgtable rules ask --json` object."""
        return {
            "question": self.question,
            "game": self.game,
            "answer": self.text,
            "citations": [c.to_json() for c in self.citations],
            "see_also": [c.to_json() for c in self.see_also],
            "confidence": round(self.confidence, 3),
            "found": self.found,
            "clarify": list(self.clarify),
            "options": list(self.options),
            "kind": self.kind,
            "card": self.card,
        }
