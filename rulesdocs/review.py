"""The review file of "did you mean" picks: what a player asked and the rule they meant.

Each pick is appended as one JSON line to `rules-review.jsonl` (in `TCGTABLE_CACHE_DIR`, by
default `~/.cache/tcgtable`). Maintainers read it to add phrasings to the facts by hand; nothing
is learned from it automatically.
"""

from __future__ import annotations

import json
import logging
import os
import threading
import time
from pathlib import Path

log = logging.getLogger(__name__)
_LOCK = threading.Lock()
MAX_QUESTION_CHARS = 500


def default_path() -> Path:
    """Where picks are noted unless a service is given another file."""
    base = os.environ.get("TCGTABLE_CACHE_DIR") or str(Path.home() / ".cache" / "tcgtable")
    return Path(base) / "rules-review.jsonl"


def note_pick(path: Path | None, game: str, question: str, fact_id: str, answer: str) -> None:
    """Append one pick to `path` (no-op for None); a file that can't be written is logged, not raised:
    the player still gets their answer."""
    if path is None:
        return
    line = json.dumps(
        {
            "at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
            "game": game,
            "question": question[:MAX_QUESTION_CHARS],
            "fact": fact_id,
            "answer": answer,
        },
        ensure_ascii=False,
    )
    try:
        with _LOCK:
            path.parent.mkdir(parents=True, exist_ok=True)
            with path.open("a", encoding="utf-8") as handle:
                handle.write(line + "\n")
    except OSError as exc:
        log.warning("could not note a rules pick in %s: %s", path, exc)


def read_picks(path: Path) -> list[dict[str, str]]:
    """Every pick noted in `path` (oldest first); [] when there is none."""
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
