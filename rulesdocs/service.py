"""The transport-agnostic rules assistant: `RulesService.ask(question, ...) -> Answer`.

The Discord cog, the console and `tcgtable rules ask` all call this. It owns the index (opened
lazily, once), the per-channel conversation context and the optional semantic ranker.

>>> service = RulesService(db_path=":memory:")
>>> answer = service.ask("if i attack a def position monster with lower atk do i take damage?")
>>> answer.game, answer.citations[0].section
('yugioh', '13.6')
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import re
import threading
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from rulesdocs import (
    boosttally,
    cardanswer,
    cardnames,
    cardtrait,
    cardwhose,
    chat,
    colorfight,
    followup,
    messages,
    outcome,
    pronouns,
    review,
    ruling,
    scope,
    sptally,
    statmod,
    sureness,
    understand,
    verdict,
    worked,
    yesno,
)
from rulesdocs import conversation as conv
from rulesdocs import text as textmod
from rulesdocs.answer import AnswerConfig, cite, compose, confidence
from rulesdocs.factmatch import FactMatcher
from rulesdocs.facts import FACTS_DIR, Fact, FactBook, load_books
from rulesdocs.index import Query, RulesIndex, source_fingerprint
from rulesdocs.model import Answer, Citation, GameId, Hit, RulesError
from rulesdocs.scoring import QUANTITY_QUESTION
from rulesdocs.semantic import SemanticRanker, rrf

if TYPE_CHECKING:
    from cards.pool import CardDef

log = logging.getLogger(__name__)

MAX_QUESTION_CHARS = 500
REFRESH_SECONDS = 60.0
"""How often `ask` checks whether a rules text changed (a hash of about 0.5 MB)."""
_SECTION_ONLY = re.compile(
    r"^\s*(?:what\s+(?:does|is)\s+)?(?:§|sec(?:tion)?\.?|rule)?\s*(\d+(?:\.\d+)*)\.?\s*(?:say|says)?\s*\??\s*$",
    re.IGNORECASE,
)
_DEFINITION = re.compile(
    r"^\s*(?:what(?:'s| is| are| does)|whats|define|definition of|meaning of|explain)\s+"
    r"(?:an?\s+|the\s+)?[\"“']?(.+?)[\"”']?\s*(?:mean|means)?\s*\??\s*$",
    re.IGNORECASE,
)


@dataclass(frozen=True, slots=True)
class Asked:
    """Where a question comes from: the channel key and what the channel knows."""

    channel: str | None = None
    match_game: GameId | None = None
    server_default: GameId | None = None


class RulesService:
    """Answers rules questions with citations; keeps a short context per channel."""

    def __init__(
        self,
        *,
        texts_dir: Path | None = None,
        extra_dirs: Sequence[Path | str] = (),
        db_path: Path | str | None = None,
        semantic: bool = False,
        config: AnswerConfig | None = None,
        store: conv.ConversationStore | None = None,
        index: RulesIndex | None = None,
        facts_dir: Path | None = FACTS_DIR,
        review_path: Path | None = None,
        doubting: bool = True,
        signals_seen: Callable[[dict[str, float]], None] | None = None,
    ) -> None:
        self._texts_dir = texts_dir
        self._extra_dirs = list(extra_dirs)
        self._db_path = db_path
        self._index = index
        self._owns_index = index is None
        self._checked = time.monotonic()
        self._lock = threading.Lock()
        self.config = config or AnswerConfig()
        self.store = store or conv.ConversationStore()
        self.semantic: SemanticRanker | None = None
        self._want_semantic = semantic
        self._facts_dir = facts_dir
        self.review_path = review_path or review.default_path()
        """Where "did you mean" picks are noted for maintainers (`rulesdocs.review`)."""
        self.doubt = sureness.model() if doubting else None
        """The sureness model a chosen fact must satisfy (`rulesdocs.sureness`); None: every chosen fact is sure."""
        self.signals_seen = signals_seen
        """Called with the sureness signals of each chosen fact (`rulesdocs.train_sureness` records them)."""
        self._books: dict[GameId, FactBook] | None = None
        self._matchers: dict[GameId, FactMatcher] = {}
        self._common: dict[GameId, frozenset[str]] = {}

    @property
    def index(self) -> RulesIndex:
        """The rules index, opened (and built if needed) on first use."""
        if self._index is None:
            with self._lock:
                if self._index is None:
                    self._index = RulesIndex.open(self._texts_dir, self._extra_dirs, self._db_path)
                    self._checked = time.monotonic()
        return self._index

    def matcher(self, game: GameId) -> FactMatcher | None:
        """The knowledge-base matcher of `game` (built on first use), None when it has no facts."""
        if self._books is None:
            with self._lock:
                if self._books is None:
                    self._books = load_books(self._facts_dir) if self._facts_dir is not None else {}
        book = self._books.get(game)
        if book is None:
            return None
        matcher = self._matchers.get(game)
        if matcher is None:
            texts = [c.text for c in self.index.chunks if c.game == game]
            vocabulary = {w for text in texts for w in chat.chat_words(text, game)}
            matcher = self._matchers[game] = FactMatcher(book, vocabulary)
            self._common[game] = _common_words(texts, matcher.common, cardnames.name_words(game))
        return matcher

    def prepare(self) -> None:
        """Open the index and build every game's fact matcher now (a deploy step; otherwise lazy)."""
        for game in self.index.games:
            self.matcher(game)

    def refresh(self, *, force: bool = False) -> bool:
        """Rebuild the index if a rules text or extra document changed since it was opened.

        Checked at most every `REFRESH_SECONDS` unless `force`; True when the index was replaced.
        A service given a ready index (`index=`) never replaces it.
        """
        if self._index is None or not self._owns_index:
            return False
        now = time.monotonic()
        if not force and now - self._checked < REFRESH_SECONDS:
            return False
        with self._lock:
            self._checked = now
            fingerprint, _ = source_fingerprint(self._texts_dir, self._extra_dirs)
            if fingerprint == self._index.info.fingerprint:
                return False
            self._index = RulesIndex.open(self._texts_dir, self._extra_dirs, self._db_path)
            self._matchers.clear()  # their vocabulary comes from the texts
            if self.semantic is not None:
                self.semantic, self._want_semantic = None, True
        if self._want_semantic:
            self.enable_semantic()
        return True

    def enable_semantic(self) -> bool:
        """Load the embedding model if installed; False (BM25 only) when it is not or fails to load."""
        if self.semantic is None and self._want_semantic:
            cache = None
            if self._db_path is not None and str(self._db_path) != ":memory:":
                cache = Path(self._db_path).with_name("rules-embeddings.sqlite")
            try:
                self.semantic = SemanticRanker.load(self.index, cache)
            except (ImportError, OSError, RuntimeError, ValueError) as exc:  # a broken model install
                log.warning("semantic rules search disabled, the model failed to load: %s", exc)
                self.semantic = None
            self._want_semantic = self.semantic is not None
        return self.semantic is not None

    # ----- the one entry point -------------------------------------------------------------------

    def ask(self, question: str, *, game: GameId | None = None, where: Asked | None = None) -> Answer:
        """Answer `question`; `game` forces the game, `where` gives channel context and defaults."""
        where = where or Asked()
        question = " ".join(question.split())
        if not question:
            raise RulesError(messages.empty_question())
        if len(question) > MAX_QUESTION_CHARS:
            raise RulesError(messages.question_too_long(len(question), MAX_QUESTION_CHARS))
        self.refresh()
        index = self.index
        if game is not None and game not in index.games:
            raise RulesError(messages.unknown_game(game, index.games))
        context = self.store.get(where.channel)
        if context is not None and context.choices:
            picked = _picked(question, len(context.choices))
            if picked is not None:
                return self.pick(context.choices[picked], where=where, question=context.asked or context.question)
        follow_up = (
            context is not None
            and not context.pending
            # "why?" after an answer asks that answer's reason
            and (conv.is_follow_up(question) or followup.explicit(question) or _ASKS_AGAIN.search(question) is not None)
        )
        if context is not None and context.pending and game is None:
            answered = conv.named_game(question) or _bare_game(question, index.games)
            if answered is not None and not textmod.terms(conv.strip_game_names(question)):
                return self.ask(context.question, game=answered, where=where)
        switched = _game_switch(question, context, game)
        if switched is not None and context is not None and switched in index.games:
            self.store.forget(where.channel or "")
            again = self.ask(context.asked or context.question, game=switched, where=where)
            if again.found or again.options or not context.before:
                return again
            # "can i go a bit over like 62" leans on the deck-size question before it: ask that one
            self.store.forget(where.channel or "")
            return self.ask(context.before, game=switched, where=where)
        chosen = game or self._pick_game(question, context, follow_up, where, index)
        if chosen is None:
            return self._clarify(question, where)
        previous = context if context is not None and not context.pending and context.game == chosen else None
        talked_about = cardnames.card(chosen, previous.card) if previous is not None and previous.card else None
        # "i put him as support with neji as head" after Might Guy: "him" is Might Guy, beside the card named.
        # Inuyasha's fight readers already read "he swings at gensai" against the character talked about.
        named = self._mention(question, chosen) if talked_about is not None else None
        resolved = (
            pronouns.named_back(question, talked_about, " ".join(named.words))
            if talked_about is not None
            and chosen != "inuyasha"
            and named is not None
            and named.name != talked_about.name
            else None
        )
        answer, understood = self._answer(resolved or question, chosen, previous, follow_up)
        if resolved is not None:
            answer = dataclasses.replace(answer, question=question)
        if not answer.found and not answer.options and _loose_switch(question, context, game):
            assert context is not None  # "whats the cap in yugioh then": the last question, in yugioh
            self.store.forget(where.channel or "")
            again = self.ask(context.asked or context.question, game=chosen, where=where)
            if again.found:
                return again
        if not answer.found and not answer.options:
            answer = self._suggest_other_game(answer, question, chosen, index)
        top = answer.citations[0].section if answer.citations else None
        self.store.remember(
            where.channel,
            dataclasses.replace(
                understood,
                game=chosen,
                section=top,
                asked=understood.asked or question,
                # a turn with no answer settles no new subject: "it" in the next turn is still the card
                card=understood.card or (previous.card if previous is not None and not answer.found else None),
                before=(previous.asked or previous.question) if previous is not None else "",
            ),
        )
        return answer

    def choose(self, index: int, where: Asked) -> Answer:
        """The answer to option `index` (0-based) of the channel's pending "did you mean"."""
        context = self.store.get(where.channel)
        if context is None or not context.choices or not 0 <= index < len(context.choices):
            raise RulesError("That choice has expired: ask the question again.")
        return self.pick(context.choices[index], where=where, question=context.asked or context.question)

    def _mention(self, question: str, game: GameId) -> cardnames.Mention | None:
        """The built-in card of `game` a question names, with the words it was typed as ("jude")."""
        matcher = self.matcher(game)
        common = self._common.get(game, matcher.common if matcher is not None else frozenset())
        return cardnames.lookup(conv.strip_game_names(question), game, common)

    def card_subject(self, question: str, game: GameId) -> str | None:
        """The built-in card of `game` a question is about ("why cant i deploy neji" -> Neji Hyuga)."""
        mention = self._mention(question, game)
        return mention.name if mention is not None else None

    def pick(self, fact_id: str, *, where: Asked | None = None, question: str = "") -> Answer:
        """Answer with the fact a player picked from a "did you mean" (by number or button), and note
        the pick in the review file: what they asked and the rule they meant. Nothing is learned."""
        where = where or Asked()
        context = self.store.get(where.channel)
        game = context.game if context is not None else None
        matcher = self.matcher(game) if game is not None else None
        fact = matcher.fact(fact_id) if matcher is not None else None
        if fact is None or game is None:
            raise RulesError("That choice has expired: ask the question again.")
        review.note_pick(self.review_path, game, question, fact.id, fact.answer)
        chosen = ruling.Ruling(fact, 1.0, 1.0, ())
        answer = self._from_fact(question or fact.asks[0], game, chosen, [], "other")
        own = conv.Context(game, question or fact.asks[0], fact.section, time.monotonic(), asked=question)
        self.store.remember(where.channel, own)
        return answer

    async def ask_async(self, question: str, *, game: GameId | None = None, where: Asked | None = None) -> Answer:
        """`ask` in a worker thread, for the bot's event loop."""
        return await asyncio.to_thread(self.ask, question, game=game, where=where)

    def rank(self, question: str, game: GameId, *, context: str = "", limit: int = 10) -> list[Hit]:
        """Reference hits for `question` in `game`: exact lookups first, then BM25 (+ semantic)."""
        exact = self._exact(question, game)
        query = Query.parse(conv.strip_game_names(question), context=context, game=game)
        hits = self.index.search(query, game, limit=CANDIDATES)
        hits = _rerank(hits, query, self.index, bool(exact))
        if self.semantic is not None:
            semantic_query = " ".join(p for p in (context, question, textmod.rewrite(question)) if p)
            semantic = self.semantic.search(semantic_query, game, limit=60)
            fused = rrf([hits, semantic], k=RRF_K, weights=(1.0, SEMANTIC_WEIGHT))
            hits = _demote_glossary(fused, bool(exact), FUSED_GLOSSARY_FACTOR)
        if exact:
            hits = exact + [h for h in hits if h.chunk is not exact[0].chunk]
        return hits[:limit]

    # ----- steps -------------------------------------------------------------------------------

    def _answer(
        self, question: str, game: GameId, previous: conv.Context | None, follow_up: bool
    ) -> tuple[Answer, conv.Context]:
        """The answer, and the question as understood (a follow-up rewritten whole) for the context."""
        stripped = conv.strip_game_names(question)
        matcher = self.matcher(game)
        qtype = understand.question_type(stripped)
        own = conv.Context(game, stripped, None, time.monotonic(), asked=question)
        if matcher is None or _SECTION_ONLY.match(stripped):
            context = previous.question if previous is not None and follow_up else ""
            outside = None if _SECTION_ONLY.match(stripped) else scope.outside(stripped, game)
            if outside is not None:
                return self._outside(question, game, outside, self.rank(stripped, game)), own
            return self._from_sections(question, game, context), own
        common = self._common.get(game, matcher.common)
        mention = cardnames.lookup(stripped, game, common)
        whole = cardnames.find(question, game)  # "Inazuma Drop", a card named with the game's name
        if whole is not None and len(whole.words) >= 2 and (mention is None or len(whole.words) > len(mention.words)):
            mention = whole
        if mention is not None and self.index.cited(game, "G:" + " ".join(mention.words)) is not None:
            mention = None  # "token" is a glossary term before it is Monster Token's nickname
        if mention is None and previous is not None and previous.card:
            talked_about = cardnames.card(game, previous.card)
            switched = (
                cardwhose.side_switched(previous.asked or previous.question, stripped, talked_about)
                if talked_about is not None
                else None
            )
            if switched is not None and talked_about is not None:  # "what about on my opponents character"
                answer = self._card_answer(switched, game, talked_about, "rule", None, qtype)
                return dataclasses.replace(answer, question=question), dataclasses.replace(own, card=previous.card)
        if mention is None and previous is not None and previous.card and _REFERS_BACK.search(stripped):
            mention = cardnames.Mention(previous.card, cardnames.kind_of(game, previous.card), ())
        card = cardnames.card(game, mention.name) if mention is not None else None
        card = cardnames.version_asked(stripped, card) if card is not None else None  # "reserve maddie moonlight"
        if game == "inazuma":  # "hes my kicker and i play rolling kick" after Kevin Dragonfly: his SP, worked out
            told_before = (
                (previous.card, previous.asked or previous.question, previous.worked)
                if previous is not None and previous.card
                else None
            )
            tallied = sptally.follow(stripped, card, qtype, told_before, common)
        elif game == "yugioh":  # "and with sogen out too?" after Legendary Sword on Celtic Guardian
            told_yugioh = (previous.card, previous.asked or previous.question) if previous and previous.card else None
            tallied = boosttally.follow(stripped, qtype, told_yugioh, common)
        else:
            tallied = None
        if tallied is not None:
            player, situation, told = tallied
            return self._tallied(question, game, player, told, situation), dataclasses.replace(
                own, card=player.name, asked=situation, worked=True
            )
        card_kind = cardanswer.card_kind(stripped, card, qtype) if card is not None else None
        if card is not None and _CARD_VS_RULES.search(stripped):  # "rulebook says 2 but muster grounds says 3"
            golden, _ = self._rule(question, GOLDEN_RULE, chat.tokens(GOLDEN_RULE, game), game, "", qtype="other")
            if golden is not None and golden.score >= GOLDEN_RULE_FLOOR:
                answer = self._card_answer(question, game, card, "rule", golden, "other")
                return answer, dataclasses.replace(own, card=card.name, fact=golden.fact.id)
        mine = understand.value_tokens(chat.tokens(matcher.correct(stripped), game), stripped, game)
        best = self._rule(question, stripped, mine, game, "", qtype=qtype)
        if mention is not None and mention.words:
            # "can Dark Magician attack the turn I summon it" asks about a monster: read the name as its
            # kind, unless the facts answer the named card itself clearly better (Monster Reborn's ruling)
            readings = []
            for with_level in (True, False):
                generic = cardnames.replace(stripped, mention, level=with_level)
                generic_words = chat.tokens(matcher.correct(generic), game)
                reading = self._rule(question, generic, generic_words, game, "", qtype=qtype)
                readings.append((reading, generic, generic_words))
            as_kind, generic, generic_words = max(readings, key=lambda reading: _score(reading[0]))
            if _score(as_kind) + CARD_NAME_MARGIN >= _score(best) or not matcher.knows(" ".join(mention.words)):
                best, stripped, mine = as_kind, generic, generic_words
        elif mention is not None and mention.kind != "card" and _PRONOUN.search(stripped):
            # "can i play it in response" after Poisoned Tea asks about an action moment
            generic = _PRONOUN.sub(mention.kind, stripped, count=1)
            generic_words = chat.tokens(matcher.correct(generic), game)
            as_kind = self._rule(question, generic, generic_words, game, "", qtype=qtype)
            if _score(as_kind) >= _score(best) + PRONOUN_KIND_GAIN:
                best, stripped, mine = as_kind, generic, generic_words
        own = dataclasses.replace(own, tokens=tuple(mine), card=card.name if card is not None else None)
        understood, context = own, ""
        if previous is not None:
            before = list(previous.tokens) or chat.tokens(matcher.correct(previous.question), game)
            rewritten = followup.rewrite(before, mine, game)
            swapped_out = set(before) - set(rewritten)  # "attack phase" when the follow-up says "shooting phase"
            kept = [w for w in chat.chat_words(previous.question, game) if not set(chat.tokens(w, game)) & swapped_out]
            focus = frozenset(rewritten) - frozenset(before)
            merged = self._rule(question, stripped, rewritten, game, " ".join(kept), focus, qtype=qtype)
            if _prefer_rewrite(best, merged, follow_up, len(mine)) and not _reads_alone(
                question, best[0], merged[0], previous
            ):
                best, context = merged, " ".join(kept)
                understood = dataclasses.replace(
                    own, question=f"{context} {stripped}", tokens=tuple(rewritten), card=own.card or previous.card
                )
        chosen, hits = best
        done = _step_done(question)
        step = self._next_step(done, game, previous) if done is not None else None
        if step is not None:  # "ok then what": the next step of the procedure the last answer was a step of
            answer = self._from_fact(question, game, step, hits, "other")
            asked_as = step.fact.asks[0]
            return answer, dataclasses.replace(
                understood, question=asked_as, tokens=(), asked=asked_as, fact=step.fact.id
            )
        short = len(question.split()) <= ELLIPSIS_WORDS
        if done == "" and short and previous is not None and previous.fact:  # the last answer is no step we know
            return self._no_next_step(question, game), understood
        again = self._covered_again(question, previous, mine, chosen)
        if again is not None:
            chosen = again
        fought = self._battle(question, game, previous, hits, understood, qtype)
        if fought is not None:
            return fought
        floor = FOLLOW_UP_FLOOR if context else ruling.FACT_FLOOR
        if self._sounds_like_other_game(question, game):
            floor += OTHER_GAME_MARGIN  # "how do i pay the chakra cost of a jutsu" asked about Yu-Gi-Oh!
        outside = scope.outside(stripped, game) or _mixes_games(question)
        if outside is not None and outside.category == "money" and card_kind == "stat":
            scored = card is not None and "score" in card.stats  # "whats defend the lords castle worth"
            outside = None if not scope.talks_money(stripped, scored=scored) else outside  # "how much does X cost"
        elif outside is not None and outside.category == "money" and card and not scope.talks_money(stripped):
            outside, card_kind = None, "text"  # "how much does it cost" of a card without a printed cost: its text
        if outside is not None and (chosen is None or chosen.similarity < SCOPE_OVERRIDE):
            return self._outside(question, game, outside, hits), understood
        unknown_card = (
            _unknown_card(conv.strip_game_names(question), matcher, self.index, game) if previous is None else None
        )
        if (
            unknown_card is not None
            and card is not None
            and (
                _covers(card.name, unknown_card, matcher)
                or (mention is not None and _typed_whole(unknown_card, mention.words))
                or _mostly_rules_words(unknown_card, card.name, matcher)
                or _one_pool_name(unknown_card, game, common)  # "whats kibas support with akamaru"
            )
        ):
            # the name typed is a card of our pool ("what does gama do") or its nickname ("gai sensei's
            # combat"), or the words read as a name are mostly rules words, not a name ("does waboku stop
            # my monsters from dying in battle")
            unknown_card = None
        if unknown_card is not None and (chosen is None or chosen.similarity < SCOPE_OVERRIDE):
            return self._named_card(question, game, unknown_card), understood
        if card is not None and mention is not None and card_kind is not None:
            about_it = (
                card_kind == "text"
                and chosen is not None
                and chosen.similarity >= SCOPE_OVERRIDE
                and cardnames.names(chosen.fact.answer, mention)
            )
            also = cardnames.second(conv.strip_game_names(question), game, mention, common)
            other = cardnames.card(game, also) if also is not None else None
            trait = cardtrait.asked_trait(question, card)
            if other is not None and trait is not None and trait in other.name.lower():
                other = None  # "does farmers champion count as a ronin": a trait, not Ronin for Hire
            if other is None and previous is not None and previous.card and previous.card != card.name:
                earlier = cardnames.card(game, previous.card)  # "so on bandits on the road…" after a Setting
                refers = _REFERS_BACK.search(stripped) is not None
                paired = earlier is not None and cardanswer.pairs(question, card, earlier, refers)
                other = earlier if paired else None  # "would it work on raiga" after Mitsu
                # "so if i attack with red and discard kurogane demon lord how much red" after Raiga: the
                # card named is the one discarded; the one talked about attacks (in the color named)
                pitched = colorfight.discarded_card(question, game) if earlier and game == "inuyasha" else None
                if (
                    earlier is not None
                    and pitched is not None
                    and pitched.name == card.name
                    and colorfight.color_named(question)
                ):
                    card, other, card_kind = earlier, card, "stat"
                    understood = dataclasses.replace(understood, card=card.name)
            if (
                other is not None
                and cardanswer.asks_stat_of(stripped, card, other)
                and not statmod.with_bonus(card, other, [])  # "does yami boost my dark magicians atk": below
            ):
                card, other = other, card  # "so if rock lee is head whats guys support": Guy's support
                card_kind = cardanswer.card_kind(stripped, card, qtype)
            asks_stat = other is not None and (
                cardanswer.asked_stats(stripped, other) or cardanswer.asks_with(stripped)
            )
            if other is not None and asks_stat and statmod.with_bonus(card, other, []):
                card, other, card_kind = other, card, "stat"  # "whats dark magicians atk with book of secret arts"
            if card_kind != "rule" and not about_it:
                return self._card_answer(question, game, card, card_kind, None, qtype, other), understood
            rule = chosen if chosen is not None and chosen.score >= floor and not _unsure(chosen) else None
            typed = conv.strip_game_names(question)
            ruling_on_it = rule is not None and cardnames.names(rule.fact.answer, mention)  # a fact about this card
            if (
                rule is not None
                and not ruling_on_it
                and (
                    (
                        qtype in ("yesno", "whathappens", "other")
                        and cardanswer.text_answers_better(typed, card, rule.fact.answer)
                    )
                    or cardanswer.asks_effect_reach(typed, card)
                )
            ):
                rule = None  # the card's own text is what the question is about
            elif (
                rule is None and chosen is not None and self._rule_unsure_for_card(question, card, chosen, qtype, other)
            ):
                return self._did_you_mean_with_card(question, game, chosen, card, understood)
            return self._card_answer(question, game, card, "rule", rule, qtype, other), understood
        defined = hits[0].chunk if hits and hits[0].source == "exact" and hits[0].chunk.kind == "glossary" else None
        if (
            defined is not None
            and chosen is not None
            and (chosen.fact.silent or not _defines(chosen.fact.answer, defined.title))
        ):
            chosen = None  # "what is X" with X in the glossary: a fact must define X (not our reading), else the entry
        if chosen is not None and chosen.score >= floor:
            if not context and _unsure(chosen):  # a follow-up's merged question matches less closely
                return self._did_you_mean(question, game, chosen, understood)
            # a "what is X" naming a glossary term, answered by a fact defining it, is sure
            if defined is None and self._doubted(f"{context} {stripped}", understood.tokens, chosen, qtype, context):
                return self._did_you_mean(question, game, _with_rivals(chosen, understood.tokens), understood)
            asks_again = _ASKS_AGAIN.search(question) is not None  # "how come": the reason is the rule again
            if (
                previous is not None
                and short
                and not asks_again
                and _repeats(chosen, previous, mine, matcher.fact_words(chosen.fact.id))
            ):
                return self._no_change(question, game, chosen, understood)
            same_again = previous is not None and short and previous.fact == chosen.fact.id and qtype == "other"
            # "and the attacker?" after "does the blocker draw too": the Yes/No answered the earlier question
            # "ok and my opp on their first turn?" after "im going first, do i draw": the opponent goes second
            shaping = verdict.side_carried(previous.asked or previous.question, question) if previous else question
            answer = self._from_fact(question, game, chosen, hits, "whatis" if same_again else qtype, shaping)
            if chosen.fact.silent:  # the rules don't answer it: say so, then how tcgtable plays it
                answer = dataclasses.replace(answer, text=f"{messages.rules_silent(game)} {answer.text}", found=False)
            # "why only 1 dmg" after a showdown worked out: the next "what if theirs was 2" reworks that showdown
            keep = previous is not None and previous.worked and previous.fact == chosen.fact.id
            situation = previous.asked if previous is not None and keep else understood.asked
            return answer, dataclasses.replace(understood, fact=chosen.fact.id, asked=situation, worked=keep)
        return self._from_sections(question, game, context), understood

    def _battle(
        self,
        question: str,
        game: GameId,
        previous: conv.Context | None,
        hits: list[Hit],
        understood: conv.Context,
        qtype: understand.QuestionType,
    ) -> tuple[Answer, conv.Context] | None:
        """A battle described with numbers (Yu-Gi-Oh! ATK/DEF, an Inazuma shot's last chance, an Inuyasha
        attack color), worked out by the rule (cited), or None. A follow-up changing one value reworks the
        previous question's battle."""
        earlier = (previous.asked or previous.question) if previous is not None else None
        talked_about = cardnames.card(game, understood.card) if understood.card else None
        before = cardnames.card(game, previous.card) if previous is not None and previous.card else None
        found = worked.read(
            game, question, earlier, talked_about, previous.fact if previous is not None else None, before
        )
        if found is None:
            return None
        matcher = self.matcher(game)
        fact = matcher.fact(found.fact_id) if matcher is not None else None
        if fact is None:
            return None
        ruled = self._from_fact(question, game, ruling.Ruling(fact, 1.0, 1.0, ()), hits, "other")
        said = understand.shape(found.told, qtype)  # "why cant i…" is answered with the reason, not "No:"
        yes_no = None
        if qtype == "yesno" or (qtype == "other" and question.rstrip().endswith("?")):  # "…, goal?": Yes or No first
            yes_no = outcome.verdict(question, said)
        if yes_no is None and previous is not None and _WHAT_IF.match(question):
            asked_before = previous.question  # "and if mine was only 5?" after "is their guy defeated"
            yes_no = outcome.verdict(asked_before, said) if understand.question_type(asked_before) == "yesno" else None
        said = f"{yes_no}: {_lower_opening(said)}" if yes_no is not None else said
        rule = understand.shape(fact.answer, "whatis")  # a statement: its own Yes/No answered another question
        text = f"{said}{found.own_text}\n\nThe rule: {rule}"
        return dataclasses.replace(ruled, text=text), dataclasses.replace(
            understood, asked=found.asked, fact=fact.id, worked=True
        )

    def _sounds_like_other_game(self, question: str, game: GameId) -> bool:
        inference = conv.infer_game(question, self.index)
        return inference.strong and inference.best is not None and inference.best != game

    def _doubted(
        self, typed: str, words: Sequence[str], chosen: ruling.Ruling, qtype: understand.QuestionType, context: str
    ) -> bool:
        """True when the sureness model doubts `chosen` for the question `typed` (with a follow-up's
        `context` before it) whose normalized words are `words`."""
        matcher = self.matcher(chosen.fact.game)
        if matcher is None or not words:
            return False
        if self.doubt is None and self.signals_seen is None:
            return False
        typed = typed.strip()
        strange = len(matcher.strange_words(typed))
        found = sureness.signals(typed, list(words), chosen, matcher, qtype, strange=strange, follow_up=bool(context))
        if self.signals_seen is not None:
            self.signals_seen(found)
        return self.doubt is not None and not self.doubt.sure(found)

    def _did_you_mean(
        self, question: str, game: GameId, chosen: ruling.Ruling, understood: conv.Context
    ) -> tuple[Answer, conv.Context]:
        """A short "did you mean" over the rival facts; the channel waits for the pick."""
        rivals = [(chosen.fact, chosen.phrasing), *chosen.close][:MAX_OPTIONS]
        labels = tuple(_option_label(fact, phrasing) for fact, phrasing in rivals)
        answer = Answer(
            question=question,
            game=game,
            text=messages.did_you_mean(labels),
            confidence=chosen.score,
            found=False,
            options=labels,
            sections=tuple(dict.fromkeys(section for fact, _ in rivals for section in fact.sections)),
        )
        pending = dataclasses.replace(understood, choices=tuple(fact.id for fact, _ in rivals))
        return answer, pending

    @staticmethod
    def _rule_unsure_for_card(
        question: str,
        card: CardDef,
        chosen: ruling.Ruling | None,
        qtype: understand.QuestionType,
        other: CardDef | None,
    ) -> bool:
        """True when a situation asked about a card ("why didnt opp take any dmg, my la jinn killed their
        face down mon") matches a rule too weakly to state and the card's own words decide nothing: the
        card's text alone would read as the answer, so the closest rules are offered instead."""
        if chosen is None or chosen.score < CARD_RULE_HINT or qtype not in _SITUATION_TYPES:
            return False
        if any(c is not None and cardanswer.text_speaks_to(question, c) for c in (card, other)):
            return False
        return cardanswer.verdicts(question, card, "rule", other, qtype) == (None, None)

    def _did_you_mean_with_card(
        self, question: str, game: GameId, chosen: ruling.Ruling, card: CardDef, understood: conv.Context
    ) -> tuple[Answer, conv.Context]:
        """A "did you mean" over the closest rules, then the card's own text."""
        answer, pending = self._did_you_mean(question, game, chosen, understood)
        text = f"{answer.text}\n\nAbout the card — {cardanswer.card_line(card)}\n{cardanswer.card_text(card)}"
        return dataclasses.replace(answer, text=text, card=card.name), pending

    def _next_step(self, done: str, game: GameId, previous: conv.Context | None) -> ruling.Ruling | None:
        """The fact `then` names after the step just done: the step `done` describes ("we both drew our
        5, now what"), or the previous answer's fact when `done` is empty ("ok then what")."""
        matcher = self.matcher(game)
        if matcher is None:
            return None
        if done:
            words = chat.tokens(matcher.correct(done), game)
            if len(words) < STEP_DONE_WORDS:
                return None
            described, _ = self._rule(done, done, words, game, "")
            if described is None or described.score < ruling.FACT_FLOOR or _unsure(described):
                return None
            if _step_done(described.phrasing) is not None:  # a phrasing "X is done, now what": its fact is the step
                return described
            fact: Fact | None = described.fact
        else:
            if previous is None or not previous.fact or previous.game != game:
                return None
            fact = matcher.fact(previous.fact)
        following = matcher.fact(fact.then) if fact is not None and fact.then else None
        return ruling.Ruling(following, 1.0, 1.0, ()) if following is not None else None

    def _no_next_step(self, question: str, game: GameId) -> Answer:
        """ "ok then what" after an answer that is no step of a procedure we know: say so, don't repeat it."""
        return Answer(question=question, game=game, text=messages.no_next_step(), confidence=0.0, found=False)

    def _covered_again(
        self, question: str, previous: conv.Context | None, words: list[str], chosen: ruling.Ruling | None
    ) -> ruling.Ruling | None:
        """The previous answer's fact again for a short follow-up whose new words it already states
        ("and tactic?" after the attribute colours, "and who readies first" after Recovery's order)."""
        if previous is None or not previous.fact or len(question.split()) > ELLIPSIS_WORDS:
            return None
        matcher = self.matcher(previous.game) if previous.game is not None else None
        fact = matcher.fact(previous.fact) if matcher is not None else None
        if matcher is None or fact is None or (chosen is not None and chosen.fact.id == fact.id):
            return None
        if _ASKS_AGAIN.search(question):  # "why not?", "how come", "really?": the same rule, all the rules say
            return ruling.Ruling(fact, 1.0, 1.0, ())
        new = set(words) - set(previous.tokens) - _NO_CHANGE_WORDS - textmod.STOP_WORDS
        if not new - {"not", "no"}:
            return None
        said = frozenset(understand.value_tokens(chat.tokens(fact.answer, matcher.game), "", matcher.game))
        if not new <= said:
            return None
        return ruling.Ruling(fact, 1.0, 1.0, ())

    def _no_change(
        self, question: str, game: GameId, chosen: ruling.Ruling, understood: conv.Context
    ) -> tuple[Answer, conv.Context]:
        """A follow-up that changes something ("and if its 6?") but matches the rule already given:
        offer the nearby rules instead of repeating it, or say plainly it isn't clear."""
        rivals = tuple((fact, fact.asks[0]) for fact in chosen.runners_up if fact.id != chosen.fact.id)
        if rivals:
            return self._did_you_mean(
                question, game, dataclasses.replace(chosen, close=rivals[: MAX_OPTIONS - 1]), understood
            )
        answer = Answer(
            question=question,
            game=game,
            text=messages.follow_up_unclear(),
            confidence=0.0,
            found=False,
        )
        return answer, understood

    def _tallied(self, question: str, game: GameId, focus: CardDef, told: str, situation: str) -> Answer:
        """A character's SP (a monster's ATK/DEF) worked out through the situation told, with the cards
        played cited."""
        played = [c for c in cardnames.named_cards(situation, game) if c.name != focus.name]
        return Answer(
            question=question,
            game=game,
            text=f"{told}\n\n{cardanswer.card_line(focus)}\n{cardanswer.card_text(focus)}",
            citations=tuple(cardanswer.citation(c) for c in [focus, *played]),
            confidence=1.0,
            found=True,
            card=focus.name,
        )

    def _card_answer(
        self,
        question: str,
        game: GameId,
        card: CardDef,
        kind: cardanswer.CardKind,
        rule: ruling.Ruling | None,
        qtype: understand.QuestionType,
        other: CardDef | None = None,
    ) -> Answer:
        """A card of our pools answers: its stats or text, and the rule it touches, each cited; a
        second card named in the question is shown too."""
        citations = [cardanswer.citation(card)]
        if other is not None:
            citations.append(cardanswer.citation(other))
        rule_text = None
        if rule is not None:
            ruled = self._from_fact(question, game, rule, [], qtype)
            rule_text = ruled.text
            if rule.fact.silent:  # our reading, said to be one even next to a card
                rule_text = f"{messages.rules_silent(game)} {rule_text}"
            citations.extend(ruled.citations[:1])
        others = [c for c in cardnames.versions(game, card.name) if c.code != card.code and c.text != card.text]
        return Answer(
            question=question,
            game=game,
            text=cardanswer.answer_text(question, card, kind, rule_text, others, other, qtype),
            citations=tuple(citations),
            confidence=rule.score if rule is not None else 1.0,
            found=True,
            card=card.name,
        )

    def _rule(
        self,
        question: str,
        stripped: str,
        words: list[str],
        game: GameId,
        context: str,
        focus: frozenset[str] = frozenset(),
        *,
        qtype: understand.QuestionType = "other",
    ) -> tuple[ruling.Ruling | None, list[Hit]]:
        matcher = self.matcher(game)
        typed = f"{context} {stripped}".strip()
        facts = matcher.blend(typed, words, limit=8, focus=focus) if matcher is not None else []
        asked = followup.terms(words, game)
        if asked and matcher is not None:  # "normal summon twice" is not answered by a Fusion Summon rule
            facts = sorted(
                (
                    dataclasses.replace(f, score=f.score * CLASH_FACTOR)
                    if followup.clashes(asked, matcher.fact_terms(f.fact.id))
                    else f
                    for f in facts
                ),
                key=lambda f: -f.score,
            )
        hits = self.rank(stripped, game, context=context)
        strange = len(matcher.strange_words(stripped)) if matcher is not None else 0
        return ruling.choose(question, facts, hits, strange=strange, qtype=qtype, context=context), hits

    def _from_fact(
        self,
        question: str,
        game: GameId,
        chosen: ruling.Ruling,
        hits: list[Hit],
        qtype: understand.QuestionType,
        shaping: str = "",
    ) -> Answer:
        """The answer of `chosen`'s fact, worded for the question (`shaping`: the question with what the
        conversation says of it, when that differs)."""
        fact = chosen.fact
        citations: list[Citation] = []
        for number in fact.sections[:1]:
            chunk = self.index.cited(game, number)
            if chunk is not None:
                citations.append(cite(chunk, self.config))
        if self.index.games and citations:  # the best passage of an official rulebook, when one is configured
            query = Query.parse(conv.strip_game_names(question), game=game)
            for hit in self.index.search_extra(query, game, limit=1):
                if confidence(query, hit.chunk, self.index, self.index.stats.get(game)) >= self.config.extra_floor:
                    citations.append(cite(hit.chunk, self.config))
        cited = {c.section for c in citations}
        see_also: list[Citation] = []
        candidates = [self.index.cited(game, f.section) for f in chosen.runners_up]
        candidates += [h.chunk for h in hits[:3] if h.chunk.is_reference]
        for chunk in candidates:
            if chunk is None or chunk.section in cited or len(see_also) >= self.config.see_also:
                continue
            cited.add(chunk.section)
            see_also.append(cite(chunk, self.config))
        return Answer(
            question=question,
            game=game,
            text=_shaped(shaping or question, fact, qtype, chosen.phrasing),
            citations=tuple(citations),
            see_also=tuple(see_also),
            confidence=min(1.0, chosen.score),
            found=True,
            sections=tuple(dict.fromkeys([*fact.sections, *(h.chunk.section for h in hits)])),
        )

    def _named_card(self, question: str, game: GameId, name: str) -> Answer:
        return Answer(
            question=question,
            game=game,
            text=messages.card_text(game, name),
            confidence=0.0,
            found=False,
            card_query=name,
        )

    def _outside(self, question: str, game: GameId, outside: scope.OutOfScope, hits: list[Hit]) -> Answer:
        closest = tuple(cite(h.chunk, self.config) for h in hits[:2] if h.chunk.is_reference)
        return Answer(
            question=question,
            game=game,
            text=messages.outside_rules(game, outside.reason),
            see_also=closest,
            confidence=0.0,
            found=False,
            sections=tuple(h.chunk.section for h in hits),
        )

    def _from_sections(self, question: str, game: GameId, context: str) -> Answer:
        query = Query.parse(conv.strip_game_names(question), context=context, game=game)
        hits = self.rank(question, game, context=context)
        extra = self.index.search_extra(query, game, limit=3)
        return compose(question, game, query, hits, extra, self.index, self.config)

    def _exact(self, question: str, game: GameId) -> list[Hit]:
        stripped = conv.strip_game_names(question)
        number = _SECTION_ONLY.match(stripped)
        if number:
            chunk = self.index.section(game, number.group(1))
            if chunk is not None:
                return [Hit(chunk, 1e9, "exact")]
        definition = _DEFINITION.match(stripped)
        candidate = definition.group(1) if definition else stripped.rstrip("?")
        for term in (candidate, _singular(candidate)):
            chunk = self.index.term(game, term)
            if chunk is not None:
                return [Hit(chunk, 1e9, "exact")]
        return []

    def _pick_game(
        self,
        question: str,
        context: conv.Context | None,
        follow_up: bool,
        where: Asked,
        index: RulesIndex,
    ) -> GameId | None:
        named = conv.named_game(question)
        if named is not None and named in index.games:
            return named
        if follow_up and context is not None and context.game is not None:
            return context.game
        if context is not None and context.game is not None and context.card and _REFERS_BACK.search(question):
            return context.game  # "can i flip it up the turn i set it" right after a card: that card's game
        if context is not None and context.game is not None and _ANAPHOR.search(question):
            return context.game  # "can i swap whats in there between rounds": "there" is the last answer's subject
        if context is not None and context.game is not None and _names_card(question, context.game):
            return context.game  # "bingo book makes me shuffle, do i let my opp cut": a Naruto card, not Inuyasha's cut
        inference = conv.infer_game(question, index)
        if inference.strong:
            return inference.best
        for candidate in (
            where.match_game,  # a question asked in a match is about that match's game
            context.game if context else None,
            (None if followup.explicit(question) else self._game_by_facts(question, index)) or inference.best,
            where.server_default,
        ):
            if candidate is not None and candidate in index.games:
                return candidate
        return index.games[0] if len(index.games) == 1 else None

    def _game_by_facts(self, question: str, index: RulesIndex) -> GameId | None:
        """The game whose knowledge base matches `question` clearly best, if one does."""
        stripped = conv.strip_game_names(question)
        scores: list[tuple[float, GameId]] = []
        for game in index.games:
            matcher = self.matcher(game)
            if matcher is not None:
                hits = matcher.match(stripped, limit=1)
                scores.append((hits[0].score if hits else 0.0, game))
        scores.sort(reverse=True)
        if not scores or scores[0][0] < GAME_BY_FACTS_FLOOR:
            return None
        runner_up = scores[1][0] if len(scores) > 1 else 0.0
        return scores[0][1] if scores[0][0] >= runner_up + GAME_BY_FACTS_MARGIN else None

    def _suggest_other_game(self, answer: Answer, question: str, game: GameId, index: RulesIndex) -> Answer:
        """A "not found" whose words clearly belong to another game says so."""
        inference = conv.infer_game(question, index)
        other = conv.named_game(question) or (inference.best if inference.strong else None)
        if other is None or other == game or other not in index.games:
            return answer
        return dataclasses.replace(answer, text=answer.text + messages.other_game_hint(other))

    def _clarify(self, question: str, where: Asked) -> Answer:
        games = tuple(self.index.games)
        self.store.remember(where.channel, conv.Context(None, question, None, time.monotonic(), pending=True))
        return Answer(
            question=question,
            game=None,
            text=messages.which_game(games),
            confidence=0.0,
            found=False,
            clarify=games,
        )


OTHER_GAME_MARGIN = 0.12
"""How much more a fact must score when the question's words clearly belong to another game."""
COMMON_IN_SECTIONS = 4
"""A word of a card's name that this many sections of the reference use ("attack", "dragon") is a
rules word, never read alone as that card; rarer ones ("kakashi") are the card."""
MAX_OPTIONS = 3
"""Rules offered by a "did you mean"."""
SURE_SCORE = 0.5
CARD_RULE_HINT = 0.3
"""A rule matched this well, though not well enough to state, is offered for a situation asked about a card."""
_SITUATION_TYPES = frozenset({"why", "whathappens", "howto", "when"})
"""Question types a card's own text rarely answers alone: they ask how the rules treat a situation."""
"""A best fact scoring this well answers even with close rivals; below it, rivals within
`ruling.CLOSE_MARGIN` make the reply a "did you mean" (tuned on the dev chat sets)."""
_ANAPHOR = re.compile(r"\b(?:it|its|it's|that|this|those|these|them|there|he|hes|he's|him|she|shes|she's|her)\b", re.I)
"""Words that stand for what the last answer was about (unlike "their", which is the opponent's)."""
_REFERS_BACK = re.compile(
    r"\b(?:it|its|it's|this|that|they|them|their|this card|that card|the card|he|his|him|he's|hes|she|her|hers|"
    r"she's|shes)\b",
    re.IGNORECASE,
)
_PRONOUN = re.compile(r"\b(?:it|him|her|he|she|this card|that card|the card)\b", re.IGNORECASE)
"""The word standing for the card talked about, read as its kind in a follow-up ("can i play it" after
Poisoned Tea -> "can i play action moment")."""
_IDENTIFIER = re.compile(r"[a-z0-9]+(?:_[a-z0-9]+)+")  # a match option's name
_PICK = re.compile(r"^\s*(?:#|no\.?|number|option)?\s*([1-9])\s*[.)!]?\s*$", re.IGNORECASE)
_SWITCH_FILLER = frozenset(
    [
        "what",
        "about",
        "how",
        "bout",
        "abt",
        "and",
        "in",
        "for",
        "with",
        "same",
        "thing",
        "rule",
        "rules",
        "question",
        "then",
        "also",
        "that",
        "this",
        "it",
        "game",
        "same",
        "goes",
        "does",
        "do",
        "is",
        "how",
        "would",
        "work",
        "there",
        "whats",
        "what's",
        "wat",
        "hows",
        "how's",
        "its",
        "it's",
        "the",
        "case",
        "like",
        "so",
        "ok",
        "too",
        "true",
        "answer",
        "one",
    ]
)


def _common_words(texts: list[str], vocabulary: frozenset[str], named: frozenset[str]) -> frozenset[str]:
    """Words of the rules never read alone as a card: every word of the reference and the facts,
    except words of card names that few sections use ("kakashi", not "attack" or "spell")."""
    frequent = Counter(w for text in texts for w in set(_RAW_WORD.findall(textmod.fold(text))))
    raw = {w for w, n in frequent.items() if w not in named or n >= COMMON_IN_SECTIONS}
    return frozenset(raw | {w for w in vocabulary if w not in named})


_RAW_WORD = re.compile(r"[a-z0-9]+")


def _shaped(question: str, fact: Fact, qtype: understand.QuestionType, phrasing: str = "") -> str:
    """A fact's answer worded for the question: no Yes/No to a "how", the limit's Yes/No to "can I have 2",
    no Yes/No to a question asked the other way round from the `phrasing` it matched, and the Yes or No
    that phrasing gets when the answer states the rule without one."""
    shaped = understand.shape(fact.answer, qtype)
    if qtype not in ("yesno", "other"):
        return shaped
    shaped = verdict.polarity_checked(question, phrasing, shaped)
    if qtype != "yesno":
        return shaped
    return yesno.opened(question, fact.id, verdict.prefixed(question, shaped), fact.game)


def _with_rivals(chosen: ruling.Ruling, words: Sequence[str]) -> ruling.Ruling:
    """`chosen` with its close rivals topped up by the runners-up that share a word with the question
    (normalized `words`), for a "did you mean" of several options."""
    rivals = list(chosen.close)
    answers = {chosen.fact.answer, *(fact.answer for fact, _ in rivals)}
    asked = set(words) - textmod.STOP_WORDS
    for fact in chosen.runners_up:
        if len(rivals) >= MAX_OPTIONS - 1:
            break
        phrasing = fact.asks[0]
        if fact.answer not in answers and asked & set(chat.tokens(phrasing, fact.game)):
            rivals.append((fact, phrasing))
            answers.add(fact.answer)
    return dataclasses.replace(chosen, close=tuple(rivals))


def _unsure(chosen: ruling.Ruling) -> bool:
    """True when a rival fact scores about as well as the best and the best is not clearly right."""
    return bool(chosen.close) and chosen.score < SURE_SCORE


def _option_label(fact: Fact, phrasing: str | None) -> str:
    """A "did you mean" option from the phrasing `fact` matched: one line, at most 80 characters. A
    phrasing that is a setting's name ("naruto_choose_new_head") gives way to the fact's first worded one."""
    if not phrasing or _IDENTIFIER.fullmatch(phrasing.strip()):
        phrasing = next((ask for ask in fact.asks if not _IDENTIFIER.fullmatch(ask.strip())), fact.asks[0])
    text = " ".join(phrasing.split()).rstrip("?. ")
    text = text[:1].upper() + text[1:]
    return (text[:77] + "…" if len(text) > 78 else text) + "?"


def _picked(reply: str, count: int) -> int | None:
    """The option a reply picks ("2", "#2", "option 2"), as an index, if it is one of `count`."""
    found = _PICK.match(reply)
    if found is None:
        return None
    number = int(found.group(1))
    return number - 1 if 1 <= number <= count else None


def _other_game_words(
    question: str, context: conv.Context | None, forced: GameId | None
) -> tuple[GameId, list[str]] | None:
    """The game a follow-up names other than the conversation's, and the words it types besides."""
    if context is None or context.pending or context.game is None or forced is not None:
        return None
    named = conv.named_game(question)
    if named is None or named == context.game:
        return None
    left = textmod.fold(conv.strip_game_names(question)).replace("?", " ").split()
    return named, [w for w in (w.strip(".,!'") for w in left) if w]


def _game_switch(question: str, context: conv.Context | None, forced: GameId | None) -> GameId | None:
    """The game a follow-up switches to ("what about in yugioh?"), asking the last question again."""
    found = _other_game_words(question, context, forced)
    return found[0] if found is not None and all(w in _SWITCH_FILLER for w in found[1]) else None


SWITCH_NEW_WORDS = 2
"""A question naming another game with at most this many words of its own ("whats the cap in yugioh
then") that the new game can't answer alone asks the previous question again there."""


def _one_pool_name(typed: str, game: GameId, common: frozenset[str]) -> bool:
    """True when `typed`, read as an unknown card's name, is one word naming a card of our pool (a
    possessive "kibas" beside another card named in full)."""
    words = typed.split()
    if len(words) != 1:
        return False
    found = cardnames.lookup(typed, game, common)
    return found is not None and len(found.words) == 1 and words[0].lower().startswith(found.words[0])


def _loose_switch(question: str, context: conv.Context | None, forced: GameId | None) -> bool:
    found = _other_game_words(question, context, forced)
    if found is None:
        return False
    own = [w for w in found[1] if w not in _SWITCH_FILLER and w not in textmod.STOP_WORDS]
    return len(own) <= SWITCH_NEW_WORDS


GAME_BY_FACTS_FLOOR = 0.6
GAME_BY_FACTS_MARGIN = 0.15
"""A question names no game: the game whose facts match it this well, and this much better than
any other game's, is taken (after the channel's conversation and match)."""
SCOPE_OVERRIDE = 0.8


_WHAT_IF = re.compile(r"^\W*(?:(?:and|but|ok|okay|so)\W+)*(?:what\s+)?if\b", re.IGNORECASE)
"""A follow-up changing the situation of a yes/no question asks the same yes/no again."""
_PLAIN_OPENINGS = frozenset({"With", "On", "The", "A", "An", "Your", "It", "Its", "In", "At"})


def _lower_opening(said: str) -> str:
    """`said` with its first word in lower case when it is a plain word, to follow "Yes: " or "No: ".

    >>> _lower_opening("With 9 cards in hand you discard 3")
    'with 9 cards in hand you discard 3'
    >>> _lower_opening("Entrance 4 is above your Turn Indicator")
    'Entrance 4 is above your Turn Indicator'
    """
    first = said.split(" ", 1)[0]
    return said[:1].lower() + said[1:] if first in _PLAIN_OPENINGS else said


def _unknown_card(question: str, matcher: FactMatcher, index: RulesIndex, game: GameId) -> str | None:
    """The card named in a question about particular cards when the name holds a word the rules
    never use ("ash blossom"), or when our rules reference never names it ("mirror force", "tetsusaiga",
    named only in a demo deck list): such a card's text or ruling is not in the rulebook."""
    for name in cardnames.named_card_question(question):
        pooled = cardnames.find(name, game)
        if pooled is not None and len(pooled.words) == len(cardnames.words_of(name)):
            continue  # a card of our pools ("whats my fireyarous atk" with Umi out): its own answer follows
        described = not _CARD_PARTS.isdisjoint(cardnames.words_of(name))  # "the italic writing in the text box"
        if matcher.strange_words(name) or (not described and not index.mentions(game, name)):
            return name
    famous = cardnames.outside_pool(question, game)  # "does mirror force hit set monsters"
    return famous if famous is not None and not index.mentions(game, famous) else None


_CARD_PARTS = frozenset({"card", "cards", "text", "box", "writing", "icon", "symbol", "picture", "border", "corner"})
"""Words that make a phrase a description of a card's parts, not a card's name."""


"""A question that looks outside the rules (scope.yaml) is still answered by a fact this similar."""
FOLLOW_UP_FLOOR = 0.33
"""The fact floor for a follow-up rewritten whole: a merged question matches phrasings less closely."""
DEFINITION_WINDOW = 4
"""How early in a fact's answer the glossary term must appear for the fact to define it."""
CARD_NAME_MARGIN = 0.15
"""A question naming a card keeps the name only when that matches a fact this much better than
reading the name as the card's kind."""
PRONOUN_KIND_GAIN = 0.05
"""A pronoun standing for the card is read as its kind only when that matches a fact this much better
(its kind, "continuous trap", can pull a question about Setting it toward what the kind does)."""
REWRITE_MARGIN = 0.12
"""A worded follow-up ("and if...") is read whole unless the fragment alone matches this much better."""


_CARD_VS_RULES = re.compile(
    r"\b(?:rule ?book|rules?)\b.{0,80}\b(?:which|who|what)(?: one)?\b.{0,12}\b(?:wins?|applies|counts|overrides?|"
    r"takes? (?:priority|precedence)|do i follow|goes)\b"
    r"|\b(?:which|who) (?:one )?(?:wins?|takes? (?:priority|precedence))\b.{0,60}\b(?:rule ?book|rules?)\b"
    r"|\b(?:contradicts?|overrides?|goes against|breaks?|disagrees? with)\s+(?:the\s+)?(?:rule ?book|rules?)\b",
    re.IGNORECASE,
)
"""A question setting a card's text against the rulebook: the game's Golden Rule (the card wins) answers it."""
GOLDEN_RULE = "if a card contradicts the rulebook which one wins"
GOLDEN_RULE_FLOOR = 0.5


def _names_card(question: str, game: GameId) -> bool:
    """True when `question` types the whole name (two words or more) of a card of `game`."""
    found = cardnames.find(question, game)
    return found is not None and len(found.words) >= 2


def _typed_whole(typed: str, words: tuple[str, ...]) -> bool:
    """True when every word of a name typed is one of the words the card was found by (a nickname)."""
    plain = {w[:-1] if w.endswith("s") else w for w in words} | set(words)
    return bool(words) and all(w in plain or w.rstrip("s") in plain for w in cardnames.words_of(typed))


def _mostly_rules_words(typed: str, name: str, matcher: FactMatcher) -> bool:
    """True when words read as another card's name share nothing with the card found and are mostly
    words of the rules ("my monsters from dying in battle"), unlike a real name ("ash blossom")."""
    words = cardnames.words_of(typed)
    if set(words) & set(cardnames.words_of(name)):
        return False
    return 2 * len(matcher.strange_words(typed)) < len(words)


def _covers(name: str, typed: str, matcher: FactMatcher) -> bool:
    """True when the card found is the name typed: every word of the typed name that the rules never
    use is in the card's name ("masked assassin" -> Masked Hikiji Assassin; not "sasuke uchiha
    chidori" -> Sasuke Uchiha, a version our pool doesn't hold)."""
    own = set(cardnames.words_of(name))
    return all(word in own for word in matcher.strange_words(typed))


def _repeats(chosen: ruling.Ruling, previous: conv.Context, words: list[str], fact_words: frozenset[str]) -> bool:
    """True when a follow-up bringing words of its own that the fact never mentions ("and if its 6?",
    "same for starting characters?") is matched to the very fact that answered the question before it."""
    if not previous.fact or chosen.fact.id != previous.fact:
        return False
    new = set(words) - set(previous.tokens) - _NO_CHANGE_WORDS
    return bool(new) and not new <= fact_words


_ASKS_AGAIN = re.compile(
    r"^\W*(?:but |and |so )?"
    r"(?:why(?: not| is that| so)?|how come|really|are you sure|you sure|wdym|what do you mean)"
    r"(?:\s+(?:tho|though|then))?\W*$",
    re.IGNORECASE,
)
"""A follow-up asking for the reason of the answer just given, which the rule itself states."""
_NEXT_STEP = re.compile(
    r"(?:^|[,.;!]\s*|\b(?:ok(?:ay)?|so|and|alright|cool|right|k|then|now)\s+)"
    r"(?:and\s+)?(?:then what|what(?:'?s| is| comes| happens| do (?:i|we) do)? (?:next|after(?: that)?|now|then)|"
    r"(?:and )?(?:then|after that|next)|now what|and then what|what comes after(?: that)?|"
    r"what (?:do|should) (?:i|we) do (?:next|now))"
    r"\W*$",
    re.IGNORECASE,
)
"""A follow-up asking for the next step ("ok then what", "and after that?", "neither of us adds anything, now what")."""
_DONE = re.compile(
    r"\b(?:done|finished|over|ended|resolved|just|already|(?:i|we)(?:'?ve| have)|passed)\b"
    r"|\b(?:i|we|they|both)\s+(?:\w+\s+)?\w+ed\b",
    re.IGNORECASE,
)
"""Words saying a step is behind the player ("the showdown is finished", "we just revealed events")."""
STEP_DONE_WORDS = 2
"""Fewest words (after normalizing) the part before "now what" needs to describe a step of its own."""


def _step_done(question: str) -> str | None:
    """What the player says they have just done when they ask for the next step, "" when they only
    ask ("ok then what"); None when the question doesn't ask for the next step.

    >>> _step_done("ok then what"), _step_done("battle step is over, now what"), _step_done("why")
    ('', 'battle step is over', None)
    >>> _step_done("i attack and they have no monsters, what happens next")  # the outcome, not the next step
    >>> _step_done("we both shuffled our decks, what next"), _step_done("neither of us adds anything, now what")
    ('we both shuffled our decks', '')
    """
    asked = _NEXT_STEP.search(question)
    if asked is None:
        return None
    done = question[: asked.start()].strip(" ,.;!?")
    if done and "happen" in asked.group().lower():
        return None  # "we both passed, what happens now" asks the outcome of what it describes
    if not done or _DONE.search(done):
        return done
    return ""  # "neither of us adds anything, now what": the situation of the last answer goes on


ALONE_MARGIN = 0.05
"""How much lower than the repeated rule a longer follow-up's own reading may score and still be
taken as a new question."""
CLASH_FACTOR = 0.85
"""A fact naming another term of a class the question names (Fusion Summon for Normal Summon) keeps
this share of its score."""
ELLIPSIS_WORDS = 6
"""A follow-up this short ("and if its 6?") leans on the question before it for everything else."""
_NO_CHANGE_WORDS = frozenset({"why", "matter", "matters", "important", "mean", "work", "happen", "really", "sure"})
"""Follow-up words that ask more about the same rule rather than change what it is about."""


def _mixes_games(question: str) -> scope.OutOfScope | None:
    """A question naming two games ("can I use Yu-Gi-Oh! cards with Naruto?") is about neither's rules."""
    named = {game for pattern, game in conv._GAME_NAMES if pattern.search(question)}
    return scope.OutOfScope("other_games", messages.games_dont_mix()) if len(named) >= 2 else None


def _score(found: tuple[ruling.Ruling | None, list[Hit]]) -> float:
    return found[0].score if found[0] is not None else 0.0


def _reads_alone(
    question: str, alone: ruling.Ruling | None, merged: ruling.Ruling | None, previous: conv.Context
) -> bool:
    """True when a follow-up of more than a few words ("and how big does the deck have to be" after the
    copy limit) would be answered by the rule just given, while on its own it finds another rule as
    surely: it is a new question."""
    if alone is None or merged is None or len(question.split()) <= ELLIPSIS_WORDS:
        return False
    if _ASKS_AGAIN.search(question) or merged.fact.id != previous.fact or alone.fact.id == previous.fact:
        return False
    return alone.score >= max(ruling.FACT_FLOOR, merged.score - ALONE_MARGIN)


def _prefer_rewrite(
    own: tuple[ruling.Ruling | None, list[Hit]],
    merged: tuple[ruling.Ruling | None, list[Hit]],
    worded: bool,
    own_words: int,
) -> bool:
    """Whether the follow-up rewritten with the previous question answers better than it alone."""
    own_score = own[0].score if own[0] is not None else 0.0
    merged_score = merged[0].score if merged[0] is not None else 0.0
    if worded and own_words <= 2:  # "and a fw?": the fragment alone would only find a definition
        return merged_score >= FOLLOW_UP_FLOOR or own_score < ruling.FACT_FLOOR
    if worded:
        return own_score < merged_score + REWRITE_MARGIN
    return own_words <= 3 and own_score < ruling.FACT_FLOOR and merged_score >= ruling.FACT_FLOOR + 0.05


def _defines(answer: str, term: str) -> bool:
    """True when `answer` names the glossary `term` ("Action side (7.1)" -> action side)."""
    named = chat.tokens(term.split("(")[0])
    said = chat.tokens(answer)[: len(named) + DEFINITION_WINDOW]  # a definition names its term first
    size = len(named)
    return bool(named) and any(said[i : i + size] == named for i in range(len(said) - size + 1))


def _bare_game(reply: str, games: list[GameId]) -> GameId | None:
    """A reply that is just a game id ("naruto") to a "which game?" question."""
    word = textmod.fold(reply).strip(" ?!.")
    return word if word in games else None


def _singular(term: str) -> str:
    return term[:-1] if term.endswith("s") and not term.endswith("ss") else term


CANDIDATES = 200
"""How many FTS5 candidates are re-scored with BM25F."""
TITLE_WEIGHT = 0.5
"""Weight of the share of the question found in a section's title."""
QUANTITY_WEIGHT = 0.3
SENTENCE_WEIGHT = 0.2
"""Weight of the largest share of the question found within one sentence of a section."""
"""Weight, for "how many / max / min" questions, of the share of the question stated next to a
number in a section (rulesdocs.scoring.quantity_terms)."""
RRF_K = 5
"""Reciprocal-rank-fusion constant: small, because only the first few ranks matter here."""
SEMANTIC_WEIGHT = 0.5
"""Weight of the embedding ranking against BM25 in the fusion (tuned on the question sets)."""
GLOSSARY_FACTOR = 0.6
"""Glossary entries are short, which BM25 rewards; scaled down unless a definition was asked."""
FUSED_GLOSSARY_FACTOR = 0.8
"""The same after fusion, where the embeddings also favour short definitions."""


def _rerank(hits: list[Hit], query: Query, index: RulesIndex, exact: bool) -> list[Hit]:
    """Re-score FTS5 candidates with BM25F (scaled to the best) plus the share of the question
    found in the title (see rulesdocs.scoring), then demote glossary entries."""
    fields = index.fields
    scored = [(hit.chunk, fields.score(query.weights, hit.chunk)) for hit in hits]
    best = max((score for _, score in scored), default=0.0) or 1.0
    quantity = QUANTITY_WEIGHT if QUANTITY_QUESTION.search(query.raw) else 0.0
    rescored = [
        Hit(
            chunk,
            score / best
            + TITLE_WEIGHT * fields.title_share(query.weights, chunk)
            + (quantity * fields.quantity_share(query.weights, chunk) if quantity else 0.0)
            + SENTENCE_WEIGHT * fields.sentence_share(query.weights, chunk),
            "bm25",
        )
        for chunk, score in scored
        if score > 0
    ]
    return _demote_glossary(rescored, exact)


def _demote_glossary(hits: list[Hit], exact: bool, factor: float = GLOSSARY_FACTOR) -> list[Hit]:
    if exact:
        return hits
    rescored = [Hit(h.chunk, h.score * (factor if h.chunk.kind == "glossary" else 1.0), h.source) for h in hits]
    rescored.sort(key=lambda h: -h.score)
    return rescored
