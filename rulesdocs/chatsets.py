"""Scoring the assistant the way players judge it: is the right fact in the answer they read?

A chat set (`tests/rulesdocs/blind/<game>.yaml`, frozen, and `tests/rulesdocs/dev/<game>.yaml`,
for tuning) holds questions typed like chat, each with regular expressions that all must match
the answer text; two-turn follow-up conversations; and questions the rules don't answer, which
must get "not found". The blind sets were written from the official rulebooks by people who had
not seen our references or knowledge base.
"""

from __future__ import annotations

import re
import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from rulesdocs.model import Answer, GameId, RulesError
from rulesdocs.service import Asked, RulesService


@dataclass(frozen=True, slots=True)
class ChatQuestion:
    """A question and the patterns a right answer matches (all of them, case-insensitive)."""

    question: str
    expect: tuple[re.Pattern[str], ...]
    type: str = "other"

    def right(self, answer: Answer) -> bool:
        """True when the answer was given and its text states the expected fact."""
        return answer.found and all(p.search(answer.text) for p in self.expect)

    def wrong(self, answer: Answer) -> bool:
        """Confidently wrong: an answer was given (not a "did you mean", not "not found") and it
        does not state the expected fact."""
        return answer.found and not self.right(answer)

    def right_with_citation(self, answer: Answer) -> bool:
        """`right`, also counting the first cited passage as read."""
        cited = answer.citations[0].text if answer.citations else ""
        return answer.found and all(p.search(f"{answer.text}\n{cited}") for p in self.expect)


@dataclass(frozen=True, slots=True)
class ChatSet:
    """One game's chat set."""

    game: GameId
    questions: tuple[ChatQuestion, ...]
    followups: tuple[tuple[ChatQuestion, ...], ...]
    unanswerable: tuple[str, ...]
    cards: tuple[ChatQuestion, ...] = ()
    card_followups: tuple[tuple[ChatQuestion, ...], ...] = ()


def _question(raw: object, where: str) -> ChatQuestion:
    if not isinstance(raw, dict) or not isinstance(raw.get("q"), str) or not isinstance(raw.get("expect"), list):
        raise RulesError(f"{where}: expected {{q: text, expect: [regex, ...]}}, got {raw!r}")
    try:
        patterns = tuple(re.compile(str(p), re.IGNORECASE) for p in raw["expect"])
    except re.error as exc:
        raise RulesError(f"{where}: bad pattern: {exc}") from exc
    return ChatQuestion(raw["q"], patterns, str(raw.get("type") or "other"))


def load_set(path: Path) -> ChatSet:
    """A chat set file; RulesError names the file and item of a problem."""
    raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    if not isinstance(raw, dict) or not isinstance(raw.get("game"), str):
        raise RulesError(f"{path}: expected a mapping with `game:`")
    questions = tuple(_question(q, f"{path} question {n}") for n, q in enumerate(raw.get("questions") or [], 1))

    def conversations(key: str) -> tuple[tuple[ChatQuestion, ...], ...]:
        return tuple(
            tuple(_question(t, f"{path} {key} {n}") for t in (item or {}).get("turns") or [])
            for n, item in enumerate(raw.get(key) or [], 1)
        )

    cards = tuple(_question(q, f"{path} card question {n}") for n, q in enumerate(raw.get("cards") or [], 1))
    unanswerable = tuple(str((item or {}).get("q", "")) for item in raw.get("unanswerable") or [])
    return ChatSet(
        raw["game"],
        questions,
        conversations("followups"),
        tuple(q for q in unanswerable if q),
        cards,
        conversations("card_followups"),
    )


def load_sets(directory: Path) -> list[ChatSet]:
    """Every game's chat set in `directory` (sorted by file name)."""
    return [load_set(path) for path in sorted(directory.glob("*.yaml"))]


@dataclass
class ChatReport:
    """Counts for one game (or all games together) and answer latencies."""

    right: int = 0
    right_cited: int = 0
    answerable: int = 0
    refused: int = 0
    followups_right: int = 0
    followups: int = 0
    not_found: int = 0
    unanswerable: int = 0
    wrong: int = 0
    clarified: int = 0
    followups_wrong: int = 0
    cards_right: int = 0
    cards: int = 0
    cards_wrong: int = 0
    by_type: dict[str, list[int]] = field(default_factory=dict)
    latencies_ms: list[float] = field(default_factory=list)
    misses: list[str] = field(default_factory=list)

    COUNTS = (
        "right",
        "right_cited",
        "answerable",
        "refused",
        "followups_right",
        "followups",
        "wrong",
        "clarified",
        "followups_wrong",
        "cards_right",
        "cards",
        "cards_wrong",
    )

    def tally_type(self, kind: str, right: bool, wrong: bool) -> None:
        counts = self.by_type.setdefault(kind, [0, 0, 0])
        counts[0] += 1
        counts[1] += right
        counts[2] += wrong

    def merge(self, other: ChatReport) -> None:
        for name in self.COUNTS:
            setattr(self, name, getattr(self, name) + getattr(other, name))
        for kind, (n, right, wrong) in other.by_type.items():
            counts = self.by_type.setdefault(kind, [0, 0, 0])
            counts[0] += n
            counts[1] += right
            counts[2] += wrong
        self.not_found += other.not_found
        self.unanswerable += other.unanswerable
        self.latencies_ms.extend(other.latencies_ms)
        self.misses.extend(other.misses)

    def summary(self) -> dict[str, object]:
        def rate(a: int, b: int) -> float:
            return round(a / b, 3) if b else 0.0

        ordered = sorted(self.latencies_ms) or [0.0]
        return {
            "right_fact": rate(self.right, self.answerable),
            "right_fact_or_citation": rate(self.right_cited, self.answerable),
            "answerable": self.answerable,
            "followup_right": rate(self.followups_right, self.followups),
            "followups": self.followups,
            "not_found_on_unanswerable": rate(self.not_found, self.unanswerable),
            "unanswerable": self.unanswerable,
            "refused_answerable": rate(self.refused, self.answerable),
            "confidently_wrong": rate(self.wrong, self.answerable),
            "clarified": rate(self.clarified, self.answerable),
            "followup_wrong": rate(self.followups_wrong, self.followups),
            "card_right": rate(self.cards_right, self.cards),
            "card_wrong": rate(self.cards_wrong, self.cards),
            "cards": self.cards,
            "by_type": {
                k: {"n": n, "right": rate(r, n), "wrong": rate(w, n)} for k, (n, r, w) in sorted(self.by_type.items())
            },
            "p50_ms": round(statistics.median(ordered), 2),
            "p95_ms": round(ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))], 2),
        }


def _timed(service: RulesService, question: str, game: GameId | None, channel: str, report: ChatReport) -> Answer:
    started = time.perf_counter()
    answer = service.ask(question, game=game, where=Asked(channel=channel))
    report.latencies_ms.append((time.perf_counter() - started) * 1000.0)
    return answer


@dataclass(frozen=True, slots=True)
class Turn:
    """One question of a chat set as it is asked: in which channel, naming which game (None for a
    follow-up's later turns, which rely on the context), and what a right answer matches."""

    kind: str
    """"rules", "card", "first" (a conversation's opening), "follow-up" or "unanswerable"."""
    question: str
    game: GameId | None
    channel: str
    item: ChatQuestion | None
    """None for an unanswerable question."""
    fresh: bool
    """True when the channel is forgotten before this turn (a new conversation)."""


def turns(chat_set: ChatSet, prefix: str = "") -> list[Turn]:
    """Every question of `chat_set` in the order it is asked, each in its own channel but for the
    later turns of a conversation."""
    game = chat_set.game
    out = [Turn("rules", q.question, game, f"{prefix}single:{n}", q, True) for n, q in enumerate(chat_set.questions)]
    out += [Turn("card", q.question, game, f"{prefix}card:{n}", q, True) for n, q in enumerate(chat_set.cards)]
    for n, conversation in enumerate((*chat_set.followups, *chat_set.card_followups)):
        channel = f"{prefix}followup:{game}:{n}"
        for position, item in enumerate(conversation):
            # the first turn names the game as a channel about it would; later turns rely on the context
            kind = "first" if position == 0 else "follow-up"
            out.append(Turn(kind, item.question, game if position == 0 else None, channel, item, position == 0))
    out += [Turn("unanswerable", q, game, f"{prefix}none:{n}", None, True) for n, q in enumerate(chat_set.unanswerable)]
    return out


def score_set(service: RulesService, chat_set: ChatSet) -> ChatReport:
    """Ask every question of `chat_set` (the game given, as in a channel about that game)."""
    report = ChatReport()
    game = chat_set.game
    for turn in turns(chat_set):
        if turn.fresh:
            service.store.forget(turn.channel)
        answer = _timed(service, turn.question, turn.game, turn.channel, report)
        item = turn.item
        if item is None:
            report.unanswerable += 1
            report.not_found += answer.kind != "rule"  # "not found", a card's own text, or "did you mean"
            if answer.found:
                report.misses.append(f"[{game} unanswerable] {turn.question!r} -> {answer.text[:160]!r}")
            continue
        right, wrong = item.right(answer), item.wrong(answer)
        if turn.kind == "rules":
            report.answerable += 1
            report.right += right
            report.right_cited += item.right_with_citation(answer)
            report.refused += not answer.found
            report.wrong += wrong
            report.clarified += answer.kind == "clarify"
            report.tally_type(item.type, right, wrong)
        elif turn.kind == "card":
            report.cards += 1
            report.cards_right += right
            report.cards_wrong += wrong
        elif turn.kind == "follow-up":
            report.followups += 1
            report.followups_right += right
            report.followups_wrong += wrong
        if not right and turn.kind != "first":
            label = {"rules": "", "card": " card", "follow-up": " follow-up"}[turn.kind]
            report.misses.append(f"[{game}{label}] {item.question!r} -> {answer.text[:160]!r}")
    return report


def score_sets(service: RulesService, sets: Sequence[ChatSet]) -> dict[str, ChatReport]:
    """Per game and `all`."""
    reports: dict[str, ChatReport] = {}
    for chat_set in sets:  # a game may have several files (questions, more follow-ups)
        report = score_set(service, chat_set)
        if chat_set.game in reports:
            reports[chat_set.game].merge(report)
        else:
            reports[chat_set.game] = report
    total = ChatReport()
    for report in reports.values():
        total.merge(report)
    return {**reports, "all": total}
