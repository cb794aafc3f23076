"""Inazuma Eleven: longer rollouts.

Formations are placed at the start of turns 1, 3 and 5, a dozen decisions or more before the
attack they shape is compared; rollouts of the default length stop in between and judge the
placement by resources alone. Forty decisions reach the end of the turn (the game's own
evaluation then sees the goal or the stopped attack). Measured at 100 iterations: 10/10 wins
against random with 40, 8/12 with 10.
"""

from __future__ import annotations

ROLLOUT = 40
