"""Rules answers in the bot: "did you mean" picks, cards from the catalog, and the live match's
"why can't I" answered by the engine."""

from __future__ import annotations

import time
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

import engine
from bot.console.session import Console
from bot.discord_ui.rules import pick_view
from bot.services.hub import Services
from bot.services.rules import CATALOG_NOTE, RulesAssistant
from bot.services.why import why_not
from cards.pool import load_pool
from engine.core.state import State
from rulesdocs.conversation import Context


@pytest.fixture
async def console(tmp_path: Path) -> AsyncIterator[Console]:
    services = await Services.from_url(f"sqlite:///{tmp_path / 'console.db'}").open()
    services.rules = RulesAssistant(db_path=str(tmp_path / "rules.sqlite"))
    yield Console(services, user="ana")
    await services.close()


async def _offer(console: Console, tmp_path: Path) -> list[str]:
    """Put a "did you mean" over two Yu-Gi-Oh facts in the console's channel; their ids."""
    service = await console.services.rules.service()
    service.review_path = tmp_path / "review.jsonl"
    matcher = service.matcher("yugioh")
    assert matcher is not None
    ids = [fact.id for fact in matcher.book.facts[:2]]
    service.store.remember("console", Context("yugioh", "huh", None, time.monotonic(), choices=tuple(ids), asked="huh"))
    return ids


async def test_a_pick_by_number_answers_with_that_rule_and_is_noted(console: Console, tmp_path: Path) -> None:
    ids = await _offer(console, tmp_path)
    service = await console.services.rules.service()
    matcher = service.matcher("yugioh")
    assert matcher is not None
    fact = matcher.fact(ids[1])
    assert fact is not None
    reply = await console.handle("/rules pick 2")
    assert reply.startswith(fact.answer) and "Source:" in reply
    assert (tmp_path / "review.jsonl").read_text(encoding="utf-8").count(ids[1]) == 1
    again = await console.handle("/rules pick 2")
    assert again.startswith("⚠") and "expired" in again


async def test_a_pick_out_of_range_or_not_a_number_is_refused(console: Console, tmp_path: Path) -> None:
    await _offer(console, tmp_path)
    assert "expired" in await console.handle("/rules pick 7")
    assert "Usage: /rules pick N" in await console.handle("/rules pick two")


def test_did_you_mean_buttons_fit_discord() -> None:
    labels = ("A" * 120, "Second rule?", "Third rule?")
    view = pick_view(labels)
    assert view is not None
    buttons = [item.item for item in view.children]  # type: ignore[attr-defined]
    assert [b.custom_id for b in buttons] == ["tcg:rpick:1", "tcg:rpick:2", "tcg:rpick:3"]
    assert all(len(b.label) <= 80 for b in buttons) and buttons[1].label == "2. Second rule?"
    assert pick_view(()) is None


async def test_a_card_outside_our_pools_is_shown_from_the_catalog(tmp_path: Path) -> None:
    asked: list[tuple[str, str]] = []

    async def lookup(name: str, game: str) -> str | None:
        asked.append((name, game))
        return "Moonlit Zorblax [inuyasha X-1]\nDraw 2 cards.\nSource: imported from set.json (json)"

    rules = RulesAssistant(db_path=str(tmp_path / "rules.sqlite"), card_lookup=lookup)
    reply = await rules.ask("what does the moonlit zorblax card do exactly", game="inuyasha")
    assert asked == [("moonlit zorblax", "inuyasha")]
    assert "Draw 2 cards." in reply.text and CATALOG_NOTE in reply.text and "imported from" in reply.text


def _naruto_mission_phase() -> State:
    pool = load_pool("naruto")
    state = engine.get_game("naruto").new_match(decks=[d.as_lists() for d in pool.decks.values()], seed=5)
    for _ in range(200):
        prompt = state.prompt()
        assert prompt is not None
        if prompt.kind == "mission_phase" and prompt.player == 0:
            return state
        ids = [o.id for o in prompt.options]
        keep = next((i for i in ids if i.startswith("keep")), None)
        state.apply(keep or next((i for i in ids if i in ("pass", "done", "end", "noblock")), ids[0]))
    raise AssertionError("no Mission Phase reached")


def test_why_cant_i_is_answered_by_the_engine_with_its_rule() -> None:
    state = _naruto_mission_phase()
    prompt = state.prompt()
    why = why_not("naruto", state, 0, "why cant i deploy tenten", "Tenten", prompt)
    assert why is not None and "Entrance cost 1" in why and "Turn Indicator 0" in why and "naruto 7.2" in why
    kunai = why_not("naruto", state, 0, "why cant i deploy kunai", "Kunai", prompt)
    assert kunai is not None and "only a Ninja or Client" in kunai


def test_what_is_open_now_is_listed_and_other_players_cards_are_never_tried() -> None:
    state = _naruto_mission_phase()
    prompt = state.prompt()
    can = why_not("naruto", state, 0, "can i charge tenten now", "Tenten", prompt)
    assert can is not None and can.startswith("You can use Tenten right now") and "Charge" in can
    assert why_not("naruto", state, 1, "why cant i deploy tenten", "Tenten", None) is None  # not player 1's card


async def test_a_why_question_in_a_match_gets_the_engine_answer_privately(tmp_path: Path) -> None:
    state = _naruto_mission_phase()
    prompt = state.prompt()
    rules = RulesAssistant(db_path=str(tmp_path / "rules.sqlite"))

    def explain(question: str, name: str) -> str | None:
        return why_not("naruto", state, 0, question, name, prompt)

    legal = [o.label for o in prompt.options] if prompt is not None else []
    reply = await rules.ask(
        "why cant i deploy tenten", channel="t", match_game="naruto", legal_now=legal, explain=explain
    )
    assert reply.private is not None and "Entrance cost 1" in reply.private
    assert "Entrance cost 1" not in reply.text  # the engine's answer is the asker's alone
