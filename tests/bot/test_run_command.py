"""`tcgtable run` reads its settings from the environment and serves the fake Discord."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from pathlib import Path
from typing import Any


async def test_tcgtable_run_connects_syncs_and_answers(fake_discord: Any, tmp_path: Path) -> None:
    fake = fake_discord
    env = {
        **os.environ,
        "DISCORD_TOKEN": "fake-token",
        "DISCORD_API_BASE": fake.api_base,
        "DISCORD_GATEWAY_URL": fake.gateway_url,
        "DATABASE_URL": f"sqlite:///{tmp_path / 'run.db'}",
        "SHARD_COUNT": "1",
        "LOG_LEVEL": "WARNING",
    }
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot.cli",
        "run",
        env=env,
        cwd=tmp_path,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    try:
        sync = await fake.wait_for(lambda c: c.method == "PUT" and c.path.endswith("/commands"), timeout=60)
        assert "match" in {cmd["name"] for cmd in sync.body}
        await asyncio.wait_for(fake.identified.wait(), 30)
        await asyncio.sleep(0.5)  # READY processed
        _, token = await fake.slash("ana", "match", "list")
        reply = await fake.reply_to(token, timeout=30)
        assert "no open matches" in reply["content"]
    finally:
        proc.send_signal(signal.SIGINT)
        try:
            await asyncio.wait_for(proc.wait(), 20)
        except TimeoutError:
            proc.kill()
            await proc.wait()


async def test_tcgtable_run_without_token_points_to_the_console(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot.cli", "run", env=env, cwd=tmp_path, stderr=asyncio.subprocess.PIPE
    )
    _, err = await proc.communicate()
    assert proc.returncode == 2 and b"tcgtable console" in err
