"""Discord's global rate limit: a bot token may make 50 requests per second to the API; interaction
endpoints (the answer to an interaction and its follow-ups by token) are not bound by it. Over the
limit Discord answers 429 with how long to wait, and counts it as an invalid request (10,000 of those
in 10 minutes get the bot's IP banned by Cloudflare), so a bot must pace itself, not lean on 429s."""

from __future__ import annotations

import math
from collections import deque

GLOBAL_PER_S = 50
WINDOW_S = 1.0


def exempt(tail: str) -> bool:
    """Interaction endpoints: `/interactions/{id}/{token}/callback` and `/webhooks/{app}/{token}…`
    (the only webhooks a bot uses are its interactions' tokens)."""
    return tail.startswith(("/interactions/", "/webhooks/"))


class GlobalLimit:
    def __init__(self, per_s: int | None = GLOBAL_PER_S) -> None:
        self.per_s = per_s
        self._recent: deque[float] = deque()  # when the requests of the last WINDOW_S were taken

    def retry_after(self, now: float) -> float | None:
        """None when a request at `now` is within the limit (and counts it); else the seconds to wait."""
        if self.per_s is None:
            return None
        while self._recent and self._recent[0] <= now - WINDOW_S:
            self._recent.popleft()
        if len(self._recent) >= self.per_s:
            wait = self._recent[0] + WINDOW_S - now
            return max(0.001, math.ceil(wait * 1000) / 1000)
        self._recent.append(now)
        return None

    @staticmethod
    def answer(retry_after: float) -> tuple[dict[str, object], int, dict[str, str]]:
        """Body, status and headers of Discord's 429 for the global limit (the `Via` header marks it
        as coming from Discord's API, not a Cloudflare ban)."""
        body = {"message": "You are being rate limited.", "retry_after": retry_after, "global": True}
        headers = {
            "Retry-After": str(math.ceil(retry_after)),
            "X-RateLimit-Global": "true",
            "X-RateLimit-Scope": "global",
            "Via": "1.1 google",
        }
        return body, 429, headers
