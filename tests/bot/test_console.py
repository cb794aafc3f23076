"""The offline console: commands typed as text, choices by number, scripted from stdin."""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any

import pytest

from bot.console.loop import run_console
from bot.console.session import Console
from bot.services.hub import Services
from bot.services.match_model import MatchUpdate


@pytest.fixture
async def console(tmp_path: Path, toy: Any) -> Any:
    services = await Services.from_url(f"sqlite:///{tmp_path / 'console.db'}").open()
    yield Console(services, user="ana")
    await services.close()


async def test_hot_seat_match_to_the_end_by_numbers(console: Console) -> None:
    out = await console.handle("/match challenge opponent:bo game:toy")
    assert "challenges bo" in out
    await console.handle("/as bo")
    out = await console.handle("/match accept")
    assert "== Match #1" in out
    for _ in range(400):
        row, state = await console.services.matches.state(1)
        if row.status != "active":
            break
        waiting = row.seats[state.prompt().player]["user"]
        if waiting != console.user:
            out = await console.handle(f"/as {waiting}")
            assert "eyes only" in out  # the player who is to decide sees hand and options
        out = await console.handle("1")
        assert not out.startswith("⚠"), out
    assert "is over" in out
    assert "won" in out or "wins" in out


async def test_public_board_never_shows_the_hand(console: Console) -> None:
    await console.handle("/match challenge opponent:bo game:toy")
    await console.handle("/as bo")
    await console.handle("/match accept")
    board = await console.handle("/match board")
    _, state = await console.services.matches.state(1)
    assert all(state.zones[f"hand:{seat}"] for seat in range(2))  # there is something to hide
    hand_lines = [line for line in board.splitlines() if line.strip().startswith("hand")]
    assert len(hand_lines) == 2
    assert all(re.fullmatch(r"\s*hand \d+", line) for line in hand_lines), hand_lines
    assert "Number" not in board.split("Last events")[0]  # no card names in the zones
    assert "eyes only" not in board


async def test_a_long_turn_is_narrated_whole(console: Console) -> None:
    await console.handle("/match challenge opponent:bo game:toy")
    await console.handle("/as bo")
    await console.handle("/match accept")
    row, state = await console.services.matches.state(1)
    events = [f"step {i} of the rival's turn" for i in range(30)]  # an AI turn can tell this much
    out = await console.after(MatchUpdate(row, state, events=events))
    told = [line for line in out.splitlines() if line.startswith("· step")]
    assert told == [f"· {event}" for event in events]


async def test_errors_are_polite(console: Console) -> None:
    assert "no game called" in (await console.handle("/match ai game:chess")).lower()
    assert "Unknown command" in await console.handle("/dance")
    wrong = await console.handle("/match frobnicate")
    assert "'/match frobnicate'" in wrong and "challenge" in wrong and "concede" in wrong  # what /match takes
    assert "/help" in await console.handle("hello")
    assert "Missing game" in await console.handle("/match challenge opponent:bo")


async def test_decks_import_list_show_delete(console: Console) -> None:
    out = await console.handle('/deck import game:toy name:Fives list:"10x Number 5; 2 Number 1"')
    assert "12 cards" in out
    assert "toy: Fives" in await console.handle("/deck list game:toy")
    assert "10x Number 5" in await console.handle("/deck show game:toy name:Fives")
    bad = await console.handle('/deck import game:toy name:Bad list:"3x Numbr 9; 2 Number 2"')
    assert "did you mean" in bad and "line 1" in bad
    short = await console.handle('/deck import game:toy name:Short list:"2 Number 2"')
    assert "at least 10 cards" in short
    assert "deleted" in await console.handle("/deck delete game:toy name:Fives")


async def test_after_a_restart_hand_and_board_find_the_only_active_match(console: Console) -> None:
    await console.handle("/match ai game:toy level:random")
    restarted = Console(console.services, user="ana")  # a new session: it has shown nothing yet
    assert "eyes only" in await restarted.handle("/match hand")
    assert "Match #1" in await restarted.handle("/match board")
    await console.handle("/match ai game:toy level:random")
    again = Console(console.services, user="ana")
    assert "Which match" in await again.handle("/match hand")  # two active matches: it asks


async def test_scripted_stdin_plays_an_ai_match(tmp_path: Path, toy: Any) -> None:
    script = "/match ai game:toy level:random\n" + "1\n" * 120
    out = io.StringIO()
    status = await run_console(
        db_url=f"sqlite:///{tmp_path / 's.db'}", user="ana", stdin=io.StringIO(script), stdout=out
    )
    text = out.getvalue()
    assert status == 0
    assert "== Match #1" in text and "is over" in text


async def test_strict_mode_stops_at_the_first_error(tmp_path: Path, toy: Any) -> None:
    out = io.StringIO()
    status = await run_console(
        db_url=f"sqlite:///{tmp_path / 's.db'}",
        user="ana",
        strict=True,
        stdin=io.StringIO("/match ai game:nope\n/games\n"),
        stdout=out,
    )
    assert status == 1
    assert "Duel of Numbers" not in out.getvalue()  # /games never ran


async def test_match_options_are_listed_parsed_and_checked(console: Console) -> None:
    from bot.services.errors import ServiceError
    from bot.services.games import get_game, parse_options

    game = get_game("toy")
    assert parse_options(game, "") == {}
    with pytest.raises(ServiceError, match="no match option 'speed'"):
        parse_options(game, "speed=3")
    assert "has no match options" in await console.handle("/match options game:toy")
    assert "no match option" in await console.handle('/match ai game:toy options:"speed=3"')


def test_typed_options_take_the_type_of_their_default() -> None:
    from bot.services.games import get_game, list_games, parse_options

    typed = None
    for info in list_games():
        game = get_game(info.id)
        for name, option in game.match_options.items():
            if isinstance(option.default, bool):
                typed = (game, name, option.default)
                break
        if typed:
            break
    if typed is None:
        pytest.skip("no installed game has a yes/no match option")
    game, name, default = typed
    flipped = "no" if default else "yes"
    assert parse_options(game, f"{name}={flipped}") == {name: not default}


async def test_console_lifecycle_commands(console: Console) -> None:
    await console.handle("/match challenge opponent:bo game:toy")
    assert "#1 toy: ana vs bo [pending]" in await console.handle("/match list")
    await console.handle("/as bo")
    await console.handle("/match accept 1")
    assert "== Match #1" in await console.handle("/match board")
    assert "Abort requested" in await console.handle("/match abort")
    await console.handle("/as ana")
    assert "aborted" in await console.handle("/match abort")
    assert "[aborted]" in await console.handle("/match list all")
    rematch = await console.handle("/match rematch 1")
    assert "Match #2" in rematch and "challenges bo" in rematch
    await console.handle("/as bo")
    assert "declined" in (await console.handle("/match decline 2")).lower()
    await console.handle("/match challenge opponent:ana game:toy")
    await console.handle("/as ana")
    await console.handle("/match accept 3")
    row, state = await console.services.matches.state(3)
    await console.handle(f"/as {row.seats[state.prompt().player]['user']}")
    assert not (await console.handle("1")).startswith("⚠")
    asked = await console.handle("/match concede 3")
    assert asked.startswith("Concede match #3?") and "/match concede 3 confirm" in asked
    assert (await console.services.matches.row(3)).status == "active"  # asking changed nothing
    out = await console.handle("/match concede 3 confirm")
    assert "conceded" in out and "is over" in out
    board = await console.handle("/match board 3")
    assert "Waiting for" not in board and "conceded" in board
    replay = await console.handle("/match replay 3 step:1")
    assert "Replay #3 · step 1/" in replay and "/match replay 3 step:" in replay
    assert "Which match" in await console.handle("/match replay")


async def test_console_card_and_rules_commands(console: Console, tmp_path: Path) -> None:
    from bot.services.rules import RulesAssistant

    console.services.rules = RulesAssistant(db_path=str(tmp_path / "rules.sqlite"))
    card = await console.handle("/card dark magican game:yugioh")
    assert card.startswith("Dark Magician [yugioh")
    assert "No card matches" in await console.handle("/card zzzzqqqq xxxx game:yugioh")
    answer = await console.handle("/rules how many cards do I draw at the start of my turn? game:yugioh")
    assert "Source:" in answer
    section = await console.handle("/rules section game:yugioh id:999.9")
    assert "no section 999.9" in section


async def test_console_and_discord_answer_follow_ups_like_the_service(console: Console, tmp_path: Path) -> None:
    """The console keeps the conversation per channel exactly as the service does: a follow-up
    typed in the console gets the same reply as the same two turns asked of the service."""
    from bot.services.rules import RulesAssistant
    from rulesdocs.answer import format_answer
    from rulesdocs.service import Asked, RulesService

    console.services.rules = RulesAssistant(db_path=str(tmp_path / "rules.sqlite"))
    turns = ["/rules ask how many tributes do i need for a lvl 5 monster game:yugioh", "/rules ask and a lvl 7?"]
    replies = [await console.handle(turn) for turn in turns]
    service = RulesService(db_path=str(tmp_path / "rules.sqlite"))
    where = Asked(channel="console")
    expected = [
        format_answer(service.ask("how many tributes do i need for a lvl 5 monster", game="yugioh", where=where)),
        format_answer(service.ask("and a lvl 7?", where=where)),
    ]
    assert replies == expected
    assert replies[0] != replies[1]


async def test_discord_style_option_names_take_the_whole_text(console: Console, tmp_path: Path) -> None:
    """`question:` and `name:` as Discord's slash options read them: the words after them belong to
    them (not only the first one), and the answer is the one the bare words get."""
    from bot.services.rules import RulesAssistant

    console.services.rules = RulesAssistant(db_path=str(tmp_path / "rules.sqlite"))
    bare = await console.handle("/rules ask game:naruto how many cards do i draw each turn")
    assert "Source:" in bare
    console.services.rules = RulesAssistant(db_path=str(tmp_path / "rules.sqlite"))  # no follow-up context
    named = await console.handle("/rules ask game:naruto question:how many cards do i draw each turn")
    assert named == bare
    card = await console.handle("/card name:dark magican game:yugioh")
    assert card.startswith("Dark Magician [yugioh")
    created = await console.handle("/league create name:Spring Cup game:yugioh")
    assert "Spring Cup" in created
    assert "Spring Cup" in await console.handle("/league info name:Spring Cup")


@pytest.mark.parametrize(
    ("line", "words"),
    [
        ("Wayfarer's Bundle", ["Wayfarer's", "Bundle"]),
        ("what's a shard? game:usagi", ["what's", "a", "shard?", "game:usagi"]),
        ('game:yugioh deck:"Starter Deck Yugi"', ["game:yugioh", "deck:Starter Deck Yugi"]),
        ("deck:'Starter Deck Kaiba' game:yugioh", ["deck:Starter Deck Kaiba", "game:yugioh"]),
        ("it's Bo's \"big deck\"", ["it's", "Bo's", "big deck"]),
    ],
)
def test_apostrophes_are_letters_and_quotes_still_group(line: str, words: list[str]) -> None:
    from bot.console.parsing import split_words

    assert split_words(line) == words


async def test_console_commands_with_apostrophes(console: Console, tmp_path: Path) -> None:
    from bot.services.rules import RulesAssistant

    console.services.rules = RulesAssistant(db_path=str(tmp_path / "rules.sqlite"))
    answer = await console.handle("/rules ask what's the hand size limit? game:usagi")
    assert "Could not read" not in answer and "Source:" in answer
    card = await console.handle("/card Wayfarer's Bundle")
    assert "Could not read" not in card
    unclosed = await console.handle('/card "Dark Magician game:yugioh')
    assert "close the quote" in unclosed


@pytest.mark.parametrize("typed", ["Yugioh", "YUGIOH", "yugioh", " yugioh "])
async def test_game_ids_in_any_case(console: Console, tmp_path: Path, typed: str) -> None:
    from bot.services.rules import RulesAssistant

    console.services.rules = RulesAssistant(db_path=str(tmp_path / "rules.sqlite"))
    card = await console.handle(f'/card dark magician game:"{typed}"')
    assert card.startswith("Dark Magician [yugioh"), card
    section = await console.handle(f'/rules section game:"{typed}" id:10.2')
    assert "10.2" in section and "no game" not in section


async def test_unknown_game_is_named_as_such(console: Console, tmp_path: Path) -> None:
    from bot.services.rules import RulesAssistant

    console.services.rules = RulesAssistant(db_path=str(tmp_path / "rules.sqlite"))
    card = await console.handle("/card dark magician game:nogame")
    assert "no game called 'nogame'" in card and "yugioh" in card and "No card matches" not in card
    section = await console.handle("/rules section game:nogame id:1")
    assert "no game called 'nogame'" in section and "There is no section" not in section
