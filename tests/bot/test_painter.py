"""Pictures drawn for deadlines and computer moves (background) go to the workers one at a time,
so a player's picture never queues behind a backlog of them."""

from __future__ import annotations

import asyncio
import itertools
import threading
import time

from bot.pictures import Painter

started: list[str] = []
spans: dict[str, tuple[float, float]] = {}
lock = threading.Lock()


def slow(name: str) -> bytes:
    begin = time.perf_counter()
    with lock:
        started.append(name)
    time.sleep(0.05)
    spans[name] = (begin, time.perf_counter())
    return name.encode()


async def test_background_pictures_take_turns_and_a_players_picture_does_not_wait_for_them() -> None:
    started.clear()
    spans.clear()
    painter = Painter(workers=0)  # drawn in threads: every draw could run at once
    backlog = [asyncio.create_task(painter.draw("b.png", slow, f"bg{i}", background=True)) for i in range(5)]
    await asyncio.sleep(0.01)
    began = time.perf_counter()
    mine = await painter.draw("p.png", slow, "player")
    waited = time.perf_counter() - began
    assert mine.data == b"player"
    assert waited < 0.2, "the player's picture was drawn beside the backlog, not after it"
    await asyncio.gather(*backlog)
    assert started.index("player") <= 1, started
    # one background picture at a time: each starts after the previous one ended
    background = sorted(spans[f"bg{i}"] for i in range(5))
    assert all(later[0] >= earlier[1] for earlier, later in itertools.pairwise(background))
    painter.close()


async def test_a_background_picture_waits_for_a_gap_between_players_pictures() -> None:
    spans.clear()
    painter = Painter(workers=0)
    player = asyncio.create_task(painter.draw("p.png", slow, "p1"))
    await asyncio.sleep(0.005)
    await asyncio.gather(player, painter.draw("b.png", slow, "bg", background=True))
    assert spans["bg"][0] >= spans["p1"][1], "the background picture began after the player's was drawn"
    painter.close()
