"""The bot's one door into the rules engine: games from the registry, states, views, AI moves.

Games are discovered through `engine.list_games()`; nothing here names a game.
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from bot.services.errors import NotFoundError, ServiceError
from bot.services.simultaneous import Held, take_held
from engine.core.game import ALWAYS_ASK

log = logging.getLogger(__name__)

if TYPE_CHECKING:
    from engine.ai.agents import Agent
    from engine.core.game import DeckList, Game
    from engine.core.prompt import Prompt
    from engine.core.state import State


@dataclass(frozen=True, slots=True)
class GameInfo:
    id: str
    name: str
    min_players: int
    max_players: int
    version: str


def broken_games() -> dict[str, str]:
    """Game packages that failed to import, with why (logged once, shown in /games)."""
    from engine.core.registry import discovery_errors

    broken = discovery_errors()
    for name, error in broken.items():
        if name not in _LOGGED:
            _LOGGED.add(name)
            log.error("game package %s failed to import: %s", name, error)
    return broken


_LOGGED: set[str] = set()


def list_games() -> list[GameInfo]:
    """Every registered game, discovered through the engine's registry."""
    from engine.core.registry import get_game as engine_get
    from engine.core.registry import list_games as engine_list

    broken_games()  # a broken game package is reported, never fatal (the registry skips it)
    infos = []
    for game_id in engine_list():
        game = engine_get(game_id)
        infos.append(GameInfo(game.id, game.name or game.id, game.min_players, game.max_players, game.version))
    return infos


def get_game(game_id: str) -> Game:
    """The game with this id (case-insensitive, or by its display name); a polite error otherwise."""
    from engine.core.registry import get_game as engine_get

    wanted = game_id.strip().casefold()
    for info in list_games():
        if wanted in (info.id.casefold(), info.name.casefold()):
            return engine_get(info.id)
    known = ", ".join(i.id for i in list_games()) or "none installed"
    raise NotFoundError(f"There is no game called {game_id!r}. Games: {known}.")


def canonical_game_id(game_id: str | None) -> str | None:
    """The id of the game a player typed ("Naruto", "YUGIOH", "Naruto CCG"), None when nothing was
    typed; NotFoundError listing the games when there is no such game."""
    if game_id is None or not game_id.strip():
        return None
    return get_game(game_id).id


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


DEFAULT_AI = "normal"  # an engine.ai level: easy, normal, hard (or random, greedy[:ms], ismcts[:ms])


def ai_level(level: str | None) -> str:
    """A usable AI spec for `level` (the default when empty); ServiceError naming the known ones."""
    from engine.ai.agents import make_agent

    spec = (level or DEFAULT_AI).strip()
    try:
        make_agent(spec)
    except ValueError as exc:
        if not level:
            return "random"
        raise ServiceError(f"Unknown AI level {level!r}: {exc}") from exc
    return spec


def ai_agent(state: State, level: str, salt: int) -> Agent:
    """An agent (`engine.ai`, spec `level`) seeded from the match and the decision number, so
    its play is reproducible; the record stores the chosen ids, so replays never depend on it."""
    from engine.ai.agents import make_agent

    return make_agent(level, seed=(salt * 1_000_003 + state.steps) & 0xFFFFFFFF, game_id=state.game_id)


def ai_choice(state: State, seat: int, agent: Agent) -> str:
    """The option id `agent` picks for `seat` at this prompt. Keep one agent for a seat's
    decisions in a row, so a searching agent keeps what it learned."""
    prompt = state.prompt()
    if prompt is None or prompt.player != seat:
        raise ServiceError("The AI was asked to move when it is not its turn.")
    return agent.choose(state, seat).id


AI_TURN_SECONDS = 7.0  # a whole AI turn (every decision until a person must answer) stays near this
QUICK_AI = "greedy:20"  # what an AI seat plays with once its turn has used AI_TURN_SECONDS
AI_STEP_LIMIT = 2_000  # AI decisions in one go before handing back (guards against loops)


def run_ai(
    state: State,
    levels: Sequence[str | None],
    salt: int,
    *,
    turn_seconds: float = AI_TURN_SECONDS,
    on_decision: Callable[[int], None] | None = None,
    held: Held | None = None,
) -> list[str]:
    """Let AI seats (`levels[seat]`, None for a person) decide until a person must answer or the
    game ends; returns the option ids applied to `state`.

    A whole run is capped, not only each decision: once it has taken `turn_seconds`, the AI
    finishes its turn with the quick `QUICK_AI`, so `hard` never keeps a player waiting long.
    A person's prompt with only one option is answered for them (and recorded) unless the match
    option `always_ask` is on, and answers `held` for people who chose early in
    a simultaneous step are applied when the engine asks for them. `on_decision(count)` is told
    after every decision (progress for the console).
    """
    picked: list[str] = []
    agents: dict[int, Agent] = {}  # one per AI seat for this run, so a search keeps its tree
    started = time.monotonic()
    hurried = False
    for _ in range(AI_STEP_LIMIT):
        prompt = state.prompt()
        if prompt is None or state.result is not None:
            break
        if not levels[prompt.player]:
            answer = take_held(state, held) if held else None
            if answer is None and passes_for_them(state, prompt):
                answer = prompt.options[0].id
            if answer is None:
                break
            state.apply(answer)
            picked.append(answer)
            continue
        if not hurried and time.monotonic() - started > turn_seconds:
            hurried = True
            agents = {seat: ai_agent(state, QUICK_AI, salt) for seat in agents}
        agent = agents.get(prompt.player)
        if agent is None:
            level = QUICK_AI if hurried else levels[prompt.player] or ""
            agent = agents[prompt.player] = ai_agent(state, level, salt)
        option_id = ai_choice(state, prompt.player, agent)
        state.apply(option_id)
        picked.append(option_id)
        if on_decision is not None:
            on_decision(len(picked))
    return picked


def passes_for_them(state: State, prompt: Prompt) -> bool:
    """A prompt with one option (a window a person can only pass, "End the Battle Phase" as the only
    way on, the only card a search finds): the bot answers it for them, unless `always_ask` keeps
    every prompt open (so that skipping one can't tell the others they hold nothing)."""
    return len(prompt.options) == 1 and not state.options.get(ALWAYS_ASK)


def parse_options(game: Game, text: str | None) -> dict[str, Any]:
    """Match options typed as "name=value, name=value" (values coerced like the defaults), validated.

    Interpretations of unclear rules are match options, so players can agree on one before playing.
    """
    from engine.core.errors import InvalidActionError

    chosen: dict[str, Any] = {}
    for part in (text or "").replace(";", ",").split(","):
        if not part.strip():
            continue
        name, sep, raw = part.partition("=")
        name, raw = name.strip(), raw.strip()
        option = game.match_options.get(name)
        if not sep or option is None:
            known = ", ".join(sorted(game.match_options)) or "none"
            raise ServiceError(f"{game.name} has no match option {name!r} (write name=value; options: {known}).")
        chosen[name] = _coerce(raw, option.default)
    try:
        game.resolve_options(chosen)
    except InvalidActionError as exc:
        raise ServiceError(f"Match options: {exc}") from exc
    return chosen


def _coerce(raw: str, default: Any) -> Any:
    if isinstance(default, bool):
        folded = raw.casefold()
        if folded in ("true", "yes", "on", "1"):
            return True
        if folded in ("false", "no", "off", "0"):
            return False
        raise ServiceError(f"{raw!r} is not yes/no.")
    if isinstance(default, int):
        if not raw.lstrip("-").isdigit():
            raise ServiceError(f"{raw!r} is not a whole number.")
        return int(raw)
    return raw


def options_text(game: Game) -> str:
    """Every match option of a game: name, default, allowed values and what it means."""
    lines = [f"{game.name} match options (name=value, comma-separated):"]
    for name, option in sorted(game.match_options.items()):
        allowed = " / ".join(str(v) for v in option.choices) if option.choices else "any"
        lines.append(f"- {name} = {option.default} ({allowed}): {option.help}")
    return "\n".join(lines) if game.match_options else f"{game.name} has no match options."
