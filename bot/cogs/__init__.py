"""Discord cogs: thin layers that parse a command, call a service and render the answer."""
