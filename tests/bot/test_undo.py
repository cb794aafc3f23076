"""Undo by consent through the match service (the toy game: a card played face down reveals
nothing; a draw, a flip or a discard does)."""

from __future__ import annotations

from typing import Any

import pytest
from test_simultaneous_service import PLAYERS, four_player_usagi

from bot.persistence import Database
from bot.services.errors import NotYourTurnError, ServiceError, StaleChoiceError
from bot.services.match_model import decision_for, early_seats, held_of, step_of
from bot.services.matches import MatchService, Seat, turn_prompt
from bot.services.undo import open_request, revealed
from engine.core.record import MatchRecord

ANA = Seat("1", "Ana")
BO = Seat("2", "Bo")


async def start_pvp(matches: MatchService, meta: dict[str, Any] | None = None) -> int:
    row = await matches.challenge("toy", ANA, BO, None, meta=meta)
    update = await matches.respond(row.id or 0, BO.user, True, None)
    assert update.row.id is not None
    return update.row.id


async def answer(matches: MatchService, match_id: int, group: str) -> Any:
    """The player whose decision it is picks the first option of `group`."""
    row, state = await matches.state(match_id)
    prompt = turn_prompt(row, state)
    assert prompt is not None
    option = next(o for o in prompt.options if o.group == group)
    user = row.seats[prompt.player]["user"]
    return await matches.choose(match_id, user, option.id, expected_step=step_of(row))


def fresh_replay(row: Any) -> str:
    record = MatchRecord(row.game, row.engine_version, row.seed, row.decks, row.options, list(row.choices))
    return record.replay().digest()


async def test_a_card_played_face_down_is_taken_back_exactly(matches: MatchService, db: Database, toy: Any) -> None:
    match_id = await start_pvp(matches)
    row, state = await matches.state(match_id)
    assert state is not None and state.prompt().player == 0  # Ana's turn: play a card or pass
    before, before_choices, before_step = state.digest(), list(row.choices), step_of(row)
    await answer(matches, match_id, "play")  # face down; Bo's response window is next
    asked = await matches.undo.request(match_id, ANA.user)
    assert asked.status == "asked" and asked.waiting == ["Bo"]
    assert open_request(asked.update.row) is not None
    done = await matches.undo.answer(match_id, BO.user, True, asked.request["id"] if asked.request else None)
    assert done.status == "undone"
    row, state = await matches.state(match_id)
    assert state is not None and state.digest() == before
    assert row.choices == before_choices
    assert "last" not in row.meta and open_request(row) is None
    assert done.update.events and done.update.events[0].startswith("Ana took back:")
    # the record is exact: a fresh replay of what is left, and a process with no cache, agree
    assert fresh_replay(row) == before
    _, reloaded = await MatchService(db).state(match_id)
    assert reloaded is not None and reloaded.digest() == before
    # a button shown before the undo is stale, even though the match has as many choices again
    prompt = turn_prompt(row, state)
    assert prompt is not None and step_of(row) > before_step
    with pytest.raises(StaleChoiceError):
        await matches.choose(match_id, ANA.user, prompt.options[0].id, expected_step=before_step)
    # and the match goes on from there, its record replaying to the live state
    await answer(matches, match_id, "pass")
    row, state = await matches.state(match_id)
    assert state is not None and fresh_replay(row) == state.digest()


async def test_a_draw_is_never_taken_back(matches: MatchService) -> None:
    match_id = await start_pvp(matches)
    await answer(matches, match_id, "pass")  # Ana passes: Bo draws at the start of his turn
    with pytest.raises(ServiceError, match="drawn"):
        await matches.undo.request(match_id, ANA.user)
    row = await matches.row(match_id)
    assert open_request(row) is None


async def test_not_after_someone_else_decided(matches: MatchService) -> None:
    match_id = await start_pvp(matches)
    await answer(matches, match_id, "play")
    await answer(matches, match_id, "pass")  # Bo passes the response window
    with pytest.raises(ServiceError, match="Bo has decided since"):
        await matches.undo.request(match_id, ANA.user)
    with pytest.raises(ServiceError, match="no decision to take back"):
        await matches.undo.request(await start_pvp(matches), ANA.user)


async def test_a_decline_ends_the_request(matches: MatchService) -> None:
    match_id = await start_pvp(matches)
    await answer(matches, match_id, "play")
    before = list((await matches.row(match_id)).choices)
    asked = await matches.undo.request(match_id, ANA.user)
    assert asked.request is not None
    declined = await matches.undo.answer(match_id, BO.user, False, asked.request["id"])
    assert declined.status == "declined" and "declined" in declined.update.notice
    row = await matches.row(match_id)
    assert open_request(row) is None and row.choices == before
    with pytest.raises(StaleChoiceError, match="no longer open"):
        await matches.undo.answer(match_id, BO.user, True, asked.request["id"])


async def test_a_decision_ends_the_request(matches: MatchService) -> None:
    match_id = await start_pvp(matches)
    await answer(matches, match_id, "play")
    asked = await matches.undo.request(match_id, ANA.user)
    assert asked.request is not None
    await answer(matches, match_id, "pass")  # Bo decides instead of answering
    assert open_request(await matches.row(match_id)) is None
    with pytest.raises(StaleChoiceError, match="no longer open"):
        await matches.undo.answer(match_id, BO.user, True, asked.request["id"])


async def test_only_the_others_answer_and_twice_is_harmless(matches: MatchService) -> None:
    match_id = await start_pvp(matches)
    await answer(matches, match_id, "play")
    asked = await matches.undo.request(match_id, ANA.user)
    assert asked.request is not None
    with pytest.raises(NotYourTurnError, match="You asked"):
        await matches.undo.answer(match_id, ANA.user, True, asked.request["id"])
    with pytest.raises(NotYourTurnError, match="players of this match"):
        await matches.undo.answer(match_id, "999", True, asked.request["id"])
    again = await matches.undo.request(match_id, ANA.user)  # asking twice keeps the one request
    assert again.status == "asked" and again.request == asked.request


async def test_off_in_league_matches_unless_the_league_allows_it(matches: MatchService) -> None:
    league = await start_pvp(matches, meta={"league_match": 1})
    await answer(matches, league, "play")
    with pytest.raises(ServiceError, match="allow_undo"):
        await matches.undo.request(league, ANA.user)
    allowed = await start_pvp(matches, meta={"league_match": 2, "allow_undo": True})
    await answer(matches, allowed, "play")
    assert (await matches.undo.request(allowed, ANA.user)).status == "asked"


async def test_the_ai_accepts_at_once_but_a_revealing_ai_move_is_refused(matches: MatchService) -> None:
    update = await matches.start_ai("toy", ANA, None, "random")
    match_id = update.row.id or 0
    row, state = await matches.state(match_id)
    prompt = turn_prompt(row, state)
    assert prompt is not None and prompt.player == 0
    # the AI answers Ana's card at once (a discard, or a pass that flips Ana's card): both reveal
    await answer(matches, match_id, "play")
    with pytest.raises(ServiceError, match="can't be taken back"):
        await matches.undo.request(match_id, ANA.user)


def test_revealed_names_what_the_step_told(toy: Any) -> None:
    state = toy.new_match([{"main": ["N1"] * 12}, {"main": ["N2"] * 12}], seed=5)
    assert revealed(state, state.clone(), 0) is None
    after = state.clone()
    after.rng.next64()
    assert "chance" in (revealed(state, after, 0) or "")
    after = state.clone()
    cid = after.zones["deck:1"][-1]
    after.move(cid, "hand:1")  # a draw: Bo sees a card he had not seen
    assert "drawn" in (revealed(state, after, 0) or "")
    after = state.clone()
    after.log("a secret", to=1 << 1, redacted="something")
    assert "privately" in (revealed(state, after, 0) or "")
    assert revealed(state, after, 1) is None  # told to the one who decided: nothing new for anyone


async def test_simultaneous_step_a_secret_answer_is_taken_back_an_applied_one_is_not(matches: MatchService) -> None:
    match_id = await four_player_usagi(matches)  # the Initiation's discards: everyone at once
    row, state = await matches.state(match_id)
    assert state is not None
    early = early_seats(row, state)
    assert early
    seat = early[0]
    shown = decision_for(row, state, seat)
    assert shown is not None and shown.early
    await matches.choose(match_id, PLAYERS[seat].user, shown.prompt.options[0].id, expected_step=shown.step)
    assert held_of(await matches.row(match_id)).get(seat)
    asked = await matches.undo.request(match_id, PLAYERS[seat].user)
    assert asked.status == "asked" and len(asked.waiting) == 3
    assert asked.request is not None
    for other in range(4):
        if other != seat:
            outcome = await matches.undo.answer(match_id, PLAYERS[other].user, True, asked.request["id"])
    assert outcome.status == "undone"
    row, state = await matches.state(match_id)
    assert state is not None and not held_of(row).get(seat) and row.choices == []
    again = decision_for(row, state, seat)
    assert again is not None and again.early and again.step != shown.step  # asked again; the old button is stale
    with pytest.raises(StaleChoiceError):
        await matches.choose(match_id, PLAYERS[seat].user, shown.prompt.options[0].id, expected_step=shown.step)
    # an answer the engine has applied put the discard in a Rest pile, face up: it stays
    pending = state.prompt()
    assert pending is not None
    now = decision_for(row, state, pending.player)
    assert now is not None and not now.early
    await matches.choose(match_id, PLAYERS[pending.player].user, now.prompt.options[0].id, expected_step=now.step)
    with pytest.raises(ServiceError, match="revealed"):
        await matches.undo.request(match_id, PLAYERS[pending.player].user)


async def test_against_the_ai_a_set_card_is_taken_back_at_once(matches: MatchService) -> None:
    update = await matches.start_ai("yugioh", ANA, None, "random")
    match_id = update.row.id or 0
    row, state = await matches.state(match_id)
    prompt = turn_prompt(row, state)
    assert prompt is not None
    if prompt.kind == "first":  # Ana won the coin toss
        first = next(o for o in prompt.options if o.label == "Go first")
        await matches.choose(match_id, ANA.user, first.id, expected_step=step_of(row))
        with pytest.raises(ServiceError, match="chance"):  # the opening hands were dealt after it
            await matches.undo.request(match_id, ANA.user)
        row, state = await matches.state(match_id)
    assert state is not None and state.prompt().kind == "action"
    before = state.digest()
    decision = decision_for(row, state, 0)
    assert decision is not None

    def keeps_the_turn(public_id: str) -> bool:  # Ana has more to do after it (not only "End the turn")
        after = state.clone()
        after.apply(decision.lens.choice(public_id))
        following = after.prompt()
        return following is not None and following.player == 0 and len(following.options) > 1

    setting = next(o for o in decision.prompt.options if o.group == "set" and keeps_the_turn(o.id))
    await matches.choose(match_id, ANA.user, setting.id, expected_step=decision.step)  # the AI only sees a set card
    outcome = await matches.undo.request(match_id, ANA.user)
    assert outcome.status == "undone" and outcome.update.events[0].startswith("Ana took back: Ana Sets")
    row, state = await matches.state(match_id)
    assert state is not None and state.digest() == before and fresh_replay(row) == before


@pytest.fixture
async def console(tmp_path: Any, toy: Any) -> Any:
    from bot.console.session import Console
    from bot.services.hub import Services

    services = await Services.from_url(f"sqlite:///{tmp_path / 'console.db'}").open()
    yield Console(services, user="ana")
    await services.close()


async def test_console_ask_then_accept(console: Any) -> None:
    await console.handle("/match challenge opponent:bo game:toy")
    await console.handle("/as bo")
    await console.handle("/match accept")
    out = await console.handle("/as ana")
    assert "Play Number" in out
    _, state = await console.services.matches.state(1)
    before = state.digest()
    out = await console.handle("1")  # a card played face down
    assert "plays a card face down" in out
    out = await console.handle("/match undo")
    assert "ana asks to take back: Player 0 plays a card face down" in out  # the toy game counts from 0
    assert "bo: /as bo then /match undo accept 1" in out
    assert (await console.handle("/match undo accept")).startswith("⚠ You asked for this undo")
    await console.handle("/as bo")
    out = await console.handle("/match undo accept")
    assert "ana took back: Player 0 plays a card face down" in out
    _, state = await console.services.matches.state(1)
    assert state.digest() == before
    assert "Play Number" in await console.handle("/as ana")  # her decision again
    out = await console.handle("/match undo decline")
    assert out.startswith("⚠ That undo request is no longer open")


async def test_console_league_option(console: Any) -> None:
    assert "created" in await console.handle("/league create name:Cup game:toy allow_undo:yes")
    assert "undo by consent allowed" in await console.handle("/league info name:Cup")
    assert "created" in await console.handle("/league create name:Plain game:toy")
    assert "undo" not in await console.handle("/league info name:Plain")


async def test_the_clock_resumes_where_it_stood_and_the_time_is_uncounted(
    matches: MatchService, monkeypatch: pytest.MonkeyPatch
) -> None:
    import bot.services.matches as matches_module
    import bot.services.undo as undo_module

    match_id = await start_pvp(matches)
    row = await matches.row(match_id)
    started, think = row.turn_started_at, row.meta.get("think")
    clock = [started + 100.0]
    monkeypatch.setattr(matches_module, "now", lambda: clock[0])
    monkeypatch.setattr(undo_module, "now", lambda: clock[0])
    await answer(matches, match_id, "play")  # 100 s into Ana's turn; Bo's clock starts
    row = await matches.row(match_id)
    assert row.turn_user == BO.user and row.turn_started_at == clock[0]
    bo_step = step_of(row)  # the step of the prompt Bo was shown
    asked = await matches.undo.request(match_id, ANA.user)
    clock[0] += 600.0  # Bo takes ten minutes to accept
    await matches.undo.answer(match_id, BO.user, True, asked.request["id"] if asked.request else None)
    row = await matches.row(match_id)
    assert row.turn_user == ANA.user
    assert row.turn_started_at == pytest.approx(started + 600.0)  # 100 s used, as when she decided
    assert row.meta.get("think") == think  # the decision taken back is not timed
    assert step_of(row) > bo_step  # no prompt of the branch taken back can be answered
