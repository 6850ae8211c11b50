"""Pictures for the embeds. Each game draws its own (in its Discord package); this runs the
drawing off the event loop — in a worker process, so a second core does the Pillow work — and names
the result by its digest."""

from __future__ import annotations

import asyncio
import hashlib
import logging
import multiprocessing
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import Any

__all__ = ["Painter", "Picture", "draw"]

log = logging.getLogger(__name__)


class Picture:
    def __init__(self, filename: str, data: bytes) -> None:
        self.filename = filename
        self.data = data
        self.digest = hashlib.sha256(data).hexdigest()


async def draw(painter: Callable[..., Picture], *args: Any) -> Picture:
    """Run a picture's drawing in a worker thread so the event loop never waits on it."""
    return await asyncio.to_thread(painter, *args)


def _warm(module: str) -> None:
    __import__(module)


class Painter:
    """Draws pictures in a pool of worker processes (spawned, so no event loop state is shared);
    falls back to a thread if processes cannot be had."""

    def __init__(self, workers: int = 1, warm: tuple[str, ...] = ()) -> None:
        self.workers = workers
        self.warm = warm
        self._pool: Executor | None = None
        # Background pictures (deadlines, computer moves) go to the workers one at a time, so a
        # player's picture never waits behind more than one of them.
        self._background = asyncio.Semaphore(1)
        self._players = 0  # players' pictures being drawn now

    def _executor(self) -> Executor | None:
        if self._pool is None and self.workers > 0:
            try:
                pool = ProcessPoolExecutor(self.workers, mp_context=multiprocessing.get_context("spawn"))
                for module in self.warm:
                    pool.submit(_warm, module)
                self._pool = pool
            except (OSError, ValueError):
                log.warning("no process pool for pictures; drawing in a thread", exc_info=True)
                self.workers = 0
        return self._pool

    def start(self) -> None:
        """Spawn the workers now (they import the drawing code while nobody waits)."""
        self._executor()

    async def draw(
        self, filename: str, function: Callable[..., bytes], *args: Any, background: bool = False
    ) -> Picture:
        if background:
            async with self._background:
                for _ in range(20):  # a gap between players' pictures, waited for up to 0.1 s
                    if not self._players:
                        break
                    await asyncio.sleep(0.005)
                return await self._draw(filename, function, *args)
        self._players += 1
        try:
            return await self._draw(filename, function, *args)
        finally:
            self._players -= 1

    async def _draw(self, filename: str, function: Callable[..., bytes], *args: Any) -> Picture:
        executor = self._executor()
        if executor is None:
            data = await asyncio.to_thread(function, *args)
        else:
            data = await asyncio.get_running_loop().run_in_executor(executor, function, *args)
        return Picture(filename, data)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
