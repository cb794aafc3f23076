"""`tcgtable web` as people run it: a process serving the pages of a database until stopped."""

from __future__ import annotations

import asyncio
import socket
import subprocess
import sys
import time
from pathlib import Path

import aiohttp

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


async def fetch(url: str) -> tuple[int, str]:
    async with aiohttp.ClientSession() as http, http.get(url) as response:
        return response.status, await response.text()


def test_tcgtable_web_serves_until_stopped(tmp_path: Path) -> None:
    port = free_port()
    command = [sys.executable, "-m", "bot.cli", "web", "--port", str(port), "--host", "127.0.0.1"]
    command += ["--db", f"sqlite:///{tmp_path / 'site.db'}"]
    process = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                status, text = asyncio.run(fetch(f"http://127.0.0.1:{port}/"))
                break
            except aiohttp.ClientError:
                assert process.poll() is None, process.communicate()[1][-2000:]
                assert time.monotonic() < deadline, "tcgtable web did not start listening"
                time.sleep(0.3)
        assert status == 200 and "tcgtable" in text
        assert asyncio.run(fetch(f"http://127.0.0.1:{port}/m/1.forged"))[0] == 404
    finally:
        process.terminate()
        code = process.wait(timeout=20)
    assert code == 0, "SIGTERM stops it cleanly"
    assert (tmp_path / "site.db").exists()  # the database was made and migrated like the bot's


def test_tcgtable_web_refuses_a_bad_port() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "bot.cli", "web", "--port", "70000"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2 and "--port must be 1-65535" in result.stderr
