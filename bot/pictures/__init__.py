"""Pictures for the embeds. Each game draws its own (in its Discord package); this runs the
drawing off the event loop — in worker processes, so a second core does the Pillow work."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import hashlib
import logging
import time
from collections.abc import Callable

from bot import metrics
from bot.pictures.processes import DrawingProcess, PictureFailed, WorkerGone

__all__ = ["Painter", "Picture", "draw"]

log = logging.getLogger(__name__)


class Picture:
    def __init__(self, filename: str, data: bytes) -> None:
        self.filename = filename
        self.data = data

    @functools.cached_property
    def digest(self) -> str:
        """Worked out only when asked (most pictures are uploaded without it)."""
        return hashlib.sha256(self.data).hexdigest()


async def draw(painter: Callable[..., Picture], *args: object) -> Picture:
    """Run a picture's drawing in a worker thread so the event loop never waits on it."""
    return await asyncio.to_thread(painter, *args)


class Painter:
    """Draws pictures in worker processes (`bot.pictures.processes`), or in a thread of this
    process with `workers=0` or where processes cannot be had. A worker that dies is replaced; the
    pictures it owed are drawn in a thread, so nobody's answer is lost."""

    def __init__(self, workers: int = 1, warm: tuple[str, ...] = ()) -> None:
        self.workers = workers
        self.warm = warm
        self._processes: list[DrawingProcess] = []
        self._starting: asyncio.Task[None] | None = None
        # Background pictures (deadlines, computer moves) go to the workers one at a time, so a
        # player's picture never waits behind more than one of them.
        self._background = asyncio.Semaphore(1)
        self._players = 0  # players' pictures being drawn now

    def start(self) -> None:
        """Spawn the workers now (they import the drawing code while nobody waits)."""
        if self.workers > 0 and self._starting is None:
            self._starting = asyncio.get_running_loop().create_task(self._spawn())

    async def ready(self, timeout: float) -> None:
        """Wait (a bounded time) until the workers can draw at once: started with their drawing code
        imported and prepared. The bot waits for this before it connects, so the first clicks after
        a start do not queue behind the workers' start."""
        if self.workers <= 0:
            return
        self.start()
        starting = self._starting
        assert starting is not None

        async def started() -> None:
            await asyncio.shield(starting)
            await asyncio.gather(*(p.warmed() for p in self._processes))

        try:
            await asyncio.wait_for(started(), timeout)
        except TimeoutError:
            log.warning("the picture workers were not ready after %.0f s; going on", timeout)

    async def _spawn(self) -> None:
        try:
            while len(self._processes) < self.workers:
                process = DrawingProcess()
                await process.start(self.warm)
                self._processes.append(process)
        except (OSError, ValueError):
            log.warning("no worker processes for pictures; drawing in a thread", exc_info=True)
            self.workers = 0

    async def _worker(self) -> DrawingProcess | None:
        """The least busy live worker (a dead one is replaced first)."""
        if self.workers <= 0:
            return None
        if self._starting is None:
            self.start()
        assert self._starting is not None
        await asyncio.shield(self._starting)
        dead = [p for p in self._processes if p.gone]
        if dead:
            self._processes = [p for p in self._processes if not p.gone]
            for process in dead:
                await process.close()
            log.warning("%d picture worker(s) ended; starting new ones", len(dead))
            self._starting = asyncio.get_running_loop().create_task(self._spawn())
            await asyncio.shield(self._starting)
        return min(self._processes, key=lambda p: p.busy, default=None)

    async def draw(
        self, filename: str, function: Callable[..., bytes], *args: object, background: bool = False
    ) -> Picture:
        started = time.perf_counter()
        try:
            return await self._queued(filename, function, *args, background=background)
        finally:
            metrics.PICTURE_SECONDS.labels(filename).observe(time.perf_counter() - started)

    async def _queued(
        self, filename: str, function: Callable[..., bytes], *args: object, background: bool = False
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

    async def _draw(self, filename: str, function: Callable[..., bytes], *args: object) -> Picture:
        worker = await self._worker()
        if worker is not None:
            try:
                return Picture(filename, await worker.run(function, args))
            except WorkerGone:
                log.warning("a picture worker ended while drawing %s; drawing it here", filename)
            except PictureFailed as exc:
                raise RuntimeError(f"drawing {filename} failed: {exc}") from None
        return Picture(filename, await asyncio.to_thread(function, *args))

    async def close(self) -> None:
        if self._starting is not None:
            with contextlib.suppress(Exception):
                await self._starting
        processes, self._processes = self._processes, []
        await asyncio.gather(*(p.close() for p in processes), return_exceptions=True)
