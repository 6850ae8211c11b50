"""Drawing processes fed by the event loop: each a `python -m bot.pictures.worker` child with its
jobs on stdin and its pictures on stdout (see that module for the frames). No helper threads in the
bot's own process, so the event loop keeps the GIL while pictures are drawn elsewhere."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import os
import pickle
import sys
from collections.abc import Callable
from typing import Any

from bot.pictures.frames import HEADER, frame

log = logging.getLogger(__name__)


class PictureFailed(RuntimeError):
    """The drawing function raised (the worker's words are the message)."""


class WorkerGone(RuntimeError):
    """The drawing process ended before it answered."""


class DrawingProcess:
    def __init__(self) -> None:
        self._process: asyncio.subprocess.Process | None = None
        self._reader: asyncio.Task[None] | None = None
        self._pending: dict[int, asyncio.Future[Any]] = {}
        self._numbers = itertools.count()
        self._warming: list[asyncio.Future[Any]] = []
        self.gone = False

    @property
    def busy(self) -> int:
        return len(self._pending)

    async def start(self, warm: tuple[str, ...] = ()) -> None:
        env = dict(os.environ)
        # The child finds the bot's code where this process does (a checkout or an install).
        env["PYTHONPATH"] = os.pathsep.join(p for p in sys.path if p)
        self._process = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "bot.pictures.worker",
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            env=env,
        )
        self._reader = asyncio.get_running_loop().create_task(self._read())
        for module in warm:  # imported while nobody waits for a picture
            future = self._send(_warm, (module,))
            future.add_done_callback(_note_failure)
            self._warming.append(future)

    async def warmed(self) -> None:
        """Until the worker has imported and prepared its drawing code (failures are logged)."""
        await asyncio.gather(*self._warming, return_exceptions=True)

    def _send(self, function: Callable[..., object], args: tuple[object, ...]) -> asyncio.Future[object]:
        assert self._process is not None and self._process.stdin is not None
        if self.gone:
            raise WorkerGone("the drawing process has ended")
        number = next(self._numbers)
        future: asyncio.Future[object] = asyncio.get_running_loop().create_future()
        self._pending[number] = future
        self._process.stdin.write(frame((number, function, args)))
        return future

    async def run(self, function: Callable[..., bytes], args: tuple[object, ...]) -> bytes:
        future = self._send(function, args)
        assert self._process is not None and self._process.stdin is not None
        try:
            await self._process.stdin.drain()
        except ConnectionError as exc:
            raise WorkerGone(str(exc)) from exc
        result = await future
        if not isinstance(result, bytes):
            raise PictureFailed(f"{function.__name__} returned {type(result).__name__}, not bytes")
        return result

    async def _read(self) -> None:
        assert self._process is not None and self._process.stdout is not None
        stdout = self._process.stdout
        try:
            while True:
                size = HEADER.unpack(await stdout.readexactly(HEADER.size))[0]
                number, ok, value = pickle.loads(await stdout.readexactly(size))
                future = self._pending.pop(number, None)
                if future is None or future.done():
                    continue
                if ok:
                    future.set_result(value)
                else:
                    future.set_exception(PictureFailed(value))
        except (asyncio.IncompleteReadError, ConnectionError):
            pass
        finally:
            self.gone = True
            pending, self._pending = self._pending, {}
            for future in pending.values():
                if not future.done():
                    future.set_exception(WorkerGone("the drawing process ended before it answered"))

    async def close(self) -> None:
        """Closing its stdin ends the worker; one that does not end within two seconds is killed."""
        process = self._process
        if process is None:
            return
        if process.stdin is not None:
            process.stdin.close()
        try:
            await asyncio.wait_for(process.wait(), 2.0)
        except TimeoutError:
            with contextlib.suppress(ProcessLookupError):
                process.kill()
            await process.wait()
        if self._reader is not None:
            with contextlib.suppress(asyncio.CancelledError):
                await self._reader


def _warm(module: str) -> None:
    """Import a picture module and let it prepare what every picture needs (its `warm()`, if any:
    e.g. the board's static layer), so the first players' pictures after a start are not slow."""
    __import__(module)
    prepare = getattr(sys.modules[module], "warm", None)
    if callable(prepare):
        prepare()


def _note_failure(future: asyncio.Future[Any]) -> None:
    if not future.cancelled() and future.exception() is not None:
        log.warning("a drawing process could not import its code: %s", future.exception())
