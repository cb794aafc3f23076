"""Errors a player can cause; their message is shown to that player as is."""

from __future__ import annotations


class ServiceError(ValueError):
    """A request that cannot be served; `str(error)` is a polite message for the player."""


class NotFoundError(ServiceError):
    """No such match, deck, game or card."""


class NotYourTurnError(ServiceError):
    """The prompt belongs to someone else (wrong-player click)."""


class StaleChoiceError(ServiceError):
    """The prompt was already answered (double click, or another process got there first)."""


class ForbiddenError(ServiceError):
    """The user may not do this (not a player, not a moderator)."""
