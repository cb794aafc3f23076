"""All services of one process, built from settings (the Discord app and the console share this)."""

from __future__ import annotations

from dataclasses import dataclass

from bot.persistence import Database
from bot.services.cards import CardsService
from bot.services.decks import DeckService
from bot.services.leagues.service import LeagueService
from bot.services.matches import MatchService
from bot.services.rules import RulesAssistant
from bot.settings import Settings


@dataclass(slots=True)
class Services:
    db: Database
    decks: DeckService
    matches: MatchService
    cards: CardsService
    rules: RulesAssistant
    leagues: LeagueService

    @classmethod
    def from_url(cls, url: str, *, clock_hours: float = 24.0, rules_dirs: list[str] | None = None) -> Services:
        db = Database(url)
        decks = DeckService(db)
        matches = MatchService(db, decks, clock_hours=clock_hours)
        leagues = LeagueService(db, decks)
        matches.finish_hooks.append(leagues.on_match_finished)  # league games report themselves
        cards = CardsService(url)
        return cls(db, decks, matches, cards, RulesAssistant(rules_dirs, card_lookup=cards.catalog_text), leagues)

    @classmethod
    def from_settings(cls, settings: Settings) -> Services:
        return cls.from_url(
            settings.database_url, clock_hours=settings.turn_clock_hours, rules_dirs=settings.rules_dirs
        )

    async def open(self) -> Services:
        """Migrate the database to the newest schema (a private in-memory one just gets the tables).

        Raises `DatabaseUnavailableError` when the server can't be reached or opened.
        """
        from sqlalchemy.exc import OperationalError

        from bot.persistence.db import DatabaseUnavailableError
        from cards.catalog.db import CONNECT_FAILURES, shown_url

        try:
            if self.db.is_sqlite and ":memory:" in self.db.url:
                await self.db.create_all()
            else:
                from bot.persistence.schema import upgrade_on_start

                await upgrade_on_start(self.db.url)
        except (*CONNECT_FAILURES, OperationalError) as exc:  # type: ignore[misc]  # mypy: star in except
            reason = getattr(exc, "orig", None) or exc
            raise DatabaseUnavailableError(f"cannot open the database {shown_url(self.db.url)}: {reason}") from exc
        return self

    async def close(self) -> None:
        await self.cards.close()
        await self.db.close()
