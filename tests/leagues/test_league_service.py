"""The league service end to end on an in-memory SQLite database."""

from __future__ import annotations

import csv
import io
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

import bot.persistence.league_models  # noqa: F401  (registers the league tables)
from bot.persistence import Database
from bot.services.errors import ForbiddenError, NotFoundError, ServiceError
from bot.services.leagues.service import LeagueService, check_score
from engine.core.registry import get_game, list_games

GUILD = "g1"


def a_legal_deck(game_id: str) -> dict[str, list[str]]:
    return get_game(game_id).default_decks()[0]


@pytest.fixture
async def leagues() -> AsyncIterator[LeagueService]:
    db = Database("sqlite+aiosqlite:///:memory:")
    await db.create_all()
    yield LeagueService(db)
    await db.close()


def game_id() -> str:
    games = list_games()
    if not games:
        pytest.skip("no game is registered")
    return "inuyasha" if "inuyasha" in games else games[0]


async def signup(leagues: LeagueService, count: int, fmt: str = "swiss", **kw: object) -> str:
    game = game_id()
    await leagues.create(GUILD, "org", "Spring", game, fmt, is_organizer=True, **kw)  # type: ignore[arg-type]
    for i in range(count):
        await leagues.join(GUILD, "Spring", f"u{i}", f"User {i}", a_legal_deck(game))
    return game


async def finish_round(leagues: LeagueService) -> None:
    info = await leagues.info(GUILD, "Spring")
    for match in info.open_matches():
        await leagues.report(match.id or 0, match.player_a, 2, 1)
        await leagues.confirm(match.id or 0, match.player_b or "", True)


async def test_only_organizers_create_and_names_are_unique(leagues: LeagueService) -> None:
    game = game_id()
    with pytest.raises(ForbiddenError):
        await leagues.create(GUILD, "u", "L", game, is_organizer=False)
    await leagues.create(GUILD, "org", "L", game, is_organizer=True)
    with pytest.raises(ServiceError, match="already exists"):
        await leagues.create(GUILD, "org", "L", game, is_organizer=True)
    for bad in ({"format": "knockout"}, {"best_of": 2}, {"top_cut": 3}):
        with pytest.raises(ServiceError):
            await leagues.create(GUILD, "org", "M", game, is_organizer=True, **bad)  # type: ignore[arg-type]


async def test_join_validates_the_deck_and_lists_every_problem(leagues: LeagueService) -> None:
    game = await signup(leagues, 0)
    with pytest.raises(ServiceError, match="not legal"):
        await leagues.join(GUILD, "Spring", "u1", "User", {"main": ["no-such-card"]})
    entry = await leagues.join(GUILD, "Spring", "u1", "User", a_legal_deck(game))
    assert entry.deck == a_legal_deck(game)


async def test_a_swiss_league_runs_to_the_end_with_standings_and_export(leagues: LeagueService) -> None:
    await signup(leagues, 5)
    info = await leagues.start(GUILD, "Spring", is_organizer=True)
    assert info.league.rounds == 3 and info.league.current_round == 1
    byes = [m for m in info.matches if m.player_b is None]
    assert len(byes) == 1 and byes[0].status == "confirmed" and byes[0].games_a == 2
    with pytest.raises(ServiceError, match="no confirmed result"):
        await leagues.next_round(GUILD, "Spring", is_organizer=True)
    for _ in range(3):
        await finish_round(leagues)
        info = await leagues.next_round(GUILD, "Spring", is_organizer=True)
    assert info.league.status == "finished"
    pairs = [frozenset((m.player_a, m.player_b)) for m in info.matches if m.player_b]
    assert len(pairs) == len(set(pairs)), "no rematches"
    bye_players = [m.player_a for m in info.matches if m.player_b is None]
    assert len(bye_players) == len(set(bye_players)) == 3
    table = await leagues.standings(GUILD, "Spring")
    assert [r.rank for r in table] == [1, 2, 3, 4, 5] and table[0].points >= table[-1].points
    rows = list(csv.reader(io.StringIO(await leagues.export_csv(GUILD, "Spring"))))
    assert rows[0][:3] == ["rank", "player", "points"] and rows[1][1].startswith("User")


async def test_report_confirm_dispute_edit_and_auto_confirm(leagues: LeagueService) -> None:
    await signup(leagues, 4)
    info = await leagues.start(GUILD, "Spring", is_organizer=True)
    first, second = info.open_matches()
    with pytest.raises(ForbiddenError):
        await leagues.report(first.id or 0, "stranger", 2, 0)
    with pytest.raises(ServiceError, match="nobody wins more than 2"):
        await leagues.report(first.id or 0, first.player_a, 3, 0)
    await leagues.report(first.id or 0, first.player_b or "", 2, 0)  # reported by player B: B won
    with pytest.raises(ForbiddenError):
        await leagues.confirm(first.id or 0, first.player_b or "", True)  # not by the reporter
    disputed = await leagues.confirm(first.id or 0, first.player_a, False)
    assert disputed.status == "disputed" and (disputed.games_a, disputed.games_b) == (0, 2)
    with pytest.raises(ForbiddenError):
        await leagues.edit(first.id or 0, "u0", 2, 0, 0, "x", is_organizer=False)
    edited = await leagues.edit(first.id or 0, "org", 2, 1, 0, "checked the replay", is_organizer=True)
    assert edited.status == "confirmed" and (edited.games_a, edited.games_b) == (2, 1)
    assert [h["to"][0] for h in edited.history] == ["reported", "disputed", "confirmed"]
    await leagues.report(second.id or 0, second.player_a, 2, 0)
    assert await leagues.auto_confirm(at=second.created_at + 3600) == []
    confirmed = await leagues.auto_confirm(at=second.created_at + 10 * 24 * 3600)
    assert [m.id for m in confirmed] == [second.id]


async def test_drops_are_not_paired_again(leagues: LeagueService) -> None:
    await signup(leagues, 6)
    await leagues.start(GUILD, "Spring", is_organizer=True)
    await finish_round(leagues)
    await leagues.drop(GUILD, "Spring", "u3")
    info = await leagues.next_round(GUILD, "Spring", is_organizer=True)
    round_two = [m for m in info.matches if m.round == 2]
    assert all("u3" not in (m.player_a, m.player_b) for m in round_two)
    assert sum(1 for m in round_two if m.player_b is None) == 1
    with pytest.raises(NotFoundError):
        await leagues.drop(GUILD, "Spring", "u3")


async def test_round_robin_and_ladder(leagues: LeagueService) -> None:
    await signup(leagues, 3, "round_robin")
    info = await leagues.start(GUILD, "Spring", is_organizer=True)
    assert info.league.rounds == 3
    for _ in range(3):
        await finish_round(leagues)
        info = await leagues.next_round(GUILD, "Spring", is_organizer=True)
    assert info.league.status == "finished"
    played = {frozenset((m.player_a, m.player_b)) for m in info.matches if m.player_b}
    assert len(played) == 3

    game = game_id()
    await leagues.create(GUILD, "org", "Ladder", game, "ladder", is_organizer=True)
    for user in ("x", "y"):
        await leagues.join(GUILD, "Ladder", user, user.upper(), a_legal_deck(game))
    await leagues.start(GUILD, "Ladder", is_organizer=True)
    match = await leagues.challenge(GUILD, "Ladder", "x", "y")
    with pytest.raises(ServiceError, match="unfinished match"):
        await leagues.challenge(GUILD, "Ladder", "y", "x")
    await leagues.record_game(match.id or 0, "x")
    done = await leagues.record_game(match.id or 0, "x")
    assert done.status == "confirmed" and done.games_a == 2
    ratings = await leagues.ratings(GUILD, "Ladder")
    assert ratings[0][0] == "x" and ratings[0][1] > 1500 > ratings[1][1]  # OpenSkill on Elo's scale


async def test_deck_lists_stay_hidden_until_published(leagues: LeagueService) -> None:
    await signup(leagues, 2)
    with pytest.raises(ForbiddenError):
        await leagues.deck_of(GUILD, "Spring", "u0", "u1", is_organizer=False)
    assert (await leagues.deck_of(GUILD, "Spring", "u1", "u1", is_organizer=False)).user == "u1"
    assert (await leagues.deck_of(GUILD, "Spring", "org", "u1", is_organizer=True)).user == "u1"
    await leagues.publish_decklists(GUILD, "Spring", is_organizer=True)
    assert (await leagues.deck_of(GUILD, "Spring", "u0", "u1", is_organizer=False)).user == "u1"


def test_score_rules() -> None:
    check_score(3, 2, 1, 0)
    check_score(3, 1, 1, 1)
    for bad in ((3, 3, 0, 0), (3, 2, 2, 0), (3, 0, 0, 0), (1, -1, 1, 0)):
        with pytest.raises(ServiceError):
            check_score(*bad)


async def test_the_export_opens_cleanly_in_a_spreadsheet(leagues: LeagueService, tmp_path: Path) -> None:
    """Dropped reads yes/no, a name that looks like a formula stays text, the file is UTF-8 (with
    the byte-order mark spreadsheets look for) and the terminal shows no replacement characters."""
    from bot.services.leagues.export import csv_bytes, export_file_name
    from bot.terminal import printable

    game = game_id()
    await leagues.create(GUILD, "org", "Spring", game, "swiss", is_organizer=True)
    await leagues.join(GUILD, "Spring", "u0", "=HYPERLINK(1)", a_legal_deck(game))
    await leagues.join(GUILD, "Spring", "u1", "Zoë", a_legal_deck(game))
    await leagues.join(GUILD, "Spring", "u2", "Kai", a_legal_deck(game))
    await leagues.start(GUILD, "Spring", is_organizer=True)
    await leagues.drop(GUILD, "Spring", "u2")
    text = await leagues.export_csv(GUILD, "Spring")
    rows = list(csv.reader(io.StringIO(text)))
    by_name = {row[1]: row for row in rows[1:] if len(row) > 1}
    assert by_name["'=HYPERLINK(1)"][-1] == "no" and by_name["Kai"][-1] == "yes"
    assert "\ufffd" not in printable(text)
    path = tmp_path / export_file_name("Spring Cup / 2026")
    path.write_bytes(csv_bytes(text))
    assert path.name == "Spring-Cup-2026.csv"
    assert path.read_bytes().startswith(b"\xef\xbb\xbf") and "Zoë" in path.read_text(encoding="utf-8-sig")
