"""No page shows what only one seat may see: a finished match of each game is walked step by step
(every step's page, the board each step's image is drawn from, a sample of the images themselves)
and, seat by seat, the cards that seat held secretly at that step (in hand, face down) must not be
named on the board, nor by name or card code anywhere on any page, unless the spectator's view showed
them at some point (a card revealed, played, discarded is public knowledge from then on)."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from aiohttp.test_utils import TestClient
from webdata import GUILD, finished_row, site_of

from bot.render.boards import model_of
from bot.services.hub import Services
from bot.services.match_model import lens_of
from bot.web.links import WebLinks
from bot.web.replay import record_of

MATCHES = [("yugioh", 4, 2), ("naruto", 7, 2), ("inuyasha", 8, 2), ("inazuma", 6, 2), ("usagi", 5, 3)]
IMAGE_EVERY = 25


def pattern(words: set[str]) -> re.Pattern[str] | None:
    """One regex finding any of `words` as a whole word (in HTML or JSON text)."""
    if not words:
        return None
    parts = sorted({re.escape(w) for w in words} | {re.escape(json.dumps(w)[1:-1]) for w in words}, key=len)
    return re.compile(r"(?<![\w-])(?:" + "|".join(reversed(parts)) + r")(?![\w-])")


def names_in(text: str, names: set[str]) -> set[str]:
    found = pattern(names)
    return {n for n in names if re.search(r"(?<![\w-])" + re.escape(n) + r"(?![\w-])", text)} if found else set()


def board_text(board: Any) -> str:
    """Everything of a board a page or an image shows: texts, and the drawing's own model."""
    parts = [board.title, board.status, *board.events]
    for panel in board.panels:
        parts += [panel.name, panel.values, *(zone.text() for zone in panel.zones)]
    parts += [zone.text() for zone in board.shared]
    parts.append(repr(model_of(board)))
    return "\n".join(parts)


@pytest.mark.slow
@pytest.mark.parametrize(("game", "seed", "players"), MATCHES, ids=[m[0] for m in MATCHES])
async def test_no_page_of_a_finished_match_shows_a_hidden_card(
    services: Services, client: TestClient[Any, Any], links: WebLinks, game: str, seed: int, players: int
) -> None:
    users = [(f"{n + 1}{n + 1}", f"Seat{n + 1}") for n in range(players)]
    row = await services.db.insert_match(finished_row(game, seed, users))
    assert row.id is not None and row.status == "finished"
    site = site_of(client)
    record = record_of(row)
    state = record.new_state()
    cards = state.game.card

    # Pass 1: what the public was ever shown, and each seat's secret cards at each step.
    ever_public: set[str] = set()
    all_names: dict[str, str] = {}  # name -> a code
    secret_at: list[list[set[str]]] = []  # step -> seat -> names only that seat (or other seats) knew
    for step in range(len(record.choices) + 1):
        if step:
            state.apply(record.choices[step - 1])
        spectator = json.dumps(lens_of(row, state, None).view(), ensure_ascii=False)
        public_now: set[str] = set()
        per_seat: list[set[str]] = [set() for _ in range(players)]
        for card in state.cards:
            name = cards(card.code).name
            all_names.setdefault(name, card.code)
            if card.visible_to(None):
                public_now.add(name)
            else:
                for seat in range(players):
                    if card.visible_to(seat):
                        per_seat[seat].add(name)
        public_now |= {n for n in all_names if json.dumps(n, ensure_ascii=False)[1:-1] in spectator}
        ever_public |= public_now
        secret_at.append([names - public_now for names in per_seat])
    timeline = await site.replays.timeline(row)
    story = "\n".join(line for step in timeline.steps for line in step.lines)
    ever_public |= names_in(story, set(all_names))
    never_public = set(all_names) - ever_public
    codes = {all_names[n] for n in never_public}
    assert any(any(s) for s in secret_at), "the match never had a secret card: a useless test"

    # Pass 2: every page, every step's board.
    pages = [links.match(row.id), links.guild(GUILD), links.leaderboard(GUILD, game)]
    pages += [links.player(GUILD, user) for user, _ in users]
    pages += [links.match(row.id, step) for step in range(len(record.choices) + 1)]
    problems: list[str] = []
    for url in pages:
        response = await client.get(url)
        html = await response.text()
        assert response.status == 200, url
        for name in names_in(html, never_public):
            problems.append(f"{url}: names {name!r}, which the public never saw")
        for code in names_in(html, codes):
            problems.append(f"{url}: shows the card code {code!r} of a card the public never saw")
    for step, seats in enumerate(secret_at):
        drawn = board_text(await site.replays.board(row, step))
        for seat, secret in enumerate(seats):
            for name in names_in(drawn, secret):
                problems.append(f"step {step}: the board names {name!r}, held secretly by seat {seat + 1}")
        if step % IMAGE_EVERY == 0 or step == len(secret_at) - 1:
            image = await client.get(links.board(row.id, step))
            assert image.status == 200 and (await image.read()).startswith(b"\x89PNG")
    assert not problems, "\n".join(problems[:20])
