"""The runtime's game-keeping pieces wired together over one store: the service (the one write
path) and the collaborators handed it (lobbies, computer seats, deadlines)."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from bot.computers import ComputerSeats
from bot.deadlines import Deadlines
from bot.forget import Forgetting
from bot.lobby import Lobbies
from bot.service import GameService
from bot.store import GameStore


@dataclass
class Tables:
    service: GameService
    lobbies: Lobbies
    computers: ComputerSeats
    deadlines: Deadlines
    forgetting: Forgetting

    @classmethod
    def over(cls, store: GameStore, clock: Callable[[], float] = time.time) -> Tables:
        service = GameService(store, clock)
        lobbies = Lobbies(service)
        return cls(service, lobbies, ComputerSeats(service), Deadlines(service), Forgetting(service, lobbies))

    async def close(self) -> None:
        await self.computers.close()
