"""Races made certain: one call of the bot's (a drawing, a request to Discord) held until the test
lets it go, so the order a loaded machine produces now and then happens every time."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import pytest


async def until(condition: Callable[[], bool], seconds: float = 5.0) -> bool:
    """Whether `condition` came true within `seconds` (polled; a test fails rather than hangs)."""
    loop = asyncio.get_running_loop()
    ends = loop.time() + seconds
    while not condition() and loop.time() < ends:
        await asyncio.sleep(0.01)
    return condition()


class Hold:
    """The first call that matches waits for `let_go`; every other call goes through."""

    def __init__(self) -> None:
        self.reached, self.released = asyncio.Event(), asyncio.Event()

    def patch(
        self,
        monkeypatch: pytest.MonkeyPatch,
        owner: type,
        name: str,
        when: Callable[[dict[str, Any]], bool] = lambda kwargs: True,
        after: bool = False,
    ) -> None:
        """Hold `owner.name` (an async method) before it runs, or `after` it ran (a drawing done,
        not yet sent); `when` picks the call by its keyword arguments."""
        original = getattr(owner, name)

        async def held(this: Any, *args: Any, **kwargs: Any) -> Any:
            result = await original(this, *args, **kwargs) if after else None
            if when(kwargs) and not self.reached.is_set():
                self.reached.set()
                await self.released.wait()
            return result if after else await original(this, *args, **kwargs)

        monkeypatch.setattr(owner, name, held)

    async def wait_reached(self) -> None:
        await asyncio.wait_for(self.reached.wait(), 5)

    def let_go(self) -> None:
        self.released.set()
