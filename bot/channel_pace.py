"""Discord's per-channel message limit (about 5 creates or edits per 5 seconds in one channel) kept
on our side: each channel has its own window, so one busy channel's wait never holds up another, and
a message update waits for its channel's turn *before* it is drawn — by then the newest state is
drawn once instead of every state in between (`cogs.game_message`)."""

from __future__ import annotations

import asyncio
import time
from collections import deque

PER_WINDOW, WINDOW_S = 5, 5.0


class ChannelPace:
    def __init__(self, per_window: int = PER_WINDOW, window_s: float = WINDOW_S) -> None:
        self.per_window = per_window
        self.window_s = window_s
        self._sent: dict[int, deque[float]] = {}

    def wait_for(self, channel_id: int) -> float:
        """Seconds until the channel has room for one more request (0: now)."""
        sent = self._sent.get(channel_id)
        if sent is None:
            return 0.0
        now = time.monotonic()
        while sent and sent[0] <= now - self.window_s:
            sent.popleft()
        if len(sent) < self.per_window:
            return 0.0
        return sent[0] + self.window_s - now

    async def slot(self, channel_id: int) -> None:
        """Wait for room in the channel, then count one request."""
        while (wait := self.wait_for(channel_id)) > 0:
            await asyncio.sleep(wait)
        self.taken(channel_id)

    def taken(self, channel_id: int) -> None:
        self._sent.setdefault(channel_id, deque()).append(time.monotonic())
        if len(self._sent) > 4096:  # forget quiet channels
            quiet = [c for c, d in self._sent.items() if not d or d[-1] < time.monotonic() - self.window_s]
            for channel in quiet:
                del self._sent[channel]
