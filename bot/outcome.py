"""What a change to a game produced, and the bot's own refusals: plain values shared by the
service, its helpers and the cogs."""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.store import GameRecord
from engine.core.events import AnyEvent
from engine.core.game import State


class ServiceError(Exception):
    """A refusal from the bot itself (not the rules): a catalog key and its parameters."""

    def __init__(self, key: str, **params: object) -> None:
        super().__init__(key)
        self.key = key
        self.params = params


@dataclass
class Outcome:
    record: GameRecord
    state: State | None = None
    events: list[AnyEvent] = field(default_factory=list)
