"""Text printed to a terminal, made harmless.

Card names, deck names, imported records and file names come from players and files: a name
holding `ESC[2J`, a bell or a NUL would clear the screen, ring, or hide text when printed raw.
`printable` replaces every control character (C0 and C1, DEL, carriage return and the bidi
overrides that reorder a line) with U+FFFD, keeping newlines and tabs; `tcgtable` routes its
stdout and stderr through `PrintableStream` for every command.

>>> printable("Dark\\x1b[2J Magician\\x07")
'Dark\\ufffd[2J Magician\\ufffd'
>>> printable("two\\nlines\\tand a tab")
'two\\nlines\\tand a tab'
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, TextIO

_UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def printable(text: str) -> str:
    """`text` with control characters replaced by U+FFFD (newlines, CRLF line ends and tabs kept)."""
    return _UNSAFE.sub("\ufffd", text.replace("\r\n", "\n"))


_BOLD = re.compile(r"\*\*(.+?)\*\*|__(.+?)__")


def plain_markdown(text: str) -> str:
    """Discord's bold (`**Friday**`, `__x__`) as plain words for a terminal.

    >>> plain_markdown("Round 2 ends **Friday**")
    'Round 2 ends Friday'
    """
    return _BOLD.sub(lambda m: m.group(1) or m.group(2), text)


class PrintableStream:
    """A text stream that writes `printable(text)` to the stream it wraps."""

    def __init__(self, stream: TextIO) -> None:
        self.unfiltered = stream

    def write(self, text: str) -> int:
        self.unfiltered.write(printable(text))
        return len(text)

    def writelines(self, lines: list[str]) -> None:
        for line in lines:
            self.write(line)

    def __getattr__(self, name: str) -> Any:  # flush, isatty, fileno, encoding...
        return getattr(self.unfiltered, name)


def unfiltered(stream: TextIO | PrintableStream) -> TextIO:
    """The real stream under a `PrintableStream` (for rich progress bars, which draw with escapes)."""
    return stream.unfiltered if isinstance(stream, PrintableStream) else stream


@contextmanager
def printable_output() -> Iterator[None]:
    """Route `sys.stdout` and `sys.stderr` through `PrintableStream` for the block."""
    saved = sys.stdout, sys.stderr
    sys.stdout = PrintableStream(sys.stdout)  # type: ignore[assignment,unused-ignore]
    sys.stderr = PrintableStream(sys.stderr)  # type: ignore[assignment,unused-ignore]
    try:
        yield
    finally:
        sys.stdout, sys.stderr = saved
