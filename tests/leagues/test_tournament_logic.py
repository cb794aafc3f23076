"""Pairings, schedules, standings and ratings: the league's pure tournament logic."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.services.leagues.pairing import (
    met_pairs,
    round_robin,
    swiss_pairings,
    swiss_round_count,
    top_cut_bracket,
)
from bot.services.leagues.standings import FLOOR, MatchResult, standings


def play_swiss(players: list[str], rounds: int, seed: int) -> tuple[list[MatchResult], list[str | None]]:
    rng = random.Random(seed)
    results: list[MatchResult] = []
    byes: list[str | None] = []
    for _ in range(rounds):
        table = standings(players, results)
        ranked = [row.player for row in table]
        pairing = swiss_pairings(
            ranked, met_pairs((r.player_a, r.player_b) for r in results), {r.player_a for r in results if r.is_bye}
        )
        assert pairing.rematches == 0
        byes.append(pairing.bye)
        if pairing.bye:
            results.append(MatchResult(pairing.bye, None, 2, 0))
        for a, b in pairing.pairs:
            score = rng.choice([(2, 0), (2, 1), (1, 2), (0, 2), (1, 1)])
            results.append(MatchResult(a, b, *score))
    return results, byes


@pytest.mark.parametrize("count", [4, 7, 8, 9, 16, 33])
def test_swiss_has_no_rematches_and_at_most_one_bye_each(count: int) -> None:
    players = [f"p{i:02}" for i in range(count)]
    rounds = swiss_round_count(count)
    results, byes = play_swiss(players, rounds, seed=count)
    pairs = [tuple(sorted((r.player_a, r.player_b))) for r in results if not r.is_bye]
    assert len(pairs) == len(set(pairs)), "a rematch happened"
    given_byes = [b for b in byes if b]
    assert len(given_byes) == len(set(given_byes)) == (rounds if count % 2 else 0)
    for round_index in range(rounds):
        round_results = results[round_index * ((count + 1) // 2) : (round_index + 1) * ((count + 1) // 2)]
        seen = [p for r in round_results for p in (r.player_a, r.player_b) if p]
        assert sorted(seen) == sorted(players), "everyone plays exactly once per round"


def test_bye_goes_to_the_lowest_ranked_player_without_one() -> None:
    ranked = ["a", "b", "c", "d", "e"]
    assert swiss_pairings(ranked, set(), set()).bye == "e"
    assert swiss_pairings(ranked, set(), {"e"}).bye == "d"


def test_rematch_only_when_unavoidable() -> None:
    # Three players who all met: any pairing of two of them is a rematch.
    met = {("a", "b"), ("a", "c"), ("b", "c"), ("a", "d"), ("b", "d"), ("c", "d")}
    pairing = swiss_pairings(["a", "b", "c", "d"], met, set())
    assert pairing.rematches == 2 and len(pairing.pairs) == 2
    # Top-down greedy would pair a-c and leave b-d, a rematch; the search backtracks to a-d, b-c.
    pairing = swiss_pairings(["a", "b", "c", "d"], {("a", "b"), ("b", "d")}, set())
    assert pairing.rematches == 0 and pairing.pairs == [("a", "d"), ("b", "c")]


def test_dropped_players_are_simply_not_paired() -> None:
    players = ["a", "b", "c", "d", "e", "f"]
    results, _ = play_swiss(players, 1, seed=1)
    active = [row.player for row in standings(players, results) if row.player != "c"]
    pairing = swiss_pairings(active, met_pairs((r.player_a, r.player_b) for r in results), set())
    assert pairing.bye is not None and all("c" not in pair for pair in pairing.pairs)


@pytest.mark.parametrize("count", [2, 3, 6, 7])
def test_round_robin_meets_everyone_once(count: int) -> None:
    players = [f"p{i}" for i in range(count)]
    schedule = round_robin(players)
    games = [tuple(sorted(p for p in pair if p)) for rnd in schedule for pair in rnd if pair[1] is not None]
    assert sorted(games) == sorted(itertools.combinations(players, 2))
    for rnd in schedule:
        seen = [p for pair in rnd for p in pair if p]
        assert sorted(seen) == players
    byes = [pair[0] for rnd in schedule for pair in rnd if pair[1] is None]
    assert sorted(byes) == (players if count % 2 else [])


def test_standings_points_and_tiebreakers() -> None:
    results = [
        MatchResult("a", "b", 2, 0),
        MatchResult("c", "d", 2, 1),
        MatchResult("a", "c", 2, 1),
        MatchResult("b", "d", 1, 1, draws=1),
    ]
    table = {row.player: row for row in standings(["a", "b", "c", "d"], results)}
    assert (table["a"].points, table["c"].points, table["b"].points, table["d"].points) == (6, 3, 1, 1)
    assert table["a"].record == "2-0-0" and table["b"].record == "0-1-1"
    # b: 0 + 1 points of 6 -> MW 1/6 is floored at 1/3 for a's tiebreaker.
    assert table["a"].omw == pytest.approx((FLOOR + 0.5) / 2)
    assert table["d"].gw == pytest.approx(max(FLOOR, 2 / 6))
    order = [row.player for row in standings(["a", "b", "c", "d"], results)]
    assert order[0] == "a" and order[1] == "c"
    # b and d both have 1 point; b's opponents (a, d) did better than d's (c, b): b ranks higher.
    assert order.index("b") < order.index("d")


def test_a_bye_is_a_two_nil_win_that_does_not_count_as_an_opponent() -> None:
    table = {row.player: row for row in standings(["a"], [MatchResult("a", None, 2, 0)])}
    assert table["a"].points == 3 and table["a"].opponents == [] and table["a"].omw == FLOOR


def test_top_cut_bracket_and_round_count() -> None:
    assert top_cut_bracket(["s1", "s2", "s3", "s4"]) == [("s1", "s4"), ("s2", "s3")]
    assert top_cut_bracket([f"s{i}" for i in range(1, 9)]) == [("s1", "s8"), ("s4", "s5"), ("s2", "s7"), ("s3", "s6")]
    with pytest.raises(ValueError):
        top_cut_bracket(["a", "b", "c"])
    assert [swiss_round_count(n) for n in (2, 3, 8, 9, 33)] == [1, 2, 3, 4, 6]


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=2, max_value=24), st.integers(min_value=0, max_value=10_000))
def test_swiss_pairs_every_active_player_exactly_once(count: int, seed: int) -> None:
    players = [f"p{i}" for i in range(count)]
    rng = random.Random(seed)
    met = {tuple(sorted(rng.sample(players, 2))) for _ in range(rng.randrange(count))}
    pairing = swiss_pairings(players, met, set())  # type: ignore[arg-type]
    seen = [p for pair in pairing.pairs for p in pair] + ([pairing.bye] if pairing.bye else [])
    assert sorted(seen) == sorted(players)
