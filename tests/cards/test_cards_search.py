"""Search behaviour: exact, alias, fuzzy, full-text, versions, autocomplete; and the labelled query set."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from cards.catalog import CardSearch, Catalog
from cards.catalog.index import rank_score, word_coverage
from cards.importers import import_source
from cards.pool import available_pools, load_pool, normalize_name


async def test_exact_name_and_case(search: CardSearch) -> None:
    response = await search.search("DARK MAGICIAN", game="yugioh")
    top = response.results[0]
    assert (top.name, top.match, top.score) == ("Dark Magician", "name", 100.0)


async def test_nickname_alias(search: CardSearch) -> None:
    top = (await search.search("BEWD")).results[0]
    assert (top.name, top.match) == ("Blue-Eyes White Dragon", "alias")


@pytest.mark.parametrize(
    ("query", "name"),
    [("gouenji", "Axel Blaze"), ("Goenji Shuya", "Axel Blaze"), ("endou", "Mark Evans"), ("kidou yuuto", "Jude Sharp")],
)
async def test_japanese_names_of_inazuma_characters(search: CardSearch, query: str, name: str) -> None:
    top = (await search.search(query)).results[0]
    assert (top.name, top.match) == (name, "alias"), query


async def test_fuzzy_forgives_typos_and_hyphens(search: CardSearch) -> None:
    for query in ("blue eyes white dragn", "blue-eyes-white-dragon", "Blue Eyes White Dragon!"):
        assert (await search.search(query)).results[0].name == "Blue-Eyes White Dragon", query


async def test_code_lookup(search: CardSearch) -> None:
    top = (await search.search("N-001")).results[0]
    leading_zero = next(c for c in load_pool("yugioh").cards.values() if c.code.startswith("0") and c.code.isdigit())
    typed = (await search.search(leading_zero.code.lstrip("0"))).results[0]  # passcode typed without its zeros
    assert (typed.code, typed.match) == (leading_zero.code, "code")
    assert (top.game, top.code, top.match) == ("naruto", "N-001", "code")


@pytest.mark.parametrize("game", ["inuyasha", "naruto", "inazuma"])
async def test_versions_grouped(search: CardSearch, game: str) -> None:
    """Every character with several cards in a built-in pool comes back as one result with its versions."""
    from collections import defaultdict

    from cards.catalog.store import group_key

    groups: dict[str, set[str]] = defaultdict(set)
    for card in load_pool(game).cards.values():
        groups[group_key(game, card.name)].add(card.code)
    versioned = {key: codes for key, codes in groups.items() if len(codes) > 1}
    assert versioned, f"the built-in {game} pool has characters in several versions"
    for key, codes in versioned.items():
        results = (await search.search(key, game=game)).results
        top = results[0]
        assert {top.code} | {v["code"] for v in top.versions} == codes, key
        assert not any(r.code in codes for r in results[1:]), key  # one result per character


async def test_full_text_fallback(search: CardSearch) -> None:
    dark_hole = load_pool("yugioh").by_name("Dark Hole")
    phrase = " ".join(normalize_name(dark_hole.text).split()[:5])
    results = (await search.search(phrase, game="yugioh")).results
    assert results and "text" in {r.match for r in results}
    assert any(normalize_name(r.text).startswith(phrase) for r in results[:3])


async def test_game_filter_and_no_result(search: CardSearch) -> None:
    results = (await search.search("Mark Evans", game="naruto")).results
    assert all(r.game == "naruto" for r in results)
    assert (await search.search("   ")).results == []


async def test_json_shape(search: CardSearch) -> None:
    data = (await search.search("pot of gred")).as_dict()
    assert set(data) == {"query", "game", "results"}
    first = data["results"][0]
    assert {"name", "game", "code", "score", "type", "stats", "text", "sets"} <= set(first)
    assert first["name"] == "Pot of Greed"
    assert first["provenance"] == "built-in card pool"


async def test_autocomplete(search: CardSearch) -> None:
    names = [s.name for s in await search.autocomplete("dark mag", game="yugioh")]
    assert names[0] == "Dark Magician" and len(names) <= 25
    assert len(await search.autocomplete("", game="usagi")) == 25
    assert [s.name for s in await search.autocomplete("blu eys", game="yugioh")][:1] == ["Blue-Eyes White Dragon"]
    # a partly typed, misspelt name: the unfinished last word is matched as a prefix
    partial = [("drk magc", "Dark Magician"), ("sumoned sk", "Summoned Skull"), ("pot of gre", "Pot of Greed")]
    for typed, meant in partial:
        assert [s.name for s in await search.autocomplete(typed, game="yugioh")][:1] == [meant], typed


async def test_index_refreshes_after_import(search: CardSearch, tmp_path: Path) -> None:
    assert (await search.search("Zzyzx Test Ronin", game="usagi")).results[0].score < 90
    path = tmp_path / "u.json"
    path.write_text('{"game": "usagi", "cards": [{"code": "ZZ-1", "name": "Zzyzx Test Ronin", "type": "Character"}]}')
    await import_source(search.catalog, str(path))
    assert (await search.search("Zzyzx Test Ronin", game="usagi")).results[0].code == "ZZ-1"


def test_scoring_helpers() -> None:
    assert rank_score("dark magician", "dark magician") > rank_score("dark magician", "dark magician girl")
    assert word_coverage(["destroy", "all", "monsters"], ["mind", "on", "air"]) == 0.0
    assert word_coverage(["blue", "eyes"], ["blue", "eyes", "white", "dragon"]) == 1.0


@pytest.mark.shared
@pytest.mark.parametrize("name", ["queries.yaml", "queries_holdout.yaml"])
async def test_labelled_queries_hit_rate(tmp_path: Path, shared_dir: Path, labelled_hit_rate: Any, name: str) -> None:
    """Realistic queries over the 9k cdb + built-in pools (SQLite, FTS5): the main set and a held-out set."""
    catalog = Catalog(f"sqlite:///{tmp_path / 'q.db'}")
    try:
        await labelled_hit_rate(catalog, shared_dir, name)
    finally:
        await catalog.close()


@pytest.mark.shared
def test_every_nickname_names_a_real_card(shared_dir: Path) -> None:
    """The shipped nickname table only points at cards that exist (2018 cdb or a built-in pool)."""
    from cards.catalog.builtin import load_nicknames
    from cards.importers.ygopro_cdb import parse_cdb

    cdb = parse_cdb(shared_dir / "carddata" / "yugioh" / "ygopro_pc-english_2018_cards.cdb")
    known = {"yugioh": {normalize_name(r.name) for r in cdb.records}}
    for game in available_pools():
        known.setdefault(game, set()).update(normalize_name(c.name) for c in load_pool(game).cards.values())
    missing = [
        (game, alias, target)
        for game, table in load_nicknames().items()
        for alias, target in table.items()
        if normalize_name(target) not in known.get(game, set())
    ]
    assert missing == []


async def test_search_survives_arbitrary_input(search: CardSearch) -> None:
    """Random text (quotes, FTS operators, emoji, very long input) never raises and stays well-formed."""
    import random

    rng = random.Random(5)
    alphabet = "abcdeéz XYZ019 -'\"*():^&|!?.,/\\\u3042\U0001f525\t\n"
    queries = ['"', "NEAR(", "a OR b", "*", "-", "x" * 500, "\u0000", "drop table catalog_card;--"]
    queries += ["".join(rng.choice(alphabet) for _ in range(rng.randint(0, 40))) for _ in range(150)]
    for query in queries:
        response = await search.search(query, limit=5)
        scores = [r.score for r in response.results]
        assert scores == sorted(scores, reverse=True) and len(scores) <= 5, query
        assert len(await search.autocomplete(query)) <= 25


def test_main_query_set_is_large_and_varied() -> None:
    import yaml

    queries = yaml.safe_load((Path(__file__).parent / "data" / "queries.yaml").read_text(encoding="utf-8"))
    assert len(queries) >= 100
    kinds = {case["kind"] for case in queries}
    assert {"typo", "punctuation", "partial", "nickname", "case", "code", "text", "version"} <= kinds
    assert {"naruto", "inuyasha", "inazuma"} <= {case.get("game") for case in queries}
