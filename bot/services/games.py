"""The bot's one door into the rules engine: games from the registry, states, views, AI moves.

Games are discovered through `engine.list_games()`; nothing here names a game.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from bot.services.errors import NotFoundError, ServiceError

if TYPE_CHECKING:
    from engine.core.game import DeckList, Game
    from engine.core.state import State


@dataclass(frozen=True, slots=True)
class GameInfo:
    id: str
    name: str
    min_players: int
    max_players: int
    version: str


def list_games() -> list[GameInfo]:
    """Every registered game (games whose package fails to import are skipped, not fatal)."""
    import engine

    infos = []
    for game_id in engine.list_games():
        game = engine.get_game(game_id)
        infos.append(GameInfo(game.id, game.name or game.id, game.min_players, game.max_players, game.version))
    return infos


def get_game(game_id: str) -> Game:
    """The game with this id (case-insensitive, or by its display name); a polite error otherwise."""
    import engine

    wanted = game_id.strip().casefold()
    for info in list_games():
        if wanted in (info.id.casefold(), info.name.casefold()):
            return engine.get_game(info.id)
    known = ", ".join(i.id for i in list_games()) or "none installed"
    raise NotFoundError(f"There is no game called {game_id!r}. Games: {known}.")


def preconstructed(game: Game) -> dict[str, DeckList]:
    """The game's built-in decks by name (empty when it ships none)."""
    try:
        return {name: deck.as_lists() for name, deck in game.pool.decks.items()}
    except (OSError, ValueError):
        return {}


def new_state(game: Game, decks: list[DeckList], seed: int, options: dict[str, Any]) -> State:
    from engine.core.errors import IllegalActionError, InvalidActionError

    try:
        return game.new_match(decks, seed, options)
    except (InvalidActionError, IllegalActionError) as exc:
        raise ServiceError(f"The match cannot start: {exc}") from exc


def state_from_snapshot(game: Game, snapshot: str) -> State:
    return game.from_json(json.loads(snapshot))


def snapshot(state: State) -> str:
    return json.dumps(state.to_json(), separators=(",", ":"))


def ai_choice(state: State, seat: int, level: str, salt: int) -> str:
    """The option id the AI picks for `seat` at this prompt.

    Uses `engine.ai` when it provides an agent for `level`; otherwise picks uniformly among the
    legal options with a generator seeded from the match (so a replay of the record is unaffected:
    the record stores the chosen id, not how it was chosen).
    """
    prompt = state.prompt()
    if prompt is None or prompt.player != seat:
        raise ServiceError("The AI was asked to move when it is not its turn.")
    agent = _engine_agent(level)
    if agent is not None:
        return str(agent(state, seat))
    rng = random.Random(salt * 1_000_003 + state.steps)
    return rng.choice(prompt.options).id


def _engine_agent(level: str) -> Any:
    """A callable (state, seat) -> option id from `engine.ai`, when the package offers one."""
    try:
        import engine.ai as ai
    except ImportError:
        return None
    factory = getattr(ai, "make_agent", None) or getattr(ai, "get_agent", None)
    if factory is None:
        return None
    try:
        agent = factory(level)
    except (KeyError, ValueError):
        return None
    choose = getattr(agent, "choose", None)
    if choose is None:
        return None

    def run(state: State, seat: int) -> str:
        picked = choose(state, seat) if _takes_two(choose) else choose(state)
        return str(getattr(picked, "id", picked))

    return run


def _takes_two(func: Any) -> bool:
    import inspect

    try:
        params = [
            p
            for p in inspect.signature(func).parameters.values()
            if p.default is inspect.Parameter.empty and p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)
        ]
    except (TypeError, ValueError):
        return False
    return len(params) >= 2
