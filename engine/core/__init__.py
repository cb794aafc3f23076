"""The game-agnostic kernel: state, prompts, RNG, events, errors, registry, records, scenarios."""

from engine.core.errors import EngineError, IllegalActionError, InvalidActionError
from engine.core.events import Event
from engine.core.game import Game, MatchOption, ZoneSpec
from engine.core.prompt import Option, Prompt
from engine.core.registry import get_game, list_games, register_game
from engine.core.state import Card, Frame, Modifier, Result, State

__all__ = [
    "Card",
    "EngineError",
    "Event",
    "Frame",
    "Game",
    "IllegalActionError",
    "InvalidActionError",
    "MatchOption",
    "Modifier",
    "Option",
    "Prompt",
    "Result",
    "State",
    "ZoneSpec",
    "get_game",
    "list_games",
    "register_game",
]
