"""Importers over the real samples in ../shared (read in place) and over small bad inputs."""

from __future__ import annotations

import json
from pathlib import Path

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
