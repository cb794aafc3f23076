"""Test data for the web companion: finished matches played by seeded random choices through the
engine and stored as the bot stores them (the record is the truth; pages replay it)."""

from __future__ import annotations

import random
from typing import Any

from bot.persistence import MatchRow
from bot.services import games as engine_games

GUILD = "900"
SECRET = b"test-secret-for-web-pages-0123456789"


def random_record(game_id: str, seed: int, players: int = 2, max_choices: int = 4000) -> tuple[Any, list[str]]:
    """A whole match of seeded random choices: (its final state, the choices)."""
    game = engine_games.get_game(game_id)
    decks = list(engine_games.preconstructed(game).values())
    state = engine_games.new_state(game, [decks[n % len(decks)] for n in range(players)], seed, {})
    rng = random.Random(seed)
    choices: list[str] = []
    while state.result is None and len(choices) < max_choices:
        prompt = state.prompt()
        option = prompt.options[rng.randrange(len(prompt.options))].id
        state.apply(option)
        choices.append(option)
    return state, choices


def finished_row(
    game_id: str, seed: int, users: list[tuple[str, str]], *, guild: str | None = GUILD, upto: int | None = None
) -> MatchRow:
    """A stored match as the bot leaves it: finished (or active when cut at `upto` choices)."""
    game = engine_games.get_game(game_id)
    decks = list(engine_games.preconstructed(game).values())
    state, choices = random_record(game_id, seed, len(users))
    active = upto is not None and upto < len(choices)
    if active:
        choices = choices[:upto]
    result = None
    if not active and state.result is not None:
        result = {
            "winners": list(state.result.winners),
            "reason": state.result.reason,
            "scores": list(state.result.scores),
        }
    return MatchRow(
        game=game_id,
        engine_version=game.version,
        seed=seed,
        status="active" if active else "finished",
        seats=[{"user": u, "name": n, "ai": None} for u, n in users],
        max_players=len(users),
        decks=[decks[n % len(decks)] for n in range(len(users))],
        deck_names=[f"deck {n}" for n in range(len(users))],
        choices=choices,
        result=result,
        guild_id=guild,
        meta={"think": {"0": [120.0, 10], "1": [30.0, 10]}},
    )


def site_of(client: Any) -> Any:
    """The `Site` behind a test client's application."""
    from bot.web.app import SITE

    return client.app[SITE]


async def finished_pod_league(
    services: Any, name: str, players: list[tuple[str, str]], *, rounds: int = 3, seed: int = 1, guild: str = GUILD
) -> None:
    """A pod league of Usagi Yojimbo played to its end: each pod's finishing order is random (ties
    now and then), reported by its first player and confirmed by the others."""
    rng = random.Random(seed)
    leagues = services.leagues
    await leagues.create(guild, "org", name, "usagi", "pods", rounds=rounds, pod_size=4, is_organizer=True)
    for user, shown in players:
        _, deck = await services.decks.resolve(user, "usagi", None)
        await leagues.join(guild, name, user, shown, deck, "starter")
    info = await leagues.start(guild, name, is_organizer=True)
    while info.league.status != "finished":
        for pod in [p for p in info.pods if p.round == info.league.current_round and p.status == "pending"]:
            if len(pod.players) == 1:
                continue
            order = list(pod.players)
            rng.shuffle(order)
            groups = [[order[0], order[1]], *([p] for p in order[2:])] if rng.random() < 0.2 else [[p] for p in order]
            row = await leagues.pods.report(pod.id or 0, pod.players[0], groups)
            for other in pod.players[1:]:
                if row.status == "confirmed":
                    break
                row = await leagues.pods.confirm(pod.id or 0, other, True)
        info = await leagues.next_round(guild, name, is_organizer=True)


async def finished_swiss_league(
    services: Any, name: str, players: list[tuple[str, str]], *, rounds: int, seed: int = 1, guild: str = GUILD
) -> None:
    """A best-of-3 Swiss league of Naruto played to its end: random results, reported and confirmed."""
    rng = random.Random(seed)
    leagues = services.leagues
    await leagues.create(guild, "org", name, "naruto", "swiss", rounds=rounds, best_of=3, is_organizer=True)
    for user, shown in players:
        _, deck = await services.decks.resolve(user, "naruto", None)
        await leagues.join(guild, name, user, shown, deck, "starter")
    info = await leagues.start(guild, name, is_organizer=True)
    while info.league.status != "finished":
        for match in info.open_matches():
            if match.player_b is None or match.status != "pending":
                continue
            score = rng.choice([(2, 0), (2, 1), (1, 2), (0, 2), (1, 1)])
            await leagues.report(match.id or 0, match.player_a, *score)
            await leagues.confirm(match.id or 0, match.player_b, True)
        info = await leagues.next_round(guild, name, is_organizer=True)
