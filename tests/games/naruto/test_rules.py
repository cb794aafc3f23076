"""Naruto: card pool, decks, rules reference, script coverage, deck rules, mulligans, random play."""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest

from cards.pool import load_pool
from engine.ai.selfplay import run_selfplay
from engine.core.errors import IllegalActionError
from engine.core.registry import get_game
from engine.core.state import State
from engine.dsl.context import Ctx
from engine.dsl.scripts import Effect
from engine.games.naruto import BOOK
from engine.games.naruto.facts import KEYWORDS, all_facts

ROOT = Path(__file__).resolve().parents[3]
RULES = ROOT / "rulesdocs" / "texts" / "naruto.md"
ENGINE = ROOT / "engine" / "games" / "naruto"


def _position(mine: dict[str, list[str]], theirs: dict[str, list[str]], **where: object) -> State:
    """A scenario state: player 0 holds `mine`, player 1 `theirs`; `where` = active, turn, phase..."""
    from engine.core.scenario import build_state

    setup = {"players": [{"zones": mine}, {"zones": theirs}], "state": {"active": 0, "turn": 4, **where}}
    return build_state({"game": "naruto", "setup": setup})


def test_pool_holds_the_whole_first_set() -> None:
    pool = load_pool("naruto")
    kinds = Counter(card.type for card in pool.cards.values())
    assert len(pool) == 127 and kinds == {"Ninja": 43, "Jutsu": 42, "Mission": 42}
    for card in pool.cards.values():
        assert card.sets == ("The Path to Hokage",)
        assert card.stats["symbols"], card.code
        if card.type != "Ninja":
            assert card.text, f"{card.code} has no text"
        if card.type == "Jutsu":
            assert card.stats["cost"]["specific"] or card.stats["cost"]["generic"] or card.stats["cost"]["x"]


def test_every_card_has_a_script() -> None:
    assert BOOK.missing(load_pool("naruto")) == []


def test_card_texts_match_scripted_behaviour() -> None:
    """A card with a text has an effect script, a card without one is declared vanilla."""
    for code, card in load_pool("naruto").cards.items():
        has_effects = bool(BOOK.effects(code))
        assert has_effects == bool(card.text), code


def test_preconstructed_decks_are_legal_and_documented() -> None:
    game = get_game("naruto")
    pool = load_pool("naruto")
    assert len(pool.decks) == 2
    for deck in pool.decks.values():
        assert len(deck.sections["main"]) == 50 and len(deck.description) > 80
        assert game.validate_deck(deck.as_lists()) == [], deck.name


def test_deck_construction_rules() -> None:
    game = get_game("naruto")
    deck = next(iter(load_pool("naruto").decks.values())).as_lists()
    short = {"main": deck["main"][:49]}
    assert any("exactly 50" in p and "naruto 2.1" in p for p in game.validate_deck(short))
    four_narutos = {"main": ["N-001", "N-001", "N-019", "N-025", *deck["main"][:46]]}
    problems = game.validate_deck(four_narutos)
    assert any("cards named Naruto Uzumaki" in p and "naruto 2.2" in p for p in problems)
    assert any("unknown card code" in p for p in game.validate_deck({"main": ["X-999"] * 50}))


def test_rules_reference_format_and_cited_sections_exist() -> None:
    text = RULES.read_text(encoding="utf-8")
    assert text.startswith("# Naruto CCG — tcgtable rules reference")
    assert "## G. Glossary" in text
    headings = set(re.findall(r"^### (\d+\.\d+) ", text, re.M))
    assert len(headings) > 60
    cited = set()
    for path in ENGINE.glob("*.py"):
        cited.update(re.findall(r"naruto (\d+\.\d+)", path.read_text(encoding="utf-8")))
    missing = sorted(cited - headings)
    assert not missing, f"rule sections cited by the engine but absent from the reference: {missing}"


def test_rules_reference_covers_the_keywords() -> None:
    text = RULES.read_text(encoding="utf-8")
    for word in (*KEYWORDS, "Combination", "Expert", "Mental Power", "Name: X", "Removed From Play", "Valid"):
        assert word in text, word


def test_mulligan_goes_six_five_four() -> None:
    game = get_game("naruto")
    state = game.new_match(game.default_decks(), seed=3)
    first = state.vars["first"]
    prompt = state.prompt()
    assert prompt is not None and prompt.kind == "mulligan" and prompt.player == first
    assert len(state.zones[f"hand:{first}"]) == 6
    state.apply("mulligan")
    assert len(state.zones[f"hand:{first}"]) == 5
    state.apply("mulligan")
    assert len(state.zones[f"hand:{first}"]) == 4
    prompt = state.prompt()
    assert prompt is not None and prompt.player == 1 - first and prompt.kind == "mulligan"
    assert len(state.zones[f"deck:{first}"]) == 46


def test_illegal_choice_names_the_rule() -> None:
    game = get_game("naruto")
    state = game.new_match(game.default_decks(), seed=5)
    with pytest.raises(IllegalActionError, match=r"naruto 8\.3"):
        state.apply("organize")


def test_every_card_fact_is_consistent() -> None:
    for code, f in all_facts().items():
        if f.kind == "Ninja":
            assert f.rank >= -1 and f.attribute, code
        if f.kind == "Mission":
            assert f.hand == 1, code


def test_random_selfplay_has_no_errors_and_replays() -> None:
    summary = run_selfplay("naruto", 150, ["random", "random"], seed=11)
    assert summary["errors"] == 0, summary["error_details"][:3]
    assert summary["replay_verified"] == 150 and summary["finished"] == 150


def _battle_with_kunai(book_extra: Sequence[Effect]) -> list[str]:
    """Sasuke attacks, Neji blocks, Sasuke uses Kunai whose script gets extra keyword effects."""
    saved = BOOK._effects["J-001"]
    BOOK._effects["J-001"] = (*saved, *book_extra)
    try:
        state = _position(
            {"village": ["N-002", "N-003"], "hand": ["Kunai"], "chakra": ["Kunai"], "deck": ["10x Kunai"]},
            {"village": ["N-033"], "deck": ["10x Kunai"]},
            phase="battle",
            teams={0: [[0, 1]]},
        )
        for choice in ("send:0", "head:0", "block:0", "jutsu:2", "user:0"):
            state.apply(choice)
    finally:
        BOOK._effects["J-001"] = saved
    return [e.text for e in state.events]


def test_expert_and_combination_apply_when_their_items_match() -> None:
    def shout(word: str) -> Callable[[Ctx], None]:
        def run(ctx: Ctx) -> None:
            ctx.state.log(word)

        return run

    extra = [
        Effect("expert_genin", "expert", shout("expert-genin"), extra={"needs": "Genin"}),
        Effect("expert_jonin", "expert", shout("expert-jonin"), extra={"needs": "Jonin"}),
        Effect("combo_wind", "combination", shout("combo-wind"), extra={"needs": ["Wind", "Flame"]}),
        Effect("combo_water", "combination", shout("combo-water"), extra={"needs": ["Water"]}),
    ]
    texts = _battle_with_kunai(extra)
    assert "expert-genin" in texts and "combo-wind" in texts
    assert "expert-jonin" not in texts and "combo-water" not in texts
    assert texts.index("Sasuke Uchiha gets +2/+2 this turn") < texts.index("expert-genin")


def test_first_player_is_chosen_at_random() -> None:
    game = get_game("naruto")
    firsts = {game.new_match(game.default_decks(), seed=s).vars["first"] for s in range(12)}
    assert firsts == {0, 1}


def test_reinforcement_deck_takes_only_reserve_cards() -> None:
    game = get_game("naruto")
    deck = next(iter(load_pool("naruto").decks.values())).as_lists()
    problems = game.validate_deck({**deck, "reinforcement": ["N-002"]})
    assert any("cannot go in the Reinforcement Deck" in p and "naruto 2.3" in p for p in problems)
    assert any("unknown deck section" in p for p in game.validate_deck({**deck, "side": ["N-002"]}))


def _random_deck(rng: random.Random) -> dict[str, list[str]]:
    """50 cards drawn from the whole set, at most 3 of a name: every card gets played some time."""
    facts = all_facts()
    codes = sorted(facts)
    names: Counter[str] = Counter()
    deck: list[str] = []
    while len(deck) < 50:
        code = rng.choice(codes)
        if names[facts[code].name] < 3:
            names[facts[code].name] += 1
            deck.append(code)
    return {"main": deck}


@pytest.mark.parametrize("seed", range(6))
def test_random_decks_stay_consistent(seed: int) -> None:
    """Random play with decks from the whole set, with the kernel's consistency checks at each step."""
    from engine.core.checks import check_all
    from engine.core.record import MatchRecord
    from engine.core.rng import Rng

    rng = random.Random(seed)
    record = MatchRecord.start("naruto", [_random_deck(rng), _random_deck(rng)], seed)
    state = record.new_state()
    checker = Rng(seed)
    while (prompt := state.prompt()) is not None:
        assert len(record.choices) < 20_000
        problems = check_all(state, checker)
        assert not problems, f"decision {len(record.choices)} ({prompt.kind}): {problems}"
        option = prompt.options[rng.randrange(len(prompt.options))]
        state.apply(option)
        record.choices.append(option.id)
    assert state.result is not None
    assert record.replay().digest() == state.digest()
