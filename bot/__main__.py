"""`python -m bot` is `tcgtable run`."""

from bot.cli import main

if __name__ == "__main__":
    raise SystemExit(main(["run"]))
