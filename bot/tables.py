"""The runtime's game-keeping pieces wired together over one store: the service (the one write
path) and the collaborators handed it (lobbies, computer seats, deadlines)."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from bot.computers import ComputerSeats
from bot.deadlines import Deadlines
from bot.lobby import Lobbies
from bot.service import GameService
from bot.store import GameStore


@dataclass
class Tables:
    service: GameService
    lobbies: Lobbies
    computers: ComputerSeats
    deadlines: Deadlines

    @classmethod
    def over(cls, store: GameStore, clock: Callable[[], float] = time.time) -> Tables:
        service = GameService(store, clock)
        return cls(service, Lobbies(service), ComputerSeats(service), Deadlines(service))

    async def close(self) -> None:
        await self.computers.close()
