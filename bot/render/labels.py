"""Option labels as the Discord front end shows them: fitted by `engine.core.labels` (what tells
two options apart is kept), and a select option's description line for what was left out."""

from __future__ import annotations

from engine.core.labels import ELLIPSIS, cut_end, fit_label, fit_labels

__all__ = ["detail", "fit_label", "fit_labels"]


def detail(full: str, shown: str, limit: int = 100) -> str | None:
    """A select option's description line: the words its shortened label left out, if any."""
    if shown == full or ELLIPSIS not in shown:
        return None
    head, _, tail = shown.partition(ELLIPSIS)
    tail = tail.strip()
    start = len(head) if full.startswith(head) else 0
    end = len(full) - len(tail) if tail and full.endswith(tail) else len(full)
    left_out = full[start:end].strip()
    return cut_end(ELLIPSIS + left_out + (ELLIPSIS if tail else ""), limit) if left_out else None
