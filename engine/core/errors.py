"""Typed refusals: an illegal action raises one of these and the state is left untouched."""

from __future__ import annotations


class IllegalAction(Exception):
    """An action the rules do not allow now.

    `code` is a stable key into the message catalog (the bot translates it); `params` fill the
    message; `message` is a readable English fallback for logs, tests and the conformance runner.
    """

    def __init__(self, code: str, message: str, **params: object) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.params = params

    def __repr__(self) -> str:
        return f"IllegalAction({self.code!r}, {self.message!r})"


class NotYourTurn(IllegalAction):
    """The player may not act in the current stage of the game."""


class NotInGame(IllegalAction):
    """The actor is not a player of this game (or is out of it)."""


class GameOver(IllegalAction):
    """Nothing can be done after the game has ended."""


class BadAction(IllegalAction):
    """The action itself is malformed (unknown verb, wrong argument types)."""
