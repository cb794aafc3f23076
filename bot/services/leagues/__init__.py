"""Community leagues: pure tournament logic (pairings, schedules, standings, ratings).

No database and no Discord here: `bot.services.leagues.service` stores leagues and calls these.
"""
