"""Importers over the real samples in ../shared (read in place) and over small bad inputs."""

from __future__ import annotations

import json
import re
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import func, select

from cards.catalog import Catalog, CatalogImportError
from cards.catalog.models import CARD
from cards.importers import detect_format, import_source
from cards.importers.ygopro_cdb import decode, parse_cdb
from cards.pool import load_pool

pytestmark = pytest.mark.shared


def ygo(shared_dir: Path, name: str) -> Path:
    return shared_dir / "carddata" / "yugioh" / name


async def cards_of(catalog: Catalog, game: str) -> int:
    async with catalog.engine.connect() as conn:
        return int(await conn.scalar(select(func.count()).select_from(CARD).where(CARD.c.game == game)) or 0)


def test_decode_bit_flags() -> None:
    assert decode(89631139, 17, 3000, 2500, 8, 0x2000, 0x10) == (
        "monster",
        "normal",
        {"atk": 3000, "attribute": "LIGHT", "race": "Dragon", "level": 8, "def": 2500},
        [],
    )
    _, _, stats, kinds = decode(16178681, 0x1000021, 2500, 2000, 0x04040007, 0x2000, 0x20)
    assert (stats["level"], stats["scale_left"], stats["scale_right"], "pendulum" in kinds) == (7, 4, 4, True)
    _, subtype, stats, _ = decode(1861629, 0x4000021, 2300, 0x2 | 0x80 | 0x20, 3, 0x1000000, 0x20)
    assert (subtype, stats["link"], stats["link_markers"]) == ("link", 3, ["Bottom", "Right", "Top"])
    assert decode(5318639, 0x10002, 0, 0, 0, 0, 0)[:2] == ("spell", "quick-play")


def test_parse_goat_cdb_counts(shared_dir: Path) -> None:
    parsed = parse_cdb(ygo(shared_dir, "ygopro-goat_en-US_cards.cdb"))
    # 1,788 alias-free rows, plus 8 rows aliased to a differently named card (their own cards)
    assert len(parsed.records) == 1788 + 8
    assert sum(len(r.alt_codes) for r in parsed.records) == 1893 - 1796
    bewd = next(r for r in parsed.records if r.code == "89631139")
    assert bewd.stats["atk"] == 3000 and "89631140" in bewd.alt_codes


async def test_import_2018_cdb_then_reimport_is_unchanged(catalog: Catalog, shared_dir: Path) -> None:
    source = str(ygo(shared_dir, "ygopro_pc-english_2018_cards.cdb"))
    first = await import_source(catalog, source)
    assert first.added + first.updated == 9194 + 10
    imported = {r.code for r in parse_cdb(Path(source)).records}
    builtin_only = set(load_pool("yugioh").cards) - imported  # built-in cards the 2018 cdb lacks stay
    assert await cards_of(catalog, "yugioh") == 9204 + len(builtin_only)
    again = await import_source(catalog, source)
    assert (again.added, again.updated, again.unchanged) == (0, 0, 9204)


async def test_import_ygoprodeck_sample(catalog: Catalog, shared_dir: Path) -> None:
    source = str(ygo(shared_dir, "ygoprodeck_v7_sample_162cards.json"))
    summary = await import_source(catalog, source)
    assert summary.format == "ygoprodeck" and summary.added + summary.updated == 162
    async with catalog.engine.connect() as conn:
        row = (
            await conn.execute(select(CARD.c.image_url, CARD.c.sets, CARD.c.stats).where(CARD.c.code == "86120751"))
        ).one()
    assert row.image_url.startswith("https://") and row.sets[0]["number"] == "FUEN-EN026"
    assert row.stats["atk"] == 1000


async def test_import_naruto_set_keeps_builtin_text(catalog: Catalog, shared_dir: Path) -> None:
    async with catalog.engine.connect() as conn:
        before = await conn.scalar(select(CARD.c.text).where(CARD.c.game == "naruto", CARD.c.code == "J-001"))
    source = str(shared_dir / "carddata" / "naruto" / "set01_path_to_hokage.json")
    summary = await import_source(catalog, source)
    assert summary.format == "naruto" and summary.added + summary.updated + summary.unchanged == 127
    async with catalog.engine.connect() as conn:
        after = await conn.scalar(select(CARD.c.text).where(CARD.c.game == "naruto", CARD.c.code == "J-001"))
    assert after == before  # a fact-only dump does not blank our own rules text


async def test_import_naruto_database_shape(catalog: Catalog, shared_dir: Path) -> None:
    source = str(shared_dir / "carddata" / "naruto" / "N-CCG-DB_schema_excerpt.json")
    assert (await import_source(catalog, source)).added == 1
    async with catalog.engine.connect() as conn:
        stats = await conn.scalar(select(CARD.c.stats).where(CARD.c.code == "PR-001"))
    assert stats["injured_combat"] == 3 and stats["symbols"] == ["Lightning"]


async def test_babel_entries_import_as_their_own_cards(catalog: Catalog, shared_dir: Path) -> None:
    summary = await import_source(catalog, str(ygo(shared_dir, "babelcdb_goat-entries.cdb")))
    assert summary.added == 191


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ('{"data": [{"id": 1, "name": "A", "type": "Spell Card"', "looks truncated"),
        ('{"data": [{"id": 1, "name": "A", "type": "Spell Card", "colour": 1}]}', "unknown field(s) 'colour'"),
        (
            '{"data": [{"id": 1, "name": "A", "type": "Spell Card"}, {"id": 1, "name": "B", "type": "Trap Card"}]}',
            "duplicate card code",
        ),
        ('{"data": [{"id": 1, "name": "A", "type": "Effect Monster", "atk": "lots"}]}', "must be a number"),
        ('{"data": [{"name": "A"}]}', "needs at least id, name and type"),
    ],
)
async def test_bad_ygoprodeck_input_is_refused(catalog: Catalog, tmp_path: Path, content: str, message: str) -> None:
    before = await cards_of(catalog, "yugioh")
    path = tmp_path / "bad.json"
    path.write_text(content)
    with pytest.raises(CatalogImportError, match=message.replace("(", r"\(").replace(")", r"\)")):
        await import_source(catalog, str(path), "ygoprodeck")
    assert await cards_of(catalog, "yugioh") == before


async def test_not_a_cdb_is_refused(catalog: Catalog, tmp_path: Path) -> None:
    path = tmp_path / "cards.cdb"
    path.write_bytes(b"this is not sqlite at all" * 10)
    with pytest.raises(CatalogImportError, match="not a readable SQLite"):
        await import_source(catalog, str(path))


def test_detect_format() -> None:
    assert detect_format("https://db.ygoprodeck.com/api/v7/cardinfo.php") == "ygoprodeck"
    assert detect_format("x/cards.cdb") == "cdb"
    assert detect_format("x.csv") == "csv"
    assert detect_format("x.json", {"data": []}) == "ygoprodeck"
    assert detect_format("x.json", {"01 Path to Hokage": [{"Card ID": "n001"}]}) == "naruto"
    assert detect_format("x.json", {"game": "usagi", "cards": []}) == "json"
    with pytest.raises(CatalogImportError, match="--format"):
        detect_format("cards.txt")


async def test_generic_json_and_csv(catalog: Catalog, tmp_path: Path) -> None:
    data = {
        "game": "usagi",
        "set": "Community Set 1",
        "cards": [
            {
                "code": "CS-1",
                "name": "Tomoe Ame, Bodyguard",
                "type": "Character",
                "stats": {"ratings": {"combat": 3}},
                "sets": [{"set": "Community Set 1", "number": "CS-1", "rarity": "Rare"}],
                "aliases": ["Tomoe"],
            },
        ],
    }
    path = tmp_path / "usagi.json"
    path.write_text(json.dumps(data))
    assert (await import_source(catalog, str(path))).added == 1
    csv_path = tmp_path / "inuyasha.csv"
    csv_path.write_text(
        "code,name,type,text,sets,stat:cost,stat:colors\n"
        'CM-1,"Kagome, Test Archer",character,Shoots arrows.,Community|Promo,2,red|white\n'
    )
    summary = await import_source(catalog, str(csv_path), game="inuyasha")
    assert summary.added == 1
    async with catalog.engine.connect() as conn:
        stats = await conn.scalar(select(CARD.c.stats).where(CARD.c.code == "CM-1"))
    assert stats == {"cost": 2, "colors": ["red", "white"]}


async def test_generic_errors(catalog: Catalog, tmp_path: Path) -> None:
    path = tmp_path / "bad.csv"
    path.write_text("code,name,type,colour\nA,B,C,D\n")
    with pytest.raises(CatalogImportError, match="unknown column"):
        await import_source(catalog, str(path), game="usagi")
    path.write_text("code,name,type\nA,B,C\n")
    with pytest.raises(CatalogImportError, match="unknown or missing game"):
        await import_source(catalog, str(path))
    json_path = tmp_path / "bad.json"
    json_path.write_text(json.dumps({"game": "usagi", "cards": [{"code": "A", "type": "x"}]}))
    with pytest.raises(CatalogImportError, match="missing required field 'name'"):
        await import_source(catalog, str(json_path))


def test_parse_ydm_cards(shared_dir: Path) -> None:
    from cards.importers.ydm import parse_ydm_cards

    parsed = parse_ydm_cards(shared_dir / "carddata" / "yugioh" / "ydm" / "cards_all.json")
    assert len(parsed.records) == 8673
    by_name = {r.name: r for r in parsed.records}
    assert by_name["3-Hump Lacooda"].stats == {
        "atk": 500,
        "attribute": "EARTH",
        "race": "Beast",
        "level": 3,
        "def": 1500,
    }
    assert by_name["1st Movement Solo"].subtype == "normal" and by_name["1st Movement Solo"].type == "spell"


async def test_ydm_set_lists_add_printings(catalog: Catalog, shared_dir: Path) -> None:
    folder = shared_dir / "carddata" / "yugioh" / "ydm" / "sets_classic"
    summary = await import_source(catalog, str(folder))
    assert summary.format == "ydm-sets" and summary.added == 8 and summary.updated > 100
    async with catalog.engine.connect() as conn:
        sets = await conn.scalar(select(CARD.c.sets).where(CARD.c.game == "yugioh", CARD.c.code == "89631139"))
    lob = [p for p in sets if p.get("number") == "LOB-001"]
    assert lob == [{"set": "Legend of Blue Eyes White Dragon", "number": "LOB-001", "rarity": "Ultra Rare"}]
    again = await import_source(catalog, str(folder))
    assert again.updated == 0 and again.added == 0  # idempotent


async def test_generic_stats_are_checked_per_game(catalog: Catalog, tmp_path: Path) -> None:
    path = tmp_path / "inazuma.json"
    card = {"code": "CM-9", "name": "Test Keeper", "type": "goalkeeper", "stats": {"sp": 500, "atk": 2}}
    path.write_text(json.dumps({"game": "inazuma", "cards": [card]}))
    with pytest.raises(CatalogImportError, match=r"unknown inazuma stat.*'atk'"):
        await import_source(catalog, str(path))
    assert (await import_source(catalog, str(path), strict=False)).added == 1


async def test_archeveque_inazuma_list_matches_builtin_codes(catalog: Catalog, shared_dir: Path) -> None:
    source = str(shared_dir / "carddata" / "inazuma" / "archeveque_card_list.json")
    summary = await import_source(catalog, source)
    assert summary.format == "archeveque"
    assert summary.added + summary.updated + summary.unchanged == 34 and len(summary.skipped) == 93
    async with catalog.engine.connect() as conn:
        row = (
            await conn.execute(
                select(CARD.c.name, CARD.c.stats, CARD.c.text).where(CARD.c.game == "inazuma", CARD.c.code == "S1-02")
            )
        ).one()
    assert row.name == "Axel Blaze" and row.stats["fsp"] == 800 and row.stats["attribute"] == "power"
    assert "\ufffd" not in row.text
    grouped = "skipped 93, placeholder row without a name: row id 27; row id 28; row id 29; and 90 more"
    assert grouped in summary.describe()


async def test_truncated_cdb_is_refused(catalog: Catalog, shared_dir: Path, tmp_path: Path) -> None:
    whole = ygo(shared_dir, "ygopro-goat_en-US_cards.cdb").read_bytes()
    cut = tmp_path / "cut.cdb"
    cut.write_bytes(whole[: len(whole) // 3])
    before = await cards_of(catalog, "yugioh")
    with pytest.raises(CatalogImportError, match=r"cut\.cdb: not a readable SQLite cards\.cdb"):
        await import_source(catalog, str(cut))
    assert await cards_of(catalog, "yugioh") == before


# ----- hostile files (issue 20): every one refused with file, record and field named; nothing changes -----


async def catalog_rows(catalog: Catalog) -> list[tuple[str, str, str]]:
    """Every card of the catalog as (game, code, content hash): equal before and after a refused import."""
    async with catalog.engine.connect() as conn:
        rows = await conn.execute(select(CARD.c.game, CARD.c.code, CARD.c.content_hash).order_by(CARD.c.id))
        return [(game, code, digest) for game, code, digest in rows]


async def refused(catalog: Catalog, path: Path, *patterns: str, fmt: str | None = None, game: str | None = None) -> str:
    """Import `path`, expect a CatalogImportError naming the file and matching every pattern; the catalog
    must not change. Returns the message."""
    before = await catalog_rows(catalog)
    with pytest.raises(CatalogImportError) as caught:
        await import_source(catalog, str(path), fmt, game)
    message = str(caught.value)
    assert message.startswith(str(path)), message
    for pattern in patterns:
        assert re.search(pattern, message), f"{pattern!r} not in {message!r}"
    assert len(message) < 600, f"the message should stay readable, not quote the whole field: {len(message)} chars"
    assert await catalog_rows(catalog) == before
    return message


def generic(tmp_path: Path, *cards: dict[str, Any], name: str = "set.json") -> Path:
    path = tmp_path / name
    ok = {"code": "OK-1", "name": "A fine card", "type": "Character"}
    path.write_text(json.dumps({"game": "usagi", "cards": [ok, *cards]}), encoding="utf-8")
    return path


def make_cdb(path: Path, *rows: tuple[Any, ...]) -> Path:
    """A YGOPro cards.cdb holding `rows` of (id, alias, type, atk, def, level, race, attribute, name, desc)."""
    conn = sqlite3.connect(path)
    conn.execute(
        "CREATE TABLE datas (id INTEGER PRIMARY KEY, ot INTEGER, alias INTEGER, setcode INTEGER, type INTEGER,"
        " atk INTEGER, def INTEGER, level INTEGER, race INTEGER, attribute INTEGER, category INTEGER)"
    )
    conn.execute("CREATE TABLE texts (id INTEGER PRIMARY KEY, name TEXT, desc TEXT)")
    for code, alias, type_bits, atk, def_, level, race, attribute, name, desc in rows:
        conn.execute(
            "INSERT INTO datas VALUES (?, 3, ?, 0, ?, ?, ?, ?, ?, ?, 0)",
            (code, alias, type_bits, atk, def_, level, race, attribute),
        )
        conn.execute("INSERT INTO texts VALUES (?, ?, ?)", (code, name, desc))
    conn.commit()
    conn.close()
    return path


GOOD_ROW = (46986414, 0, 0x11, 2500, 2100, 7, 0x2, 0x20, "Dark Magician", "The ultimate wizard.")


@pytest.mark.parametrize(
    ("card", "patterns"),
    [
        ({"code": "X-1", "name": "n" * 1_000_000, "type": "Character"}, [r"card #2", r"'name'", r"1,000,000 char"]),
        ({"code": "X-1", "name": "N", "type": "Character", "text": "t" * 50_000}, [r"card #2", r"'text'", "10,000"]),
        ({"code": "C" * 500, "name": "N", "type": "Character"}, [r"card #2", r"'code'", "500 char"]),
        ({"code": "X-1", "name": "N", "type": "T" * 300}, [r"card #2", r"'type'"]),
        ({"code": "X-1", "name": "N", "type": "Character", "aliases": ["a" * 20_000]}, [r"card #2", r"'aliases'"]),
        ({"code": "X-1", "name": "N", "type": "Character", "aliases": ["a"] * 5_000}, [r"'aliases'", "5,000 entries"]),
        ({"code": "X-1", "name": "N", "type": "Character", "group": "g" * 5_000}, [r"card #2", r"'group'"]),
        ({"code": "X-1", "name": "N", "type": "Character", "sets": ["s" * 5_000]}, [r"card #2", r"'sets'"]),
        ({"code": "X-1", "name": "N", "type": "Character", "extra": {"x": "e" * 50_000}}, [r"card #2", r"'extra'"]),
        ({"code": "X-1", "name": "N", "type": "Character", "tags": ["t" * 50_000]}, [r"card #2", r"'extra'"]),
    ],
)
async def test_giant_generic_fields_are_refused(
    catalog: Catalog, tmp_path: Path, card: dict[str, Any], patterns: list[str]
) -> None:
    await refused(catalog, generic(tmp_path, card), *patterns)


async def test_giant_fields_in_every_format_are_refused(catalog: Catalog, tmp_path: Path) -> None:
    huge = "n" * 1_000_000
    ygoprodeck = tmp_path / "cardinfo.json"
    ygoprodeck.write_text(json.dumps({"data": [{"id": 1, "name": huge, "type": "Spell Card"}]}))
    await refused(catalog, ygoprodeck, r"card #1", r"'name'", r"1,000,000 char")
    ygoprodeck.write_text(json.dumps({"data": [{"id": 1, "name": "A", "type": "Spell Card", "desc": huge}]}))
    await refused(catalog, ygoprodeck, r"card #1 \('A'\)", r"'desc'", r"1,000,000 char")
    cdb = make_cdb(tmp_path / "big.cdb", GOOD_ROW, (2, 0, 0x2, 0, 0, 0, 0, 0, huge, ""))
    await refused(catalog, cdb, r"card 2\b", r"'texts\.name'", r"1,000,000 char")
    naruto = tmp_path / "naruto.json"
    naruto.write_text(json.dumps({"cards": [{"Collector Number": "N-1", "name": "A", "Effect Text": huge}]}))
    await refused(catalog, naruto, r"card #1", r"'Effect Text'", fmt="naruto")
    archeveque = tmp_path / "card_list.json"
    row = {"id": "1", "extension": "FF", "cardtype": "technique", "name": huge}
    archeveque.write_text(json.dumps([row]))
    await refused(catalog, archeveque, r"row #1", r"'name'", fmt="archeveque")
    ydm = tmp_path / "ydm.json"
    ydm.write_text(json.dumps({"name": "A", "number": 1, "is_monster": False, "type": "Spell", "text": huge}))
    await refused(catalog, ydm, r"'text or pendulum_text'", fmt="ydm")
    csv_path = tmp_path / "big.csv"
    csv_path.write_text(f"code,name,type\nA-1,Fine,character\nA-2,{'n' * 50_000},character\n")
    await refused(catalog, csv_path, r"line 3", r"'name'", r"50,000 char", game="usagi")
    csv_path.write_text(f"code,name,type\nA-1,Fine,character\nA-2,{huge},character\n")
    await refused(catalog, csv_path, r"line 3", r"cell is longer than", game="usagi")


async def test_a_refused_giant_name_leaves_fuzzy_lookups_fast(catalog: Catalog, tmp_path: Path) -> None:
    import time

    from cards.catalog import CardSearch

    await refused(catalog, generic(tmp_path, {"code": "X-1", "name": "Usagi " * 200_000, "type": "Character"}))
    search = CardSearch(catalog, refresh_seconds=0)
    started = time.perf_counter()
    response = await search.search("wandering pedler", game="usagi")
    assert response.results and time.perf_counter() - started < 5


async def test_deeply_nested_json_is_refused(catalog: Catalog, tmp_path: Path) -> None:
    path = tmp_path / "nested.json"
    path.write_text("[" * 100_000 + "]" * 100_000)
    for fmt in (None, "json", "ygoprodeck", "naruto", "archeveque", "ydm"):
        await refused(catalog, path, r"nested too deeply", fmt=fmt, game="usagi" if fmt in (None, "json") else None)
    deep: Any = "bottom"
    for _ in range(50):
        deep = [deep]
    card = {"code": "X-1", "name": "N", "type": "Character", "extra": {"notes": deep}}
    await refused(catalog, generic(tmp_path, card), r"card #2", r"'extra'", r"more than 8 levels deep")
    card = {"code": "X-1", "name": "N", "type": "Character", "stats": {"cost": deep}}
    await refused(catalog, generic(tmp_path, card), r"card #2", r"'stats'", r"more than 8 levels deep")
    path.write_text(
        '{"game": "usagi", "cards": [{"code": "X", "name": "N", "type": "T", "stats": {"cost": ' + "9" * 5000 + "}}]}"
    )
    await refused(catalog, path, r"number .* too long")


async def test_cdb_with_words_in_number_columns_is_refused(catalog: Catalog, tmp_path: Path) -> None:
    cdb = make_cdb(tmp_path / "edited.cdb", GOOD_ROW, (2, 0, 0x21, "lots", 0, 4, 1, 1, "Hand Edited", "x"))
    await refused(catalog, cdb, r"card 2 \('Hand Edited'\)", r"datas\.atk", r"whole number, got text \('lots'\)")
    cdb = make_cdb(tmp_path / "edited2.cdb", GOOD_ROW, (2, 0, "monster", 0, 0, 4, 1, 1, "Typed", "x"))
    await refused(catalog, cdb, r"card 2", r"datas\.type", r"'monster'")
    cdb = make_cdb(tmp_path / "edited3.cdb", GOOD_ROW, (2, 0, 0x2, 0, 0, 0, 0, 0, b"\x00\x01", "x"))
    await refused(catalog, cdb, r"card 2", r"texts\.name", r"must hold text, got binary data")
    cdb = make_cdb(tmp_path / "edited4.cdb", GOOD_ROW, (2, 0, 0x2, 0, 0, 0, 0, 0, "Desc", b"\xff\xfe"))
    await refused(catalog, cdb, r"card 2 \('Desc'\)", r"texts\.desc", r"must hold text, got binary data")
    cdb = make_cdb(tmp_path / "nulls.cdb", GOOD_ROW, (3, None, 0x2, None, None, None, None, None, "Nulls", None))
    summary = await import_source(catalog, str(cdb))  # NULL numbers and texts read as 0 and ""
    assert summary.added + summary.updated == 2


@pytest.mark.parametrize(
    ("fmt", "content", "patterns"),
    [
        (
            "json",
            {"game": "usagi", "cards": [{"code": "A", "name": ["a"], "type": "T"}]},
            ["card #1", "'name'", "a list"],
        ),
        ("json", {"game": "usagi", "cards": [{"code": "A", "name": "N", "type": {"t": 1}}]}, ["'type'", "an object"]),
        ("json", {"game": "usagi", "cards": [{"code": ["A"], "name": "N", "type": "T"}]}, ["'code'", "a list"]),
        ("json", {"game": "usagi", "cards": [{"code": "A", "name": "N", "type": "T", "text": True}]}, ["'text'"]),
        (
            "json",
            {"game": "usagi", "cards": [{"code": "A", "name": "N", "type": "T", "sets": [{"set": ["s"]}]}]},
            ["'sets.set'"],
        ),
        (
            "json",
            {"game": "usagi", "cards": [{"code": "A", "name": "N", "type": "T", "stats": ["cost"]}]},
            ["'stats'", "a list"],
        ),
        ("ygoprodeck", {"data": [{"id": 1, "name": ["a"], "type": "Spell Card"}]}, ["card #1", "'name'", "a list"]),
        ("ygoprodeck", {"data": [{"id": [1], "name": "A", "type": "Spell Card"}]}, ["card #1", "'id'", "a list"]),
        ("ygoprodeck", {"data": [{"id": 1, "name": "A", "type": "Spell Card", "desc": {"en": "x"}}]}, ["'desc'"]),
        (
            "ygoprodeck",
            {"data": [{"id": 1, "name": "A", "type": "Normal Monster", "atk": 10**500}]},
            ["'atk'", "out of range"],
        ),
        ("ygoprodeck", {"data": [{"id": 1, "name": "A", "type": "Spell Card", "card_sets": "LOB"}]}, ["'card_sets'"]),
        (
            "ygoprodeck",
            {"data": [{"id": 1, "name": "A", "type": "Spell Card", "card_images": [{}, {"id": "x"}]}]},
            ["'card_images.id'"],
        ),
        ("naruto", {"cards": [{"Collector Number": "N-1", "name": ["Naruto"]}]}, ["card #1", "'name'", "a list"]),
        (
            "naruto",
            {"cards": [{"Collector Number": "N-1", "name": "N", "Characteristics": [["Leaf"]]}]},
            ["'Characteristics'"],
        ),
        (
            "archeveque",
            [{"id": "1", "extension": "FF", "cardtype": "technique", "name": ["Axel"]}],
            ["row #1", "'name'"],
        ),
        ("ydm", {"name": ["A"], "number": 1, "is_monster": False, "type": "Spell"}, ["'name'", "a list"]),
        ("ydm", {"name": "A", "number": 1, "is_monster": True, "monster_types": "Normal"}, ["'monster_types'"]),
    ],
)
async def test_fields_of_the_wrong_type_are_refused(
    catalog: Catalog, tmp_path: Path, fmt: str, content: Any, patterns: list[str]
) -> None:
    path = tmp_path / "wrong.json"
    path.write_text(json.dumps(content))
    message = await refused(catalog, path, *map(re.escape, patterns), fmt=fmt)
    assert "['a']" not in message.split("got", 1)[0]


async def test_a_list_name_never_imports_as_its_python_spelling(catalog: Catalog, tmp_path: Path) -> None:
    await refused(catalog, generic(tmp_path, {"code": "L-1", "name": ["a"], "type": "Character"}), r"'name'")
    async with catalog.engine.connect() as conn:
        assert await conn.scalar(select(func.count()).select_from(CARD).where(CARD.c.name == "['a']")) == 0


async def test_csv_with_an_unterminated_quote_says_so(catalog: Catalog, tmp_path: Path) -> None:
    path = tmp_path / "open.csv"
    path.write_text(
        'code,name,type,text\nA-1,Fine,character,ok\nA-2,"Kagome, Archer,character,x\nA-3,Inu,character,y\n'
    )
    message = await refused(catalog, path, r"line 3, column 'name'", r"never closed", game="inuyasha")
    assert "missing required field" not in message
    path.write_text('code,name,type,text\nA-1,"Fine",character,"She said ""hi""\nthen left"\n')
    assert (await import_source(catalog, str(path), game="inuyasha")).added == 1  # closed quotes still import


async def test_ydm_set_lists_with_giant_or_wrong_fields_are_refused(catalog: Catalog, tmp_path: Path) -> None:
    path = tmp_path / "set.json"
    cards = [{"card_name": "Dark Magician", "set_number": "LOB-005", "rarities": ["Ultra Rare"]}]
    path.write_text(json.dumps({"name": "S", "prefix": "LOB", "cards": [*cards, {"card_name": "x" * 100_000}]}))
    await refused(catalog, path, r"card #2", r"'card_name'", fmt="ydm-sets")
    path.write_text(json.dumps({"name": "S", "prefix": "LOB", "cards": [{"card_name": ["Dark Magician"]}]}))
    await refused(catalog, path, r"card #1", r"'card_name'", r"a list", fmt="ydm-sets")
    path.write_text(json.dumps({"name": "S", "prefix": "LOB", "cards": {"card_name": "Dark Magician"}}))
    await refused(catalog, path, r"'cards'", r"must be a list", fmt="ydm-sets")
