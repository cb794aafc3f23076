"""The system Chromium driven by Selenium through the system chromedriver: nothing is downloaded
(Selenium Manager stays off). `live_site` serves the pages on a port in a thread of its own, so the
blocking browser calls never stall the server."""

from __future__ import annotations

import asyncio
import os
import shutil
import socket
import threading
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from aiohttp import web

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
CHROMEDRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"
T = TypeVar("T")


def missing_browser() -> str:
    """Why the browser tests cannot run here ("" when they can)."""
    if CHROMIUM is None:
        return "needs the system Chromium (apt-get install chromium chromium-driver; .ci/run installs it)"
    if not os.path.exists(CHROMEDRIVER):
        return "needs the system chromedriver (apt-get install chromium-driver; .ci/run installs it)"
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "needs selenium (pip install -e '.[dev]')"
    return ""


def chromium(width: int = 1200, height: int = 900) -> Any:
    """A headless Chromium (the system's, with the system chromedriver)."""
    os.environ["SE_OFFLINE"] = "true"  # Selenium Manager must never download a browser or driver
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM or ""
    for flag in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--hide-scrollbars"):
        options.add_argument(flag)
    options.add_argument(f"--window-size={width},{height}")
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(service=Service(executable_path=CHROMEDRIVER), options=options)


class LiveSite:
    """An event loop in a thread serving an aiohttp application on 127.0.0.1."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.runner: web.AppRunner | None = None
        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            self.port = int(sock.getsockname()[1])
        self.base = f"http://127.0.0.1:{self.port}"

    def run(self, make: Callable[[], Awaitable[T]]) -> T:
        """Run a coroutine in the site's loop and wait for its result."""
        return asyncio.run_coroutine_threadsafe(make(), self.loop).result(timeout=600)  # type: ignore[arg-type]

    def serve(self, app: web.Application) -> None:
        async def start() -> None:
            self.runner = web.AppRunner(app)
            await self.runner.setup()
            await web.TCPSite(self.runner, "127.0.0.1", self.port).start()

        self.run(start)

    def stop(self, cleanup: Callable[[], Awaitable[None]]) -> None:
        async def stop() -> None:
            if self.runner is not None:
                await self.runner.cleanup()
            await cleanup()

        self.run(stop)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(timeout=10)
        self.loop.close()
