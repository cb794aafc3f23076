"""The optional semantic extra: fusion, graceful absence, and (when installed) embedding search."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulesdocs import semantic
from rulesdocs.model import Chunk, Hit
from rulesdocs.service import RulesService


def _chunk(section: str) -> Chunk:
    return Chunk("d.md", "g", "section", section, section, "text")


def test_rrf_rewards_agreement_and_weights() -> None:
    a, b, c = _chunk("1"), _chunk("2"), _chunk("3")
    fused = semantic.rrf([[Hit(a, 9), Hit(b, 8), Hit(c, 7)], [Hit(b, 0.9), Hit(c, 0.8), Hit(a, 0.1)]], k=5)
    assert [h.chunk.section for h in fused] == ["2", "1", "3"]
    assert all(h.source == "fused" for h in fused)
    weighted = semantic.rrf([[Hit(a, 9)], [Hit(b, 1)]], k=5, weights=(1.0, 0.5))
    assert [h.chunk.section for h in weighted] == ["1", "2"]


def test_without_the_extra_everything_runs_on_bm25(monkeypatch: pytest.MonkeyPatch, service: RulesService) -> None:
    monkeypatch.setattr(semantic, "available", lambda: False)
    asker = RulesService(index=service.index, semantic=True)
    assert asker.enable_semantic() is False
    assert asker.ask("how does aggressive work", game="inuyasha").citations[0].section == "9.1"


@pytest.mark.slow
@pytest.mark.skipif(not semantic.available(), reason="semantic extra not installed (pip install .[semantic])")
def test_embedding_search_finds_a_paraphrase(service: RulesService, tmp_path: Path) -> None:
    ranker = semantic.SemanticRanker.load(service.index, cache=tmp_path / "emb.sqlite", games=["inuyasha"])
    assert ranker is not None
    hits = ranker.search("what happens to the gear my guy was holding when he gets beaten", "inuyasha", limit=5)
    assert "7.6" in [h.chunk.section for h in hits]
    assert ranker.search("anything", "yugioh") == []


def test_a_model_that_fails_to_load_leaves_bm25(
    monkeypatch: pytest.MonkeyPatch, service: RulesService, caplog: pytest.LogCaptureFixture
) -> None:
    def broken(*args: object, **kwargs: object) -> None:
        raise OSError("model files missing")

    monkeypatch.setattr(semantic, "available", lambda: True)
    monkeypatch.setattr(semantic.SemanticRanker, "load", broken)
    asker = RulesService(index=service.index, semantic=True)
    assert asker.enable_semantic() is False
    assert "model files missing" in caplog.text
    assert asker.ask("how does aggressive work", game="inuyasha").found
