"""Every sentence the rules assistant says to a player, in one place (ready for translation)."""

from __future__ import annotations

from collections.abc import Sequence

from rulesdocs.model import GAME_NAMES, GameId


def game_name(game: GameId) -> str:
    """The display name of `game` ("Naruto CCG")."""
    return GAME_NAMES.get(game, game)


def not_found(game: GameId, has_closest: bool) -> str:
    text = f"I did not find a rule about that in the {game_name(game)} rules."
    if has_closest:
        return text + " The closest sections are listed below (`/rules section` shows one whole)."
    return text + " `/rules section` shows a section of the rules; `/card NAME` shows a card's text."


def did_you_mean(labels: Sequence[str]) -> str:
    """The text of a "did you mean"; a single option is asked as a check, not offered as a choice."""
    listed = "\n".join(f"{n}. {label}" for n, label in enumerate(labels, 1))
    if len(labels) == 1:
        return (
            f"I'm not sure I understood. Is this what you're asking?\n{listed}\n"
            "Pick 1 for its answer, or ask again in other words."
        )
    return (
        f"I'm not sure which rule you mean. Did you mean:\n{listed}\n"
        "Pick one by its number, or ask again in other words."
    )


def outside_rules(game: GameId, reason: str) -> str:
    return f"I did not find a rule about that in the {game_name(game)} rules. {reason}".rstrip()


def games_dont_mix() -> str:
    return "Each game has its own rules and cards; they don't mix, and no rulebook covers playing them together."


def card_text(game: GameId, name: str) -> str:
    return (
        f"I did not find a rule about that in the {game_name(game)} rules: what one card does is its own text, "
        f"not a rule. Look it up with `/card {name}`."
    )


def other_game_hint(game: GameId) -> str:
    return f" It sounds like a {game_name(game)} question: ask again with game `{game}`."


def which_game(games: Sequence[GameId]) -> str:
    names = ", ".join(f"{game_name(g)} (`{g}`)" for g in games)
    return f"Which game is this about? I know the rules of {names}."


def empty_question() -> str:
    return "Ask a rules question, e.g. 'can I attack the turn I summon a monster?'"


def question_too_long(length: int, limit: int) -> str:
    return f"That question is too long ({length} characters; keep it under {limit})."


def unknown_game(game: str, known: Sequence[GameId]) -> str:
    return f"Unknown game {game!r}. Games with rules: {', '.join(known) or 'none'}."


def rules_silent(game: GameId) -> str:
    return (
        f"The {game_name(game)} rulebook doesn't settle this, so there is no official answer. "
        "How tcgtable plays it (our reading):"
    )


def no_next_step() -> str:
    return (
        "I'm not sure which step comes after that answer, so I won't guess. "
        'Name the step you are at (for example "the battle step is over, what next?"), or use `/rules section`.'
    )


def follow_up_unclear() -> str:
    return (
        "I'm not sure how that changes the rule I just gave, so I won't guess. "
        "Ask it as a whole question (for example with the card or the numbers), or use `/rules section`."
    )
