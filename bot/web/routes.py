"""Every page of the web companion: one handler per page, all read-only.

Pages open by signed tokens (`bot/web/tokens.py`); anything unknown, forged or out of range is a
404. Match pages draw only the spectator's view (`bot/web/replay.py`).
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any

from aiohttp import web
from markupsafe import Markup

from bot.persistence.league_models import LeagueMatchRow, LeaguePodRow, LeagueRow
from bot.render.leagues import ordinal
from bot.services.leagues import pod_service
from bot.services.leagues.export import csv_bytes, export_file_name
from bot.services.leagues.pod_standings import show_points
from bot.services.leagues.service import LeagueInfo, LeagueService, names_of
from bot.services.leagues.standings import standings
from bot.services.match_model import average_times, result_text, seats_of
from bot.services.skill import DISPLAY_BASE, PROVISIONAL_GAMES
from bot.web import queries
from bot.web.links import OFFLINE_GUILD
from bot.web.replay import NotReplayable, story_html
from bot.web.site import Site, not_found

routes = web.RouteTableDef()
TOKEN = r"{token:[A-Za-z0-9_:~.-]{3,160}}"
STEP = r"{step:[0-9]{1,9}}"
GAME = r"{game:[a-z0-9_]{1,32}}"


def site_of(request: web.Request) -> Site:
    from bot.web.app import SITE

    return request.app[SITE]


# ---------------------------------------------------------------------------------------- index
@routes.get("/")
async def index(request: web.Request) -> web.Response:
    site = site_of(request)
    guilds = await queries.public_guilds(site.services.db)
    return site.page("index.html", title="tcgtable", guilds=guilds)


@routes.get("/favicon.ico")
async def favicon(request: web.Request) -> web.Response:
    """No icon (browsers ask for one on every site): an empty answer, not a 404 in their console."""
    return web.Response(status=204, headers={"Cache-Control": "public, max-age=86400"})


# ---------------------------------------------------------------------------------------- servers
async def guild_of_token(site: Site, token: str) -> str:
    """A server's id from its signed token, or its plain id when it opted into a public listing."""
    guild_id = site.signer.unsign("g", token)
    if guild_id is None and token.isdigit() and len(token) < 24:
        config = await site.services.db.guild_config(token)
        guild_id = token if config.web_public else None
    if guild_id is None:
        raise not_found("This link is not valid.")
    await site.check_guild(guild_id)
    return guild_id


@routes.get(f"/g/{TOKEN}")
async def guild(request: web.Request) -> web.Response:
    site = site_of(request)
    guild_id = await guild_of_token(site, request.match_info["token"])
    data = await queries.guild_page(site.services.db, guild_id)
    label = "This computer (console)" if guild_id == OFFLINE_GUILD else f"Server {guild_id}"
    return site.page("guild.html", title=label, label=label, data=data, linkable=site.linkable)


@routes.get(f"/g/{TOKEN}/leaderboard/{GAME}")
async def leaderboard(request: web.Request) -> web.Response:
    site = site_of(request)
    guild_id = await guild_of_token(site, request.match_info["token"])
    game = request.match_info["game"]
    if game not in site.game_ids:
        raise not_found("No such game.")
    table, _ = (await site.ratings_of(guild_id, [game]))[game]
    return site.page(
        "leaderboard.html",
        title=f"{game} leaderboard",
        guild_id=guild_id,
        game=game,
        table=table,
        provisional=PROVISIONAL_GAMES,
        linkable=site.linkable,
    )


# ---------------------------------------------------------------------------------------- leagues
@dataclass(frozen=True, slots=True)
class StandingLine:
    rank: int
    user: str
    name: str
    dropped: bool
    cells: tuple[str, ...]


Seated = tuple[str, str, str]
"""A player in a pairing or pod: (user, name, finishing place or "")."""


@dataclass(frozen=True, slots=True)
class RoundShow:
    title: str
    lines: list[tuple[list[Seated], str, str]]  # players, the score ("" for a pod), status


def standing_lines(info: LeagueInfo, ratings: list[tuple[str, float, int]]) -> tuple[list[str], list[StandingLine]]:
    """The standings table's header and rows, with the tiebreakers of the league's format."""
    names = names_of(info.entries)
    dropped = {e.user for e in info.entries if e.dropped}
    if info.league.format == "ladder":
        head = ["Rating", "Rated"]
        rows = [
            StandingLine(rank, user, names.get(user, user), user in dropped, (f"{rating:.0f}", str(games)))
            for rank, (user, rating, games) in enumerate(ratings, start=1)
        ]
        return head, rows
    if info.is_pods:
        head = ["Points", "Opp. avg", "Wins", "Pods", "Byes"]
        return head, [
            StandingLine(
                r.rank,
                r.player,
                names.get(r.player, r.player),
                r.player in dropped,
                (show_points(r.points), f"{float(r.opponents_points):.2f}", str(r.wins), str(r.pods), str(r.byes)),
            )
            for r in pod_service.standings_of(info)
        ]
    head = ["Points", "Record", "OMW", "GW", "OGW"]
    table = standings([e.user for e in info.entries], LeagueService.results(info))
    return head, [
        StandingLine(
            r.rank,
            r.player,
            names.get(r.player, r.player),
            r.player in dropped,
            (str(r.points), r.record, f"{r.omw:.1%}", f"{r.gw:.1%}", f"{r.ogw:.1%}"),
        )
        for r in table
    ]


def round_title(info: LeagueInfo, number: int) -> str:
    league = info.league
    if league.format == "ladder" and number == 0:
        return "Challenges"
    if info.is_pods and league.rounds and number > league.rounds:
        return "Final table"
    if number < 0 or (league.format == "swiss" and league.rounds and number > league.rounds):
        return f"Top cut, stage {abs(number) if number < 0 else number - league.rounds}"
    return f"Round {number}"


def match_show(m: LeagueMatchRow, names: dict[str, str]) -> tuple[list[Seated], str, str]:
    a = (m.player_a, names.get(m.player_a, m.player_a), "")
    if m.player_b is None:
        return [a], "bye", m.status
    b = (m.player_b, names.get(m.player_b, m.player_b), "")
    played = m.games_a + m.games_b + m.draws
    score = f"{m.games_a}-{m.games_b}" + (f"-{m.draws}" if m.draws else "") if played or m.status != "pending" else "vs"
    return [a, b], ("double loss" if m.double_loss else score), m.status


def pod_show(p: LeaguePodRow, names: dict[str, str]) -> tuple[list[Seated], str, str]:
    """A pod's players best first, each with their place ("2nd=" when tied), once it has a result."""
    if len(p.players) == 1:
        return [(p.players[0], names.get(p.players[0], p.players[0]), "")], "bye", p.status
    if p.double_loss or p.status == "pending" or not p.places:
        seated = [(u, names.get(u, u), "") for u in p.players]
        return seated, "unplayed: nobody scores" if p.double_loss else "", p.status
    order = sorted(zip(p.places, range(len(p.players)), p.players, strict=True))
    seated = [
        (user, names.get(user, user), ordinal(place) + ("=" if p.places.count(place) > 1 else ""))
        for place, _, user in order
    ]
    return seated, "", p.status


def rounds_of(info: LeagueInfo) -> list[RoundShow]:
    names = names_of(info.entries)
    by_round: dict[int, RoundShow] = {}
    for m in info.matches:
        by_round.setdefault(m.round, RoundShow(round_title(info, m.round), [])).lines.append(match_show(m, names))
    for p in info.pods:
        by_round.setdefault(p.round, RoundShow(round_title(info, p.round), [])).lines.append(pod_show(p, names))
    order = sorted(by_round, key=lambda n: (n < 0, abs(n)), reverse=True)
    return [by_round[n] for n in order]


async def league_of(site: Site, token: str) -> LeagueRow:
    raw = site.value("l", token)
    league = await queries.league_by_id(site.services.db, int(raw)) if raw.isdigit() and len(raw) < 10 else None
    if league is None:
        raise not_found("There is no such league.")
    await site.check_guild(league.guild_id)
    return league


@routes.get(f"/l/{TOKEN}")
async def league(request: web.Request) -> web.Response:
    """A league's page, drawn again only when something in it changed (a 256-player league's page
    is most of the work of this site)."""
    site = site_of(request)
    row = await league_of(site, request.match_info["token"])
    stamp = await queries.league_stamp(site.services.db, row.id or 0)

    async def draw() -> str:
        info = await site.services.leagues.info(row.guild_id, row.name)
        ratings = await site.services.leagues.ratings(row.guild_id, row.name)
        head, rows = standing_lines(info, ratings)
        names = names_of(info.entries)
        return site.render(
            "league.html",
            title=info.league.name,
            info=info,
            head=head,
            rows=rows,
            ratings=[(user, names.get(user, user), rating, games) for user, rating, games in ratings],
            rounds=rounds_of(info),
            points="/".join(str(p) for p in pod_service.points_table(info.league)) if info.is_pods else "",
            linkable=site.linkable,
        )

    html: str = await site.cached(("league", row.id, stamp), draw)
    return web.Response(text=html, content_type="text/html", charset="utf-8")


@routes.get(f"/l/{TOKEN}/export.csv")
async def league_csv(request: web.Request) -> web.Response:
    site = site_of(request)
    row = await league_of(site, request.match_info["token"])
    stamp = await queries.league_stamp(site.services.db, row.id or 0)

    async def export() -> str:
        return await site.services.leagues.export_csv(row.guild_id, row.name)

    text: str = await site.cached(("csv", row.id, stamp), export)
    name = export_file_name(row.name)
    return web.Response(
        body=csv_bytes(text),
        content_type="text/csv",
        charset="utf-8",
        headers={"Content-Disposition": f'attachment; filename="{name}"'},
    )


# ---------------------------------------------------------------------------------------- players
@routes.get(f"/p/{TOKEN}")
async def player(request: web.Request) -> web.Response:
    site = site_of(request)
    guild_id, _, user = site.value("p", request.match_info["token"]).partition("~")
    if not user:
        raise not_found("This link is not valid.")
    await site.check_guild(guild_id)
    data = await queries.player_page(site.services.db, guild_id, user)
    if data is None:
        raise not_found("This player has no match here.")
    plots = []
    for game, (table, history) in (await site.ratings_of(guild_id, data.games)).items():
        rank = next((n for n, r in enumerate(table, start=1) if r.player == user), None)
        if rank is not None:
            plots.append((game, rank, table[rank - 1], history.get(user, [])))
    return site.page(
        "player.html",
        title=data.name,
        guild_id=guild_id,
        data=data,
        plots=plots,
        provisional=PROVISIONAL_GAMES,
        newcomer=float(DISPLAY_BASE),
        linkable=site.linkable,
        seconds=_seconds,
    )


def _seconds(value: float) -> str:
    from bot.services.match_model import short_duration

    return short_duration(value)


# ---------------------------------------------------------------------------------------- matches
async def match_of(site: Site, token: str) -> Any:
    raw = site.value("m", token)
    row = await queries.match_row(site.services.db, int(raw)) if raw.isdigit() and len(raw) < 11 else None
    if row is None or not row.decks or row.status not in ("active", "finished", "aborted"):
        raise not_found("There is no such match to watch.")
    await site.check_guild(row.guild_id)
    return row


@routes.get(f"/m/{TOKEN}")
async def match(request: web.Request) -> web.Response:
    return await match_page(request, None)


@routes.get(f"/m/{TOKEN}/step/{STEP}")
async def match_step(request: web.Request) -> web.Response:
    return await match_page(request, int(request.match_info["step"]))


async def match_page(request: web.Request, step: int | None) -> web.Response:
    site = site_of(request)
    token = request.match_info["token"]
    row = await match_of(site, token)
    seats = seats_of(row)
    players = [(s.user, s.name, s.ai) for s in seats]
    common: dict[str, Any] = dict(
        title=f"Match #{row.id}",
        row=row,
        players=players,
        guild_id=row.guild_id,
        live=row.status == "active",
        follow=row.status == "active" and step is None,
        result=result_text(row) if row.status != "active" else "",
        times=average_times(row),
        linkable=site.linkable,
    )
    try:
        timeline = await site.replays.timeline(row)
    except NotReplayable as exc:
        return site.page("match.html", timeline=None, problem=str(exc), step=0, board=None, **common)
    at = timeline.shown if step is None else step
    if at > timeline.shown:
        raise not_found("This match has no such step.")
    board = await site.replays.board(row, at)
    step_base = f"/m/{token}/step/"
    if timeline.story_html is None:  # the story is the same on every step's page: written once
        timeline.story_html = await asyncio.to_thread(story_html, timeline, step_base)
    return site.page(
        "match.html",
        timeline=timeline,
        problem="",
        step=at,
        board=board,
        story_html=Markup(timeline.story_html),  # escaped line by line
        board_base=f"/m/{token}/board/",
        step_base=step_base,
        **common,
    )


@routes.get(f"/m/{TOKEN}/board/{STEP}.png")
async def board_image(request: web.Request) -> web.Response:
    site = site_of(request)
    row = await match_of(site, request.match_info["token"])
    step = int(request.match_info["step"])
    try:
        timeline = await site.replays.timeline(row)
    except NotReplayable as exc:
        raise not_found(str(exc)) from exc
    if step > timeline.shown:
        raise not_found("This match has no such step.")
    png = await site.replays.image(row, step)
    ended = row.status != "active"
    cache = "public, max-age=31536000, immutable" if ended else "public, max-age=10"
    return web.Response(body=png, content_type="image/png", headers={"Cache-Control": cache})
