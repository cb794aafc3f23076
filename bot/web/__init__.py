"""The web companion: read-only pages over the bot's database (leagues, players, leaderboards,
matches live and replayed step by step), spectator views only, behind signed links.

`bot.web.app.create_app` builds the aiohttp application; `tcgtable web` serves it, and
`tcgtable run` too when `WEB_PORT` is set. `bot.web.links.WebLinks` makes the links the bot posts.
"""
