"""`tcgtable` subcommands, one module each; see `bot.cli`."""
