"""Computer seats: a moment after each saved move, the seat the game waits on (if it is a
computer's) plays through the same path as a click. Told of every commit by the service."""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Awaitable, Callable

from bot.channel_pace import WINDOW_S
from bot.outcome import Outcome
from bot.service import GameService
from bot.store import GameRecord
from bot.tasks import cancel_all
from engine import games
from engine.core.errors import IllegalAction
from engine.core.game import State

log = logging.getLogger(__name__)

# More moves than a computer makes in any sound turn (a bankruptcy's auctions, one deed after another,
# take a few dozen bids): past it, the computer is going round in circles and the seat plays the
# timer's safe move instead, which always moves the game on.
MOVES_PER_TURN = 200
# At a stop, for the message updates of moves already saved: an update may wait a whole window of
# its channel's message limit for room, then take its request.
TELL_WITHIN_S = WINDOW_S + 2.0


class ComputerSeats:
    def __init__(self, service: GameService, delay_s: float = 1.0) -> None:
        self.service = service
        self.delay_s = delay_s
        # Waited for before each move: the bot waits for room in the game's channel (Discord's
        # per-channel message limit), so a computer never outpaces what the table can be shown.
        self.before_move: Callable[[GameRecord], Awaitable[None]] | None = None
        self._tasks: dict[int, asyncio.Task[None]] = {}  # game → its computer's coming move
        # Moves being made or told (the message update, a trade's public offer): a newer move or
        # `close` cancels a coming one, never one that may already be saved.
        self._telling: set[asyncio.Task[None]] = set()
        self.moves_per_turn = MOVES_PER_TURN
        self._moves: dict[int, dict[str, int]] = {}  # game → computer seat → its moves this turn
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
            if record.status != "active" or (outcome.state is not None and outcome.state.over):
                self._moves.pop(record.id, None)  # the game is over: nothing more to count
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
            self._uncancelled(game_id)
            outcome = await self._play(game_id, version)
        except Exception:
            log.exception("computer move in game %s failed", game_id)
            return
        if outcome is not None:
            for listener in self.service.on_background:
                await listener(outcome)

    def _uncancelled(self, game_id: int) -> None:
        """From here the move may be saved at any await (the database commits even when the task
        waiting on it is cancelled), and then this task tells it: neither the next commit's
        `schedule` nor `close` may cancel it, or the players would never see the move, nor a trade
        offer it made. A newer version makes `_play` return without a move."""
        task = asyncio.current_task()
        if task is None:
            return
        if self._tasks.get(game_id) is task:
            del self._tasks[game_id]
        self._telling.add(task)
        task.add_done_callback(self._telling.discard)

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
            game = games.game(record.kind)
            if self._moves.get(game_id, {}).get(player, 0) < self.moves_per_turn:
                choice = game.computer(state, player, self.level_of(record, player), self.chance(record, player))
            else:
                log.warning("game %s: computer %s is going round in circles; it plays safe", game_id, player)
                choice = None
            choice = choice or game.safe_action(state, player)
            if choice is None:
                return None  # e.g. the high bidder waits; the window's timer closes it
            try:
                outcome = await service.apply(record, player, choice)
            except IllegalAction:
                fallback = game.safe_action(state, player)
                if fallback is None:
                    return None
                outcome = await service.apply(record, player, fallback)
            self._count(game_id, player, outcome)
            return outcome

    def _count(self, game_id: int, player: str, outcome: Outcome) -> None:
        """One more move of `player` this turn; a new turn starts every count again."""
        over = outcome.state is None or outcome.state.over
        if over or any(e.kind == "turn" for e in outcome.events):
            self._moves.pop(game_id, None)
        else:
            moves = self._moves.setdefault(game_id, {})
            moves[player] = moves.get(player, 0) + 1

    async def close(self) -> None:
        """No more computer moves; a move already being made is still saved and told (for
        `TELL_WITHIN_S` at most), as a click in progress is still answered."""
        coming = list(self._tasks.values())
        self._tasks.clear()
        await cancel_all(coming)
        telling = list(self._telling)
        if telling:
            _, late = await asyncio.wait(telling, timeout=TELL_WITHIN_S)
            await cancel_all(late)
