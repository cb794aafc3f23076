"""Adapter to the rules assistant (`rulesdocs`), plus the "now" answers in a match thread.

In a match thread a question about the present ("can I attack?", "what can I do now?") gets
the rule and the engine's current legal options for the asker (their own prompt only). The two
parts are kept apart: `RulesReply.text` is the rule, fit for the channel; `RulesReply.private`
lists the options, which name cards in the asker's hand or face down, so transports show it only
to the asker (an ephemeral reply in Discord).
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from bot.services.errors import ServiceError

if TYPE_CHECKING:
    from collections.abc import Awaitable

    from rulesdocs.model import Answer
    from rulesdocs.service import RulesService

NOW_WORDS = re.compile(
    r"\b(now|right now|this turn|currently|can i|may i|what can i do|why can.?t i|why cant i|why not)\b", re.IGNORECASE
)
Explain = Callable[[str, str], "str | None"]
"""(question, card name) -> the engine's answer about that card in the asker's match, or None."""
CardLookup = Callable[[str, str], "Awaitable[str | None]"]
"""(card name, game) -> that card from the catalog as text with its source, or None."""


@dataclass(slots=True)
class RulesReply:
    """`text` may be posted publicly; `private` (the asker's options now) only to the asker."""

    text: str
    answer: Answer | None
    legal_now: list[str]
    private: str | None = None
    options: tuple[str, ...] = ()
    """A "did you mean": the rules the question may mean, picked by number (`RulesAssistant.pick`)."""

    @property
    def wants_options(self) -> bool:
        """True when the question asked about the present in a match (a private part exists)."""
        return self.private is not None


CATALOG_NOTE = "Rulings on single cards are not in the rulebook; this is the card's text from the catalog."


class RulesAssistant:
    """One shared rules service (index opened on first question), with per-channel context."""

    def __init__(
        self,
        extra_dirs: list[str] | None = None,
        db_path: str | None = None,
        card_lookup: CardLookup | None = None,
    ) -> None:
        self.extra_dirs = [Path(d) for d in (extra_dirs or [])]
        self.db_path = db_path
        self.card_lookup = card_lookup
        """Shows a card outside the built-in pools (an imported catalog) when a question names one."""
        self._service: RulesService | None = None
        self._lock = asyncio.Lock()

    async def service(self) -> RulesService:
        async with self._lock:
            if self._service is None:
                from rulesdocs.service import RulesService

                self._service = RulesService(extra_dirs=self.extra_dirs, db_path=self.db_path)
                await asyncio.to_thread(lambda: self._service.index if self._service else None)
            return self._service

    async def ask(
        self,
        question: str,
        *,
        game: str | None = None,
        channel: str | None = None,
        match_game: str | None = None,
        legal_now: list[str] | None = None,
        explain: Explain | None = None,
    ) -> RulesReply:
        """Answer a question; for "now" and "why can't I" questions in a match, the asker's options
        (`legal_now`) and the engine's answer about the card they name (`explain`) become the
        reply's `private` part, never part of its public `text`."""
        from rulesdocs.model import RulesError
        from rulesdocs.service import Asked

        service = await self.service()
        game = (game or "").strip().casefold() or None  # "Naruto" and "naruto" are one game
        try:
            answer = await service.ask_async(question, game=game, where=Asked(channel=channel, match_game=match_game))
        except RulesError as exc:  # a question we cannot take (too long, unknown game): tell the asker
            raise ServiceError(str(exc)) from exc
        return await self._reply(question, answer, legal_now, explain)

    async def pick(self, channel: str | None, number: int) -> RulesReply:
        """The answer a player picked from a "did you mean" (1-based), e.g. by its button."""
        from rulesdocs.model import RulesError
        from rulesdocs.service import Asked

        service = await self.service()
        try:
            answer = await asyncio.to_thread(service.choose, number - 1, Asked(channel=channel))
        except RulesError as exc:
            raise ServiceError(str(exc)) from exc
        return await self._reply("", answer, None, None)

    async def _reply(
        self, question: str, answer: Answer, legal_now: list[str] | None, explain: Explain | None
    ) -> RulesReply:
        from rulesdocs.answer import format_answer

        text = format_answer(answer)
        if answer.card_query and answer.game and self.card_lookup is not None:
            shown = await self.card_lookup(answer.card_query, answer.game)
            if shown:
                text = f"{shown}\n\n{CATALOG_NOTE}"
        if legal_now is None or not NOW_WORDS.search(question):
            return RulesReply(text, answer, [], options=answer.options)
        private = options_now(legal_now)
        if explain is not None:
            service = await self.service()
            name = service.card_subject(question, answer.game) if answer.game else None
            why = explain(question, name) if name else None
            private = f"{why}\n\n{private}" if why else private
        return RulesReply(text, answer, legal_now, private, options=answer.options)

    @staticmethod
    def is_now_question(question: str) -> bool:
        """True when a question asks about the present ("what can I do now?")."""
        return bool(NOW_WORDS.search(question))

    async def section(self, game: str, number: str) -> str:
        """The text of one section of our rules reference ("4.2"), or a polite miss."""
        service = await self.service()
        game = game.strip().casefold()
        if game not in service.index.games:
            raise ServiceError(
                f"There is no game called {game[:40]!r}. Games with rules: {', '.join(service.index.games)}."
            )
        chunk = service.index.section(game, number.strip().lstrip("§"))
        if chunk is None:
            return f"There is no section {number[:20]} in the {game[:40]} rules reference."
        return f"**{game} §{chunk.section} {chunk.title}**\n{chunk.text}"


def options_now(legal_now: list[str]) -> str:
    """The asker's options right now, as a short list (private: it may name hidden cards)."""
    if not legal_now:
        return "Right now the match is not waiting for a decision from you."
    listed = "\n".join(f"- {label}" for label in legal_now[:15])
    more = f"\n…and {len(legal_now) - 15} more" if len(legal_now) > 15 else ""
    return f"Right now you can:\n{listed}{more}"
