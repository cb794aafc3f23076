"""The offline console: the bot's slash commands typed as text, boards printed, choices by number.

`session.Console` is one local chat session (`handle(line)` returns what to print); `loop` reads
and prints (interactive or scripted); `parsing` splits a typed line and keeps the registry of
command handlers, which live in `commands` (matches, decks, cards, rules) and `leagues`.
Imports point one way: loop -> session -> commands, leagues -> parsing.
"""
