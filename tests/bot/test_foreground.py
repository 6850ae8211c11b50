"""Players first: background work waits for a moment with no click in hand, but never longer than
the bound (so a backlog still moves under steady load)."""

from __future__ import annotations

import asyncio
import contextlib
import time

from bot.foreground import Foreground


async def test_no_wait_without_clicks() -> None:
    foreground = Foreground(max_wait_s=5)
    began = time.perf_counter()
    await foreground.gap()
    assert time.perf_counter() - began < 0.05


async def test_background_waits_until_the_clicks_in_hand_are_done() -> None:
    foreground = Foreground(max_wait_s=5)
    order: list[str] = []

    async def click(name: str, seconds: float) -> None:
        with foreground.serving():
            await asyncio.sleep(seconds)
            order.append(name)

    async def background() -> None:
        await foreground.gap()
        order.append("background")

    clicks = [asyncio.create_task(click("a", 0.05)), asyncio.create_task(click("b", 0.1))]
    await asyncio.sleep(0)
    await asyncio.gather(background(), *clicks)
    assert order == ["a", "b", "background"]
    assert foreground.busy == 0


async def test_the_wait_is_bounded_under_steady_clicks() -> None:
    foreground = Foreground(max_wait_s=0.1)

    async def endless_clicks() -> None:
        # Each click starts while the one before is still in hand: never a moment without one.
        with foreground.serving():
            await asyncio.sleep(0.02)
            next_one = asyncio.create_task(endless_clicks())
            await asyncio.sleep(0.02)
        await next_one

    clicks = asyncio.create_task(endless_clicks())
    await asyncio.sleep(0.01)
    began = time.perf_counter()
    await foreground.gap()
    waited = time.perf_counter() - began
    clicks.cancel()
    assert 0.08 <= waited < 0.5, waited


async def test_a_click_that_fails_still_counts_as_done() -> None:
    foreground = Foreground(max_wait_s=5)
    try:
        with foreground.serving():
            raise ValueError("a bug in a handler")
    except ValueError:
        pass
    assert foreground.busy == 0
    began = time.perf_counter()
    await foreground.gap()
    assert time.perf_counter() - began < 0.05


async def test_a_pause_must_last_before_background_work_goes() -> None:
    foreground = Foreground(max_wait_s=5, quiet_s=0.1)
    with foreground.serving():
        pass  # a click just ended
    began = time.perf_counter()
    await foreground.gap()
    assert time.perf_counter() - began >= 0.09


async def test_background_waits_while_the_event_loop_is_busy_even_between_clicks() -> None:
    # The suite runs in parallel: this thread may get half a core, so "busy" is a fifth of one here.
    foreground = Foreground(max_wait_s=0.6, quiet_s=0.0, busy_share=0.2)
    foreground._measure()  # a window starts
    cpu_end, wall_end = time.thread_time() + 0.21, time.perf_counter() + 0.21
    while time.thread_time() < cpu_end or time.perf_counter() < wall_end:  # busy all through the window
        pass
    with foreground.serving():  # and a click has just ended
        pass
    began = time.perf_counter()
    await foreground.gap()
    waited = time.perf_counter() - began
    assert waited >= 0.15, waited  # it waited for a calm window (or a long pause)


async def test_background_work_keeps_its_pace_even_without_clicks() -> None:
    """Under Discord's global rate limit: at most `per_s` pieces a second, one after another or
    asked for all at once."""
    foreground = Foreground(max_wait_s=5, per_s=20)
    began = time.perf_counter()
    for _ in range(4):
        await foreground.gap()
    assert time.perf_counter() - began >= 3 * 0.05 - 0.005
    started: list[float] = []

    async def piece() -> None:
        await foreground.gap()
        started.append(time.perf_counter())

    asked = time.perf_counter()
    await asyncio.gather(*(piece() for _ in range(5)))
    # The i-th piece starts no sooner than i intervals after they were asked for (slots are fixed
    # in advance: a piece woken late does not make the next one early, so gaps may vary).
    late = [at - asked - i * 0.05 for i, at in enumerate(sorted(started))]
    assert min(late) >= -0.005, late


async def test_background_work_stops_when_cancelled_as_the_last_click_ends() -> None:
    """A stopping bot cancels its waiting notices just as the clicks being handled finish; the
    cancel must not be swallowed (the notice would go on to wait for room in its channel, and the
    bot took seconds to stop)."""
    foreground = Foreground(max_wait_s=5.0)
    with foreground.serving():
        waiting = asyncio.get_running_loop().create_task(foreground.gap())
        await asyncio.sleep(0.01)  # waiting for the click to end
    waiting.cancel()  # in the same step as the click's end
    with contextlib.suppress(asyncio.CancelledError):
        await waiting
    assert waiting.cancelled()


async def test_pieces_held_back_by_clicks_never_go_in_a_burst_over_the_pace() -> None:
    """Pieces whose slots pass while a click is in hand all wait for the same calm moment; when it
    comes they must still go at most `per_s` in any second (Discord's global limit counts what
    arrives, not what was planned)."""
    foreground = Foreground(max_wait_s=0.3, quiet_s=0.0, per_s=10)
    went: list[float] = []

    async def piece() -> None:
        await foreground.gap()
        went.append(time.monotonic())

    async def long_click() -> None:
        with foreground.serving():
            await asyncio.sleep(1.0)

    click = asyncio.create_task(long_click())
    await asyncio.sleep(0)
    await asyncio.wait_for(asyncio.gather(*(piece() for _ in range(25)), click), 10)
    went.sort()
    busiest = max(sum(1 for t in went if start <= t < start + 1.0) for start in went)
    assert busiest <= 10, busiest
