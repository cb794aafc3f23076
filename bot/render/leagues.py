"""League text: summaries, pairings, standings. Player names are escaped and never ping."""

from __future__ import annotations

from collections.abc import Sequence

from bot.persistence.league_models import LeagueMatchRow
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
    score = f"{match.games_a}-{match.games_b}{draws}" if match.status != "pending" else "vs"
    return f"#{match.id} {a} {score} {b} ({match.status})"


def league_summary(info: LeagueInfo) -> str:
    league = info.league
    names = names_of(info.entries)
    lines = [
        f"**{_esc(league.name)}** — {league.game}, {league.format.replace('_', ' ')}, best of {league.best_of}",
        f"Status: {league.status}; players: {len(info.active)}"
        + (f" ({len(info.entries) - len(info.active)} dropped)" if len(info.entries) != len(info.active) else ""),
    ]
    if league.format != "ladder" and league.current_round:
        total = f" of {league.rounds}" if league.rounds else ""
        lines.append(f"Round {league.current_round}{total}:")
        lines.extend(match_line(m, names) for m in info.matches if m.round == league.current_round)
    elif league.format == "ladder":
        open_matches = [m for m in info.matches if m.status != "confirmed"]
        lines.append(f"Open challenges: {len(open_matches)}")
        lines.extend(match_line(m, names) for m in open_matches[:15])
    return "\n".join(lines)[:1900]


def standings_table(
    info: LeagueInfo, rows: Sequence[Row] | None = None, ratings: Sequence[tuple[str, float, int]] | None = None
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
