"""The web companion's shared parts: services, link signing, caches and templates of one process."""

from __future__ import annotations

import asyncio
from collections.abc import Hashable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from aiohttp import web
from jinja2 import Environment, FileSystemLoader, StrictUndefined

from bot.services.games import get_game, list_games
from bot.services.hub import Services
from bot.services.ratings import RatedResult, Rating, RatingService, Standings, standings_of
from bot.web import queries
from bot.web.cache import LRU, once
from bot.web.links import OFFLINE_GUILD, WebLinks
from bot.web.plot import rating_svg
from bot.web.ratelimit import RateLimit
from bot.web.replay import Replays
from bot.web.tokens import VALUE, Kind, Signer

HERE = Path(__file__).parent
TEMPLATES = HERE / "templates"
STATIC = HERE / "static"


def templates() -> Environment:
    """Jinja2 with autoescape on for every template: names and texts are always escaped."""
    env = Environment(
        loader=FileSystemLoader(TEMPLATES),
        autoescape=True,
        trim_blocks=True,
        lstrip_blocks=True,
        undefined=StrictUndefined,
    )
    env.filters["date"] = _date
    env.globals["rating_svg"] = rating_svg
    return env


def _date(when: float) -> str:
    import time

    return time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(when)) if when else ""


def not_found(why: str = "") -> web.HTTPNotFound:
    """The one answer to anything that isn't there (or isn't shown): a 404 page."""
    return web.HTTPNotFound(reason="Not Found", text=why)


@dataclass(slots=True)
class Site:
    """Everything a request handler needs."""

    services: Services
    signer: Signer
    rate_limit: RateLimit = field(default_factory=RateLimit)
    replays: Replays = field(default_factory=Replays)
    env: Environment = field(default_factory=templates)
    computed: LRU[Any] = field(default_factory=lambda: LRU(64))  # league pages: up to ~0.5 MB each
    background: set[asyncio.Task[None]] = field(default_factory=set)  # replays prepared ahead of a view
    pending: dict[Hashable, asyncio.Future[Any]] = field(default_factory=dict)  # `cached` values being made
    rated: LRU[tuple[list[RatedResult], Standings]] = field(default_factory=lambda: LRU(64))  # last ratings
    links: WebLinks = field(init=False)
    ratings: RatingService = field(init=False)
    game_ids: frozenset[str] = field(init=False)

    def __post_init__(self) -> None:
        self.links = WebLinks("", self.signer)
        self.ratings = RatingService(self.services.db)
        self.game_ids = frozenset(info.id for info in list_games())
        self.env.globals.update(links=self.links, game_name=game_name)

    def render(self, template: str, **context: Any) -> str:
        return self.env.get_template(template).render(**context)

    def page(self, template: str, status: int = 200, **context: Any) -> web.Response:
        html = self.render(template, **context)
        return web.Response(text=html, status=status, content_type="text/html", charset="utf-8")

    def value(self, kind: Kind, token: str) -> str:
        """The value of a genuine token, else a 404."""
        found = self.signer.unsign(kind, token)
        if found is None:
            raise not_found("This link is not valid.")
        return found

    async def check_guild(self, guild_id: str | None) -> None:
        """404 unless the server keeps its pages on (the console's own matches always show)."""
        if guild_id is None or guild_id == OFFLINE_GUILD:
            return
        config = await self.services.db.guild_config(guild_id)
        if not config.web_enabled:
            raise not_found("This server has turned its pages off.")

    async def cached(self, key: Hashable, make: Any) -> Any:
        """`await make()` once per key (keys carry what makes the result current), once even when
        several requests ask at the same moment."""
        return await once(self.computed, self.pending, key, make)

    async def ratings_of(
        self, guild_id: str, games: list[str]
    ) -> dict[str, tuple[list[Rating], dict[str, list[tuple[float, float]]]]]:
        """A server's rating table and histories for each game, computed again only after a result
        of that game changed."""
        stamps = await queries.ratings_stamps(self.services.db, guild_id)
        found: dict[str, tuple[list[Rating], dict[str, list[tuple[float, float]]]]] = {}
        for game in games:
            found[game] = await self.cached(
                ("ratings", guild_id, game, stamps.get(game)),
                lambda game=game: self._rate(guild_id, game),
            )
        return found

    async def _rate(self, guild_id: str, game: str) -> Standings:
        """Read the results, then rate them in a worker thread (a thousand results take ~0.1 s); when
        the results rated last time are still the first ones (results were only added), rate only
        the new ones from there."""
        results = await self.ratings.results(guild_id, game)
        last = self.rated.get((guild_id, game))
        if last is not None and len(last[0]) <= len(results) and results[: len(last[0])] == last[0]:
            standings = await asyncio.to_thread(standings_of, results[len(last[0]) :], last[1])
        else:
            standings = await asyncio.to_thread(standings_of, results)
        self.rated.put((guild_id, game), (results, standings))
        return standings

    def linkable(self, user: str) -> bool:
        """Whether a player page can be linked for `user` (people, not AI seats)."""
        return bool(VALUE.fullmatch(user)) and not user.startswith("ai:")


def game_name(game_id: str) -> str:
    try:
        return get_game(game_id).name
    except Exception:  # an unknown or broken game still lists by its id
        return game_id
