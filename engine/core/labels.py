"""Option labels that fit a length limit and stay unique: what tells two options apart is kept,
the part they share is shortened. The engine's lens fits every label a player reads with it
(Discord's 80-character buttons), and the Discord front end its select options.

>>> fit_labels(["Summon Blue-Eyes White Dragon, tributing Celtic Guardian and Mystical Elf",
...             "Summon Blue-Eyes White Dragon, tributing Celtic Guardian and Dark Magician"], 50)
['Summon Blue-Eyes White Dragon… Mystical Elf', 'Summon Blue-Eyes White Dragon… Dark Magician']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Final

ELLIPSIS: Final = "…"
MIN_HEAD: Final = 12  # characters of a label's beginning kept when its distinguishing end is long


def _shared_prefix(label: str, others: Sequence[str]) -> int:
    """Characters at the start of `label` that some other label shares, ending at a word break."""
    best = 0
    for other in others:
        n = 0
        limit = min(len(label), len(other))
        while n < limit and label[n] == other[n]:
            n += 1
        if n == len(label):
            continue
        cut = label.rfind(" ", 0, n + 1)
        best = max(best, cut + 1 if cut >= 0 else 0)
    return best


def cut_end(text: str, limit: int) -> str:
    """`text` cut to `limit` characters at a word break where one is near, with an ellipsis."""
    if len(text) <= limit:
        return text
    room = limit - len(ELLIPSIS)
    cut = text.rfind(" ", 0, room + 1)
    if cut < room // 2:
        cut = room
    return text[:cut].rstrip(" ,:;-") + ELLIPSIS


def fit_label(label: str, others: Sequence[str], limit: int) -> str:
    """One label in `limit` characters, keeping the part no other label shares."""
    if len(label) <= limit:
        return label
    shared = _shared_prefix(label, others)
    if shared < MIN_HEAD:
        return cut_end(label, limit)
    tail = label[shared:]
    head_room = limit - len(tail) - len(ELLIPSIS) - 1
    if head_room >= MIN_HEAD:
        return cut_end(label[:shared].rstrip(), head_room + len(ELLIPSIS)).rstrip(ELLIPSIS) + ELLIPSIS + " " + tail
    head = cut_end(label[:shared].rstrip(), MIN_HEAD + len(ELLIPSIS)).rstrip(ELLIPSIS) + ELLIPSIS + " "
    return head + cut_end(tail, limit - len(head))


def fit_labels(labels: Sequence[str], limit: int) -> list[str]:
    """Every label in `limit` characters, unique (a repeat gets " (2)", " (3)", ...)."""
    fitted = [fit_label(label, [*labels[:n], *labels[n + 1 :]], limit) for n, label in enumerate(labels)]
    counts = Counter(fitted)
    seen: Counter[str] = Counter()
    out = []
    for label in fitted:
        if counts[label] == 1:
            out.append(label)
            continue
        seen[label] += 1
        suffix = f" ({seen[label]})"
        out.append(cut_end(label, limit - len(suffix)) + suffix)
    return out
