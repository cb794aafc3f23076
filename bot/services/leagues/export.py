"""A league as CSV text: the standings, then every match (or pod) with its result."""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from bot.services.leagues.pod_standings import PodRow, show_points
from bot.services.leagues.standings import Row

if TYPE_CHECKING:
    from bot.services.leagues.service import LeagueInfo


FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
"""A cell starting with one of these is read as a formula by spreadsheets (CSV injection)."""


def cell(text: str) -> str:
    """`text` safe as a spreadsheet cell: a player's name like "=HYPERLINK(...)" stays text.

    >>> cell("=1+1"), cell("Ana")
    ("'=1+1", 'Ana')
    """
    return f"'{text}" if text.startswith(FORMULA_START) else text


def csv_bytes(text: str) -> bytes:
    """The CSV as a file: UTF-8 with a byte-order mark, which spreadsheets take as UTF-8."""
    return text.encode("utf-8-sig")


def export_file_name(league: str) -> str:
    """ "Spring Cup" -> "Spring-Cup.csv": a file name from a league name (letters, digits, - _)."""
    stem = re.sub(r"[^\w-]+", "-", league, flags=re.UNICODE).strip("-")[:60]
    return f"{stem or 'league'}.csv"


def export_csv(info: LeagueInfo, rows: Sequence[Row] = (), pod_rows: Sequence[PodRow] = ()) -> str:
    """Standings (`rows`, or `pod_rows` for a pod league) and every match or pod."""
    names = {e.user: cell(e.name or e.user) for e in info.entries}
    dropped = {e.user for e in info.entries if e.dropped}
    out = io.StringIO()
    writer = csv.writer(out)
    if info.league.format == "pods":
        writer.writerow(["rank", "player", "points", "opponents_points", "wins", "pods", "byes", "dropped"])
        for pod_row in pod_rows:
            writer.writerow(
                [
                    pod_row.rank,
                    names.get(pod_row.player, pod_row.player),
                    show_points(pod_row.points),
                    f"{float(pod_row.opponents_points):.4f}",
                    pod_row.wins,
                    pod_row.pods,
                    pod_row.byes,
                    "yes" if pod_row.player in dropped else "no",
                ]
            )
        writer.writerow([])
        writer.writerow(["pod", "round", "players (finishing position)", "status"])
        for pod in info.pods:
            seats = zip(pod.players, pod.places or [0] * len(pod.players), strict=True)
            listed = "; ".join(f"{names.get(p, p)} ({place or '-'})" for p, place in seats)
            writer.writerow([pod.id, pod.round, listed if len(pod.players) > 1 else f"{listed} (bye)", pod.status])
        return out.getvalue()
    writer.writerow(["rank", "player", "points", "record", "omw", "gw", "ogw", "dropped"])
    for row in rows:
        writer.writerow(
            [
                row.rank,
                names.get(row.player, row.player),
                row.points,
                row.record,
                f"{row.omw:.4f}",
                f"{row.gw:.4f}",
                f"{row.ogw:.4f}",
                "yes" if row.player in dropped else "no",
            ]
        )
    writer.writerow([])
    writer.writerow(["match", "round", "player_a", "player_b", "games_a", "games_b", "draws", "status"])
    for m in info.matches:
        writer.writerow(
            [
                m.id,
                m.round,
                names.get(m.player_a, m.player_a),
                names.get(m.player_b, m.player_b) if m.player_b else "(bye)",
                m.games_a,
                m.games_b,
                m.draws,
                m.status,
            ]
        )
    return out.getvalue()
