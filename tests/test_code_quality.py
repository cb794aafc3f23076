"""The tooling configured in pyproject.toml holds for the whole tree: ruff lint and format, mypy."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent


def run(*command: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=900, check=False)


@pytest.mark.parametrize(
    "command",
    [
        ("ruff", "check", "--quiet", "."),
        ("ruff", "format", "--check", "--quiet", "."),
        ("mypy",),
    ],
    ids=["ruff-check", "ruff-format", "mypy"],
)
def test_tool_is_clean(command: tuple[str, ...]) -> None:
    tool = BIN / command[0]
    result = run(str(tool if tool.exists() else command[0]), *command[1:])
    assert result.returncode == 0, f"{' '.join(command)} failed:\n{result.stdout[-4000:]}\n{result.stderr[-2000:]}"
