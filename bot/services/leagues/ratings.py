"""Elo ratings for ladders and for seeding: 1500 to start, K = 32 (40 while provisional).

>>> a, b = elo_update(1500, 1500, 1.0)
>>> round(a), round(b)
(1516, 1484)
"""

from __future__ import annotations

START = 1500.0
K_FACTOR = 32.0
K_PROVISIONAL = 40.0
PROVISIONAL_GAMES = 10


def expected(rating: float, other: float) -> float:
    """Expected score of `rating` against `other`."""
    return 1.0 / (1.0 + 10 ** ((other - rating) / 400))


def elo_update(
    rating_a: float, rating_b: float, score_a: float, k_a: float = K_FACTOR, k_b: float = K_FACTOR
) -> tuple[float, float]:
    """New ratings after a match in which A scored `score_a` (1 win, 0.5 draw, 0 loss)."""
    if not 0.0 <= score_a <= 1.0:
        raise ValueError("a match score is between 0 and 1")
    exp_a = expected(rating_a, rating_b)
    return rating_a + k_a * (score_a - exp_a), rating_b + k_b * ((1 - score_a) - (1 - exp_a))


def k_for(games_played: int) -> float:
    return K_PROVISIONAL if games_played < PROVISIONAL_GAMES else K_FACTOR
