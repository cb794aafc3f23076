"""The catalog: built-in pools load once and idempotently, records upsert in one transaction."""

from __future__ import annotations

from sqlalchemy import func, select

from cards.catalog import CardRecord, Catalog, CatalogImportError, ImportSummary
from cards.catalog.builtin import load_nicknames, sync_builtin_pools
from cards.catalog.models import ALIAS, CARD
from cards.catalog.store import group_key, write_records
from cards.pool import available_pools, load_pool


async def count(catalog: Catalog, game: str | None = None) -> int:
    query = select(func.count()).select_from(CARD)
    if game:
        query = query.where(CARD.c.game == game)
    async with catalog.engine.connect() as conn:
        return int(await conn.scalar(query) or 0)


async def test_builtin_pools_load_on_open(catalog: Catalog) -> None:
    for game in available_pools():
        assert await count(catalog, game) == len(load_pool(game)), game


async def test_builtin_sync_is_idempotent(catalog: Catalog) -> None:
    before = (await count(catalog), await catalog.generation())
    summaries = await sync_builtin_pools(catalog)
    assert summaries == []  # every pool fingerprint matched: nothing rewritten
    assert (await count(catalog), await catalog.generation()) == before


def record(code: str, name: str, **kw: object) -> CardRecord:
    return CardRecord(game="usagi", code=code, name=name, type="Character", **kw)  # type: ignore[arg-type]


async def test_write_reports_added_updated_unchanged(catalog: Catalog) -> None:
    first = await write_records(
        catalog,
        [record("X1", "Test Ronin"), record("X2", "Test Monk")],
        ImportSummary("t", "json", "usagi"),
        origin="import:json",
    )
    assert (first.added, first.updated, first.unchanged) == (2, 0, 0)
    again = await write_records(
        catalog,
        [record("X1", "Test Ronin", text="new"), record("X2", "Test Monk")],
        ImportSummary("t", "json", "usagi"),
        origin="import:json",
    )
    assert (again.added, again.updated, again.unchanged) == (0, 1, 1)


async def test_duplicate_codes_refused_and_nothing_written(catalog: Catalog) -> None:
    before = await count(catalog, "usagi")
    try:
        await write_records(
            catalog,
            [record("D1", "A"), record("D1", "B")],
            ImportSummary("dup.json", "json", "usagi"),
            origin="import:json",
        )
    except CatalogImportError as exc:
        assert "duplicate card code 'D1'" in str(exc)
    else:
        raise AssertionError("duplicate codes were accepted")
    assert await count(catalog, "usagi") == before


async def test_failure_mid_transaction_rolls_back(catalog: Catalog) -> None:
    before = await count(catalog, "usagi")
    bad = record("R2", "Broken", stats={"x": object()})  # not JSON-serializable: fails inside the write
    try:
        await write_records(
            catalog, [record("R1", "Fine"), bad], ImportSummary("r", "json", "usagi"), origin="import:json"
        )
    except Exception as exc:
        assert "serializable" in str(exc) or "JSON" in str(exc)
    else:
        raise AssertionError("an unserializable stat was accepted")
    assert await count(catalog, "usagi") == before


def test_group_key_versions() -> None:
    assert group_key("inuyasha", "Raiga, Half-Demon Wanderer") == group_key("inuyasha", "Raiga, Hot-Headed Guardian")
    assert group_key("yugioh", "Trishula, Dragon of the Ice Barrier") != group_key(
        "yugioh", "Trishula, the Ice Prison Dragon"
    )


def test_nickname_table_is_well_formed() -> None:
    table = load_nicknames()
    assert set(table) <= {"yugioh", "naruto", "inuyasha", "inazuma", "usagi"}
    assert table["yugioh"]["BEWD"] == "Blue-Eyes White Dragon"


async def test_nicknames_stored_as_aliases(catalog: Catalog) -> None:
    async with catalog.engine.connect() as conn:
        stored = await conn.scalar(select(func.count()).select_from(ALIAS).where(ALIAS.c.kind == "nickname"))
    assert stored == sum(len(v) for v in load_nicknames().values())


async def test_catalog_url_from_environment(monkeypatch, tmp_path) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'env.db'}")
    cat = Catalog()
    assert cat.url == f"sqlite+aiosqlite:///{tmp_path / 'env.db'}"
    await cat.close()


async def test_concurrent_opens_share_one_database(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Two processes' catalogs (here: two engines) and many tasks opening at once load the pools once."""
    import asyncio

    from cards.catalog import CardSearch

    url = f"sqlite:///{tmp_path / 'shared.db'}"
    first, second = Catalog(url), Catalog(url)
    searches = [CardSearch(first, refresh_seconds=0) for _ in range(3)] + [CardSearch(second, refresh_seconds=0)]
    responses = await asyncio.gather(*(s.search("dark magician", game="yugioh") for s in searches))
    assert all(r.results[0].name == "Dark Magician" for r in responses)
    assert await count(first) == sum(len(load_pool(game)) for game in available_pools())
    await first.close()
    await second.close()


async def test_broken_pool_does_not_break_the_catalog(tmp_path, monkeypatch, caplog) -> None:  # type: ignore[no-untyped-def]
    from cards.catalog import builtin
    from cards.pool import PoolError

    real = builtin.load_pool.__wrapped__

    def flaky(game: str):  # type: ignore[no-untyped-def]
        if game == "usagi":
            raise PoolError("usagi cards.json: bad card entry")
        return real(game)

    monkeypatch.setattr(builtin.load_pool, "__wrapped__", flaky)
    cat = Catalog(f"sqlite:///{tmp_path / 'broken.db'}")
    await cat.open()
    assert await count(cat, "usagi") == 0 and await count(cat, "yugioh") == len(load_pool("yugioh"))
    assert "built-in usagi pool not loaded" in caplog.text
    await cat.close()


async def test_pool_reload_keeps_imported_cards(catalog: Catalog) -> None:
    """A user's import wins over the built-in pool, also when the pool file changes later."""
    from cards.catalog.db import set_meta

    dark_magician = load_pool("yugioh").by_name("Dark Magician")
    imported = CardRecord(
        game="yugioh", code=dark_magician.code, name="Dark Magician", type="monster", text="Imported text."
    )
    await write_records(catalog, [imported], ImportSummary("dm.json", "json", "yugioh"), origin="import:json")
    async with catalog.transaction() as conn:
        await set_meta(conn, "pool:yugioh", "changed")  # as if the pool file had been edited
    summaries = await sync_builtin_pools(catalog)
    assert [s.game for s in summaries] == ["yugioh"]
    assert summaries[0].skipped == [(dark_magician.code, "kept as imported (import:json)")]
    async with catalog.engine.connect() as conn:
        row = (await conn.execute(select(CARD.c.text, CARD.c.origin).where(CARD.c.code == dark_magician.code))).one()
    assert (row.text, row.origin) == ("Imported text.", "import:json")


async def test_older_catalog_gains_new_columns(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """A catalog file made before a column existed is upgraded in place on open (additive only)."""
    import sqlite3

    path = tmp_path / "old.db"
    with sqlite3.connect(path) as old:
        old.execute(
            "CREATE TABLE catalog_set (id INTEGER PRIMARY KEY, game VARCHAR(32) NOT NULL, "
            "name VARCHAR(200) NOT NULL, code VARCHAR(32) NOT NULL, origin VARCHAR(64) NOT NULL)"
        )
        old.execute("INSERT INTO catalog_set (game, name, code, origin) VALUES ('yugioh', 'Old Set', 'OLD', 'x')")
    cat = Catalog(f"sqlite:///{path}")
    await cat.open()
    async with cat.engine.connect() as conn:
        from sqlalchemy import text

        row = (await conn.execute(text("SELECT kind, released FROM catalog_set WHERE name = 'Old Set'"))).one()
    assert tuple(row) == ("", "")
    await cat.close()


async def test_older_catalog_cards_get_full_text_indexed(tmp_path) -> None:  # type: ignore[no-untyped-def]
    import sqlite3

    from cards.catalog import CardSearch

    path = tmp_path / "old_cards.db"
    with sqlite3.connect(path) as old:
        old.execute(
            "CREATE TABLE catalog_card (id INTEGER PRIMARY KEY, game VARCHAR(32) NOT NULL, "
            "code VARCHAR(64) NOT NULL, name VARCHAR(200) NOT NULL, norm_name VARCHAR(200) NOT NULL, "
            "group_key VARCHAR(200) NOT NULL, type VARCHAR(64) NOT NULL, subtype VARCHAR(120) NOT NULL, "
            "stats JSON NOT NULL, text VARCHAR NOT NULL, sets JSON NOT NULL, image_url VARCHAR(500) NOT NULL, "
            "origin VARCHAR(64) NOT NULL, source VARCHAR(500) NOT NULL, imported_at DATETIME NOT NULL, "
            "UNIQUE (game, code))"
        )
        old.execute(
            "INSERT INTO catalog_card VALUES (1, 'usagi', 'Z1', 'Old Card', 'old card', 'old card', "
            "'Character', '', '{}', 'Zyxwv grants a peculiar ability.', '[]', '', 'import:json', 'x', "
            "'2026-01-01 00:00:00')"
        )
    cat = Catalog(f"sqlite:///{path}")
    results = (await CardSearch(cat, refresh_seconds=0).search("zyxwv peculiar", game="usagi")).results
    assert [(r.code, r.match) for r in results[:1]] == [("Z1", "text")]
    await cat.close()
