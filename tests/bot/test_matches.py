"""Match service use cases on the toy game: start, choices, turns, hidden hands, CAS, resume."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from bot.persistence import Database
from bot.services.errors import NotYourTurnError, ServiceError, StaleChoiceError
from bot.services.matches import MatchService, Seat, resolve_option, turn_prompt

ANA = Seat("1", "Ana")
BO = Seat("2", "Bo")


async def start_pvp(matches: MatchService) -> Any:
    row = await matches.challenge("toy", ANA, BO, None)
    return await matches.respond(row.id, BO.user, True, None)


async def play_out(matches: MatchService, match_id: int, limit: int = 500) -> Any:
    update = None
    for _ in range(limit):
        row, state = await matches.state(match_id)
        if row.status != "active":
            return row
        prompt = turn_prompt(row, state)
        user = row.seats[prompt.player]["user"]
        update = await matches.choose(match_id, user, prompt.options[0].id, expected_step=len(row.choices))
    raise AssertionError(f"match did not end in {limit} choices: {update}")


async def test_challenge_accept_and_play_to_the_end(matches: MatchService, db: Database) -> None:
    update = await start_pvp(matches)
    assert update.row.status == "active"
    assert update.turn_seat is not None and update.turn_seat.user in {"1", "2"}
    final = await play_out(matches, update.row.id)
    assert final.status == "finished"
    assert final.result["winners"]
    stored = await db.get_match(update.row.id)
    assert stored is not None and stored.choices and stored.status == "finished"


async def test_wrong_player_and_spectator_are_refused(matches: MatchService) -> None:
    update = await start_pvp(matches)
    prompt = update.prompt
    waiting = update.row.seats[prompt.player]["user"]
    other = "2" if waiting == "1" else "1"
    with pytest.raises(NotYourTurnError, match="waiting for"):
        await matches.choose(update.row.id, other, prompt.options[0].id)
    with pytest.raises(NotYourTurnError, match="not playing"):
        await matches.choose(update.row.id, "999", prompt.options[0].id)


async def test_double_click_applies_exactly_one_choice(matches: MatchService) -> None:
    update = await start_pvp(matches)
    prompt, version = update.prompt, len(update.row.choices)
    user = update.row.seats[prompt.player]["user"]
    results = await asyncio.gather(
        *(matches.choose(update.row.id, user, prompt.options[0].id, expected_step=version) for _ in range(2)),
        return_exceptions=True,
    )
    assert sum(1 for r in results if isinstance(r, StaleChoiceError)) == 1
    row = await matches.row(update.row.id)
    assert len(row.choices) == 1


async def test_two_processes_on_one_database_never_fork(db: Database, toy: Any) -> None:
    first, second = MatchService(db), MatchService(db)
    update = await start_pvp(first)
    await second.state(update.row.id)  # second process has it cached too
    prompt = update.prompt
    user = update.row.seats[prompt.player]["user"]
    await first.choose(update.row.id, user, prompt.options[0].id, expected_step=len(update.row.choices))
    with pytest.raises(StaleChoiceError):
        await second.choose(update.row.id, user, prompt.options[0].id, expected_step=len(update.row.choices))
    row, state = await second.state(update.row.id)
    assert len(row.choices) == 1 and state.steps == 1


async def test_illegal_option_gets_a_readable_error(matches: MatchService) -> None:
    update = await start_pvp(matches)
    user = update.row.seats[update.prompt.player]["user"]
    with pytest.raises(ServiceError, match="Not allowed"):
        await matches.choose(update.row.id, user, "play:999:0")


async def test_resume_from_record_matches_live_state(db: Database, toy: Any) -> None:
    live = MatchService(db)
    update = await start_pvp(live)
    for _ in range(11):
        row, state = await live.state(update.row.id)
        prompt = turn_prompt(row, state)
        await live.choose(row.id, row.seats[prompt.player]["user"], prompt.options[-1].id)
    _, state = await live.state(update.row.id)
    restarted = MatchService(db)  # empty cache: snapshot + later choices
    _, resumed = await restarted.state(update.row.id)
    assert resumed.digest() == state.digest()
    row = await db.get_match(update.row.id)
    assert row is not None and row.snapshot_choices > 0  # a snapshot was refreshed on the way
    assert restarted._replay(row, len(row.choices)).digest() == state.digest()


async def test_ai_match_runs_ai_turns(matches: MatchService) -> None:
    update = await matches.start_ai("toy", ANA, None, "random")
    assert update.turn_seat == ANA or update.finished
    final = await play_out(matches, update.row.id)
    assert final.status == "finished"
    assert any(c for c in final.choices)


async def test_hand_only_in_own_view(matches: MatchService) -> None:
    update = await start_pvp(matches)
    _, mine, seat = await matches.view(update.row.id, "1")
    _, public, _ = await matches.view(update.row.id, None)
    hand = mine["players"][seat]["zones"]["hand"]["cards"]
    assert hand and all("code" in card for card in hand)
    assert public["players"][seat]["zones"]["hand"]["cards"] == []
    assert public["prompt"].get("options") is None


async def test_concede_abort_and_rematch(matches: MatchService) -> None:
    update = await start_pvp(matches)
    conceded = await matches.concede(update.row.id, "1")
    assert conceded.row.status == "finished" and conceded.row.result["winners"] == [1]
    again = await matches.rematch(update.row.id, "2")
    assert again.status == "pending" and again.seats[0]["user"] == "2"
    accepted = await matches.respond(again.id, "1", True, None)
    half = await matches.abort(accepted.row.id, "1")
    assert (half.row.status == "active" and "waiting for Ana" in half.notice) or "Bo" in half.notice
    done = await matches.abort(accepted.row.id, "2")
    assert done.row.status == "aborted"


async def test_lobby_fills_then_starts(matches: MatchService) -> None:
    row = await matches.open_lobby("toy", ANA, 3, None)
    joined = await matches.join(row.id, BO, None)
    assert joined.row.status == "lobby"
    with pytest.raises(ServiceError, match="already"):
        await matches.join(row.id, BO, None)
    started = await matches.join(row.id, Seat("3", "Cy"), None)
    assert started.row.status == "active" and len(started.row.seats) == 3
    assert started.state is not None and started.state.num_players == 3


async def test_a_lobby_message_recorded_after_the_lobby_filled_is_seen_as_started(matches: MatchService) -> None:
    row = await matches.open_lobby("toy", ANA, 3, None)
    assert row.id is not None
    await matches.join(row.id, BO, None)
    await matches.join(row.id, Seat("3", "Cy"), None)  # players were quicker than the message's recording
    recorded = await matches.remember_lobby_message(row.id, "555")
    assert recorded.status == "active" and recorded.meta["lobby_message"] == "555"  # the cog closes it at once


async def test_clock_reminds_then_times_out(matches: MatchService) -> None:
    update = await start_pvp(matches)
    start = update.row.turn_started_at
    assert await matches.due_clocks(start + 3600) == []
    due = await matches.due_clocks(start + 13 * 3600)
    assert [kind for _, kind in due] == ["remind"]
    await matches.mark_reminded(due[0][0])
    assert await matches.due_clocks(start + 13 * 3600) == []
    due = await matches.due_clocks(start + 19 * 3600)  # a quarter of the 24 h clock left: a private warning
    assert [kind for _, kind in due] == ["warn"]
    assert matches.clock_left(due[0][0], start + 19 * 3600) == 5 * 3600
    await matches.mark_warned(due[0][0])
    assert await matches.due_clocks(start + 20 * 3600) == []  # once a turn
    due = await matches.due_clocks(start + 25 * 3600)
    assert [kind for _, kind in due] == ["timeout"]
    ended = await matches.timeout(due[0][0])
    assert ended.row.status == "finished" and "ran out of time" in ended.row.result["reason"]


async def test_replay_steps_through_a_finished_match(matches: MatchService) -> None:
    update = await start_pvp(matches)
    final = await play_out(matches, update.row.id)
    _, first, step = await matches.replay_view(final.id, 0)
    assert step == 0 and first["steps"] == 0
    _, last, step = await matches.replay_view(final.id, 10_000)
    assert step == len(final.choices) and last["result"] is not None


async def test_typed_choices_resolve_by_number_and_label(matches: MatchService) -> None:
    update = await start_pvp(matches)
    prompt = update.prompt
    assert resolve_option(prompt, "1") == prompt.options[0].id
    assert resolve_option(prompt, "pass") == "pass"
    with pytest.raises(ServiceError, match="not one of the options"):
        resolve_option(prompt, "fly away")


def test_typed_choices_resolve_by_any_part_of_a_label_when_it_is_unambiguous() -> None:
    from engine.core.prompt import Option, Prompt

    prompt = Prompt(
        0,
        "discard",
        "Discard step",
        (
            Option("discard:1", "Discard Decisive Charge", "discard"),
            Option("discard:2", "Discard Battle Cry", "discard"),
            Option("discard:3", "Discard Mifune Spearman", "discard"),
            Option("done", "Keep the rest of my hand", "done"),
        ),
    )
    assert resolve_option(prompt, "decisive") == "discard:1"
    assert resolve_option(prompt, "Discard B") == "discard:2"  # a prefix still wins first
    assert resolve_option(prompt, "keep") == "done"
    with pytest.raises(ServiceError, match="matches several options"):
        resolve_option(prompt, "Discard")
    with pytest.raises(ServiceError, match="matches several options"):
        resolve_option(prompt, "ar")  # Charge, Battle Cry, Spearman


async def test_another_servers_match_is_out_of_reach_for_non_players(matches: MatchService) -> None:
    from bot.services.errors import NotFoundError

    row = await matches.challenge("toy", ANA, BO, None, guild_id="g1", channel_id="c1")
    assert (await matches.row_in(row.id, "999", "g1")).id == row.id  # same server: anyone may look
    assert (await matches.row_in(row.id, ANA.user, "g2")).id == row.id  # a player, from anywhere
    with pytest.raises(NotFoundError, match="in this server"):
        await matches.row_in(row.id, "999", "g2")


async def test_a_match_that_cannot_be_resumed_does_not_stop_the_others(db: Database, toy: Any) -> None:
    live = MatchService(db)
    good = await start_pvp(live)
    broken = await start_pvp(live)
    row = await db.get_match(broken.row.id)
    await db.update_match(row.id, row.version, engine_version="0-old", snapshot=None)
    warmed = await MatchService(db).warm_open_matches()
    assert [r.id for r in warmed] == [good.row.id]
    with pytest.raises(ServiceError, match="cannot continue it exactly"):
        await MatchService(db).state(broken.row.id)


async def test_ai_keeps_one_agent_per_run_of_decisions(matches: MatchService, monkeypatch: pytest.MonkeyPatch) -> None:
    from bot.services import games as engine_games

    made: list[Any] = []
    decisions: list[int] = []  # AI decisions answered in each run of the AI
    real_agent, real_run = engine_games.ai_agent, MatchService._run_ai

    def counting_agent(state: Any, level: str, salt: int) -> Any:
        agent = real_agent(state, level, salt)
        made.append(agent)
        return agent

    def counting_run(self: MatchService, state: Any, seats: Any, seed: int, held: Any = None) -> list[str]:
        picked = real_run(self, state, seats, seed, held)
        if picked:
            decisions.append(len(picked))
        return picked

    monkeypatch.setattr(engine_games, "ai_agent", counting_agent)
    monkeypatch.setattr(MatchService, "_run_ai", counting_run)
    update = await matches.start_ai("toy", ANA, None, "greedy@2")
    await play_out(matches, update.row.id)
    assert decisions, "the AI never moved"
    assert len(made) == len(decisions)  # one agent per run, however many decisions it made
    assert sum(decisions) > len(decisions)  # some run had several decisions in a row


async def test_rematch_of_a_lobby_nobody_joined_is_refused_politely(matches: MatchService) -> None:
    from bot.services.errors import ServiceError

    row = await matches.open_lobby("toy", ANA, 3, None)
    await matches.abort(row.id, ANA.user)
    with pytest.raises(ServiceError, match="never had an opponent"):
        await matches.rematch(row.id, ANA.user)


async def test_average_decision_times_per_person(matches: MatchService) -> None:
    from bot.services.match_model import average_times, decision_times

    update = await start_pvp(matches)
    final = await play_out(matches, update.row.id)
    times = decision_times(final)
    recorded = sum(count for _, count in times.values())
    assert 0 < recorded <= len(final.choices)  # the people's answers (passes made for them are not theirs)
    assert all(total >= 0 for total, _ in times.values())
    said = average_times(final)
    assert said.startswith("average decision: ") and " s" in said
