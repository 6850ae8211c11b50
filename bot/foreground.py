"""Players first. Clicks being handled now are counted here; work nobody is waiting for — the
message updates after overdue deadlines or computer moves — waits for a real pause: no click in
hand for QUIET_S, and the event loop's thread not busier than BUSY_SHARE of its time lately. Under
heavy clicking the backlog so slows down instead of crowding out the players; on a quiet bot it runs
at full speed. The wait is bounded (MAX_WAIT_S), so the backlog always moves.

Background work also keeps well under Discord's global rate limit (50 requests a second per bot
token; answers to interactions are exempt, so clicks never count): it goes at most `per_s` a second,
leaving room in the bot's own pace of all its requests (`bot.global_pace`, 40 a second) for the
requests players cause (posting a game message, a turn notice), which would otherwise queue behind
a backlog."""

from __future__ import annotations

import asyncio
import contextlib
import math
import time
from collections import deque
from collections.abc import Iterator

QUIET_S = 0.01
MAX_WAIT_S = 0.25
BUSY_SHARE = 0.5  # of the event loop thread's time, measured over the last WINDOW_S
WINDOW_S = 0.2
BACKGROUND_PER_S = 36.0  # of the bot's 40 a second (bot.global_pace), for one process serving every shard
RATE_WINDOW_S = 1.0  # Discord's global limit is counted per second


class Foreground:
    def __init__(
        self,
        max_wait_s: float = MAX_WAIT_S,
        quiet_s: float = QUIET_S,
        busy_share: float = BUSY_SHARE,
        per_s: float = BACKGROUND_PER_S,
    ):
        self.max_wait_s = max_wait_s
        self.interval = 1.0 / per_s
        self._next_slot = 0.0  # monotonic time the next piece of background work may start
        self.per_window = max(1, math.floor(per_s * RATE_WINDOW_S))
        self._released: deque[float] = deque()  # when the pieces of the last RATE_WINDOW_S went
        self.quiet_s = quiet_s
        self.busy_share = busy_share
        self.busy = 0
        self._last_done = 0.0  # monotonic time the last click was done
        self._quiet = asyncio.Event()
        self._quiet.set()
        # (wall, CPU of this thread) at the start of the current window, and the share of the last one
        self._window = (time.monotonic(), time.thread_time())
        self._share = 0.0

    @contextlib.contextmanager
    def serving(self) -> Iterator[None]:
        """Around the handling of a player's click."""
        self.busy += 1
        self._quiet.clear()
        try:
            yield
        finally:
            self.busy -= 1
            self._last_done = time.monotonic()
            if self.busy == 0:
                self._quiet.set()

    def _measure(self) -> float:
        """How busy the event loop's thread was lately (share of one core). Measured only while
        background work waits (it asks every few milliseconds), never on a click's path."""
        wall, cpu = time.monotonic(), time.thread_time()
        began_wall, began_cpu = self._window
        if wall - began_wall >= 2 * WINDOW_S:  # not asked lately: a fresh window, busy until measured
            self._window = (wall, cpu)
            self._share = 1.0
        elif wall - began_wall >= WINDOW_S:
            self._share = (cpu - began_cpu) / (wall - began_wall)
            self._window = (wall, cpu)
        return self._share

    async def gap(self) -> None:
        """Return after a pause of `quiet_s` with no click in hand while the loop is not too busy,
        or after `max_wait_s` at most; and never sooner than the pace allows (that wait is not
        bounded: it is Discord's rule)."""
        await self._calm()
        await self._release()

    async def _release(self) -> None:
        """At most `per_window` pieces go in any second, counted when they really go: pieces whose
        slots passed while clicks were in hand (or the loop was late) would otherwise all go at once
        when it calms down, a burst over Discord's global limit."""
        while True:
            now = time.monotonic()
            while self._released and self._released[0] <= now - RATE_WINDOW_S:
                self._released.popleft()
            if len(self._released) < self.per_window:
                self._released.append(now)
                return
            await asyncio.sleep(self._released[0] + RATE_WINDOW_S - now)

    async def _calm(self) -> None:
        now = time.monotonic()
        slot = max(now, self._next_slot)  # taken before waiting, so concurrent callers queue up
        self._next_slot = slot + self.interval
        if slot > now:
            await asyncio.sleep(slot - now)
        give_up = time.monotonic() + self.max_wait_s
        while True:
            now = time.monotonic()
            if now >= give_up:
                return
            if self.busy:
                # asyncio.timeout, not wait_for: Python 3.11's wait_for swallows a cancel that
                # arrives as the event is set, and a stopping bot then waited out a channel's pace.
                with contextlib.suppress(TimeoutError):
                    async with asyncio.timeout(give_up - now):
                        await self._quiet.wait()
                continue
            paused = now - self._last_done
            if paused >= self.quiet_s and (self._measure() < self.busy_share or paused >= WINDOW_S):
                return
            await asyncio.sleep(min(max(self.quiet_s - paused, 0.01), give_up - now))
