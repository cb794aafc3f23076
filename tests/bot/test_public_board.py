"""The public board during a simultaneous step (issue 33, item 2): until every seat has chosen,
everyone sees the match as the step began (no AI discard in its Rest pile, no hand shrinking, no
player placed), whatever order people answer in; once the step is complete, every answer shows.

The step's start is found here by replaying the record on its own, not read from the service."""

from __future__ import annotations

import json
import random
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.persistence import MatchRow
from bot.render.model import build_board
from bot.render.text import board_text
from bot.services.errors import StaleChoiceError
from bot.services.games import get_game
from bot.services.hub import Services
from bot.services.match_model import decision_for, lens_of
from bot.services.matches import Seat
from engine.core.record import MatchRecord
from engine.core.state import State

PLAYERS = ("ana", "bo", "cy", "di")


@pytest.fixture
async def services(tmp_path: Path) -> AsyncIterator[Services]:
    hub = await Services.from_url(f"sqlite:///{tmp_path / 'public.db'}").open()
    yield hub
    await hub.close()


def step_kind(state: State) -> str | None:
    prompt = state.prompt()
    kinds = state.game.simultaneous_kinds
    return prompt.kind if prompt is not None and state.result is None and prompt.kind in kinds else None


def step_began(row: MatchRow) -> tuple[int, State] | None:
    """Where the step the match is in now (a run of prompts of one simultaneous kind) began: the
    choices made then and the match then (replayed from the record); None outside a step."""
    game = get_game(row.game)
    record = MatchRecord(row.game, game.version, row.seed, [dict(d) for d in row.decks], dict(row.options), [])
    state = record.new_state()
    kind = step_kind(state)
    found = (0, state.clone()) if kind is not None else None
    for number, choice in enumerate(row.choices, 1):
        state.apply(str(choice))
        now = step_kind(state)
        if now is None:
            found = None
        elif now != kind or found is None:
            found = (number, state.clone())
        kind = now
    return found


def zones(view: dict[str, Any], seat: int) -> dict[str, int]:
    return {name: int(z.get("count", len(z.get("cards", [])))) for name, z in view["players"][seat]["zones"].items()}


def without_prompt(view: dict[str, Any]) -> str:
    return json.dumps({k: v for k, v in view.items() if k != "prompt"}, sort_keys=True)


async def test_against_the_ai_its_opening_discards_wait_for_the_players(services: Services) -> None:
    """Usagi against the AI: when the AI discards before the person in the opening discard step,
    the board (in words too) still shows its full hand and an empty Rest pile until the person
    has chosen; then both players' discards show."""
    matches = services.matches
    for _ in range(30):  # the first player is drawn at random: until the AI discards first
        update = await matches.start_ai("usagi", Seat("ana", "Ana"), None, "easy")
        row, state = await matches.state(update.row.id or 0)
        assert state is not None
        ai_rest = zones(lens_of(row, state, None).view(), 1).get("rest", 0)
        if ai_rest and step_kind(state) == "discard":
            break
    else:
        raise AssertionError("the AI never discarded before the player in 30 matches")
    found = step_began(row)
    assert found is not None
    before = lens_of(row, found[1], None).view()
    assert zones(before, 1)["rest"] == 0 and zones(before, 1)["hand"] == 6
    _, public, _ = await matches.view(row.id or 0, None)
    assert zones(public, 1) == zones(before, 1), "the AI's discards are not on the public board yet"
    assert without_prompt(public) == without_prompt(before)
    assert public["prompt"]["player"] is None, "nobody is singled out while everyone decides"
    words = board_text(build_board(get_game("usagi"), public, ["Ana", "AI"], title="t"))
    assert "Rest" not in words and "Everyone decides at once" in words, words
    _, mine, _ = await matches.view(row.id or 0, "ana")
    assert zones(mine, 1)["hand"] == 6, "a player's own view doesn't show the others' answers either"

    prompt = decision_for(row, state, 0)
    assert prompt is not None and not prompt.early
    done = next(o.id for o in prompt.prompt.options if o.group == "done")
    await matches.choose(row.id or 0, "ana", done, expected_step=prompt.step)
    _, after, _ = await matches.view(row.id or 0, None)
    assert zones(after, 1)["rest"] == ai_rest, "once everyone has chosen, the AI's discards show"


async def _play_steps(
    services: Services, game: str, players: int, seed: int, steps: int
) -> tuple[int, list[dict[str, Any]]]:
    """People answer in a random order, each from the prompt they were last shown; whenever the
    match is in a simultaneous step the public view must be the one of the step's start, and
    after the step every answer shows. Returns how many steps changed the board once complete, and
    the prompts the public board showed during steps that singled a player out."""
    matches = services.matches
    lobby = await matches.open_lobby(game, Seat("ana", "Ana"), players, None)
    for user in PLAYERS[1:players]:
        await matches.join(lobby.id or 0, Seat(user, user.title()), None)
    match_id = lobby.id or 0
    rng = random.Random(seed)
    shown: dict[int, tuple[int, str]] = {}
    opened: tuple[tuple[int, str], str] | None = None  # the step open (start, kind) and its public view
    changed = completed = 0
    singled: list[dict[str, Any]] = []
    for _ in range(2000):
        row, state = await matches.state(match_id)
        assert state is not None
        _, public, _ = await matches.view(match_id, None)
        seen = without_prompt(public)
        found = step_began(row)
        if opened is not None and (found is None or opened[0] != (found[0], step_kind(state))):
            changed += seen != opened[1]  # the step is complete: every answer shows
            completed += 1
            opened = None
            if completed >= steps:
                return changed, singled
        if found is not None:
            assert seen == without_prompt(lens_of(row, found[1], None).view()), "a step's answer is public"
            if opened is None:
                opened = ((found[0], str(step_kind(state))), seen)
            assert seen == opened[1], "the public board changed during the step"
            if public["prompt"] != {"player": None, "kind": step_kind(state), "waiting": True, "everyone": True}:
                singled.append(public["prompt"])  # "Waiting for Bo" would tell that Ana has chosen
        else:
            assert seen == without_prompt(lens_of(row, state, None).view())
        if row.status != "active":
            break
        for seat in range(players):
            if seat not in shown and (decision := decision_for(row, state, seat)) is not None:
                shown[seat] = (decision.step, rng.choice(decision.prompt.options).id)
        seat = rng.choice(sorted(shown))
        step, option = shown.pop(seat)
        try:
            await matches.choose(match_id, PLAYERS[seat], option, expected_step=step)
        except StaleChoiceError:
            continue
    raise AssertionError(f"only {completed} simultaneous steps completed")


@pytest.mark.parametrize(("game", "players", "seed"), [("usagi", 4, 5), ("inazuma", 2, 6)])
async def test_people_answering_in_any_order_change_nothing_public_until_all_chose(
    services: Services, game: str, players: int, seed: int
) -> None:
    changed, singled = await _play_steps(services, game, players, seed, steps=4 if game == "usagi" else 1)
    assert changed >= 1, "a completed step shows its answers"
    assert singled == [], "during a step the board waits for everyone, not for one player"
