"""Click latency end to end: `python -m bench.interactions [--clicks N]`.

Starts the real bot against the loopback Discord from the tests, opens a two-player Mega game and
clicks through turns (roll, buy or decline, pass, end turn …), timing each click from the gateway
dispatch to the bot's interaction response: lock, engine, SQLite commit, embed, board picture."""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ORDER = ("End turn", "Decline", "Pass", "Roll", "Pay $50", "Throw", "Take $100", "Take a ticket")


async def run(clicks: int) -> None:
    sys.path.insert(0, str(ROOT))
    from engine import games
    from tests.e2e.conftest import Harness
    from tests.fakediscord.server import CHANNEL_ID, FakeDiscord

    fake = FakeDiscord()
    await fake.start()
    harness = Harness(fake, Path(tempfile.mkdtemp()) / "bench.sqlite3")
    await harness.start_bot()
    try:
        for uid, name in ((1, "Ann"), (2, "Bea")):
            fake.add_user(uid, name)
        times: list[float] = []
        refused = 0
        store = harness.bot.service.store
        lobby = 0
        while len(times) < clicks:
            record = await store.games.live_in_channel(CHANNEL_ID)
            if record is None:  # the game ended: start another
                lobby = int((await fake.slash(1, "start", {"game": "mega"})).message["id"])  # type: ignore[index]
                await fake.click(2, lobby, fake.buttons(lobby)["Join"])
                await fake.click(1, lobby, fake.buttons(lobby)["Start"])
                continue
            state = harness.bot.service.state_of(record)
            actor = games.game("mega").to_act(state)[0]
            buttons = fake.buttons(lobby)
            label = next((b for b in ORDER if b in buttons), None)
            if label is None:
                # A select or a confirmation (Auction space, a debt…): a safe move, not timed.
                choice = games.game("mega").safe_action(state, actor)
                outcome = await harness.bot.service.act(record.id, actor, choice, None)
                await harness.bot.get_cog("Monopoly").on_timer(
                    outcome
                )  # refresh the message as for any background move
                continue
            start = time.perf_counter()
            answer = await fake.click(int(actor), lobby, buttons[label])
            times.append((time.perf_counter() - start) * 1000)
            refused += answer.ephemeral
            await fake.quiet(idle=0.02)
        times.sort()
        p95 = times[int(len(times) * 0.95) - 1] if times else 0.0
        print(f"{len(times)} clicks through the loopback Discord ({refused} refused)")
        print(f"click → response: median {statistics.median(times):.1f} ms, p95 {p95:.1f} ms, max {max(times):.1f} ms")
    finally:
        await harness.stop_bot()
        await fake.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--clicks", type=int, default=100)
    asyncio.run(run(parser.parse_args().clicks))


if __name__ == "__main__":
    main()
