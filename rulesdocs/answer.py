"""Turn ranked hits into a short answer: one or two extracted sentences, citations, see also.

Confidence is the share of the question's weight (IDF of its terms within the game's reference)
that the best section covers. Below `AnswerConfig.floor` the reply says no rule was found and
lists the closest sections instead of guessing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rulesdocs import messages
from rulesdocs import text as textmod
from rulesdocs.index import GameStats, Query, RulesIndex
from rulesdocs.model import Answer, Chunk, Citation, GameId, Hit

_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z\"“(*0-9])")
_EXAMPLE = re.compile(r"^(?:worked )?example\b", re.IGNORECASE)
_MARKUP = re.compile(r"\*\*|\*|`|^#+\s*|^\s*[-•]\s+", re.MULTILINE)


@dataclass(frozen=True, slots=True)
class AnswerConfig:
    """Tunable knobs of answer composition."""

    floor: float = 0.5
    max_sentences: int = 2
    max_chars: int = 360
    short_sentence: int = 40
    pair_chars: int = 240
    """A second sentence is added only when it matches a question word the first does not, when
    the first is shorter than `short_sentence`, or when it matches as well and both together stay
    within `pair_chars`."""
    see_also: int = 3
    see_also_ratio: float = 0.45
    """A "see also" section must score at least this share of the best section's score."""
    citation_chars: int = 600
    extra_floor: float = 0.5


def plain(text: str) -> str:
    """`text` without Markdown emphasis and list bullets, whitespace collapsed."""
    return " ".join(_MARKUP.sub("", text).split())


def sentences(text: str) -> list[str]:
    """Sentences of a passage; list items and lines ending a sentence count as sentences."""
    out: list[str] = []
    for line in re.split(r"\n(?=\s*[-•*]\s|\s*\d+\.\s)|\n\s*\n", text):
        for piece in _SENTENCE_END.split(plain(line)):
            if piece.strip():
                out.append(piece.strip())
    return out


def coverage(query: Query, chunk: Chunk, index: RulesIndex, stats: GameStats | None) -> tuple[float, float]:
    """Shares (0..1) of the question's IDF mass found in the chunk (text, title and parent title)
    and in its title (with glossary keywords) alone. Context terms from an earlier turn
    (lower weight) do not count."""
    if stats is None or not query:
        return 0.0, 0.0
    top = max(query.weights.values())
    body = index.terms_of(chunk) | index.terms_of_parents(chunk)
    title = index.title_terms_of(chunk)
    total = matched = in_title = 0.0
    for term, weight in query.weights.items():
        if weight < top or term in query.added:
            continue
        idf = stats.idf(term)
        total += idf
        matched += idf if term in body else 0.0
        in_title += idf if term in title else 0.0
    return (matched / total, in_title / total) if total else (0.0, 0.0)


def confidence(query: Query, chunk: Chunk, index: RulesIndex, stats: GameStats | None) -> float:
    """Share of the question's IDF mass that `chunk` (with its parent title) covers, 0..1."""
    return coverage(query, chunk, index, stats)[0]


def extract(query: Query, chunk: Chunk, config: AnswerConfig) -> str:
    """The one or two sentences of `chunk` that best match the question, in document order."""
    parts = sentences(chunk.text)
    if not parts:
        return plain(chunk.title)
    if chunk.kind == "glossary":
        return f"{chunk.title}: {plain(chunk.text)}"[: config.max_chars]
    scored = []
    matched: dict[str, frozenset[str]] = {}
    for position, sentence in enumerate(parts):
        words = set(textmod.terms(sentence, chunk.game))
        matched[sentence] = frozenset(term for term in query.weights if term in words)
        score: float = sum(query.weights[term] for term in matched[sentence])
        if _EXAMPLE.match(sentence):
            score *= 0.6  # the rule itself answers better than its worked example
        scored.append((score, -position, sentence))
    scored.sort(reverse=True)
    chosen = [scored[0]]
    covered = set(matched[scored[0][2]])
    for candidate in scored[1:]:
        if len(chosen) >= config.max_sentences or candidate[0] <= 0:
            break
        length = sum(len(s[2]) for s in chosen) + len(candidate[2])
        adds = (
            bool(matched[candidate[2]] - covered)
            or len(chosen[0][2]) < config.short_sentence
            or (candidate[0] >= scored[0][0] and length <= config.pair_chars)
        )
        if candidate[0] * 2 >= scored[0][0] and length <= config.max_chars and adds:
            chosen.append(candidate)
            covered |= matched[candidate[2]]
    if scored[0][0] == 0:
        chosen = [(0, 0, parts[0])]
    chosen.sort(key=lambda item: -item[1])
    answer = " ".join(item[2] for item in chosen)
    return answer if len(answer) <= config.max_chars else answer[: config.max_chars - 1].rstrip() + "…"


def cite(chunk: Chunk, config: AnswerConfig) -> Citation:
    """A citation of `chunk` with its text trimmed for display."""
    body = plain(chunk.text)
    if len(body) > config.citation_chars:
        body = body[: config.citation_chars - 1].rstrip() + "…"
    return Citation(chunk.doc, chunk.section, chunk.title, body)


def compose(
    question: str,
    game: GameId,
    query: Query,
    hits: list[Hit],
    extra: list[Hit],
    index: RulesIndex,
    config: AnswerConfig,
) -> Answer:
    """The Answer for ranked `hits` (reference) and `extra` (official documents)."""
    stats = index.stats.get(game)
    ranked = _distinct(hits)
    score = 0.0
    if ranked:
        top = ranked[0]
        score = 1.0 if top.source == "exact" else confidence(query, top.chunk, index, stats)
    if score < config.floor:
        official = extra[0] if extra else None
        official_score = confidence(query, official.chunk, index, stats) if official else 0.0
        if official is not None and official_score >= config.floor and official_score > score:
            return _from_official(question, game, query, official, official_score, ranked, config)
        return _not_found(question, game, ranked, config, score)
    citations = [cite(top.chunk, config)]
    for hit in extra[:1]:
        if confidence(query, hit.chunk, index, stats) >= config.extra_floor:
            citations.append(cite(hit.chunk, config))
    see_also = tuple(cite(h.chunk, config) for h in related(ranked, config))
    return Answer(
        question=question,
        game=game,
        text=extract(query, top.chunk, config),
        citations=tuple(citations),
        see_also=see_also,
        confidence=score,
        found=True,
        sections=tuple(h.chunk.section for h in ranked),
    )


def _from_official(
    question: str,
    game: GameId,
    query: Query,
    official: Hit,
    score: float,
    ranked: list[Hit],
    config: AnswerConfig,
) -> Answer:
    """An answer from an official rulebook passage that our reference does not cover."""
    return Answer(
        question=question,
        game=game,
        text=extract(query, official.chunk, config),
        citations=(cite(official.chunk, config),),
        see_also=tuple(cite(h.chunk, config) for h in ranked[: config.see_also]),
        confidence=score,
        found=True,
        sections=tuple(h.chunk.section for h in ranked),
    )


def related(ranked: list[Hit], config: AnswerConfig) -> list[Hit]:
    """The "see also" hits after the best one: close runners-up only (an exact lookup is measured
    against the best search result instead)."""
    rest = ranked[1:]
    if not rest:
        return []
    reference = rest[0].score if ranked[0].source == "exact" else ranked[0].score
    return [h for h in rest if h.score >= config.see_also_ratio * reference][: config.see_also]


def _distinct(hits: list[Hit]) -> list[Hit]:
    """Hits without repeats of the same section."""
    seen: set[tuple[str, str]] = set()
    out: list[Hit] = []
    for hit in hits:
        key = (hit.chunk.doc, hit.chunk.section)
        if key not in seen:
            seen.add(key)
            out.append(hit)
    return out


def _not_found(question: str, game: GameId, ranked: list[Hit], config: AnswerConfig, score: float = 0.0) -> Answer:
    closest = tuple(cite(h.chunk, config) for h in ranked[: config.see_also])
    text = messages.not_found(game, bool(closest))
    return Answer(
        question=question,
        game=game,
        text=text,
        see_also=closest,
        confidence=score,
        found=False,
        sections=tuple(h.chunk.section for h in ranked),
    )


def citation_label(citation: Citation) -> str:
    """ "§10.2 Tribute Summon", "glossary: Tribute" or "p12 HOW TO ATTACK" (an extra document)."""
    if citation.doc.endswith("card pool"):
        return f"{citation.section} {citation.title}"
    if citation.section.startswith("G:"):
        return f"glossary: {citation.title}"
    if citation.section.startswith("p") and citation.section[1:].isdigit():
        return f"{citation.section} {citation.title}".rstrip()
    return f"§{citation.section} {citation.title}"


def format_answer(answer: Answer) -> str:
    """Plain-text rendering for the terminal and the console transport."""
    lines = [answer.text]
    if answer.citations:
        lines.append("")
        lines.extend(f"Source: {c.doc} {citation_label(c)}" for c in answer.citations)
    if answer.see_also:
        lines.append("See also: " + "; ".join(citation_label(c) for c in answer.see_also))
    return "\n".join(lines)
