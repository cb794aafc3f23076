"""BM25F scoring of the candidates FTS5 finds.

FTS5's `bm25()` clamps the IDF of a term found in more than half of the rows to almost zero, so
the core words of a game ("character" in Inuyasha, "monster" in Yu-Gi-Oh!) stop counting and a
section titled "Characters" cannot win on that word. The candidates FTS5 returns are therefore
re-scored here with BM25F: term frequencies summed over weighted fields (title, glossary keywords,
parent title, text), Lucene's always-positive IDF, per-game statistics.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from rulesdocs import text as textmod
from rulesdocs.model import Chunk, GameId

Fields = tuple[Counter[str], Counter[str], Counter[str], Counter[str]]

_REFERENCE = re.compile(r"\(?\b\d+(?:\.\d+)+\b\)?|\b[A-Z]{1,3}-\d+\b|§\s*\d+|\(\d+\)")
_NUMBER_WORDS = frozenset(
    [
        "zero",
        "one",
        "two",
        "three",
        "four",
        "five",
        "six",
        "seven",
        "eight",
        "nine",
        "ten",
        "eleven",
        "twelve",
        "fifteen",
        "twenty",
        "thirty",
        "forty",
        "fifty",
        "sixty",
        "once",
        "twice",
        "half",
    ]
)
_SENTENCE = re.compile(r"(?<=[.!?;:])\s+|\n\s*[-*]\s+|\n\s*\n")
NUMBER_WINDOW = 3
"""Words either side of a quantity whose terms count as "stated with a number"."""
QUANTITY_QUESTION = re.compile(
    r"\bhow\s+(?:many|much|big|long|large|small)\b|\b(?:max|maximum|min|minimum|limit|most|least)\b",
    re.IGNORECASE,
)
"""Questions asking for a quantity: sections stating a number next to the asked-about words win."""


def quantity_terms(text: str, game: GameId) -> frozenset[str]:
    """Terms of `text` found within `NUMBER_WINDOW` words of a quantity (a number or number word;
    section references and card codes do not count).

    >>> sorted(quantity_terms("A deck has 40 cards (see 2.1).", "yugioh"))
    ['card', 'deck']
    """
    tokens = [w for w in textmod.words(_REFERENCE.sub(" ", text), game) if w not in textmod.STOP_WORDS]
    near: set[str] = set()
    for position, token in enumerate(tokens):
        if not _is_number(token):
            continue
        for other in tokens[max(0, position - NUMBER_WINDOW) : position + NUMBER_WINDOW + 1]:
            if not _is_number(other):
                near.add(textmod.stem(other))
    return frozenset(near)


def _is_number(word: str) -> bool:
    return word.isdigit() or word in _NUMBER_WORDS


@dataclass(frozen=True, slots=True)
class BM25FParams:
    """Field weights (title, keywords, parents, body) and the usual k1 / b."""

    weights: tuple[float, float, float, float] = (4.0, 2.0, 1.5, 1.0)
    k1: float = 1.2
    b: float = 0.5


@dataclass(slots=True)
class _GameFields:
    docs: int = 0
    total_length: float = 0.0
    df: Counter[str] = field(default_factory=Counter)

    @property
    def avg_length(self) -> float:
        return self.total_length / self.docs if self.docs else 1.0


class FieldIndex:
    """Per-field term counts of every reference chunk, and per-game document frequencies."""

    def __init__(self, chunks: list[Chunk], params: BM25FParams | None = None) -> None:
        self.params = params or BM25FParams()
        self._fields: dict[int, Fields] = {}
        self._tf: dict[int, dict[str, float]] = {}
        self._length: dict[int, float] = {}
        self._quantities: dict[int, frozenset[str]] = {}
        self._sentences: dict[int, tuple[frozenset[str], ...]] = {}
        self._games: dict[GameId, _GameFields] = {}
        for chunk in chunks:
            if not chunk.is_reference or chunk.game is None:
                continue
            fields: Fields = (
                Counter(textmod.terms(chunk.title, chunk.game)),
                Counter(textmod.terms(chunk.keywords, chunk.game)),
                Counter(textmod.terms(chunk.parents, chunk.game)),
                Counter(textmod.terms(chunk.text, chunk.game)),
            )
            length = sum(w * sum(f.values()) for w, f in zip(self.params.weights, fields, strict=True))
            self._fields[id(chunk)] = fields
            tf: dict[str, float] = {}
            for weight, counts in zip(self.params.weights, fields, strict=True):
                for term, count in counts.items():
                    tf[term] = tf.get(term, 0.0) + weight * count
            self._tf[id(chunk)] = tf
            self._length[id(chunk)] = length
            self._quantities[id(chunk)] = quantity_terms(chunk.text, chunk.game)
            self._sentences[id(chunk)] = tuple(
                frozenset(textmod.terms(part, chunk.game)) for part in _SENTENCE.split(chunk.text) if part.strip()
            )
            game = self._games.setdefault(chunk.game, _GameFields())
            game.docs += 1
            game.total_length += length
            game.df.update(set().union(*fields))

    def idf(self, game: GameId, term: str) -> float:
        """Lucene's IDF: log(1 + (N - n + 0.5) / (n + 0.5)), never negative."""
        stats = self._games.get(game)
        if stats is None:
            return 0.0
        n = stats.df.get(term, 0)
        return math.log(1.0 + (stats.docs - n + 0.5) / (n + 0.5))

    def score(self, weights: dict[str, int], chunk: Chunk) -> float:
        """BM25F of `chunk` for query terms with integer weights (0 for a non-reference chunk)."""
        counts = self._tf.get(id(chunk))
        if counts is None or chunk.game is None:
            return 0.0
        params = self.params
        norm = params.k1 * (1 - params.b + params.b * self._length[id(chunk)] / self._games[chunk.game].avg_length)
        total = 0.0
        for term, weight in weights.items():
            tf = counts.get(term)
            if tf:
                total += weight * self.idf(chunk.game, term) * tf * (params.k1 + 1) / (tf + norm)
        return total

    def title_share(self, weights: dict[str, int], chunk: Chunk) -> float:
        """Share (0..1) of the question's IDF found in the chunk's title or glossary keywords,
        counting only the question's own (highest-weight) terms."""
        fields = self._fields.get(id(chunk))
        if fields is None:
            return 0.0
        return self._share(weights, chunk, lambda term: bool(fields[0].get(term) or fields[1].get(term)))

    def quantity_share(self, weights: dict[str, int], chunk: Chunk) -> float:
        """Share (0..1) of the question's IDF stated next to a number in the chunk's text."""
        near = self._quantities.get(id(chunk))
        if not near:
            return 0.0
        return self._share(weights, chunk, near.__contains__)

    def sentence_share(self, weights: dict[str, int], chunk: Chunk) -> float:
        """The largest share (0..1) of the question's IDF found together in one sentence of the
        chunk's text: words of the question that meet in one rule beat words scattered over it."""
        best = 0.0
        for words in self._sentences.get(id(chunk), ()):
            if len(words) > 1:
                best = max(best, self._share(weights, chunk, words.__contains__))
        return best

    def _share(self, weights: dict[str, int], chunk: Chunk, found_in: Callable[[str], bool]) -> float:
        if chunk.game is None or not weights:
            return 0.0
        top = max(weights.values())
        total = found = 0.0
        for term, weight in weights.items():
            if weight < top:
                continue
            idf = self.idf(chunk.game, term)
            total += idf
            if found_in(term):
                found += idf
        return found / total if total else 0.0
