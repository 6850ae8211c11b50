"""A timed window in generic terms (boardgame.io's stages): who may act in it, for how long, which
moves restart its countdown and which move closes it when time is up. An auction and a claim window
are both one of these, so the bot keeps their deadlines without knowing either game's verbs."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, TypeVar

A = TypeVar("A")

# The bot's own deadline kinds (bot.deadlines): a window so named would be taken for one of them.
RESERVED_KINDS = frozenset({"lobby", "turn", "offer"})


@dataclass(frozen=True)
class Window(Generic[A]):
    # What the window is, as the game names it: its deadline's kind in the store and the key of its
    # words (`status.waiting.<kind>`).
    kind: str
    # Which window is open: a change of state inside one window keeps its countdown.
    identity: str
    seconds: int
    # The seats that may act in it now.
    who: tuple[str, ...]
    # The move the table makes (with no actor) when the time is up.
    closes_with: A
    # Move types (`do`) that start the countdown again (a new bid); any other move keeps it.
    restarted_by: frozenset[str] = frozenset()

    def __post_init__(self) -> None:
        if self.kind in RESERVED_KINDS:
            raise ValueError(f"a window may not be called {self.kind!r}: {sorted(RESERVED_KINDS)} are the bot's")

    def same_as(self, other: Window[A] | None) -> bool:
        return other is not None and other.kind == self.kind and other.identity == self.identity
