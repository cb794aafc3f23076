"""`python -m bot.cli ARGS` is `tcgtable ARGS`."""

from bot.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
