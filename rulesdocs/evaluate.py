"""Labelled question sets and retrieval quality: hit@1, hit@3, game inference, latency.

A question set (`rulesdocs/questions/<game>.yaml`) lists chat-style questions with the sections
that answer them::

    game: yugioh
    questions:
      - {q: "can my monster attack the turn i summoned it?", expect: ["13.2", "9.4"]}

A hit is a ranked section equal to an expected one, or a subsection of it ("10" matches "10.2").
Conversations (`rulesdocs/questions/conversations.yaml`) are two-turn exchanges in one channel
whose second turn is a follow-up.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from rulesdocs.model import GameId, RulesError
from rulesdocs.service import RulesService

QUESTIONS_DIR = Path(__file__).resolve().parent / "questions"


@dataclass(frozen=True, slots=True)
class Labelled:
    """One labelled question."""

    game: GameId
    question: str
    expect: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Turn:
    """One turn of a labelled conversation (`game` None: the assistant must infer it)."""

    question: str
    expect: tuple[str, ...]
    game: GameId | None = None


@dataclass(frozen=True, slots=True)
class Conversation:
    """Turns asked in order in one channel; `game` is the game all turns are about."""

    name: str
    game: GameId
    turns: tuple[Turn, ...]


def load_questions(game: GameId, directory: Path = QUESTIONS_DIR) -> list[Labelled]:
    """The labelled questions of `game`; RulesError when the file is missing or malformed."""
    path = directory / f"{game}.yaml"
    if not path.is_file():
        raise RulesError(f"no question set for {game!r} at {path}")
    raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    if not isinstance(raw, dict) or raw.get("game") != game or not isinstance(raw.get("questions"), list):
        raise RulesError(f"{path}: expected 'game: {game}' and a 'questions' list")
    out: list[Labelled] = []
    for i, item in enumerate(raw["questions"], start=1):
        if not isinstance(item, dict) or not item.get("q") or not item.get("expect"):
            raise RulesError(f"{path}: question {i} needs 'q' and a non-empty 'expect' list")
        out.append(Labelled(game, str(item["q"]), tuple(str(s) for s in item["expect"])))
    return out


def load_conversations(directory: Path = QUESTIONS_DIR) -> list[Conversation]:
    """The labelled follow-up conversations."""
    path = directory / "conversations.yaml"
    raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    if not isinstance(raw, list):
        raise RulesError(f"{path}: expected a list of conversations")
    out: list[Conversation] = []
    for i, item in enumerate(raw, start=1):
        turns = item.get("turns") if isinstance(item, dict) else None
        if not isinstance(turns, list) or len(turns) < 2:
            raise RulesError(f"{path}: conversation {i} needs 'game' and at least two 'turns'")
        out.append(
            Conversation(
                str(item.get("name", f"conversation {i}")),
                str(item["game"]),
                tuple(Turn(str(t["q"]), tuple(str(s) for s in t["expect"]), t.get("game")) for t in turns),
            )
        )
    return out


def is_hit(section: str, expect: Sequence[str]) -> bool:
    """True when `section` is an expected section or lies inside one.

    >>> is_hit("10.2", ["10"]), is_hit("10.2", ["10.2"]), is_hit("10.20", ["10.2"])
    (True, True, False)
    """
    return any(section == e or section.startswith(e + ".") for e in expect)


def rank_of(sections: Sequence[str], expect: Sequence[str]) -> int | None:
    """1-based rank of the first hit in `sections`, or None."""
    for rank, section in enumerate(sections, start=1):
        if is_hit(section, expect):
            return rank
    return None


@dataclass(slots=True)
class Report:
    """Retrieval quality over a set of labelled questions."""

    total: int = 0
    hit1: int = 0
    hit3: int = 0
    misses: list[tuple[str, tuple[str, ...], tuple[str, ...]]] = field(default_factory=list)
    latencies_ms: list[float] = field(default_factory=list)

    def add(self, item: Labelled, sections: Sequence[str], elapsed_ms: float) -> None:
        rank = rank_of(sections, item.expect)
        self.total += 1
        self.hit1 += rank == 1
        self.hit3 += rank is not None and rank <= 3
        self.latencies_ms.append(elapsed_ms)
        if rank != 1:
            self.misses.append((item.question, item.expect, tuple(sections[:3])))

    @property
    def hit_at_1(self) -> float:
        return self.hit1 / self.total if self.total else 0.0

    @property
    def hit_at_3(self) -> float:
        return self.hit3 / self.total if self.total else 0.0

    def p95_ms(self) -> float:
        if len(self.latencies_ms) < 2:
            return self.latencies_ms[0] if self.latencies_ms else 0.0
        return statistics.quantiles(self.latencies_ms, n=20)[18]

    def summary(self) -> dict[str, float | int]:
        return {
            "questions": self.total,
            "hit@1": round(self.hit_at_1, 3),
            "hit@3": round(self.hit_at_3, 3),
            "p95_ms": round(self.p95_ms(), 2),
        }


class Stopwatch:
    """`with Stopwatch() as sw: ...; sw.ms` — elapsed milliseconds of the block."""

    def __enter__(self) -> Stopwatch:
        self._start = time.perf_counter()
        self.ms = 0.0
        return self

    def __exit__(self, *exc: object) -> None:
        self.ms = (time.perf_counter() - self._start) * 1000.0


HOLDOUT_DIR = QUESTIONS_DIR / "holdout"
"""Questions written after tuning and never used for it: an honest check of the figures."""
HOLDOUT2_DIR = QUESTIONS_DIR / "holdout2"
"""A second held-out set, written (issue 9) before any result of the retrieval was seen."""


UNANSWERABLE = QUESTIONS_DIR / "unanswerable.yaml"
"""Questions no rule answers (prices, events, other games): the assistant should say so."""


def load_unanswerable(path: Path = UNANSWERABLE) -> list[tuple[GameId, str]]:
    """(game, question) pairs that no section of our references answers."""
    raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    if not isinstance(raw, dict) or not all(isinstance(v, list) for v in raw.values()):
        raise RulesError(f"{path}: expected a mapping of game id -> list of questions")
    return [(str(game), str(q)) for game, questions in raw.items() for q in questions]


def refusals(service: RulesService, path: Path = UNANSWERABLE) -> tuple[int, int]:
    """(refused, total): how many unanswerable questions get "no rule found"."""
    items = load_unanswerable(path)
    refused = sum(not service.ask(question, game=game).found for game, question in items)
    return refused, len(items)


def evaluate(service: RulesService, games: Sequence[GameId], directory: Path = QUESTIONS_DIR) -> dict[GameId, Report]:
    """Rank every labelled question of `games` with the game given; one Report per game."""
    reports: dict[GameId, Report] = {}
    for game in games:
        report = reports.setdefault(game, Report())
        for item in load_questions(game, directory):
            with Stopwatch() as sw:
                hits = service.rank(item.question, game, limit=5)
            report.add(item, [h.chunk.section for h in hits], sw.ms)
    return reports


def inference_accuracy(service: RulesService, games: Sequence[GameId]) -> tuple[int, int]:
    """(correct, total): how often the game is inferred from the question alone."""
    from rulesdocs.conversation import infer_game

    correct = total = 0
    for game in games:
        for item in load_questions(game):
            total += 1
            correct += infer_game(item.question, service.index).best == game
    return correct, total
