"""The tests' fake Discord, strict: kept as a name for the reliability suites.

The fake in `tests/bot/fakediscord.py` itself refuses what real Discord refuses (the checks are in
`tests/bot/discordlimits.py`) and records mass-mention risks in `problems`; every bot test uses it.
"""

from __future__ import annotations

from support import TESTS, load_module

load_module(TESTS / "bot" / "conftest.py", "bot_tests_conftest")  # puts tests/bot on sys.path
from discordlimits import message_problems  # noqa: E402
from fakediscord import FakeDiscord  # noqa: E402

StrictDiscord = FakeDiscord

__all__ = ["StrictDiscord", "message_problems"]
