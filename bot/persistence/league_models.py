"""League tables: a league, its entries (players with their hidden deck lists), its matches.

A league match keeps every change of its result in `history` (who, when, from, to, why), so
an organizer's edit never deletes what was reported. A pod league ("pods": 3-6 player games) seats
each round's players in pods (`league_pods`), whose result is a finishing position per seat.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import JSON, Column, UniqueConstraint
from sqlmodel import Field, SQLModel

from bot.persistence.models import now

LEAGUE_FORMATS = ("swiss", "round_robin", "ladder", "pods")
LEAGUE_STATUSES = ("signup", "running", "finished")
RESULT_STATUSES = ("pending", "reported", "confirmed", "disputed")
DEADLINE_POLICIES = ("none", "double_loss", "draw")


class LeagueRow(SQLModel, table=True):
    __tablename__ = "leagues"
    __table_args__ = (UniqueConstraint("guild_id", "name", name="uq_league_guild_name"),)

    id: int | None = Field(default=None, primary_key=True)
    guild_id: str = Field(index=True)
    name: str
    game: str
    format: str = "swiss"
    rounds: int = 0  # 0: the usual count for the field (Swiss) or everyone once (round robin)
    best_of: int = 3
    round_length_hours: float = 168.0
    auto_confirm_hours: float = 24.0
    top_cut: int = 0
    status: str = "signup"
    current_round: int = 0
    round_started_at: float = 0.0
    decklists_public: bool = False
    deadline_policy: str = "none"  # at a round's deadline, unplayed matches: "none", "double_loss" or "draw"
    reminded_round: int = 0
    channel_id: str = ""
    organizer: str = ""
    pod_size: int = 4  # pods: players per pod (3-5); pods of pod_size - 1 fill a field that doesn't divide
    points_table: list[int] = Field(default_factory=list, sa_column=Column(JSON, nullable=False))  # pods; [] default
    small_pods: bool = False  # pods: pods of 2 instead of byes when the field can't be seated otherwise
    seed: int = 0  # seeds round 1 of a pod league
    allow_undo: bool = False  # its matches played here let a player take back a decision by consent
    created_at: float = Field(default_factory=now)


class LeagueEntryRow(SQLModel, table=True):
    __tablename__ = "league_entries"
    __table_args__ = (UniqueConstraint("league_id", "user", name="uq_league_entry_user"),)

    id: int | None = Field(default=None, primary_key=True)
    league_id: int = Field(index=True, foreign_key="leagues.id")
    user: str
    name: str = ""
    deck_name: str = ""
    deck: dict[str, list[str]] = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))
    dropped: bool = False
    dropped_round: int = 0
    joined_at: float = Field(default_factory=now)


class LeagueMatchRow(SQLModel, table=True):
    __tablename__ = "league_matches"

    id: int | None = Field(default=None, primary_key=True)
    league_id: int = Field(index=True, foreign_key="leagues.id")
    round: int = 0  # 0 for ladder challenges, -1.. for top-cut rounds
    player_a: str
    player_b: str | None = None  # None: a bye
    status: str = "pending"
    games_a: int = 0
    games_b: int = 0
    draws: int = 0
    double_loss: bool = False  # unplayed at the deadline: both players lose
    reported_by: str = ""
    reported_at: float = 0.0
    confirmed_at: float = 0.0
    match_ids: list[int] = Field(default_factory=list, sa_column=Column(JSON, nullable=False))  # played here
    counted_ids: list[int] = Field(default_factory=list, sa_column=Column(JSON, nullable=False))  # results in
    history: list[dict[str, Any]] = Field(default_factory=list, sa_column=Column(JSON, nullable=False))
    created_at: float = Field(default_factory=now)


class LeaguePodRow(SQLModel, table=True):
    """One pod of a pod league's round: its players in seat order and where each finished.

    `places[i]` is the finishing position of `players[i]` (1 the best; tied players share the
    best of their positions: 1, 2, 2, 4). A pod of one player is a bye. Like a league match, every
    change of the result is kept in `history`.
    """

    __tablename__ = "league_pods"

    id: int | None = Field(default=None, primary_key=True)
    league_id: int = Field(index=True, foreign_key="leagues.id")
    round: int = 0  # the rounds after the last one are the top cut's final table
    players: list[str] = Field(default_factory=list, sa_column=Column(JSON, nullable=False))
    places: list[int] = Field(default_factory=list, sa_column=Column(JSON, nullable=False))
    status: str = "pending"
    double_loss: bool = False  # unplayed at the deadline: nobody scores
    unplayed: bool = False  # resolved at the deadline: never rated
    reported_by: str = ""
    reported_at: float = 0.0
    confirmed_by: list[str] = Field(default_factory=list, sa_column=Column(JSON, nullable=False))
    confirmed_at: float = 0.0
    ready: list[str] = Field(default_factory=list, sa_column=Column(JSON, nullable=False))  # `/league play`
    match_ids: list[int] = Field(default_factory=list, sa_column=Column(JSON, nullable=False))  # played here
    history: list[dict[str, Any]] = Field(default_factory=list, sa_column=Column(JSON, nullable=False))
    created_at: float = Field(default_factory=now)

    @property
    def is_bye(self) -> bool:
        return len(self.players) == 1
