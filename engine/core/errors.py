"""Domain errors, written for the player who reads them in Discord."""

from __future__ import annotations


class EngineError(RuntimeError):
    """A bug in the engine or a card script (never the player's fault)."""


class InvalidActionError(ValueError):
    """The input is malformed: unknown option id, wrong type, a deck that cannot be read."""

    def __init__(self, message: str, *, given: object = None) -> None:
        super().__init__(message)
        self.given = given


class IllegalActionError(ValueError):
    """The action is well-formed but the rules forbid it now.

    `reason` says why in plain words; `rule` cites our rules reference ("yugioh 4.2").
    """

    def __init__(self, reason: str, rule: str = "", *, given: object = None, summary: str = "") -> None:
        text = reason if not rule else f"{reason} (rule {rule})"
        if summary:
            text = f"{text} [{summary}]"
        super().__init__(text)
        self.reason = reason
        self.rule = rule
        self.given = given
        self.summary = summary
