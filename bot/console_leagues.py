"""The console's `/league …` commands: the same league service as Discord, one local "server".

At the keyboard everyone is an organizer (it is your own machine); players are the local
names used with `/as NAME`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.console_commands import Args, command, number
from bot.render.leagues import leaderboard_text, league_summary, match_line, rating_text, standings_table
from bot.services.leagues.service import LeagueService
from bot.services.ratings import OFFLINE_GUILD, RatingService

if TYPE_CHECKING:
    from bot.console import Console

GUILD = OFFLINE_GUILD
LEAGUE_KEYS = frozenset(
    {
        "format",
        "rounds",
        "best_of",
        "round_length",
        "top_cut",
        "won",
        "lost",
        "draws",
        "match",
        "reason",
        "player",
        "force",
        "a",
        "b",
    }
)
USAGE_CREATE = "/league create name:N game:G [format:swiss|round_robin|ladder] [rounds:R] [best_of:3] [top_cut:0]"


def service(console: Console) -> LeagueService:
    return console.services.leagues


def league_name(args: Args, usage: str) -> str:
    name = args.get("name") or args.rest()
    if not name:
        from bot.services.errors import ServiceError

        raise ServiceError(f"Which league? Usage: {usage}")
    return name


@command("league create")
async def league_create(console: Console, args: Args) -> str:
    row = await service(console).create(
        GUILD,
        console.user,
        args.need("name", USAGE_CREATE),
        args.need("game", USAGE_CREATE),
        args.get("format") or "swiss",
        rounds=number(args.get("rounds") or "0", "a number of rounds"),
        best_of=number(args.get("best_of") or "3", "a best-of count"),
        round_length_hours=float(number(args.get("round_length") or "168", "hours")),
        top_cut=number(args.get("top_cut") or "0", "a top-cut size"),
        is_organizer=True,
    )
    return f"League {row.name} created ({row.game}, {row.format}). Sign up: /league join name:{row.name} deck:D"


@command("league join")
async def league_join(console: Console, args: Args) -> str:
    name = league_name(args, "/league join name:N [deck:D]")
    leagues = service(console)
    league = await leagues.league(GUILD, name)
    deck_name, sections = await console.services.decks.resolve(console.user, league.game, args.get("deck"))
    await leagues.join(GUILD, name, console.user, console.user, sections, deck_name)
    return f"{console.user} is in {league.name} with {deck_name} (hidden from opponents)."


@command("league drop")
async def league_drop(console: Console, args: Args) -> str:
    await service(console).drop(GUILD, league_name(args, "/league drop name:N"), console.user)
    return f"{console.user} dropped."


@command("league start")
async def league_start(console: Console, args: Args) -> str:
    return league_summary(
        await service(console).start(GUILD, league_name(args, "/league start name:N"), is_organizer=True)
    )


@command("league next")
async def league_next(console: Console, args: Args) -> str:
    force = (args.get("force") or "").lower() in ("yes", "true", "1")
    info = await service(console).next_round(
        GUILD, league_name(args, "/league next name:N [force:yes]"), is_organizer=True, force=force
    )
    return league_summary(info)


@command("league info")
async def league_info(console: Console, args: Args) -> str:
    return league_summary(await service(console).info(GUILD, league_name(args, "/league info name:N")))


@command("league standings")
async def league_standings(console: Console, args: Args) -> str:
    name = league_name(args, "/league standings name:N")
    leagues = service(console)
    info = await leagues.info(GUILD, name)
    if info.league.format == "ladder":
        return standings_table(info, ratings=await leagues.ratings(GUILD, name))
    return standings_table(info, rows=await leagues.standings(GUILD, name))


@command("league export")
async def league_export(console: Console, args: Args) -> str:
    return await service(console).export_csv(GUILD, league_name(args, "/league export name:N"))


@command("league report")
async def league_report(console: Console, args: Args) -> str:
    usage = "/league report name:N won:W lost:L [draws:D]"
    name = league_name(args, usage)
    leagues = service(console)
    match = await leagues.match_for(GUILD, name, console.user)
    row = await leagues.report(
        match.id or 0,
        console.user,
        number(args.need("won", usage), "a number of games"),
        number(args.need("lost", usage), "a number of games"),
        number(args.get("draws") or "0", "a number of games"),
    )
    return f"Reported {match_line(row)}. The opponent confirms with /league confirm match:{row.id} (or dispute)."


async def _answer_report(console: Console, args: Args, accept: bool) -> str:
    usage = "/league confirm match:ID (or /league dispute match:ID)"
    match_id = number(args.need("match", usage), "a league match number")
    row = await service(console).confirm(match_id, console.user, accept)
    return match_line(row)


@command("league confirm")
async def league_confirm(console: Console, args: Args) -> str:
    return await _answer_report(console, args, True)


@command("league dispute")
async def league_dispute(console: Console, args: Args) -> str:
    return await _answer_report(console, args, False)


@command("league edit")
async def league_edit(console: Console, args: Args) -> str:
    usage = "/league edit match:ID a:GAMES b:GAMES [draws:D] reason:TEXT"
    row = await service(console).edit(
        number(args.need("match", usage), "a league match number"),
        console.user,
        number(args.need("a", usage), "a number of games"),
        number(args.need("b", usage), "a number of games"),
        number(args.get("draws") or "0", "a number of games"),
        args.need("reason", usage),
        is_organizer=True,
    )
    return f"Set {match_line(row)} (the earlier result stays in its history)."


@command("league play")
async def league_play(console: Console, args: Args) -> str:
    name = league_name(args, "/league play name:N")
    row = await service(console).play(GUILD, name, console.user, console.services.matches)
    return (
        f"Match #{row.id} offered to {row.seats[1]['name']} with both league decks; "
        f"they accept with /as {row.seats[1]['user']} then /match accept {row.id}. The result counts by itself."
    )


@command("league challenge")
async def league_challenge(console: Console, args: Args) -> str:
    usage = "/league challenge name:N player:P"
    row = await service(console).challenge(GUILD, league_name(args, usage), console.user, args.need("player", usage))
    return f"League match {match_line(row)} created."


@command("rating")
async def rating(console: Console, args: Args) -> str:
    game = args.need("game", "/rating game:G [player:P]")
    player = args.get("player") or console.user
    return rating_text(player, game, await RatingService(console.services.db).of(GUILD, game, player))


@command("leaderboard")
async def leaderboard(console: Console, args: Args) -> str:
    game = args.need("game", "/leaderboard game:G")
    return leaderboard_text(game, await RatingService(console.services.db).table(GUILD, game))
