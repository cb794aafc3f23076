"""Community nicknames of the built-in cards (`cards/catalog/nicknames.yaml`) as players type them in chat.

The Yu-Gi-Oh! table also names cards of the downloaded card database (BLS, Ash, ...); those targets are
checked against it by `test_cards_search.py::test_every_nickname_names_a_real_card` (needs ../shared).
"""

from __future__ import annotations

import pytest

from cards.catalog.builtin import NICKNAMES_FILE, load_nicknames
from cards.pool import load_pool
from rulesdocs import cardnames

POOL_ONLY_GAMES = ("naruto", "inuyasha", "inazuma", "usagi")
"""Games whose nickname tables name built-in cards only."""


def _printed(game: str) -> set[str]:
    return {card.name for card in load_pool(game).cards.values()}


@pytest.mark.parametrize(
    ("question", "game", "name"),
    [
        ("how much chakra does chidori cost", "naruto", "Lightning Blade"),
        ("can shika go into battle solo", "naruto", "Shikamaru Nara"),
        ("does chouji get his +1 when hes blocking", "naruto", "Choji Akimichi"),
        ("how much does the 3rd hokage cost", "naruto", "The Third Hokage"),
        ("can hiruzen sarutobi block", "naruto", "The Third Hokage"),
        ("whats gai sensei combat", "naruto", "Might Guy"),
        ("what does kakashi sensei do", "naruto", "Kakashi Hatake"),
        ("is kage bunshin a ninjutsu", "naruto", "Shadow Clone Jutsu"),
        ("does icha icha paradise stay in play", "naruto", "Make-Out Paradise"),
        ("can i chain black magician with anything", "yugioh", "Dark Magician"),
        ("do i need the exodia head to win", "yugioh", "Exodia the Forbidden One"),
        ("does exodia left arm count as a piece", "yugioh", "Left Arm of the Forbidden One"),
        ("can i flip summon masaki", "yugioh", "Masaki the Legendary Swordsman"),
        ("can kurogane prince attack twice", "inuyasha", "Kurogane, the Cold Prince"),
        ("what does raiga guardian cost", "inuyasha", "Raiga, Hot-Headed Guardian"),
        ("can i play hana archer on turn one", "inuyasha", "Hana, Shrine Archer"),
        ("is inazuma otoshi a shoot technique", "inazuma", "Inazuma Drop"),
        ("can joe king stop a shot", "inazuma", "Joseph King"),
        ("can the kitsune pull a card out of my dead pile", "usagi", "Fox Spirit in Disguise"),
        ("does the grey ronin keep his straw hat", "usagi", "Gray Ronin of the Long Road"),
        ("what does the daisho give my hero", "usagi", "Family Daisho"),
        ("can the mifune captain duel", "usagi", "Captain of the Mifune Guard"),
    ],
)
def test_nickname_in_a_chat_question(question: str, game: str, name: str) -> None:
    found = cardnames.lookup(question, game)
    assert found is not None and found.name == name, (question, found)


def test_nickname_with_a_possessive() -> None:
    found = cardnames.lookup("whats gai sensei's combat", "naruto")
    assert found is not None and found.name == "Might Guy"


def test_every_nickname_of_a_pool_only_game_names_a_printed_card() -> None:
    table = load_nicknames()
    missing = [
        (game, alias, target)
        for game in POOL_ONLY_GAMES
        for alias, target in table.get(game, {}).items()
        if target not in _printed(game)
    ]
    assert missing == []


def test_one_word_nicknames_are_distinctive() -> None:
    table = load_nicknames((NICKNAMES_FILE,))  # the themed Inazuma file keeps the show's "Max"
    short = [
        (game, alias)
        for game in POOL_ONLY_GAMES
        for alias in table.get(game, {})
        if len(words := cardnames.words_of(alias)) == 1 and len(words[0]) < 4
    ]
    assert short == []


def test_no_nickname_names_two_cards() -> None:
    clashes = []
    for game, entries in load_nicknames().items():
        seen: dict[tuple[str, ...], str] = {}
        for alias, target in entries.items():
            words = tuple(cardnames.words_of(alias))
            if seen.setdefault(words, target) != target:
                clashes.append((game, alias, seen[words], target))
    assert clashes == []


def test_every_pool_nickname_is_found_in_a_question() -> None:
    """Each nickname of a built-in card names that card in a question, unless another card's printed name
    is typed inside it ("multiple shadow clone jutsu" holds Shadow Clone Jutsu: exact names come first)."""
    wrong = []
    for game, entries in load_nicknames().items():
        printed = _printed(game)
        for alias, target in entries.items():
            inside = cardnames.find(alias, game)
            if target not in printed or (inside is not None and inside.name != target):
                continue
            for question in (f"what does {alias} do", f"can {alias} attack this turn"):
                found = cardnames.lookup(question, game)
                if found is None or found.name != target:
                    wrong.append((game, question, target, found.name if found else None))
    assert wrong == []
