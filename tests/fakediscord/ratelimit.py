"""Discord's global rate limit: a bot token may make 50 requests per second to the API; interaction
endpoints (the answer to an interaction and its follow-ups by token) are not bound by it. Over the
limit Discord answers 429 with how long to wait, and counts it as an invalid request (10,000 of those
in 10 minutes get the bot's IP banned by Cloudflare), so a bot must pace itself, not lean on 429s."""

from __future__ import annotations

import hashlib
import math
import re
import time
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


# Discord's per-route limits, as a bot meets them: creating, editing and deleting messages in one
# channel share a bucket of about 5 requests per 5 seconds; the answers to interactions are free.
ROUTE_LIMIT, ROUTE_WINDOW_S = 5, 5.0
_MESSAGES = re.compile(r"/channels/(?P<channel>[0-9]+)/messages(?:/[0-9]+)?$")


class RouteBuckets:
    """Fixed windows per bucket, announced on every answer in Discord's `X-RateLimit-*` headers so
    a client can wait before it is refused; a request over the limit gets Discord's 429."""

    def __init__(self, limit: int | None = ROUTE_LIMIT, window_s: float = ROUTE_WINDOW_S) -> None:
        self.limit = limit
        self.window_s = window_s
        self._windows: dict[str, tuple[float, int]] = {}  # bucket → (reset time, requests taken)

    def bucket(self, method: str, tail: str) -> str | None:
        match = _MESSAGES.match(tail)
        if self.limit is None or match is None or method not in ("POST", "PATCH", "DELETE"):
            return None
        return f"messages:{match['channel']}"

    def take(self, bucket: str, now: float) -> tuple[bool, dict[str, str]]:
        """(allowed, the headers Discord sends with the answer); an allowed request is counted."""
        assert self.limit is not None
        reset, taken = self._windows.get(bucket, (now + self.window_s, 0))
        if now >= reset:
            reset, taken = now + self.window_s, 0
        allowed = taken < self.limit
        if allowed:
            taken += 1
            self._windows[bucket] = (reset, taken)
        after = max(0.001, reset - now)
        headers = {
            "X-RateLimit-Limit": str(self.limit),
            "X-RateLimit-Remaining": str(self.limit - taken),
            "X-RateLimit-Reset": f"{time.time() + after:.3f}",
            "X-RateLimit-Reset-After": f"{after:.3f}",
            "X-RateLimit-Bucket": hashlib.sha1(bucket.encode()).hexdigest()[:16],
        }
        return allowed, headers

    @staticmethod
    def answer(headers: dict[str, str]) -> tuple[dict[str, object], int, dict[str, str]]:
        after = float(headers["X-RateLimit-Reset-After"])
        body = {"message": "You are being rate limited.", "retry_after": after, "global": False}
        return (
            body,
            429,
            {**headers, "Retry-After": str(math.ceil(after)), "X-RateLimit-Scope": "user", "Via": "1.1 google"},
        )
