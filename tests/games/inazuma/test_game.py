"""Inazuma: card pool and decks, script coverage, deck rules, hidden placement, random play."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import engine.games.inazuma  # noqa: F401  (registers the game)
from cards.pool import load_pool
from engine.ai.selfplay import run_selfplay
from engine.core.checks import check_all
from engine.core.registry import get_game
from engine.core.rng import Rng
from engine.games.inazuma.board import BOOK, char_sp
from engine.games.inazuma.decks import suggested_formations, validate

GAME = get_game("inazuma")


def test_pool_and_starter_decks_load_and_are_legal() -> None:
    pool = load_pool("inazuma")
    assert len(pool) == 40
    assert set(pool.decks) == {"Axel Blaze", "Jude Sharp"}
    for deck in pool.decks.values():
        assert validate(deck.as_lists()) == [], deck.name
    originals = [c for c in pool.cards.values() if "original" in c.tags]
    assert originals and all(c.code.startswith("TT-") for c in originals)


def test_every_card_has_a_script() -> None:
    assert BOOK.missing(load_pool("inazuma")) == []


def test_suggested_formations_follow_the_rulebook() -> None:
    pool = load_pool("inazuma")
    expected = {
        "Axel Blaze": [
            ["Shadow Cimmerian", "Steve Eagle", "Jim Wraith"],
            ["Maddie Moonlight", "Steve Grim", "Jamie Cool"],
            ["Axel Blaze", "Kevin Dragonfly", "Tim Saunders", "Jack Wallside"],
        ],
        "Jude Sharp": [
            ["Kevin Dragonfly", "Steve Grim", "Jim Wraith"],
            ["Shadow Cimmerian", "Tim Saunders", "Peter Drent"],
            ["David Samford", "Jamie Cool", "Jude Sharp", "Jack Wallside"],
        ],
    }
    for name, rounds in expected.items():
        starting = list(pool.decks[name].sections["starting"])
        assert [[pool[c].name for c in r] for r in suggested_formations(starting)] == rounds


@pytest.mark.parametrize(
    ("change", "needle"),
    [
        (lambda d: d.__setitem__("main", d["main"][:29]), "at least 30"),
        (lambda d: d["main"].extend(["S1-18"]), "4 cards named 'Heat Tackle'"),
        (lambda d: d["starting"].pop(), "exactly 10 starting"),
        (lambda d: d["starting"].__setitem__(0, "S1-06"), "2 called 'Jim Wraith'"),
        (lambda d: d["goalkeeper"].append("FF-074"), "exactly 1 goalkeeper"),
        (lambda d: d["main"].__setitem__(0, "S1-04"), "cannot go in the deck"),
        (lambda d: d.__setitem__("side", []), "unknown deck section"),
    ],
)
def test_deck_rules_refuse_illegal_teams(change: object, needle: str) -> None:
    deck = load_pool("inazuma").decks["Axel Blaze"].as_lists()
    change(deck)  # type: ignore[operator]
    problems = validate(deck)
    assert any(needle in p for p in problems), problems


def test_new_match_refuses_an_illegal_deck() -> None:
    decks = GAME.default_decks()
    decks[0] = {**decks[0], "main": decks[0]["main"][:20]}
    with pytest.raises(ValueError, match="at least 30"):
        GAME.new_match(decks, seed=1)


def test_secret_placement_is_hidden_from_the_opponent_until_the_reveal() -> None:
    state = GAME.new_match(GAME.default_decks(), seed=4)
    first = state.prompt()
    assert first is not None and first.kind == "place"
    placer, other = first.player, 1 - first.player
    state.apply(first.options[0].id)
    placed_name = first.options[0].label.removeprefix("Place ").rsplit(" at ", 1)[0]
    mine = json.dumps(state.view(placer))
    theirs = json.dumps(state.view(other))
    spectator = json.dumps(state.view(None))
    assert "secretly places" in mine
    assert "secretly places" not in theirs and "secretly places" not in spectator
    assert placed_name in mine
    field = state.view(other)["players"][placer]["zones"]["field"]
    assert field["count"] == 0
    while (prompt := state.prompt()) is not None and prompt.kind == "place":
        state.apply(next(o.id for o in prompt.options if o.id != "done") if len(prompt.options) > 1 else "done")
    assert state.view(other)["players"][placer]["zones"]["field"]["count"] >= 2


def test_fired_up_stack_uses_the_top_cards_fsp() -> None:
    from engine.core.scenario import build_state

    state = build_state(
        {
            "game": "inazuma",
            "setup": {
                "players": [
                    {"zones": {"goal": ["Mark Evans"], "field": ["S1-13"], "deck": ["10x Illusion Ball"]}},
                    {"zones": {"goal": ["Mark Evans"], "deck": ["10x Illusion Ball"]}},
                ],
                "state": {"at": "bench", "turn": 4, "stacks": [{"player": 0, "onto": "FW-L", "cards": ["S1-02"]}]},
            },
        }
    )
    axel = state.zones["field:0"][0]
    assert char_sp(state, axel) == 800  # reserve Axel Blaze's FSP on top of the starting Axel Blaze


def test_random_play_keeps_every_invariant() -> None:
    rng = Rng(99)
    decks = GAME.default_decks()
    for seed in range(6):
        state = GAME.new_match(decks if seed % 2 else decks[::-1], seed)
        while state.prompt() is not None:
            problems = check_all(state, rng)
            assert not problems, (seed, problems)
            state.apply(rng.choice(state.legal()).id)
        assert state.result is not None


def test_selfplay_games_end_without_errors_and_replay() -> None:
    summary = run_selfplay("inazuma", 150, ["random", "random"], seed=5)
    assert summary["errors"] == 0, summary
    text = json.dumps(summary)
    assert '"games": 150' in text


def test_every_rule_the_engine_cites_exists_in_the_reference() -> None:
    import re
    from pathlib import Path

    from rulesdocs.parse import parse_reference

    root = Path(__file__).resolve().parents[3]
    text = (root / "rulesdocs" / "texts" / "inazuma.md").read_text(encoding="utf-8")
    sections = {c.section for c in parse_reference(text, "inazuma", "inazuma.md")}
    cited: set[str] = set()
    for path in (root / "engine" / "games" / "inazuma").glob("*.py"):
        cited.update(re.findall(r"inazuma (\d+(?:\.\d+)?)", path.read_text(encoding="utf-8")))
    assert len(cited) >= 15
    assert sorted(cited - sections) == []


def test_setup_deals_five_places_the_keeper_and_flips_for_the_first_attacker() -> None:
    firsts = set()
    for seed in range(8):
        state = GAME.new_match(GAME.default_decks(), seed=seed)
        for seat in (0, 1):
            assert len(state.zones[f"hand:{seat}"]) == 5
            assert len(state.zones[f"deck:{seat}"]) == 27
            assert len(state.zones[f"starting:{seat}"]) == 10
            assert [state.cards[c].code for c in state.zones[f"goal:{seat}"]] == ["S1-01"]
        firsts.add(state.vars["attacker"])
        prompt = state.prompt()
        assert prompt is not None and prompt.kind == "place" and prompt.player == state.vars["attacker"]
    assert firsts == {0, 1}


def test_random_play_with_every_non_default_option() -> None:
    options = {
        "attack_tie": "attack",
        "deck_out": "draw",
        "stack_from_hand": "bench_or_field",
        "assist_level": "turn",
        "kicker": "action_side",
    }
    summary = run_selfplay("inazuma", 40, ["random", "random"], seed=11, options=options)
    assert summary["errors"] == 0, summary["error_details"]
    assert summary["replay_verified"] == 40


def test_evaluate_prefers_goals_and_a_winning_attack() -> None:
    from engine.core.scenario import build_state

    def position(attack: list[str | None], my_goals: int) -> float:
        goals = [f"{my_goals}x Illusion Ball"] if my_goals else []
        mine = {"goal": ["Mark Evans"], "hand": ["Illusion Ball"], "field": attack, "goals": goals}
        theirs = {"goal": ["Mark Evans"], "field": [None, None, None, None, "Jack Wallside", None]}
        state = build_state(
            {
                "game": "inazuma",
                "setup": {
                    "players": [
                        {"zones": {**mine, "deck": ["10x Illusion Ball"]}},
                        {"zones": {**theirs, "deck": ["10x Illusion Ball"]}},
                    ],
                    "state": {"at": "power_up", "turn": 3, "attacker": 0, "side": "L"},
                },
            }
        )
        prompt = state.prompt()
        assert prompt is not None and prompt.kind == "window" and state.vars["phase"] == "attack"
        return GAME.evaluate(state, 0)

    strong = ["Shadow Cimmerian", None, "Steve Grim", None, None, None]
    weak = [None, None, "Jamie Cool", None, None, None]
    assert position(strong, 1) > position(strong, 0)
    assert position(strong, 0) > position(weak, 0)
    assert -1.0 <= position(weak, 0) <= 1.0


def test_card_facts_match_the_source_list(shared_dir: Path) -> None:
    """Names, types, teams, positions, attributes, SP/FSP/AP, levels and printed numbers match the list."""
    raw = (shared_dir / "carddata" / "inazuma" / "archeveque_card_list.json").read_bytes()
    rows = [r for r in json.loads(raw.decode("utf-8", "replace")) if r.get("name")]
    types = {"goal": "goalkeeper", "starting": "starting", "reserve": "reserve", "technique": "technique"}
    attributes = {"Fire": "power", "Speed": "speed", "Teamwork": "teamwork", "Tactic": "tactic", "None": None}
    pool = load_pool("inazuma")
    published = {c.code: c for c in pool.cards.values() if "original" not in c.tags}
    assert len(rows) == len(published) == 34
    for row in rows:
        card = published[f"S1-{int(row['id']):02d}" if row["extension"] == "S1" else f"FF-{int(row['id']):03d}"]
        stats = card.stats
        assert card.name.casefold() == row["name"].casefold()
        assert card.type == types[row["cardtype"]], card.code
        assert card.extra["rarity"] == {"SR": "Super Rare"}.get(row["rarity"], row["rarity"]), card.code
        assert stats.get("attribute") == attributes[row["element"]], card.code
        assert (
            card.extra["collector_number"]
            == f"{row['extension']}-{int(row['cardid']):0{2 if row['extension'] == 'S1' else 3}d}"
        )
        if card.type == "technique":
            assert stats["level"] == int(row["level"]), card.code
            continue
        assert stats["team"].casefold() == row["team"].casefold(), card.code
        assert stats["position"] == (None if row["position"] == "GK" else row["position"]), card.code
        assert stats["sp"] == int(row["sp"]), card.code
        if card.type == "reserve":
            assert (stats["fsp"], stats["ap"], stats["level"]) == (
                int(row["firesp"]),
                int(row["ap"]),
                int(row["level"]),
            )


def test_a_full_match_is_three_rounds_of_two_turns_with_placements_at_rounds_start() -> None:
    rng = Rng(21)
    decks = GAME.default_decks()
    full = 0
    for seed in range(12):
        state = GAME.new_match(decks, seed)
        reveals_by_turn: dict[int, int] = {}
        while (prompt := state.prompt()) is not None:
            before = len(state.events)
            state.apply(rng.choice(prompt.options).id)
            for event in state.events[before:]:
                if " reveals: " in event.text:
                    reveals_by_turn[state.vars["turn"]] = reveals_by_turn.get(state.vars["turn"], 0) + 1
        assert state.result is not None
        if "ran out of cards" in state.result.reason:
            continue
        full += 1
        texts = [event.text for event in state.events]
        starts = [t for t in texts if t.startswith("Turn ") and t.endswith("attacks.")]
        assert [int(t.split()[1].rstrip(":")) for t in starts] == [1, 2, 3, 4, 5, 6]
        attackers = [t.split(": ")[1] for t in starts]
        assert attackers[0::2] == [attackers[0]] * 3 and attackers[1::2] == [attackers[1]] * 3
        assert attackers[0] != attackers[1]
        assert reveals_by_turn == {1: 2, 3: 2, 5: 2}
        assert "after turn 6" in state.result.reason or "shootout" in state.result.reason
    assert full >= 6
