"""League text: summaries, pairings and pods, standings. Player names are escaped and never ping."""

from __future__ import annotations

from collections.abc import Sequence

from bot.persistence.league_models import LeagueMatchRow, LeaguePodRow
from bot.services.leagues.pod_service import points_table
from bot.services.leagues.pod_standings import PodRow, show_points
from bot.services.leagues.service import LeagueInfo, names_of
from bot.services.leagues.standings import Row
from bot.services.ratings import Rating
from bot.services.skill import PROVISIONAL_GAMES


def _esc(text: str) -> str:
    import discord.utils

    return discord.utils.escape_mentions(discord.utils.escape_markdown(text))


def match_line(match: LeagueMatchRow, names: dict[str, str] | None = None) -> str:
    """ "#12 Alice 2-1 Bob (confirmed)"; a bye reads "#13 Carol has a bye"."""
    names = names or {}
    a = _esc(names.get(match.player_a, match.player_a))
    if match.player_b is None:
        return f"#{match.id} {a} has a bye"
    b = _esc(names.get(match.player_b, match.player_b))
    draws = f"-{match.draws}" if match.draws else ""
    played = match.games_a + match.games_b + match.draws
    score = f"{match.games_a}-{match.games_b}{draws}" if match.status != "pending" or played else "vs"
    status = (
        f"{match.status}, {played} game{'s' if played != 1 else ''} played"
        if match.status == "pending" and played
        else match.status
    )
    why = _last_note(match)
    return f"#{match.id} {a} {score} {b} ({status})" + (f" — {why}" if why else "")


def _last_note(match: LeagueMatchRow) -> str:
    """The reason a pending match is still pending, when its history says one ("game #9 was aborted")."""
    if match.status != "pending" or not match.history:
        return ""
    last = match.history[-1]
    return _esc(str(last.get("why", ""))) if last.get("from") == last.get("to") else ""


def ordinal(place: int) -> str:
    suffix = "th" if 10 <= place % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(place % 10, "th")
    return f"{place}{suffix}"


def pod_line(pod: LeaguePodRow, names: dict[str, str] | None = None) -> str:
    """ "#7 Ana 1st, Bo 2nd=, Cy 2nd=, Di 4th (confirmed)"; unplayed: "#7 Ana, Bo, Cy, Di (pending)"."""
    names = names or {}
    players = [_esc(names.get(p, p)) for p in pod.players]
    if len(players) == 1:
        return f"#{pod.id} {players[0]} has a bye"
    if pod.status == "pending" or not pod.places:
        ready = f", {len(pod.ready)}/{len(players)} ready to play here" if pod.ready else ""
        return f"#{pod.id} {', '.join(players)} (pending{ready})"
    if pod.double_loss:
        return f"#{pod.id} {', '.join(players)} (unplayed: nobody scores)"
    order = sorted(zip(pod.places, range(len(players)), players, strict=True))
    shown = []
    for place, _, name in order:
        tied = "=" if pod.places.count(place) > 1 else ""
        shown.append(f"{name} {ordinal(place)}{tied}")
    return f"#{pod.id} {', '.join(shown)} ({pod.status})"


def result_line(item: LeagueMatchRow | LeaguePodRow, names: dict[str, str] | None = None) -> str:
    """A match's or a pod's line."""
    return pod_line(item, names) if isinstance(item, LeaguePodRow) else match_line(item, names)


def players_of(item: LeagueMatchRow | LeaguePodRow) -> list[str]:
    if isinstance(item, LeaguePodRow):
        return list(item.players)
    return [p for p in (item.player_a, item.player_b) if p]


def league_summary(info: LeagueInfo) -> str:
    league = info.league
    names = names_of(info.entries)
    if info.is_pods:
        table = "/".join(str(p) for p in points_table(league))
        small = ", pods of 2 allowed" if league.small_pods else ""
        final = f", final table of {league.top_cut}" if league.top_cut else ""
        kind = f"pods of {league.pod_size} (points {table}{small}{final})"
    else:
        kind = f"{league.format.replace('_', ' ')}, best of {league.best_of}"
    lines = [
        f"**{_esc(league.name)}** — {league.game}, {kind}" + ("; undo by consent allowed" if league.allow_undo else ""),
        f"Status: {league.status}; players: {len(info.active)}"
        + (f" ({len(info.entries) - len(info.active)} dropped)" if len(info.entries) != len(info.active) else ""),
    ]
    if league.format != "ladder" and league.current_round:
        total = f" of {league.rounds}" if league.rounds else ""
        at_final = info.is_pods and league.current_round > league.rounds
        lines.append("Final table:" if at_final else f"Round {league.current_round}{total}:")
        lines.extend(match_line(m, names) for m in info.matches if m.round == league.current_round)
        lines.extend(pod_line(p, names) for p in info.pods if p.round == league.current_round)
    elif league.format == "ladder":
        open_matches = [m for m in info.matches if m.status != "confirmed"]
        lines.append(f"Open challenges: {len(open_matches)}")
        lines.extend(match_line(m, names) for m in open_matches[:15])
    return "\n".join(lines)[:1900]


def standings_table(
    info: LeagueInfo,
    rows: Sequence[Row] | None = None,
    ratings: Sequence[tuple[str, float, int]] | None = None,
    pod_rows: Sequence[PodRow] | None = None,
) -> str:
    names = names_of(info.entries)
    dropped = {e.user for e in info.entries if e.dropped}
    lines = [f"**{_esc(info.league.name)}** standings"]
    if ratings is not None:
        for rank, (player, rating, games) in enumerate(ratings, start=1):
            lines.append(f"{rank}. {_esc(names.get(player, player))} — {rating:.0f} ({games} games)")
    for row in rows or ():
        mark = " (dropped)" if row.player in dropped else ""
        lines.append(
            f"{row.rank}. {_esc(names.get(row.player, row.player))}{mark} — {row.points} pts, {row.record}, "
            f"OMW {row.omw:.1%}, GW {row.gw:.1%}, OGW {row.ogw:.1%}"
        )
    for pod_row in pod_rows or ():
        mark = " (dropped)" if pod_row.player in dropped else ""
        lines.append(
            f"{pod_row.rank}. {_esc(names.get(pod_row.player, pod_row.player))}{mark} — "
            f"{show_points(pod_row.points)} pts, opponents {show_points(pod_row.opponents_points)}, {pod_row.record}"
        )
    return "\n".join(lines)[:1900]


def rating_text(name: str, game: str, found: tuple[int, Rating] | None) -> str:
    if found is None:
        return f"{_esc(name)} has no rated {game} result on this server yet."
    rank, entry = found
    note = f", provisional until {PROVISIONAL_GAMES} rated games" if entry.provisional else ""
    return (
        f"{_esc(name)}: {entry.rating:.0f} in {game} (#{rank}; {entry.games} rated: "
        f"{entry.wins} won, {entry.losses} lost, {entry.draws} drawn{note})"
    )


def leaderboard_text(game: str, table: Sequence[Rating], limit: int = 20) -> str:
    if not table:
        return f"No rated {game} results on this server yet."
    lines = [f"**{game} leaderboard** (OpenSkill on Elo's scale; ? = fewer than {PROVISIONAL_GAMES} rated games)"]
    lines.extend(
        f"{rank}. {_esc(entry.name)} — {entry.rating:.0f}{'?' if entry.provisional else ''} ({entry.games} rated)"
        for rank, entry in enumerate(table[:limit], start=1)
    )
    return "\n".join(lines)[:1900]
