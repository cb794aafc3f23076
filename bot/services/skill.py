"""OpenSkill ratings (Plackett-Luce) for matches of any number of players.

Every rated result is a finishing order: one rank per seat, 1 the best, tied seats sharing a rank.
A two-player game is the order winner, loser (or both 1 for a draw); a 3-6 player Usagi Yojimbo
match ranks its winners first, then the others by their chronicle tokens. The model keeps a
skill estimate `mu` and its uncertainty `sigma` per player. Players see one number on Elo's
scale: 1500 for a newcomer, and 400 points between two players mean about 10 to 1 odds, as in
Elo. Tables rank by `mu`: on simulated one-on-one seasons that ranks players better than Elo did,
while the conservative `mu - 3 sigma` ranked them worse (tests/bench/bench_ratings.py). A player
with fewer than `PROVISIONAL_GAMES` rated games is shown as provisional.

>>> order = finishing_ranks(4, winners=[2], scores=[3, 5, 9, 5])
>>> order
[4, 2, 1, 2]
>>> before = {p: MODEL.rating(name=p) for p in "abcd"}
>>> after = rate(before, ["a", "b", "c", "d"], order)
>>> shown(after["c"]) > shown(before["c"]) > shown(after["a"])
True
>>> shown(MODEL.rating())
1500
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from openskill.models import PlackettLuce, PlackettLuceRating

MODEL = PlackettLuce()
"""Library defaults: mu 25, sigma 25/3, beta 25/6, tau 25/300."""
DISPLAY_BASE = 1500
DISPLAY_SCALE = 50.0
"""Display points per unit of `mu`: with the default beta, 400 points ≈ 91% to win, as in Elo."""
PROVISIONAL_GAMES = 5


def shown(rating: PlackettLuceRating) -> int:
    """The single number players see: 1500 + 50 × (mu − 25), so a newcomer shows 1500."""
    return round(DISPLAY_BASE + DISPLAY_SCALE * (rating.mu - MODEL.mu))


def finishing_ranks(seats: int, winners: Sequence[int], scores: Sequence[float] = ()) -> list[int]:
    """One rank per seat (1 = best; ties share a rank, competition style "1, 2, 2, 4").

    Winners rank first together; everyone else follows by score (higher first) when the game gave
    scores for every seat, else shares the next rank. No winners at all is a draw: everyone 1.
    """
    if not winners:
        return [1] * seats
    won = set(winners)
    have_scores = len(scores) == seats
    key = [
        (0 if seat in won else 1, -(scores[seat] if have_scores and seat not in won else 0.0)) for seat in range(seats)
    ]
    return [1 + sum(1 for other in range(seats) if key[other] < key[seat]) for seat in range(seats)]


def rate(
    ratings: Mapping[str, PlackettLuceRating], players: Sequence[str], ranks: Sequence[int]
) -> dict[str, PlackettLuceRating]:
    """New ratings of `players` after a match they finished in `ranks` (others unchanged)."""
    if len(players) != len(ranks) or len(set(players)) != len(players) or len(players) < 2:
        raise ValueError("a rated match needs at least two different players and one rank each")
    teams = [[ratings.get(p) or MODEL.rating(name=p)] for p in players]
    new = MODEL.rate(teams, ranks=[float(r) for r in ranks])
    return {**ratings, **{p: team[0] for p, team in zip(players, new, strict=True)}}
