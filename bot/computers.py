"""Computer seats: a moment after each saved move, the seat the game waits on (if it is a
computer's) plays through the same path as a click. Told of every commit by the service."""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Awaitable, Callable

from bot.outcome import Outcome
from bot.service import GameService
from bot.store import GameRecord
from bot.tasks import cancel_all
from engine import games
from engine.core.errors import IllegalAction
from engine.core.game import State

log = logging.getLogger(__name__)


class ComputerSeats:
    def __init__(self, service: GameService, delay_s: float = 1.0) -> None:
        self.service = service
        self.delay_s = delay_s
        # Waited for before each move: the bot waits for room in the game's channel (Discord's
        # per-channel message limit), so a computer never outpaces what the table can be shown.
        self.before_move: Callable[[GameRecord], Awaitable[None]] | None = None
        self._tasks: dict[int, asyncio.Task[None]] = {}
        service.on_committed.append(self.schedule)

    def to_move(self, record: GameRecord, state: State | None) -> str | None:
        """The computer seat the game waits on, if any."""
        if record.status != "active" or state is None or state.over:
            return None
        computers = {str(p.id) for p in record.lobby.players if p.computer}
        return next((n for n in games.game(record.kind).to_act(state) if n in computers), None)

    @staticmethod
    def level_of(record: GameRecord, player: str) -> str:
        seat = record.lobby.seat(int(player))
        return seat.level if seat is not None else "normal"

    @staticmethod
    def chance(record: GameRecord, player: str) -> random.Random:
        """The computer's dice of chance for this decision: the same game, version and seat always
        give the same move (a replay, a retry after a restart)."""
        return random.Random(f"{record.id}:{record.version}:{player}")

    def schedule(self, outcome: Outcome) -> None:
        record = outcome.record
        if self.to_move(record, outcome.state) is None:
            return
        old = self._tasks.pop(record.id, None)
        if old is not None and old is not asyncio.current_task():
            old.cancel()
        self._tasks[record.id] = asyncio.get_running_loop().create_task(
            self._move(record.id, record.version), name=f"computer-{record.id}"
        )

    async def _move(self, game_id: int, version: int) -> None:
        await asyncio.sleep(self.delay_s)
        try:
            if self.before_move is not None:
                record = await self.service.store.games.get(game_id)
                if record is None or record.version != version:
                    return
                await self.before_move(record)
            outcome = await self._play(game_id, version)
        except Exception:
            log.exception("computer move in game %s failed", game_id)
            return
        if outcome is not None:
            for listener in self.service.on_background:
                await listener(outcome)

    async def _play(self, game_id: int, version: int) -> Outcome | None:
        service = self.service
        async with service.locked(game_id):
            record = await service.store.games.get(game_id)
            if record is None or record.version != version:
                return None
            state = service.state_of(record)
            player = self.to_move(record, state)
            if player is None:
                return None
            choice = games.game(record.kind).computer(
                state, player, self.level_of(record, player), self.chance(record, player)
            )
            choice = choice or games.game(record.kind).safe_action(state, player)
            if choice is None:
                return None  # e.g. the high bidder waits; the window's timer closes it
            try:
                return await service.apply(record, player, choice)
            except IllegalAction:
                fallback = games.game(record.kind).safe_action(state, player)
                return None if fallback is None else await service.apply(record, player, fallback)

    async def close(self) -> None:
        tasks = list(self._tasks.values())
        self._tasks.clear()
        await cancel_all(tasks)
