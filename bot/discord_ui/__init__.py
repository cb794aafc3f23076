"""The Discord front end: cogs (thin layers that parse a slash command, call a service and render
the answer), the match screens and their persistent buttons."""
