"""The console's `/league …` commands: the same league service as Discord, one local "server".

At the keyboard everyone is an organizer (it is your own machine); players are the local
names used with `/as NAME`. Pod leagues: `/league finish name:N order:"ana > bo = cy > di"` reports
your pod's finishing order, `/league confirm pod:ID` confirms it, `/league settle pod:ID order:…
reason:…` sets it (organizers), and `/league play` says you are ready to play your pod here.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from bot.console.parsing import Args, command, number
from bot.render.leagues import leaderboard_text, league_summary, match_line, pod_line, rating_text, standings_table
from bot.services.errors import ServiceError
from bot.services.leagues.export import csv_bytes, export_file_name
from bot.services.leagues.pod_service import parse_order, parse_points
from bot.services.leagues.service import LeagueService, names_of
from bot.services.ratings import OFFLINE_GUILD, RatingService

if TYPE_CHECKING:
    from bot.console.session import Console

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
        "pod_size",
        "file",
        "points",
        "small_pods",
        "allow_undo",
        "order",
        "pod",
        "deadline",
    }
)
USAGE_CREATE = (
    "/league create name:N game:G [format:swiss|round_robin|ladder|pods] [rounds:R] [best_of:3] [top_cut:0] "
    "[pod_size:4] [points:3,2,1,0] [small_pods:yes] [allow_undo:yes]"
)
YES = ("yes", "true", "1")


def service(console: Console) -> LeagueService:
    return console.services.leagues


def league_name(args: Args, usage: str) -> str:
    name = args.text("name")
    if not name:
        raise ServiceError(f"Which league? Usage: {usage}")
    return name


@command("league create")
async def league_create(console: Console, args: Args) -> str:
    row = await service(console).create(
        GUILD,
        console.user,
        league_name(args, USAGE_CREATE),
        args.need("game", USAGE_CREATE),
        args.get("format") or "swiss",
        rounds=number(args.get("rounds") or "0", "a number of rounds"),
        best_of=number(args.get("best_of") or "3", "a best-of count"),
        round_length_hours=float(number(args.get("round_length") or "168", "hours")),
        top_cut=number(args.get("top_cut") or "0", "a top-cut size"),
        deadline_policy=args.get("deadline") or "none",
        is_organizer=True,
        pod_size=number(args.get("pod_size") or "4", "a pod size"),
        points=parse_points(args.get("points") or ""),
        small_pods=(args.get("small_pods") or "").lower() in YES,
        allow_undo=(args.get("allow_undo") or "").lower() in YES,
    )
    kind = f"pods of {row.pod_size}" if row.format == "pods" else row.format
    return f"League {row.name} created ({row.game}, {kind}). Sign up: /league join name:{row.name} deck:D"


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
    force = (args.get("force") or "").lower() in YES
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
    if info.is_pods:
        return standings_table(info, pod_rows=await leagues.pod_standings(GUILD, name))
    return standings_table(info, rows=await leagues.standings(GUILD, name))


@command("league export")
async def league_export(console: Console, args: Args) -> str:
    """Writes the CSV file (UTF-8, as a spreadsheet opens it) and shows it."""
    name = league_name(args, "/league export name:N [file:PATH]")
    text = await service(console).export_csv(GUILD, name)
    path = Path(args.get("file") or export_file_name(name))
    try:
        path.write_bytes(csv_bytes(text))
    except OSError as exc:
        raise ServiceError(f"Could not write {str(path)[:80]!r}: {exc.strerror or exc}") from exc
    return f"{text.replace(chr(13), '')}\nWrote {path} ({len(text.splitlines())} lines)."


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
    usage = "/league confirm match:ID (or /league dispute match:ID; pods: pod:ID)"
    if args.get("pod"):
        pod_id = number(args.need("pod", usage), "a league pod number")
        pod = await service(console).pods.confirm(pod_id, console.user, accept)
        return pod_line(pod) + (
            f" — {len(pod.confirmed_by)}/{len(pod.players)} confirmed" if pod.status == "reported" else ""
        )
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


@command("league finish")
async def league_finish(console: Console, args: Args) -> str:
    usage = '/league finish name:N order:"ana > bo = cy > di" (best first, = for a tie)'
    name = league_name(args, usage)
    leagues = service(console)
    info = await leagues.info(GUILD, name)
    pod = leagues.pods.pod_for(info, console.user)
    groups = parse_order(args.need("order", usage), pod.players, names_of(info.entries))
    row = await leagues.pods.report(pod.id or 0, console.user, groups)
    return f"Reported {pod_line(row)}. The others confirm with /league confirm pod:{row.id} (or dispute)."


@command("league settle")
async def league_settle(console: Console, args: Args) -> str:
    usage = '/league settle pod:ID order:"ana > bo = cy > di" reason:TEXT'
    leagues = service(console)
    pod = await leagues.pods.pod(number(args.need("pod", usage), "a league pod number"))
    groups = parse_order(args.need("order", usage), pod.players, {})
    row = await leagues.pods.settle(pod.id or 0, console.user, groups, args.need("reason", usage), is_organizer=True)
    return f"Set {pod_line(row)} (the earlier result stays in its history)."


@command("league play")
async def league_play(console: Console, args: Args) -> str:
    name = league_name(args, "/league play name:N")
    leagues = service(console)
    if (await leagues.league(GUILD, name)).format == "pods":
        pod, update = await leagues.play_pod(GUILD, name, console.user, console.services.matches)
        if update is None:
            waiting = ", ".join(p for p in pod.players if p not in pod.ready)
            return f"{console.user} is ready to play pod #{pod.id}; waiting for {waiting} (/league play name:{name})."
        return f"Match #{update.row.id} started for pod #{pod.id} with the league decks; its order counts by itself."
    row = await leagues.play(GUILD, name, console.user, console.services.matches)
    if row.seats[1]["user"] == console.user:  # the opponent offered first: this joins their offer
        update = await console.services.matches.respond(row.id or 0, console.user, True)
        return f"You accept match #{row.id}, offered by {row.seats[0]['name']}.\n" + await console.after(update)
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
