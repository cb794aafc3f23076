"""What a card look-up shows a player: the card only when a name fits, suggestions from the same
game first, a game's name recognised as such, long queries cut when echoed; and chat outside a
match in the console."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.console.session import Console
from bot.services.cards import SHOWN_QUERY_CHARS, CardsService
from bot.services.hub import Services
from bot.services.rules import RulesAssistant


@pytest.fixture
async def cards(tmp_path: Path) -> AsyncIterator[CardsService]:
    service = CardsService(f"sqlite:///{tmp_path / 'cards.db'}")
    yield service
    await service.close()


@pytest.mark.parametrize(("query", "game"), [("usagi", "usagi"), ("Usagi Yojimbo", "usagi"), ("inuyasha", "inuyasha")])
async def test_a_games_name_is_not_a_card(cards: CardsService, query: str, game: str) -> None:
    found = await cards.find(query)
    assert found.card is None and "is a game, not a card" in found.note and f"game:{game}" in found.note


async def test_a_weak_match_is_a_suggestion_never_the_card(cards: CardsService) -> None:
    found = await cards.find("tetsusaiga")
    assert found.card is None and found.note.startswith("No card matches 'tetsusaiga'")


async def test_suggestions_come_from_the_same_game_first(cards: CardsService) -> None:
    found = await cards.find("dark magican")
    assert found.card is not None and found.card.name == "Dark Magician"
    assert found.suggestions and all(s.game == "yugioh" for s in found.suggestions)


async def test_a_long_query_is_cut_when_echoed(cards: CardsService) -> None:
    found = await cards.find("a" * 5000)
    assert found.card is None and len(found.note) < SHOWN_QUERY_CHARS + 40 and "…" in found.note


async def test_exact_names_nicknames_and_typos_still_find_the_card(cards: CardsService) -> None:
    for query, name in [("Mark Evans", "Mark Evans"), ("bewd", "Blue-Eyes White Dragon"), ("jude sharp", "Jude Sharp")]:
        found = await cards.find(query)
        assert found.card is not None and found.card.name == name, query


@pytest.fixture
async def console(tmp_path: Path) -> AsyncIterator[Console]:
    services = await Services.from_url(f"sqlite:///{tmp_path / 'console.db'}").open()
    services.rules = RulesAssistant(db_path=str(tmp_path / "rules.sqlite"))
    yield Console(services, user="ana")
    await services.close()


async def test_free_text_outside_a_match_is_chat(console: Console) -> None:
    card = await console.handle("what does [[bewd]] do")
    assert card.startswith("Blue-Eyes White Dragon [yugioh")
    rules = await console.handle("how many cards in a naruto deck")
    assert "50" in rules and "/help" in rules


async def test_a_deck_list_reports_every_problem_at_once(console: Console) -> None:
    """A misspelt card, a short deck and too many copies: all in one reply."""
    reply = await console.handle(
        '/deck import game:yugioh name:Bad list:"30x Kuriboh; 8x Dark Magician; 1x Dark Magishun Xyz"'
    )
    assert "Dark Magishun Xyz" in reply  # the line that could not be read
    assert "copies" in reply.lower() or "copy" in reply.lower()  # 30 Kuriboh
    assert "(counting the cards read)" in reply


async def test_versions_show_their_codes_and_open_by_code(console: Console) -> None:
    shown = await console.handle("/card kakashi game:naruto")
    assert "characteristics: Leaf, Jonin" in shown  # Naruto cards show their Characteristics
    assert "Kakashi Hatake [N-023] (Ninja)" in shown and "/card CODE" in shown
    opened = await console.handle("/card N-037")
    assert opened.startswith("Kakashi Hatake [naruto N-037]") and "Leaf" in opened


@pytest.mark.parametrize("query", ["dark", "monster", "ninja", "the"])
async def test_a_word_many_cards_share_lists_them_instead_of_guessing(cards: CardsService, query: str) -> None:
    found = await cards.find(query)
    assert found.card is None and "Several cards match" in found.note and len(found.suggestions) >= 2
