"""A league match played on tcgtable reports itself when the game ends."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest

from bot.services.hub import Services
from bot.services.matches import turn_prompt
from engine.core.rng import Rng

GUILD = "g"


@pytest.fixture
async def services(tmp_path: Any) -> AsyncIterator[Services]:
    hub = Services.from_url(f"sqlite:///{tmp_path / 'league.db'}")
    await hub.open()
    yield hub
    await hub.close()


async def play_out(services: Services, match_id: int) -> None:
    """Both humans pick random options until the match ends."""
    rng = Rng(3)
    for _ in range(5000):
        row, state = await services.matches.state(match_id)
        if state is None or state.result is not None:
            return
        prompt = turn_prompt(row, state)
        assert prompt is not None
        user = row.seats[prompt.player]["user"]
        option = prompt.options[rng.randbelow(len(prompt.options))]
        await services.matches.choose(match_id, user, option.id)
    raise AssertionError("the match did not end")


@pytest.mark.parametrize("best_of", [1, 3])
async def test_games_played_here_count_for_the_league_match(services: Services, best_of: int) -> None:
    leagues = services.leagues
    await _cup(services, best_of)
    for game_number in range(best_of):
        league_match = await leagues.match_for(GUILD, "Cup", "ana")
        row = await leagues.play(GUILD, "Cup", "ana", services.matches)
        assert row.meta["league_match"] == league_match.id
        await services.matches.respond(row.id or 0, "bo", True)
        await play_out(services, row.id or 0)
        finished = await services.matches.row(row.id or 0)
        assert finished.status == "finished"
        info = await leagues.info(GUILD, "Cup")
        counted = next(m for m in info.matches if m.id == league_match.id)
        assert row.id in counted.counted_ids
        assert counted.games_a + counted.games_b + counted.draws == game_number + 1
        if counted.status == "confirmed":
            break
    info = await leagues.info(GUILD, "Cup")
    [done] = info.matches
    assert done.status == "confirmed" and done.history[-1]["why"] == "game played on tcgtable"
    # A finished match reported twice (a replayed hook) is counted once.
    await leagues.on_match_finished(await services.matches.row(done.match_ids[-1]))
    assert (await leagues.info(GUILD, "Cup")).matches[0].counted_ids == done.counted_ids


async def _cup(services: Services, best_of: int) -> None:
    leagues = services.leagues
    await leagues.create(GUILD, "org", "Cup", "inazuma", best_of=best_of, is_organizer=True)
    for user in ("ana", "bo"):
        _, deck = await services.decks.resolve(user, "inazuma", None)
        await leagues.join(GUILD, "Cup", user, user.upper(), deck, "starter")
    await leagues.start(GUILD, "Cup", is_organizer=True)


async def test_the_second_player_joins_the_first_offer(services: Services) -> None:
    from bot.services.errors import ServiceError

    await _cup(services, 1)
    offered = await services.leagues.play(GUILD, "Cup", "ana", services.matches)
    with pytest.raises(ServiceError, match="already offered match"):
        await services.leagues.play(GUILD, "Cup", "ana", services.matches)
    joined = await services.leagues.play(GUILD, "Cup", "bo", services.matches)
    assert joined.id == offered.id
    assert len((await services.leagues.match_for(GUILD, "Cup", "ana")).match_ids) == 1


@pytest.mark.parametrize(("best_of", "status"), [(1, "confirmed"), (3, "pending")])
async def test_a_conceded_game_counts(services: Services, best_of: int, status: str) -> None:
    from bot.render.leagues import match_line

    await _cup(services, best_of)
    row = await services.leagues.play(GUILD, "Cup", "ana", services.matches)
    await services.matches.respond(row.id or 0, "bo", True)
    await services.matches.concede(row.id or 0, "ana")
    [match] = (await services.leagues.info(GUILD, "Cup")).matches
    assert (match.status, match.games_a, match.games_b) == (status, 0, 1)
    assert match_line(match).endswith("(confirmed)" if best_of == 1 else "(pending, 1 game played)")


async def test_an_aborted_game_is_said_not_to_count(services: Services) -> None:
    from bot.render.leagues import match_line

    await _cup(services, 1)
    row = await services.leagues.play(GUILD, "Cup", "ana", services.matches)
    await services.matches.respond(row.id or 0, "bo", True)
    await services.matches.abort(row.id or 0, "x", moderator=True)
    [match] = (await services.leagues.info(GUILD, "Cup")).matches
    assert match.status == "pending" and (match.games_a, match.games_b) == (0, 0)
    assert "was aborted and does not count" in match_line(match)
    again = await services.leagues.play(GUILD, "Cup", "ana", services.matches)
    assert again.id != row.id  # a new game can be offered


@pytest.mark.parametrize("allow_undo", [False, True])
async def test_undo_in_league_matches_only_when_the_league_allows_it(services: Services, allow_undo: bool) -> None:
    from bot.services.errors import ServiceError

    leagues = services.leagues
    await leagues.create(GUILD, "org", "Cup", "inazuma", is_organizer=True, allow_undo=allow_undo)
    for user in ("ana", "bo"):
        _, deck = await services.decks.resolve(user, "inazuma", None)
        await leagues.join(GUILD, "Cup", user, user.upper(), deck, "starter")
    await leagues.start(GUILD, "Cup", is_organizer=True)
    assert (await leagues.info(GUILD, "Cup")).league.allow_undo is allow_undo
    row = await leagues.play(GUILD, "Cup", "ana", services.matches)
    assert row.meta["allow_undo"] is allow_undo
    await services.matches.respond(row.id or 0, "bo", True)
    with pytest.raises(ServiceError) as refused:  # nobody has decided yet: nothing to take back either way
        await services.matches.undo.request(row.id or 0, "ana")
    assert ("allow_undo" in str(refused.value)) is not allow_undo
