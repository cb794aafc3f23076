"""The rating history plot: an SVG drawn on the server (no script, no inline style: only
presentation attributes, which the content security policy allows).

>>> svg = rating_svg([(0.0, 1500.0), (86400.0, 1530.0), (172800.0, 1510.0)])
>>> svg.startswith("<svg") and svg.count("<circle") == 3
True
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from markupsafe import Markup, escape

WIDTH, HEIGHT = 480, 200
LEFT, RIGHT, TOP, BOTTOM = 48, 12, 12, 28
MAX_POINTS = 400


def _date(when: float) -> str:
    return time.strftime("%Y-%m-%d", time.gmtime(when))


def rating_svg(points: Sequence[tuple[float, float]], label: str = "rating", start: float | None = None) -> Markup:
    """A line of `(when, rating)` points, oldest first, scaled to fit; every rated result a dot. The
    line begins at `start` (the newcomer's rating), when given and the whole history is shown."""
    if not points:
        return Markup("")
    shown = list(points)[-MAX_POINTS:]
    if start is not None and len(shown) == len(points):
        shown.insert(0, (shown[0][0], start))
    dots = 1 if len(shown) > len(points) else 0  # the start is no result: no dot
    values = [r for _, r in shown]
    low, high = min(values), max(values)
    pad = max(10.0, (high - low) * 0.1)
    low, high = low - pad, high + pad
    inner_w, inner_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(i: int) -> float:
        return LEFT + (inner_w * i / (len(shown) - 1) if len(shown) > 1 else inner_w / 2)

    def y(value: float) -> float:
        return TOP + inner_h * (high - value) / (high - low)

    parts = [
        f'<svg class="plot" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" aria-label="{escape(label)}" '
        'xmlns="http://www.w3.org/2000/svg">',
        f'<rect x="{LEFT}" y="{TOP}" width="{inner_w}" height="{inner_h}" fill="none" stroke="#3a4150"/>',
    ]
    for tick in range(5):
        value = low + (high - low) * tick / 4
        ty = y(value)
        parts.append(f'<line x1="{LEFT}" y1="{ty:.1f}" x2="{WIDTH - RIGHT}" y2="{ty:.1f}" stroke="#2a303c"/>')
        parts.append(
            f'<text x="{LEFT - 6}" y="{ty + 4:.1f}" text-anchor="end" font-size="13" fill="#9aa3b2">{value:.0f}</text>'
        )
    line = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(values))
    parts.append(f'<polyline points="{line}" fill="none" stroke="#60a5fa" stroke-width="2"/>')
    for i, (when, value) in enumerate(shown):
        if i < dots:
            continue
        parts.append(
            f'<circle cx="{x(i):.1f}" cy="{y(value):.1f}" r="3" fill="#93c5fd">'
            f"<title>{_date(when)}: {value:.0f}</title></circle>"
        )
    parts.append(
        f'<text x="{LEFT}" y="{HEIGHT - 8}" font-size="13" fill="#9aa3b2">{_date(shown[0][0])}</text>'
        f'<text x="{WIDTH - RIGHT}" y="{HEIGHT - 8}" text-anchor="end" font-size="13" fill="#9aa3b2">'
        f"{_date(shown[-1][0])}</text></svg>"
    )
    return Markup("".join(parts))
