"""Signed page tokens: a page's id with an HMAC, so page addresses can't be guessed.

A token is `<value>.<mac>`: the value (a match or league id, a server id, "server-user") stays
readable, the MAC (HMAC-SHA256 over the page kind and the value, 96 bits, base64url) proves the bot
made the link. A forged or altered token is simply not found.

>>> signer = Signer(b"k" * 32)
>>> token = signer.sign("m", "12")
>>> signer.unsign("m", token), signer.unsign("l", token), signer.unsign("m", "12.AAAAAAAAAAAAAAAA")
('12', None, None)
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
import secrets
from typing import Literal

from sqlmodel import select

from bot.persistence import Database
from bot.persistence.models import SiteSecret

Kind = Literal["m", "l", "g", "p"]
"""What a token opens: a match, a league, a server (its leagues and leaderboards), a player."""
VALUE = re.compile(r"[A-Za-z0-9_:~-]{1,80}")
MAC_BYTES = 12
SECRET_NAME = "web_links"


class Signer:
    """Makes and checks tokens with one secret key."""

    def __init__(self, secret: bytes) -> None:
        if len(secret) < 16:
            raise ValueError("a signing secret needs at least 16 bytes")
        self._secret = secret

    def _mac(self, kind: str, value: str) -> str:
        digest = hmac.new(self._secret, f"{kind}|{value}".encode(), hashlib.sha256).digest()[:MAC_BYTES]
        return base64.urlsafe_b64encode(digest).decode().rstrip("=")

    def sign(self, kind: Kind, value: str) -> str:
        """The token of page `kind` for `value` (letters, digits, `_:~-` only)."""
        if not VALUE.fullmatch(value):
            raise ValueError(f"cannot sign {value!r}: only letters, digits and _:~- are allowed")
        return f"{value}.{self._mac(kind, value)}"

    def unsign(self, kind: Kind, token: str) -> str | None:
        """The value of a genuine token of page `kind`, else None (never an exception)."""
        value, dot, mac = token.rpartition(".")
        if not dot or not VALUE.fullmatch(value) or len(mac) > 32:
            return None
        return value if hmac.compare_digest(mac, self._mac(kind, value)) else None


async def site_secret(db: Database, configured: str = "") -> bytes:
    """The key that signs links: `WEB_SECRET` when set, else a random key made on first use and kept
    in the database (table `site_secrets`), so links stay valid across restarts and processes."""
    if configured:
        return hashlib.sha256(configured.encode()).digest()
    async with db.session() as session:
        found = (await session.execute(select(SiteSecret).where(SiteSecret.name == SECRET_NAME))).scalars().first()
    if found is not None:
        return bytes.fromhex(found.value)
    from sqlalchemy.exc import IntegrityError

    try:
        async with db.writing() as session:
            session.add(SiteSecret(name=SECRET_NAME, value=secrets.token_hex(32)))
    except IntegrityError:  # another process made it first: use theirs
        pass
    return await site_secret(db)


def player_value(guild_id: str, user: str) -> str:
    """The value of a player page: the server and the user ("123~456")."""
    return f"{guild_id}~{user}"
