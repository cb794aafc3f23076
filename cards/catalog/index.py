"""The in-memory search index: exact names, codes, aliases, and fast fuzzy matching over names.

Built from catalog rows once (and again when the catalog generation changes); queries never touch the
database except the full-text fallback, which lives in `cards.catalog.search`.

Fuzzy matching in steps keeps a query near a millisecond over 10k names: candidates come from an
inverted index of name words (exact, prefix, typo-tolerant through one-deletion keys as in SymSpell,
wrongly split or joined words) and whole-name look-ups; rapidfuzz's weighted and plain ratios
shortlist a few dozen of them; only those get the full `rank_score`.
"""

from __future__ import annotations

import bisect
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime
from itertools import islice, pairwise
from typing import Any

from rapidfuzz import fuzz, process

from cards.pool import normalize_name

ALL = ""  # the index key meaning "every game"
FAMOUS_BONUS = 1.0  # names with a community nickname win near-ties
FREQUENT_WORD_POSTINGS = 400  # a word in more names than this does not pick candidates by itself
PREFIX_POOL = 300  # prefix matches considered before ranking them for autocomplete
CANDIDATES = 150  # names a query's words may pick before the whole-name passes


@dataclass(slots=True)
class Entry:
    """One catalog card as the index holds it."""

    id: int
    game: str
    code: str
    name: str
    norm: str
    group: str
    type: str
    subtype: str
    stats: dict[str, Any]
    text: str
    sets: list[dict[str, Any]]
    image_url: str
    origin: str
    source: str
    imported_at: datetime | None
    extra: dict[str, Any] | None = None


def _deletions(word: str) -> set[str]:
    """The word with one letter removed, every way (for typo look-ups, as SymSpell does)."""
    return {word[:i] + word[i + 1 :] for i in range(len(word))} if len(word) >= 3 else set()


@dataclass(slots=True)
class _Names:
    """Distinct normalized names of one game (or all games), with the word index over them."""

    names: list[str] = field(default_factory=list)
    sorted_names: list[str] = field(default_factory=list)
    words: dict[str, set[int]] = field(default_factory=lambda: defaultdict(set))
    sorted_vocab: list[str] = field(default_factory=list)
    near: dict[str, set[str]] = field(default_factory=lambda: defaultdict(set))
    squashed: dict[str, list[int]] = field(default_factory=lambda: defaultdict(list))
    # word starts of each length -> words, and the list of those starts (built lazily, per length)
    prefixes: dict[int, tuple[dict[str, list[str]], list[str]]] = field(default_factory=dict)

    def finish(self) -> None:
        for position, name in enumerate(self.names):
            for word in name.split():
                self.words[word].add(position)
            self.squashed[name.replace(" ", "")].append(position)
        for word in self.words:
            for key in _deletions(word) | {word}:
                self.near[key].add(word)
        self.sorted_vocab = sorted(self.words)
        self.sorted_names = sorted(self.names)

    def similar_words(self, word: str) -> dict[str, float]:
        """Index words equal to `word`, starting with it, or within about two typos, with weights 0-1."""
        matched: dict[str, float] = {word: 1.0} if word in self.words else {}
        if len(word) >= 2:
            for full in _prefixed(self.sorted_vocab, word, 40):
                matched.setdefault(full, 0.8)
        if len(word) >= 3:
            for key in _deletions(word) | {word}:
                for full in self.near.get(key, ()):
                    if full not in matched:
                        score = fuzz.ratio(word, full)
                        if score >= 72:
                            matched[full] = score / 100.0
        return matched

    def typed_prefix(self, part: str) -> list[str]:
        """Index words whose start looks like `part` give or take a typo ("magc" -> magician, magic)."""
        if len(part) < 3:
            return []
        size = len(part)
        if size not in self.prefixes:
            table: dict[str, list[str]] = defaultdict(list)
            for word in self.words:
                table[word[:size]].append(word)
            self.prefixes[size] = (table, list(table))
        table, keys = self.prefixes[size]
        found = process.extract(part, keys, scorer=fuzz.ratio, limit=8, score_cutoff=70)
        return [word for key, _, _ in found for word in table[key]]

    def compounds(self, words: list[str]) -> list[str]:
        """Index words a query splits or joins wrongly: "scape goat" -> scapegoat, "darkhole" -> dark, hole."""
        found = [a + b for a, b in pairwise(words) if a + b in self.words]
        for word in words:
            if word not in self.words and len(word) >= 6:
                for cut in range(2, len(word) - 1):
                    if word[:cut] in self.words and word[cut:] in self.words:
                        found += [word[:cut], word[cut:]]
        return found


def _prefixed(sorted_items: list[str], prefix: str, limit: int) -> list[str]:
    """Items of a sorted list that start with `prefix` (at most `limit`)."""
    found: list[str] = []
    for item in islice(sorted_items, bisect.bisect_left(sorted_items, prefix), None):
        if not item.startswith(prefix) or len(found) >= limit:
            break
        found.append(item)
    return found


class CardIndex:
    """Names, codes and aliases of every catalog card, ready for look-ups."""

    def __init__(
        self, entries: Iterable[Entry], aliases: Iterable[tuple[str, str, str, str, str]], generation: int
    ) -> None:
        """`aliases` are (game, norm_alias, kind, card_code, target_norm_name) rows of the alias table."""
        self.generation = generation
        self.entries: list[Entry] = list(entries)
        self.by_id: dict[int, Entry] = {entry.id: entry for entry in self.entries}
        self.by_name: dict[str, list[Entry]] = defaultdict(list)
        self.by_code: dict[str, list[Entry]] = defaultdict(list)
        self.by_key: dict[tuple[str, str], Entry] = {}
        self.groups: dict[tuple[str, str], list[Entry]] = defaultdict(list)
        self.by_group: dict[str, list[Entry]] = defaultdict(list)
        self.games: set[str] = set()
        names: dict[str, _Names] = defaultdict(_Names)
        seen: set[tuple[str, str]] = set()
        for entry in self.entries:
            self.games.add(entry.game)
            self.by_name[entry.norm].append(entry)
            self.by_code[entry.code.lower()].append(entry)
            self.by_key[(entry.game, entry.code)] = entry
            self.groups[(entry.game, entry.group)].append(entry)
            if entry.group != entry.norm:
                self.by_group[entry.group].append(entry)
            for key in (ALL, entry.game):
                if (key, entry.norm) not in seen:
                    seen.add((key, entry.norm))
                    names[key].names.append(entry.norm)
        for table in names.values():
            table.finish()
        self.names: dict[str, _Names] = dict(names)
        self.by_alias: dict[str, list[Entry]] = defaultdict(list)
        # Names with a community nickname are well-known cards: they win near-ties ("monster reborne").
        self.famous: set[str] = set()
        for game, norm_alias, kind, code, target in aliases:
            if code:
                targets = [self.by_key[(game, code)]] if (game, code) in self.by_key else []
            else:
                targets = [entry for entry in self.by_name.get(target, []) if entry.game == game]
            if not targets:
                continue
            if kind == "alt_code":
                self.by_code[norm_alias].extend(targets)  # alternate-art passcodes
            else:
                self.by_alias[norm_alias].extend(targets)
            if kind == "nickname":
                self.famous.update(entry.norm for entry in targets)

        self.alias_names = list(self.by_alias)
        self._norm_texts: dict[int, str] = {}

    def __len__(self) -> int:
        return len(self.entries)

    # exact steps ------------------------------------------------------------------------------
    @staticmethod
    def _in_game(entries: Iterable[Entry], game: str | None) -> list[Entry]:
        return [entry for entry in entries if game is None or entry.game == game]

    def exact_code(self, query: str, game: str | None) -> list[Entry]:
        """Cards whose code (or alternate-art code) is `query`, case-insensitive.

        A Yu-Gi-Oh! passcode typed without its leading zeros ("4614116") still finds "04614116".
        """
        code = query.strip().lower()
        found = self.by_code.get(code) or (self.by_code.get(code.zfill(8)) if code.isdigit() else None)
        return self._in_game(found or (), game)

    def exact_name(self, norm: str, game: str | None) -> list[Entry]:
        return self._in_game(self.by_name.get(norm, ()), game)

    def exact_character(self, norm: str, game: str | None) -> list[Entry]:
        """Versions of a character named without a subtitle ("Raiga" for "Raiga, Half-Demon Wanderer")."""
        return self._in_game(self.by_group.get(norm, ()), game)

    def exact_alias(self, norm: str, game: str | None) -> list[Entry]:
        return self._in_game(self.by_alias.get(norm, ()), game)

    def norm_text(self, entry: Entry) -> str:
        """The card's rules text, normalized like names (computed once per card, on demand)."""
        text = self._norm_texts.get(entry.id)
        if text is None:
            text = self._norm_texts[entry.id] = normalize_name(entry.text)
        return text

    def versions(self, entry: Entry) -> list[Entry]:
        """Every card sharing `entry`'s character (itself included), by code."""
        return sorted(self.groups.get((entry.game, entry.group), [entry]), key=lambda e: e.code)

    # fuzzy step -------------------------------------------------------------------------------
    def _candidates(self, table: _Names, norm: str, limit: int) -> list[str]:
        """Names worth scoring: word hits (exact, prefix, typo, split or joined) and whole-name hits.

        Words found in very many names ("of", "the", "dragon") only count when nothing rarer
        matched: walking their postings would cost more than it tells.
        """
        coverage: dict[int, float] = defaultdict(float)
        words = norm.split()
        frequent: list[dict[str, float]] = []
        for matched in [table.similar_words(word) for word in words] + [{word: 1.0} for word in table.compounds(words)]:
            if sum(len(table.words[full]) for full in matched) > FREQUENT_WORD_POSTINGS:
                frequent.append(matched)
                continue
            _add_coverage(coverage, table, matched)
        if not coverage:
            for matched in frequent:
                _add_coverage(coverage, table, matched)
        ranked = sorted(coverage, key=coverage.__getitem__, reverse=True)
        if len(ranked) > limit:
            # Many names share the best-covered words ("abyss ..."): keep every name as well covered
            # as the limit-th one, and let the quick whole-string ratio pick among those ties.
            floor = coverage[ranked[limit - 1]]
            tied = [p for p in ranked if coverage[p] >= floor]
            if len(tied) > limit:
                best = process.extract(norm, [table.names[p] for p in tied], scorer=fuzz.QRatio, limit=limit)
                ranked = [tied[index] for _, _, index in best]
            else:
                ranked = tied
        found = set(ranked)
        found.update(table.squashed.get(norm.replace(" ", ""), ()))
        if len(found) < 10:
            for _, _, position in process.extract(norm, table.names, scorer=fuzz.QRatio, limit=25, score_cutoff=55):
                found.add(position)
        return [table.names[position] for position in found]

    def fuzzy(self, norm: str, game: str | None, limit: int = 10) -> list[tuple[str, float]]:
        """Best-matching distinct normalized names with their rank scores, best first."""
        table = self.names.get(game or ALL)
        if table is None or not norm:
            return []
        candidates = self._candidates(table, norm, CANDIDATES)
        # Two cheap views pick the few names scored in full: the weighted ratio (partial names, word
        # order) and the plain ratio (the whole name, which the weighted one flattens among names
        # sharing a word: "abyss soldmqr" should still find "Abyss Soldier").
        size = max(25, limit * 2)
        shortlist = {name for name, _, _ in process.extract(norm, candidates, scorer=fuzz.WRatio, limit=size)}
        shortlist.update(name for name, _, _ in process.extract(norm, candidates, scorer=fuzz.QRatio, limit=size))
        scored = [(name, rank_score(norm, name) + (FAMOUS_BONUS if name in self.famous else 0.0)) for name in shortlist]
        scored.sort(key=lambda item: (-item[1], len(item[0]), item[0]))
        return scored[:limit]

    def complete(self, norm: str, game: str | None, limit: int) -> list[str]:
        """Names a partly typed, possibly misspelt name may be heading for ("drk magc" -> dark magician).

        The last word is taken as unfinished: names are compared with the query over as many words,
        the last one cut to the typed length, so "dark magician" and "dark magic veil" tie and
        the well-known, shorter name goes first.
        """
        table = self.names.get(game or ALL)
        words = _joined_words(norm)
        if table is None or not words:
            return []
        candidates = set(self._candidates(table, norm, CANDIDATES))
        for word in table.typed_prefix(words[-1]):
            candidates.update(table.names[position] for position in table.words[word])
        typed = len(words[-1])
        query = " ".join(words)

        def head(name: str) -> str:
            parts = _joined_words(name)[: len(words)]
            if len(parts) == len(words):
                parts[-1] = parts[-1][: typed + 1]
            return " ".join(parts)

        famous = FAMOUS_BONUS * 3
        scored = [
            (fuzz.ratio(query, head(name)) + (famous if name in self.famous else 0.0) - len(name) * 0.05, name)
            for name in candidates
        ]
        scored.sort(key=lambda item: (-item[0], item[1]))
        return [name for _, name in scored[:limit]]

    def fuzzy_alias(self, norm: str, game: str | None) -> list[tuple[Entry, float]]:
        """Nicknames typed with a small typo ("bewdd"): close whole-string matches only."""
        if len(norm) < 4:
            return []
        found = process.extract(norm, self.alias_names, scorer=fuzz.ratio, limit=3, score_cutoff=85)
        return [(entry, score - 5) for alias, score, _ in found for entry in self.exact_alias(alias, game)]

    def prefix_names(self, norm: str, game: str | None, limit: int) -> list[str]:
        """Distinct normalized names starting with `norm`: well-known cards first, then shorter names.

        "dark" offers "Dark Hole" and "Dark Magician" before "Dark Magician Girl the Dragon Knight".
        """
        table = self.names.get(game or ALL)
        if table is None:
            return []
        found = _prefixed(table.sorted_names, norm, PREFIX_POOL)
        found.sort(key=lambda name: (name not in self.famous, len(name), name))
        return found[:limit]


def _joined_words(norm: str) -> list[str]:
    """Words of a normalized name with a possessive "s" put back on its word ("harpie s" -> "harpies")."""
    words: list[str] = []
    for word in norm.split():
        if word == "s" and words:
            words[-1] += "s"
        else:
            words.append(word)
    return words


def _add_coverage(coverage: dict[int, float], table: _Names, matched: dict[str, float]) -> None:
    """Credit each name once per query word, with the best weight among that word's matches."""
    per_name: dict[int, float] = {}
    for full, weight in matched.items():
        for position in table.words[full]:
            if per_name.get(position, 0.0) < weight:
                per_name[position] = weight
    for position, weight in per_name.items():
        coverage[position] += weight


def rank_score(query: str, name: str) -> float:
    """How well normalized `name` answers normalized `query` (100 ≈ perfect; bonuses may exceed it).

    The weighted ratio forgives typos, word order and partial names; a name that starts with the
    query or contains all its words gains a little, and a much longer name loses a little, so
    "dark magician" prefers "Dark Magician" over "Dark Magician Girl".
    """
    score = fuzz.WRatio(query, name)
    if name.startswith(query):
        score += 4.0
    query_words = query.split()
    name_words = name.split()
    if query_words and all(any(w.startswith(q) for w in name_words) for q in query_words):
        score += 3.0
    score -= min(6.0, max(0, len(name) - len(query)) * 0.15)
    score *= 0.7 + 0.3 * word_coverage(query_words, name_words)
    squashed = fuzz.ratio(query.replace(" ", ""), name.replace(" ", ""))
    return max(0.0, score, squashed - 2.0)


def word_coverage(query_words: list[str], name_words: list[str]) -> float:
    """Share of query words found in the name (exactly, as a prefix, or with a typo), 0-1.

    A rules-text query ("destroy all monsters") shares a word or two with many names; a name
    query shares nearly all of them, so this keeps text queries from looking like weak name hits.
    """
    if not query_words or not name_words:
        return 0.0
    found = 0.0
    for word in query_words:
        best = 0.0
        for other in name_words:
            if other == word or (len(word) >= 2 and other.startswith(word)):
                best = 1.0
                break
            best = max(best, fuzz.ratio(word, other) / 100.0)
        found += best if best >= 0.7 else 0.0
    return found / len(query_words)


def normalize_query(query: str) -> str:
    """The query as names are indexed (see `cards.pool.normalize_name`)."""
    return normalize_name(query)
