"""Discord's per-channel message limit (about 5 creates or edits per 5 seconds in one channel) kept
on our side: each channel has its own window and takes its requests one at a time, so one busy
channel's wait never holds up another, and a message update waits for its channel's turn *before*
it is drawn — by then the newest state is drawn once instead of every state in between
(`cogs.game_message`). A request counts from when its answer came back, later than Discord counts
it, so our window is never ahead of Discord's."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections import deque
from collections.abc import AsyncIterator

PER_WINDOW, WINDOW_S = 5, 5.0
KEEP_CHANNELS = 4096


class ChannelPace:
    def __init__(self, per_window: int = PER_WINDOW, window_s: float = WINDOW_S) -> None:
        self.per_window = per_window
        self.window_s = window_s
        self._sent: dict[int, deque[float]] = {}
        self._locks: dict[int, asyncio.Lock] = {}

    def wait_for(self, channel_id: int, spare: int = 0) -> float:
        """Seconds until the channel has room for one more request, with `spare` more left over
        (0: now)."""
        sent = self._sent.get(channel_id)
        if sent is None:
            return 0.0
        now = time.monotonic()
        while sent and sent[0] <= now - self.window_s:
            sent.popleft()
        allowed = max(1, self.per_window - spare)
        if len(sent) < allowed:
            return 0.0
        return sent[len(sent) - allowed] + self.window_s - now

    async def room(self, channel_id: int, spare: int = 0) -> None:
        """Wait until the channel could take a message request now, and `spare` more (nothing is
        counted). A computer seat moves only when there is room for its move's update and one more
        (a deadline's, another seat's), so no move waits behind a burst of computer moves."""
        while (wait := self.wait_for(channel_id, spare)) > 0:
            await asyncio.sleep(wait)

    @contextlib.asynccontextmanager
    async def turn(self, channel_id: int) -> AsyncIterator[None]:
        """The channel's next request: one at a time per channel, once there is room; it is counted
        when the block ends (its answer is back)."""
        lock = self._locks.setdefault(channel_id, asyncio.Lock())
        async with lock:
            await self.room(channel_id)
            try:
                yield
            finally:
                self._sent.setdefault(channel_id, deque()).append(time.monotonic())
                self._forget_quiet()

    def _forget_quiet(self) -> None:
        if len(self._sent) <= KEEP_CHANNELS:
            return
        now = time.monotonic()
        for channel in [c for c, d in self._sent.items() if not d or d[-1] < now - self.window_s]:
            self._sent.pop(channel, None)
            lock = self._locks.get(channel)
            if lock is not None and not lock.locked():
                del self._locks[channel]
