"""Auction, claim-window and turn deadlines. They live in the store as absolute times; this only
keeps one sleeping task per game and is rebuilt from the store after a restart."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable

from bot.deadlines import Deadlines
from bot.service import Outcome, ServiceError
from bot.store import DatabaseDown, GameRecord, LiveGame
from bot.tasks import cancel_all

log = logging.getLogger(__name__)
FIRING_AT_ONCE = 2
# At a start, the records of games due within this are read whole at once (the store may keep them):
# overdue deadlines and the first moves then need no read of their own.
DUE_SOON_S = 60.0
RETRY_FIRST_S, RETRY_MAX_S = 0.5, 10.0  # a deadline that met a database outage is tried again


class Timers:
    def __init__(
        self,
        deadlines: Deadlines,
        on_fired: Callable[[Outcome], Awaitable[None]],
        clock: Callable[[], float] = time.time,
        owns: Callable[[int], bool] = lambda guild_id: True,
    ) -> None:
        self.deadlines = deadlines
        self.store = deadlines.service.store
        # With a shared database every process sees every game: each arms only its own shards' deadlines.
        self.owns = owns
        self.on_fired = on_fired
        self.clock = clock
        self._tasks: dict[int, asyncio.Task[None]] = {}
        # The newest version armed per game: outcomes are published after their lock is let go, so
        # an older one can arrive after a newer one and must not put back an older deadline.
        self._armed: dict[int, int] = {}
        self._firing: set[asyncio.Task[None]] = set()  # deadlines whose message update still runs
        # Deadlines settle a few at a time, so players' clicks never queue behind a backlog of them
        # (after a restart, hundreds may be overdue at once).
        self._gate = asyncio.Semaphore(FIRING_AT_ONCE)

    async def restore(self) -> int:
        live = await self.store.deadlines.live_games(keep_due_within_s=DUE_SOON_S)
        games = [g for g in live if self.owns(g.guild_id)]
        for game in games:
            self.schedule(game)
        return len(games)

    async def on_saved(self, outcome: Outcome) -> None:
        self.schedule(outcome.record)

    def schedule(self, record: GameRecord | LiveGame) -> None:
        if record.version < self._armed.get(record.id, -1):
            return  # a newer version's deadline is armed already
        self._armed[record.id] = record.version
        old = self._tasks.pop(record.id, None)
        if old is not None and old is not asyncio.current_task():
            old.cancel()
        if record.status not in ("active", "lobby") or record.deadline is None:
            if record.status not in ("active", "lobby"):
                self._armed.pop(record.id, None)
            return
        self._tasks[record.id] = asyncio.get_running_loop().create_task(
            self._wait(record.id, record.version, record.deadline), name=f"deadline-{record.id}"
        )

    async def _wait(self, game_id: int, version: int, deadline: float) -> None:
        await asyncio.sleep(max(0.0, deadline - self.clock()))
        pause = RETRY_FIRST_S
        while True:
            async with self._gate:  # the move itself: a few at a time
                try:
                    outcome = await self.deadlines.on_deadline(game_id, version)
                    break
                except DatabaseDown as exc:
                    log.warning("deadline of game %s waits for the database: %s", game_id, exc)
                except ServiceError as exc:
                    if exc.key != "not_saved":
                        # "stale": another process settled it first (a rolling restart); it fires once.
                        log.info("deadline of game %s not settled here: %s", game_id, exc.key)
                        return
                except Exception:
                    log.exception("deadline of game %s failed", game_id)
                    return
            # The database did not answer (a failover, a restart): the deadline is settled once it
            # does — the version check keeps it from being settled twice.
            await asyncio.sleep(pause)
            pause = min(pause * 2, RETRY_MAX_S)
        await asyncio.sleep(0)  # let waiting clicks in between two deadlines
        if outcome is not None:
            # The message update outside the gate: its picture queues behind players' pictures.
            task = asyncio.current_task()
            assert task is not None  # _wait always runs as its own task (see schedule)
            self._firing.add(task)
            try:
                await self.on_fired(outcome)
            except Exception:
                log.warning("the message of game %s was not updated after its deadline", game_id, exc_info=True)
            finally:
                self._firing.discard(task)

    async def close(self) -> None:
        tasks = [*self._tasks.values(), *self._firing]
        self._tasks.clear()
        self._firing.clear()
        await cancel_all(tasks)
