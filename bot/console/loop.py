"""The console's read-eval-print loop over stdin/stdout (interactive or scripted)."""

from __future__ import annotations

import asyncio
import getpass
import sys
import time
from typing import TextIO

from bot.console.session import Console
from bot.services.hub import Services
from bot.settings import Settings
from bot.terminal import plain_markdown, printable

BANNER = "tcgtable console — type /help for commands, /games to see what you can play, /quit to leave."


async def run_console(
    *,
    db_url: str | None = None,
    user: str | None = None,
    strict: bool = False,
    echo: bool = False,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
) -> int:
    """Read commands until end of input; return 1 if `strict` and a command failed, else 0."""
    stdin = stdin or sys.stdin
    stdout = stdout or sys.stdout
    settings = Settings()
    services = await Services.from_url(
        db_url or settings.database_url, clock_hours=settings.turn_clock_hours, rules_dirs=settings.rules_dirs
    ).open()
    console = Console(services, user=user or _login())
    interactive = stdin.isatty()
    progress = AiProgress(stdout) if interactive else None
    if interactive:
        print(BANNER, file=stdout)
        services.matches.ai_progress = progress
    status = 0
    try:
        while True:
            if interactive:
                print(printable(f"{console.user}> "), end="", file=stdout, flush=True)
            line = await asyncio.to_thread(stdin.readline)
            if not line:
                break
            if echo and line.strip():
                print(printable(f"{console.user}> {line.strip()}"), file=stdout)
            try:
                output = await console.handle(line)
            except EOFError:
                break
            if progress is not None:
                progress.clear()
            if output:
                print(printable(plain_markdown(output)), file=stdout, flush=True)
            if output.startswith("⚠") and strict:
                status = 1
                break
    finally:
        await services.close()
    return status


class AiProgress:
    """A one-line "the AI is thinking" counter on an interactive terminal, redrawn at most every
    half second while an AI turn runs (called from the AI's worker thread)."""

    def __init__(self, stream: TextIO, every: float = 0.5) -> None:
        self.stream = stream
        self.every = every
        self.shown_at = 0.0
        self.drawn = False

    def __call__(self, decisions: int) -> None:
        now = time.monotonic()
        if now - self.shown_at < self.every:
            return
        self.shown_at = now
        self.drawn = True
        plural = "decision" if decisions == 1 else "decisions"
        self.stream.write(f"\r  … the AI is thinking ({decisions} {plural} so far)")
        self.stream.flush()

    def clear(self) -> None:
        """Erase the counter line before the turn's output is printed."""
        if self.drawn:
            self.stream.write("\r" + " " * 60 + "\r")
            self.stream.flush()
        self.drawn = False
        self.shown_at = 0.0


def _login() -> str:
    try:
        return getpass.getuser() or "you"
    except (KeyError, OSError):
        return "you"
