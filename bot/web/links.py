"""Addresses of web pages, for the bot to link to (`PUBLIC_URL`) and for the pages themselves.

>>> links = WebLinks("https://tcg.example.org/", Signer(b"k" * 32))
>>> links.match(7).startswith("https://tcg.example.org/m/7.")
True
"""

from __future__ import annotations

from urllib.parse import quote

from bot.web.tokens import Signer, player_value

OFFLINE_GUILD = "console"
"""The console's one local server (its matches have no server id)."""


class WebLinks:
    """Signed page paths; absolute URLs when a base (`PUBLIC_URL`) is given."""

    def __init__(self, base: str, signer: Signer) -> None:
        self.base = base.rstrip("/")
        self.signer = signer

    def match(self, match_id: int, step: int | None = None) -> str:
        path = f"/m/{self.signer.sign('m', str(match_id))}"
        return self.base + (path if step is None else f"{path}/step/{step}")

    def board(self, match_id: int, step: int) -> str:
        return f"{self.base}/m/{self.signer.sign('m', str(match_id))}/board/{step}.png"

    def league(self, league_id: int) -> str:
        return f"{self.base}/l/{self.signer.sign('l', str(league_id))}"

    def league_csv(self, league_id: int) -> str:
        return f"{self.league(league_id)}/export.csv"

    def guild(self, guild_id: str | None) -> str:
        return f"{self.base}/g/{self.signer.sign('g', guild_id or OFFLINE_GUILD)}"

    def leaderboard(self, guild_id: str | None, game: str) -> str:
        return f"{self.guild(guild_id)}/leaderboard/{quote(game, safe='')}"

    def player(self, guild_id: str | None, user: str) -> str:
        return f"{self.base}/p/{self.signer.sign('p', player_value(guild_id or OFFLINE_GUILD, user))}"
