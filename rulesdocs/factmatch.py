"""Question-to-question matching: a player's question against every phrasing of every fact.

Each phrasing (and each fact's answer, at a lower weight) is a small TF-IDF vector of chat-
normalized words and word pairs (`rulesdocs.chat.tokens`); a question scores each fact by the best
cosine similarity of its phrasings. Document frequencies count facts, not phrasings, so a fact
with many phrasings does not make its words common. Words no fact uses weigh the most, which
keeps questions about other things below the answer floor. Typos are corrected word by word
against the game's vocabulary (rapidfuzz, Damerau-Levenshtein) before matching.
"""

from __future__ import annotations

import itertools
import math
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np
from rapidfuzz import process
from rapidfuzz.distance import DamerauLevenshtein

from rulesdocs import chat, followup
from rulesdocs import text as textmod
from rulesdocs.charmatch import CharIndex
from rulesdocs.conversation import strip_game_names
from rulesdocs.facts import Fact, FactBook
from rulesdocs.understand import QuestionType, profile, value_tokens

PAIR_WEIGHT = 0.6
"""Weight of a word pair ("level 7", "defens position") relative to its IDF."""
ANSWER_WEIGHT = 0.85
"""A fact's answer text matches at this share of a phrasing's similarity."""
COVERAGE_WEIGHT = 0.5
"""Share of the score given to how much of the question (by IDF) a phrasing covers; the rest is
the cosine. Cosine alone lets a short phrasing of two common words beat a longer, closer one."""
FOCUS_BOOST = 1.6
"""Weight of the words a follow-up brought in ("shooting phase" in "and in the shooting phase?")."""
TYPO_CUTOFF = 0.79
"""Damerau-Levenshtein similarity (a swap of two letters is one edit) for a typo to be corrected:
one edit in a 5-letter word ("levle" -> level), two in a 10-letter one."""
TYPO_MIN_LENGTH = 5
BLEND = 0.45
"""Share of a fact's score given to the character n-gram similarity (`rulesdocs.charmatch`)."""
CENTROID_BLEND = 0.25
"""Share then given to the similarity with the fact's centroid, all its phrasings together: a
question mixing words of several phrasings of one fact. Measured on phrasings held out by fact
(top-1 43.7% -> 47%) and on the fresh dev3 chat set (right 69.7% -> 71.3%, wrong 26.7% -> 25.0%)."""


PLAIN_WORDS = frozenset(
    [
        "friend",
        "friends",
        "buddy",
        "buddies",
        "thinks",
        "think",
        "thought",
        "told",
        "tells",
        "saying",
        "said",
        "says",
        "wondering",
        "wonder",
        "honestly",
        "mate",
        "mates",
        "dude",
        "bro",
        "guy",
        "guys",
        "folks",
        "someone",
        "somebody",
        "anybody",
        "anyone",
        "everybody",
        "everyone",
        "reckon",
    ]
)
"""Everyday chat words that are no typo of a rules word, whatever a game's vocabulary holds
("my friend says" is not "my fiend says" in Yu-Gi-Oh!, "he thinks" is not "he things")."""


@dataclass(frozen=True, slots=True)
class FactHit:
    """A fact and how well the question matched it (cosine similarity, 0..1)."""

    fact: Fact
    score: float
    phrasing: str
    types: frozenset[QuestionType] = frozenset()


def features(words: list[str]) -> list[tuple[str, bool]]:
    """Unigrams and adjacent pairs of normalized words; the flag marks a pair."""
    out = [(w, False) for w in dict.fromkeys(words)]
    out.extend((f"{a} {b}", True) for a, b in dict.fromkeys(itertools.pairwise(words)))
    return out


VIEWS_MEMORY = 8
NEAREST_MEMORY = 50_000
"""Words whose nearest game word a matcher remembers."""


class FactMatcher:
    """Matches questions to one game's facts."""

    def __init__(self, book: FactBook, vocabulary: Iterable[str] = ()) -> None:
        self.book = book
        self.game = book.game
        docs: list[tuple[int, str, float, list[str]]] = []  # fact index, phrasing, weight, tokens
        raw_words: set[str] = set(vocabulary)
        for n, fact in enumerate(book.facts):
            for phrasing in fact.asks:  # game names are taken out of questions, so out of asks too
                words = chat.tokens(strip_game_names(phrasing), self.game)
                docs.append((n, phrasing, 1.0, value_tokens(words, phrasing, self.game)))
                raw_words.update(chat.chat_words(phrasing, self.game))
            answer_words = value_tokens(chat.tokens(fact.answer, self.game), "", self.game)
            docs.append((n, fact.answer, ANSWER_WEIGHT, answer_words))
            raw_words.update(chat.chat_words(fact.answer, self.game))
        facts_with: dict[str, set[int]] = defaultdict(set)
        for n, _, _, words in docs:
            for feature, _pair in features(words):
                facts_with[feature].add(n)
        total = max(len(book.facts), 1)
        self.idf = {f: math.log(1.0 + total / len(ns)) for f, ns in facts_with.items()}
        self.unknown_idf = math.log(1.0 + total / 0.5)
        self._docs = docs
        self._postings: dict[str, list[tuple[int, float]]] = defaultdict(list)
        self._norms: list[float] = []
        for d, (_, _, _, words) in enumerate(docs):
            vector = self._vector(words)
            self._norms.append(math.sqrt(sum(w * w for w in vector.values())) or 1.0)
            for feature, weight in vector.items():
                self._postings[feature].append((d, weight))
        self.vocabulary = sorted(w for w in raw_words if w.isalpha() and len(w) >= 3)
        self._known = frozenset(self.vocabulary) | textmod.STOP_WORDS | PLAIN_WORDS
        self._nearest_seen: dict[str, str | None] = {}
        self.common = frozenset(self.vocabulary)
        """Every word the game's facts and rules use: never read as a card name on its own."""
        self.types = [profile(fact.asks) for fact in book.facts]
        """The question types each fact answers, from its phrasings (`rulesdocs.understand`)."""
        self._by_id = {fact.id: n for n, fact in enumerate(book.facts)}
        self._fact_words: dict[int, frozenset[str]] = {}
        self._fact_terms: dict[str, frozenset[tuple[int, tuple[str, ...]]]] = {}
        self._tokens_of: dict[int, list[list[str]]] = {}
        self._phrasing_tokens: dict[str, list[str]] = {}
        self._char_views: dict[str, tuple[dict[int, float], np.ndarray]] = {}
        self._word_leaders: dict[tuple[str, ...], int | None] = {}
        asked = [(n, strip_game_names(p).lower()) for n, fact in enumerate(book.facts) for p in fact.asks]
        self.chars = CharIndex([p for _, p in asked], [n for n, _ in asked]) if asked else None

    def fact_words(self, fact_id: str) -> frozenset[str]:
        """Every normalized word of a fact's phrasings and answer."""
        n = self._by_id.get(fact_id)
        if n is None:
            return frozenset()
        if not self._fact_words:
            words: dict[int, set[str]] = defaultdict(set)
            for index, _, _, tokens in self._docs:
                words[index].update(tokens)
            self._fact_words = {index: frozenset(ws) for index, ws in words.items()}
        return self._fact_words.get(n, frozenset())

    def fact_terms(self, fact_id: str) -> frozenset[tuple[int, tuple[str, ...]]]:
        """The contrasted game terms (`followup.terms`) a fact's phrasings and answer name."""
        if fact_id not in self._fact_terms:
            n = self._by_id.get(fact_id)
            if not self._tokens_of:
                for index, _, _, tokens in self._docs:
                    self._tokens_of.setdefault(index, []).append(tokens)
            found: set[tuple[int, tuple[str, ...]]] = set()
            for tokens in self._tokens_of.get(n, []) if n is not None else []:
                found.update(followup.terms(tokens, self.game))
            self._fact_terms[fact_id] = frozenset(found)
        return self._fact_terms[fact_id]

    def index_of(self, fact_id: str) -> int:
        """The position of a fact of this game (KeyError for an unknown id)."""
        return self._by_id[fact_id]

    def tokens_of_phrasing(self, phrasing: str) -> list[str]:
        """The normalized words a phrasing (or a fact's answer) was indexed with; [] for an unknown one."""
        if not self._phrasing_tokens:
            self._phrasing_tokens = {text: words for _, text, _, words in self._docs}
        return self._phrasing_tokens.get(phrasing, [])

    def fact(self, fact_id: str) -> Fact | None:
        """The fact with id `fact_id`."""
        n = self._by_id.get(fact_id)
        return self.book.facts[n] if n is not None else None

    def _vector(self, words: list[str]) -> dict[str, float]:
        vector: dict[str, float] = {}
        for feature, pair in features(words):
            idf = self.idf.get(feature, self.unknown_idf)
            vector[feature] = idf * (PAIR_WEIGHT if pair else 1.0)
        return vector

    def knows(self, phrase: str) -> bool:
        """True when the facts use `phrase` (every word, and every adjacent pair, of it)."""
        words = chat.tokens(phrase, self.game)
        return bool(words) and all(feature in self.idf for feature, _ in features(words))

    def _nearest(self, word: str) -> str | None:
        """The game's word closest to `word` (a typo of it), None when none is close; remembered."""
        if word not in self._nearest_seen:
            if len(self._nearest_seen) >= NEAREST_MEMORY:  # players type anything: keep it bounded
                self._nearest_seen.clear()
            found = process.extractOne(
                word, self.vocabulary, scorer=DamerauLevenshtein.normalized_similarity, score_cutoff=TYPO_CUTOFF
            )
            self._nearest_seen[word] = found[0] if found is not None else None
        return self._nearest_seen[word]

    def strange_words(self, phrase: str) -> list[str]:
        """Words of `phrase` the game never uses and that aren't typos of its words (names, mostly)."""
        return [
            word
            for word in chat.chat_words(phrase, self.game)
            if len(word) >= TYPO_MIN_LENGTH - 1
            and word.isalpha()
            and word not in self._known
            and self._nearest(word) is None
        ]

    def correct(self, question: str) -> str:
        """`question` with words the game never uses replaced by the closest word it does."""
        fixed = []
        for word in chat.chat_words(question, self.game):
            if len(word) >= TYPO_MIN_LENGTH and word.isalpha() and word not in self._known:
                word = self._nearest(word) or word
            fixed.append(word)
        return " ".join(fixed)

    def blend(
        self, text: str, words: list[str], *, limit: int = 8, focus: frozenset[str] = frozenset()
    ) -> list[FactHit]:
        """`match_tokens` blended with the character n-gram similarity of `text` (the question as
        typed, with a follow-up's earlier question before it): best facts first."""
        by_words = self.match_tokens(words, limit=limit, focus=focus)
        if not focus:
            self._remember_leader(words, by_words)
        if self.chars is None:
            return by_words
        chars, all_centroids = self.char_views(text)
        centroids = all_centroids if CENTROID_BLEND else None

        def blended(n: int, own: float) -> float:
            return own if centroids is None else (1.0 - CENTROID_BLEND) * own + CENTROID_BLEND * float(centroids[n])

        hits: dict[int, FactHit] = {}
        for hit in by_words:
            n = self._by_id[hit.fact.id]
            score = blended(n, (1.0 - BLEND) * hit.score + BLEND * chars.get(n, 0.0))
            hits[n] = FactHit(hit.fact, score, hit.phrasing, hit.types)
        for n, similarity in chars.items():
            if n not in hits:
                fact = self.book.facts[n]
                hits[n] = FactHit(fact, blended(n, BLEND * similarity), fact.asks[0], self.types[n])
        return sorted(hits.values(), key=lambda h: -h.score)[:limit]

    def word_leader(self, words: list[str]) -> int | None:
        """The index of the fact the word view alone ranks first for `words` (remembered from the last
        few `blend`s: the sureness check asks again about the words just matched)."""
        key = tuple(words)
        if key not in self._word_leaders:
            self._remember_leader(words, self.match_tokens(words, limit=1))
        return self._word_leaders[key]

    def _remember_leader(self, words: list[str], ranked: list[FactHit]) -> None:
        if len(self._word_leaders) >= VIEWS_MEMORY:
            self._word_leaders.pop(next(iter(self._word_leaders)))
        self._word_leaders[tuple(words)] = self._by_id[ranked[0].fact.id] if ranked else None

    def char_views(self, text: str) -> tuple[dict[int, float], np.ndarray]:
        """Each fact's best character n-gram similarity to `text`, and its centroid similarity (the
        last few texts are remembered: the sureness check looks again at the text just matched)."""
        assert self.chars is not None
        if text not in self._char_views:
            if len(self._char_views) >= VIEWS_MEMORY:
                self._char_views.pop(next(iter(self._char_views)))
            query = self.chars.vector(text)
            self._char_views[text] = (self.chars.scores(query), self.chars.centroid_scores(query))
        return self._char_views[text]

    def match(self, question: str, *, limit: int = 5) -> list[FactHit]:
        """The best facts for `question`, best first (one hit per fact)."""
        corrected = self.correct(question)
        return self.match_tokens(value_tokens(chat.tokens(corrected, self.game), corrected, self.game), limit=limit)

    def match_tokens(self, words: list[str], *, limit: int = 5, focus: frozenset[str] = frozenset()) -> list[FactHit]:
        """`match` for already normalized words; `focus` words (what a follow-up changed) weigh more."""
        query = self._vector(words)
        for feature in query:
            if focus and any(part in focus for part in feature.split(" ")):
                query[feature] *= FOCUS_BOOST
        norm = math.sqrt(sum(w * w for w in query.values()))
        if not norm:
            return []
        total = sum(query.values())
        dots: dict[int, float] = defaultdict(float)
        covered: dict[int, float] = defaultdict(float)
        for feature, weight in query.items():
            for d, doc_weight in self._postings.get(feature, ()):
                dots[d] += weight * doc_weight
                covered[d] += weight
        best: dict[int, tuple[float, str]] = {}
        for d, dot in dots.items():
            fact_index, phrasing, doc_weight, _ = self._docs[d]
            cosine = dot / (norm * self._norms[d])
            coverage = covered[d] / total
            score = doc_weight * ((1.0 - COVERAGE_WEIGHT) * cosine + COVERAGE_WEIGHT * coverage)
            if score > best.get(fact_index, (0.0, ""))[0]:
                best[fact_index] = (score, phrasing)
        ranked = sorted(best.items(), key=lambda item: -item[1][0])[:limit]
        return [FactHit(self.book.facts[n], score, phrasing, self.types[n]) for n, (score, phrasing) in ranked]
