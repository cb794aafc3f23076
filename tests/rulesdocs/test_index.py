"""The FTS5 index: built on first use, reused while sources are unchanged, rebuilt when they change."""

from __future__ import annotations

import logging
import shutil
from pathlib import Path

import pytest

from rulesdocs.index import DEFAULT_TEXTS_DIR, Query, RulesIndex
from rulesdocs.model import RulesError


@pytest.fixture
def texts(tmp_path: Path) -> Path:
    target = tmp_path / "texts"
    target.mkdir()
    for name in ("yugioh.md", "naruto.md"):
        shutil.copy(DEFAULT_TEXTS_DIR / name, target / name)
    return target


def test_built_once_then_reused_then_rebuilt_on_change(texts: Path, tmp_path: Path) -> None:
    db = tmp_path / "cache" / "rules.sqlite"
    first = RulesIndex.open(texts, db_path=db)
    assert first.info.rebuilt and db.is_file()
    first.close()
    second = RulesIndex.open(texts, db_path=db)
    assert not second.info.rebuilt
    assert len(second.chunks) == len(first.chunks)
    second.close()
    path = texts / "naruto.md"
    path.write_text(path.read_text(encoding="utf-8") + "\n### 99.1 Added rule\nBrand new zorblax rule.\n")
    third = RulesIndex.open(texts, db_path=db)
    assert third.info.rebuilt
    assert third.section("naruto", "99.1") is not None
    hits = third.search(Query.parse("zorblax"), "naruto")
    assert hits[0].chunk.section == "99.1"


def test_search_is_per_game(texts: Path) -> None:
    index = RulesIndex.open(texts, db_path=":memory:")
    assert index.games == ["yugioh", "naruto"]
    yugioh = index.search(Query.parse("tribute summon level 5"), "yugioh")
    assert yugioh and all(h.chunk.game == "yugioh" for h in yugioh)
    assert index.search(Query.parse("tribute summon"), "usagi") == []
    assert index.search(Query.parse("the and of"), "yugioh") == []


def test_section_and_glossary_lookups(service_index: RulesIndex) -> None:
    chunk = service_index.section("yugioh", "10.2")
    assert chunk is not None and chunk.title == "Tribute Summon"
    term = service_index.term("yugioh", "tribute")
    assert term is not None and term.kind == "glossary"
    assert service_index.section("yugioh", "99.9") is None


def test_extra_documents_are_indexed_by_game(texts: Path, tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "yugioh-house-rules.md").write_text("# House\n## Snacks\nNo snacks on the quuxmat.\n")
    (docs / "general.txt").write_text("FAIR PLAY\nShake hands with your quuxmat opponent.\n")
    index = RulesIndex.open(texts, [docs], db_path=":memory:")
    query = Query.parse("quuxmat")
    assert {h.chunk.doc for h in index.search_extra(query, "yugioh")} == {"yugioh-house-rules.md", "general.txt"}
    assert {h.chunk.doc for h in index.search_extra(query, "naruto")} == {"general.txt"}
    assert index.search(query, "yugioh") == []


def test_missing_texts_directory_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(RulesError, match="does not exist"):
        RulesIndex.open(tmp_path / "nowhere", db_path=":memory:")


def test_unwritable_cache_falls_back_to_memory(texts: Path, tmp_path: Path) -> None:
    blocker = tmp_path / "file-not-dir"
    blocker.write_text("x")
    index = RulesIndex.open(texts, db_path=blocker / "rules.sqlite")
    assert index.info.rebuilt
    assert index.search(Query.parse("tribute"), "yugioh")


def test_concurrent_searches_share_one_connection(service_index: RulesIndex) -> None:
    from concurrent.futures import ThreadPoolExecutor

    query = Query.parse("tribute summon")
    with ThreadPoolExecutor(max_workers=4) as pool:
        results = list(pool.map(lambda _: service_index.search(query, "yugioh")[0].chunk.section, range(40)))
    assert len(set(results)) == 1


def test_service_picks_up_a_changed_text(texts: Path, tmp_path: Path) -> None:
    from rulesdocs.service import RulesService

    service = RulesService(texts_dir=texts, db_path=tmp_path / "rules.sqlite")
    assert not service.ask("zorblax?", game="naruto").found
    assert service.refresh(force=True) is False
    path = texts / "naruto.md"
    path.write_text(path.read_text(encoding="utf-8") + "\n### 99.1 Zorblax\nA zorblax ends the game.\n")
    assert service.refresh(force=True) is True
    answer = service.ask("what does a zorblax do?", game="naruto")
    assert answer.found and answer.citations[0].section == "99.1"


def test_a_corrupt_pdf_is_skipped_with_one_warning(
    texts: Path, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    from rulesdocs.service import RulesService

    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "yugioh-house-rules.md").write_text("# House\n## Snacks\nNo snacks on the quuxmat.\n")
    (docs / "broken.pdf").write_bytes(b"%PDF-1.4\n1 0 obj << /Type /Catalog garbage\n%%EOF")
    (docs / "noise.pdf").write_bytes(bytes(range(256)) * 20)
    with caplog.at_level(logging.WARNING, logger="rulesdocs.index"):
        for _ in range(3):  # rebuilt each time (in memory): still one warning per file
            index = RulesIndex.open(texts, [docs], db_path=":memory:")
            hits = index.search_extra(Query.parse("quuxmat"), "yugioh")
            assert {h.chunk.doc for h in hits} == {"yugioh-house-rules.md"}
            assert index.search(Query.parse("tribute summon"), "yugioh")
            index.close()
        service = RulesService(texts_dir=texts, extra_dirs=[docs], db_path=tmp_path / "rules.sqlite")
        answer = service.ask("how many tributes for a level 7 monster?", game="yugioh")
        assert answer.found and answer.citations[0].section == "10.2"
    warnings = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING and r.name == "rulesdocs.index"]
    assert sorted(w.split(" skipped")[0] for w in warnings) == [
        f"rules document {docs / 'broken.pdf'}",
        f"rules document {docs / 'noise.pdf'}",
    ], warnings
    assert all("answers use the other documents" in w for w in warnings)
