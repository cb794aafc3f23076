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


def _cut_tail(label: str, others: Sequence[str], limit: int) -> str:
    """`label` cut to its beginning and the end no other label shares the start of."""
    shared = _shared_prefix(label, others)
    if shared < MIN_HEAD:
        return cut_end(label, limit)
    tail = label[shared:]
    head_room = limit - len(tail) - len(ELLIPSIS) - 1
    if head_room >= MIN_HEAD:
        return cut_end(label[:shared].rstrip(), head_room + len(ELLIPSIS)).rstrip(ELLIPSIS) + ELLIPSIS + " " + tail
    head = cut_end(label[:shared].rstrip(), MIN_HEAD + len(ELLIPSIS)).rstrip(ELLIPSIS) + ELLIPSIS + " "
    return head + cut_end(tail, limit - len(head))


def _could_be(shown: str, other: str) -> bool:
    """Whether the cut label `shown` could stand for `other` too (its pieces in order in `other`)."""
    pieces = [piece.strip() for piece in shown.split(ELLIPSIS) if piece.strip()]
    if not pieces:
        return True
    if not shown.startswith(ELLIPSIS) and not other.startswith(pieces[0]):
        return False
    if not shown.endswith(ELLIPSIS) and not other.endswith(pieces[-1]):
        return False
    at = 0
    for piece in pieces:
        found = other.find(piece, at)
        if found < 0:
            return False
        at = found + len(piece)
    return True


def _word(label: str, index: int) -> tuple[int, int]:
    """The span of the word at `index` with the word before it ("In play 5)" around the "5")."""
    end = label.find(" ", index)
    start = label.rfind(" ", 0, index)
    start = label.rfind(" ", 0, start) if start > 0 else start
    return start + 1, len(label) if end < 0 else end


def _spans_text(label: str, spans: list[tuple[int, int]]) -> str:
    out = ""
    for n, (start, end) in enumerate(spans):
        out += ("" if start == 0 else ELLIPSIS + (" " if n else "")) + label[start:end].strip()
    return out + ("" if spans[-1][1] >= len(label) else ELLIPSIS)


def _keep_differences(label: str, rivals: Sequence[str], limit: int, shown: str) -> str | None:
    """`label` as its beginning, the end `shown` keeps, and the words where it first differs from
    each of `rivals` (labels a plain cut would not tell it from), when that fits in `limit`."""
    tail = shown.rpartition(ELLIPSIS)[2].strip()
    spans = [(0, _word(label, min(MIN_HEAD, len(label) - 1))[1])]
    if tail and label.endswith(tail):
        spans.append((len(label) - len(tail), len(label)))
    for rival in rivals:
        n = 0
        while n < min(len(label), len(rival)) and label[n] == rival[n]:
            n += 1
        spans.append(_word(label, min(n, len(label) - 1)))
    merged: list[tuple[int, int]] = []
    for start, end in sorted(spans):
        if merged and start <= merged[-1][1] + 1:
            merged[-1] = (merged[-1][0], max(merged[-1][1], end))
        else:
            merged.append((start, end))
    text = _spans_text(label, merged)
    if len(text) > limit:
        return None
    while len(merged) > 1:  # the beginning takes what room is left, a word at a time
        end = label.find(" ", merged[0][1] + 1)
        if end < 0 or end >= merged[1][0] - 1:
            wider = [(0, merged[1][1]), *merged[2:]]
        else:
            wider = [(0, end), *merged[1:]]
        longer = _spans_text(label, wider)
        if len(longer) > limit:
            break
        merged, text = wider, longer
    return text


def fit_label(label: str, others: Sequence[str], limit: int) -> str:
    """One label in `limit` characters, keeping the part no other label shares: its end after the
    longest beginning another label shares, and the words where it first differs from any label
    that end would not tell it from ("Tobi (your In play 5)… in red", "Tobi (your In play 7)… in red")."""
    if len(label) <= limit:
        return label
    shown = _cut_tail(label, others, limit)
    rivals = [other for other in others if other != label and _could_be(shown, other)]
    if not rivals:
        return shown
    return _keep_differences(label, rivals, limit, shown) or shown


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
