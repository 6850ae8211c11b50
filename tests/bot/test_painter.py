"""Pictures drawn for deadlines and computer moves (background) go to the workers one at a time,
so a player's picture never queues behind a backlog of them."""

from __future__ import annotations

import asyncio
import itertools
import os
import signal
import threading
import time
from pathlib import Path

import pytest

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
    await painter.close()


async def test_a_background_picture_waits_for_a_gap_between_players_pictures() -> None:
    spans.clear()
    painter = Painter(workers=0)
    player = asyncio.create_task(painter.draw("p.png", slow, "p1"))
    await asyncio.sleep(0.005)
    await asyncio.gather(player, painter.draw("b.png", slow, "bg", background=True))
    assert spans["bg"][0] >= spans["p1"][1], "the background picture began after the player's was drawn"
    await painter.close()


def numbered(n: int) -> bytes:
    return f"picture {n} from {os.getpid()}".encode()


def broken(n: int) -> bytes:
    raise ValueError(f"no picture {n}")


def slow_pid(seconds: float) -> bytes:
    time.sleep(seconds)
    return str(os.getpid()).encode()


def _other_threads_cpu() -> float:
    """CPU seconds of this process's threads other than the event loop's (Linux)."""
    total = 0
    for task in Path("/proc/self/task").iterdir():
        if int(task.name) != threading.get_native_id():
            fields = (task / "stat").read_text().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])
    return total / os.sysconf("SC_CLK_TCK")


def big(n: int) -> bytes:
    return bytes([n % 256]) * 200_000


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="reads thread CPU from /proc (Linux)")
async def test_pictures_are_drawn_in_worker_processes_with_no_helper_thread_working_here() -> None:
    painter = Painter(workers=2)
    pictures = await asyncio.gather(*(painter.draw("n.png", numbered, n) for n in range(20)))
    assert [p.data.split(b" from ")[0] for p in pictures] == [f"picture {n}".encode() for n in range(20)]
    workers = {p.data.split(b" from ")[1] for p in pictures}
    assert str(os.getpid()).encode() not in workers and len(workers) == 2
    # Helper threads (a process pool has two) would take the GIL from the event loop to move the
    # pictures; here the event loop reads them from the pipes itself.
    before = _other_threads_cpu()
    for n in range(300):
        assert len((await painter.draw("b.png", big, n)).data) == 200_000
    assert _other_threads_cpu() - before < 0.05
    await painter.close()


async def test_a_failing_picture_is_an_error_with_the_workers_words() -> None:
    painter = Painter(workers=1)
    try:
        await painter.draw("x.png", broken, 7)
    except RuntimeError as exc:
        assert "no picture 7" in str(exc)
    else:
        raise AssertionError("a failing drawing was not reported")
    assert (await painter.draw("n.png", numbered, 1)).data.startswith(b"picture 1")  # the worker lives on
    await painter.close()


async def test_a_worker_that_dies_mid_picture_is_replaced_and_the_picture_still_comes() -> None:
    painter = Painter(workers=1)
    first = int((await painter.draw("p.png", slow_pid, 0.0)).data)
    pending = asyncio.create_task(painter.draw("p.png", slow_pid, 1.0))
    await asyncio.sleep(0.3)
    os.kill(first, signal.SIGKILL)
    drawn_by = int((await asyncio.wait_for(pending, 10)).data)
    assert drawn_by == os.getpid(), "the picture owed by the dead worker was drawn here instead"
    later = int((await asyncio.wait_for(painter.draw("p.png", slow_pid, 0.0), 10)).data)
    assert later not in (first, os.getpid()), "a new worker draws the next picture"
    await painter.close()


async def test_closing_ends_the_workers() -> None:
    painter = Painter(workers=1)
    worker = int((await painter.draw("p.png", slow_pid, 0.0)).data)
    await painter.close()
    try:
        os.kill(worker, 0)
    except ProcessLookupError:
        return
    raise AssertionError("the picture worker outlived the painter")


async def test_ready_means_the_workers_have_prepared_their_drawing_code() -> None:
    painter = Painter(workers=1, warm=("tests.bot.warm_probe",))
    await painter.ready(timeout=30)
    from tests.bot import warm_probe

    assert (await painter.draw("p.png", warm_probe.probe)).data == b"prepared"
    await painter.close()


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads process states from /proc (Linux)")
def test_a_worker_ends_when_its_bot_is_killed() -> None:
    """No orphans: a bot killed outright (SIGKILL, OOM) leaves no drawing process running."""
    import subprocess
    import sys

    code = (
        "import asyncio, os\n"
        "from bot.pictures import Painter\n"
        "async def main():\n"
        "    painter = Painter(workers=1)\n"
        "    await painter.ready(30)\n"
        "    print(painter._processes[0]._process.pid, flush=True)\n"
        "    os.kill(os.getpid(), 9)\n"
        "asyncio.run(main())\n"
    )
    root = Path(__file__).resolve().parents[2]
    # The worker shares the bot's stderr (its log): not captured here, or run() would wait for the worker too.
    done = subprocess.run(
        [sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, cwd=root, timeout=60
    )
    worker = int(done.stdout.strip())
    for _ in range(100):
        try:
            state = next(x for x in Path(f"/proc/{worker}/status").read_text().splitlines() if x.startswith("State"))
        except (FileNotFoundError, ProcessLookupError):
            return
        if "Z" in state:  # ended (waiting to be reaped by init)
            return
        time.sleep(0.05)
    os.kill(worker, signal.SIGKILL)
    raise AssertionError("the drawing process outlived its bot")
