"""Pictures for the embeds. Each game draws its own (in its Discord package); this runs the
drawing off the event loop (Pillow is CPU work) and names the result by its digest."""

from __future__ import annotations

import asyncio
import hashlib
from collections.abc import Callable
from typing import Any

__all__ = ["Picture", "draw"]


class Picture:
    def __init__(self, filename: str, data: bytes) -> None:
        self.filename = filename
        self.data = data
        self.digest = hashlib.sha256(data).hexdigest()


async def draw(painter: Callable[..., Picture], *args: Any) -> Picture:
    """Run a picture's drawing in a worker thread so the event loop never waits on it."""
    return await asyncio.to_thread(painter, *args)
