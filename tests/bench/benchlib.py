"""Measurements the per-game benchmarks share: mean time per call, and the copy/snapshot/replay
figures of a set of sampled mid-game states."""

from __future__ import annotations

import json
import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any

from engine.core.game import Game
from engine.core.record import MatchRecord
from engine.core.state import State


def mean_seconds(action: Callable[[Any], object], items: Sequence[Any]) -> float:
    """Mean seconds of `action(item)` over `items`."""
    started = time.perf_counter()
    for item in items:
        action(item)
    return (time.perf_counter() - started) / max(1, len(items))


def state_figures(game: Game, samples: Sequence[State], replays: Sequence[MatchRecord]) -> dict[str, float]:
    """Clone µs, snapshot size and ms, restore ms (sampled states) and replay ms (whole records)."""
    blobs = [json.dumps(s.to_json(), separators=(",", ":")) for s in samples]
    return {
        "clone_us": round(mean_seconds(lambda s: s.clone(), samples) * 1e6, 1),
        "snapshot_bytes": round(statistics.mean(len(b) for b in blobs)) if blobs else 0,
        "snapshot_ms": round(mean_seconds(lambda s: json.dumps(s.to_json(), separators=(",", ":")), samples) * 1e3, 3),
        "restore_ms": round(mean_seconds(lambda b: game.from_json(json.loads(b)), blobs) * 1e3, 3),
        "replay_ms": round(mean_seconds(lambda r: r.replay(), replays) * 1e3, 2),
    }
