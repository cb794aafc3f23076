"""Helpers shared by the reliability tests: the toy game, module loading, digests of stored matches."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from bot.persistence import MatchRow

TESTS = Path(__file__).resolve().parent.parent


def load_module(path: Path, name: str) -> ModuleType:
    """Import the file at `path` once under `name` (tests run in importlib mode, without packages)."""
    module = sys.modules.get(name)
    if module is None:
        spec = importlib.util.spec_from_file_location(name, path)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return module


def load_toy() -> Any:
    """Register the kernel tests' toy game "Duel of Numbers" (id "toy"), shared with tests/bot."""
    return load_module(TESTS / "kernel" / "toygame.py", "toygame").ensure_registered()


def record_digest(row: MatchRow) -> str:
    """The digest of the state the match record (seed + decks + options + choices) replays to."""
    from engine.core.record import MatchRecord

    record = MatchRecord(
        row.game, row.engine_version, row.seed, [dict(d) for d in row.decks], dict(row.options), list(row.choices)
    )
    return str(record.replay().digest())
