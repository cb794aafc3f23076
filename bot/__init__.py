"""tcgtable's application layer: the Discord bot, the offline console and the `tcgtable` command."""
