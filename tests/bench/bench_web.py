"""Web companion benchmark: page latency over a server with 1,000 finished matches and a 256-player
league; prints one JSON object.

Seeding: a few whole matches per game are played by seeded random choices through the engine and
stored 1,000 times over between random pairs of 256 people (finished records the pages replay, as
the bot stores them); a 256-player best-of-3 Swiss league of 8 rounds is played through the league
service (random results, reported and confirmed). Then every page type is requested over real HTTP
(aiohttp's test server in-process): servers, leagues, CSV, leaderboards, players, matches (the first
view of a match, which replays it once, and later views), replay steps, and board images (the first
drawing of a step, and the cached one). Figures are milliseconds.

    .venv/bin/python tests/bench/bench_web.py                                   # SQLite (temp file)
    .venv/bin/python tests/bench/bench_web.py --db postgresql://postgres@127.0.0.1:5432/test
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "web"))

from aiohttp.test_utils import TestClient, TestServer  # noqa: E402
from webdata import GUILD, SECRET, finished_swiss_league, random_record  # noqa: E402

from bot.persistence import MatchRow  # noqa: E402
from bot.services import games as engine_games  # noqa: E402
from bot.services.hub import Services  # noqa: E402
from bot.web.app import SITE, create_app  # noqa: E402
from bot.web.links import WebLinks  # noqa: E402
from bot.web.ratelimit import RateLimit  # noqa: E402
from bot.web.replay import TIMELINES  # noqa: E402
from bot.web.tokens import Signer  # noqa: E402

GAMES = ("yugioh", "naruto", "inuyasha", "inazuma", "usagi")


async def fresh_postgres(url: str) -> str:
    """A new database `tcgtable_bench_web` beside the given one (dropped first when it exists)."""
    import asyncpg

    base, _, _ = url.rpartition("/")
    conn = await asyncpg.connect(url)
    try:
        await conn.execute('DROP DATABASE IF EXISTS "tcgtable_bench_web" WITH (FORCE)')
        await conn.execute('CREATE DATABASE "tcgtable_bench_web"')
    finally:
        await conn.close()
    return f"{base}/tcgtable_bench_web"


def records(per_game: int) -> list[tuple[str, int, list[str], dict[str, Any]]]:
    """(game, seed, choices, result) of whole random two-player matches."""
    out = []
    for game in GAMES:
        for seed in range(1, per_game + 1):
            state, choices = random_record(game, seed, 2)
            result = state.result
            assert result is not None
            out.append((game, seed, choices, {"winners": list(result.winners), "reason": result.reason}))
    return out


async def seed_matches(
    services: Services, count: int, people: int, per_game: int, rng: random.Random
) -> tuple[list[int], list[str]]:
    """`count` finished matches between random pairs of `people`; returns their ids and the players."""
    played = records(per_game)
    rows = []
    start = time.time() - 90 * 86400
    for n in range(count):
        game_id, seed, choices, result = played[n % len(played)]
        game = engine_games.get_game(game_id)
        decks = list(engine_games.preconstructed(game).values())
        a, b = rng.sample(range(people), 2)
        think = {"0": [rng.uniform(10, 600), 20], "1": [rng.uniform(10, 600), 20]}
        rows.append(
            MatchRow(
                game=game_id,
                engine_version=game.version,
                seed=seed,
                status="finished",
                seats=[
                    {"user": f"{1000 + a}", "name": f"Player {a}", "ai": None},
                    {"user": f"{1000 + b}", "name": f"Player {b}", "ai": None},
                ],
                decks=[decks[0], decks[1 % len(decks)]],
                deck_names=["a", "b"],
                choices=choices,
                result=result,
                guild_id=GUILD,
                meta={"think": think},
                created_at=start + n * 7000,
                updated_at=start + n * 7000 + 3600,
            )
        )
    async with services.db.writing() as session:
        session.add_all(rows)
    async with services.db.session() as session:
        from sqlmodel import col, select

        ids = list((await session.execute(select(MatchRow.id).order_by(col(MatchRow.id)))).scalars())
    return ids, sorted({seat["user"] for row in rows for seat in row.seats})


def figures(samples: list[float]) -> dict[str, float]:
    ordered = sorted(samples)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return {
        "n": len(ordered),
        "p50_ms": round(statistics.median(ordered), 2),
        "p95_ms": round(p95, 2),
        "max_ms": round(ordered[-1], 2),
    }


async def timed(client: TestClient[Any, Any], url: str) -> float:
    started = time.perf_counter()
    response = await client.get(url)
    await response.read()
    took = (time.perf_counter() - started) * 1000
    if response.status != 200:
        raise RuntimeError(f"{url}: {response.status}")
    return took


async def measure(
    services: Services, ids: list[int], people: list[str], league: int, args: argparse.Namespace
) -> dict[str, Any]:
    rng = random.Random(args.seed)
    signer = Signer(SECRET)
    links = WebLinks("", signer)
    app = create_app(services, signer, rate_limit=RateLimit(rate=1e6, burst=10**6))
    out: dict[str, Any] = {}
    async with TestClient(TestServer(app)) as client:
        site = app[SITE]
        league_players = [f"{5000 + n}" for n in range(args.league_players)]
        await timed(client, "/")  # templates compiled once per process
        pages: dict[str, list[str]] = {
            "server": [links.guild(GUILD)] * args.requests,
            "league": [links.league(league)] * args.requests,
            "league_csv": [links.league_csv(league)] * args.requests,
            "leaderboard": [links.leaderboard(GUILD, rng.choice(GAMES)) for _ in range(args.requests)],
            "player": [links.player(GUILD, rng.choice(people)) for _ in range(args.requests)],
            "league_player": [links.player(GUILD, rng.choice(league_players)) for _ in range(args.requests)],
        }
        first_views = rng.sample(ids, min(args.requests, len(ids), TIMELINES))  # later views: all cached
        pages["match_first_view"] = [links.match(m) for m in first_views]
        pages["match"] = [links.match(rng.choice(first_views)) for _ in range(args.requests)]
        steps = []
        for _ in range(args.requests):
            match_id = rng.choice(first_views)
            row = await services.db.get_match(match_id)
            assert row is not None
            steps.append((match_id, rng.randrange(len(row.choices) + 1)))
        pages["replay_step"] = [links.match(m, s) for m, s in steps]
        pages["board_image_first"] = [links.board(m, s) for m, s in steps]
        pages["board_image_cached"] = [links.board(m, s) for m, s in steps]
        for kind, urls in pages.items():
            out[kind] = figures([await timed(client, url) for url in urls])
        out["image_cache"] = {"images": len(site.replays.images), "bytes": site.replays.images.used}
        out["timelines_cached"] = len(site.replays.timelines)
    return out


async def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", default="", help="database URL (default: a temporary SQLite file)")
    parser.add_argument("--matches", type=int, default=1000)
    parser.add_argument("--people", type=int, default=256, help="players of the finished matches")
    parser.add_argument("--league-players", type=int, default=256)
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--per-game", type=int, default=4, help="distinct random matches per game")
    parser.add_argument("--requests", type=int, default=100, help="requests per page type")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    import engine

    with tempfile.TemporaryDirectory() as tmp:
        url = await fresh_postgres(args.db) if args.db.startswith("postgres") else (args.db or f"sqlite:///{tmp}/w.db")
        services = await Services.from_url(url).open()
        try:
            started = time.perf_counter()
            ids, people = await seed_matches(
                services, args.matches, args.people, args.per_game, random.Random(args.seed)
            )
            players = [(f"{5000 + n}", f"Entrant {n}") for n in range(args.league_players)]
            await finished_swiss_league(services, "Big League", players, rounds=args.rounds, seed=args.seed)
            league = (await services.leagues.league(GUILD, "Big League")).id or 0
            seeded = time.perf_counter() - started
            result: dict[str, Any] = {
                "backend": "postgresql" if services.db.url.startswith("postgres") else "sqlite",
                "engine": engine.BUILD.kind,
                "matches": len(ids),
                "league_players": args.league_players,
                "league_matches": len((await services.leagues.info(GUILD, "Big League")).matches),
                "seed_s": round(seeded, 1),
            }
            result.update(await measure(services, ids, people, league, args))
        finally:
            await services.close()
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(asyncio.run(main()))
