"""Tables with computers under Discord's per-channel message limit: `python -m bench.tables
[--tables 6] [--seconds 60] [--delay 1.0]`.

Starts the real bot in this process against the loopback Discord with its per-channel limits on
(5 message creates or edits per 5 s per channel, with headers and 429s), opens `--tables` Mega
games of one person and three computers (each in its own channel of its own server), and lets the
person press whatever the game offers when it is their turn. Prints how long a new move took to
appear on its channel's message (from its save, as the service publishes it, to the first message
write that showed it or a newer one: p50, p90, max), 429s, and whether any message ever showed an
older move after a newer one."""

from __future__ import annotations

import argparse
import asyncio
import itertools
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

from engine import games
from tests.e2e.conftest import Harness
from tests.e2e.test_primary_player import highlighted
from tests.fakediscord.ratelimit import RouteBuckets
from tests.fakediscord.server import CHANNEL_ID, GUILD_ID, FakeDiscord, shown_text

MOVE = re.compile(r"Game ([0-9]+) · move ([0-9]+)")
LABELS = ("End turn", "Decline", "Roll", "Pass", "Throw", "Take $100")


async def run(tables: int, seconds: float, delay: float) -> int:
    fake = FakeDiscord(route_buckets=RouteBuckets())
    await fake.start()
    channels = [CHANNEL_ID + 500 + i for i in range(tables)]
    for i, channel in enumerate(channels):
        fake.add_guild(GUILD_ID + 500 + i, channel)
    people = [7000 + i for i in range(tables)]
    for uid in people:
        fake.add_user(uid, f"P{uid}")
    with tempfile.TemporaryDirectory() as folder:
        h = Harness(fake, Path(folder) / "games.sqlite3")
        await h.start_bot()
        try:
            return await _play(h, fake, channels, people, seconds, delay)
        finally:
            await h.stop_bot()
            await fake.stop()


async def _play(
    h: Harness, fake: FakeDiscord, channels: list[int], people: list[int], seconds: float, delay: float
) -> int:
    h.bot.tables.computers.delay_s = delay
    messages = []
    for channel, person in zip(channels, people, strict=True):
        lobby = await fake.slash(person, "start", {"game": "mega"}, channel_id=channel)
        assert lobby.message is not None
        message = int(lobby.message["id"])
        for _ in range(3):
            await fake.click(person, message, fake.buttons(message)["Add computer"])
        await fake.click(person, message, fake.buttons(message)["Start"])
        messages.append(message)
    saved_at: dict[tuple[int, int], float] = {}  # (game, version) → when its save was published
    h.bot.service.on_committed.append(
        lambda o: saved_at.setdefault((o.record.id, o.record.version), time.monotonic()) and None
    )
    store = h.bot.service.store
    ends = time.monotonic() + seconds
    while time.monotonic() < ends:
        for channel, person, message in zip(channels, people, messages, strict=True):
            record = await store.games.live_in_channel(channel)
            if record is None:
                continue
            state = h.bot.service.state_of(record)
            if str(person) in games.game(record.kind).to_act(state):
                buttons = fake.buttons(message)
                label = next((b for b in LABELS if b in buttons), None)
                target = buttons[label] if label is not None else highlighted(fake.messages[message])
                if target is not None:  # else the highlighted move (the Auction space's pick, say)
                    await fake.click(person, message, target)
        await asyncio.sleep(0.02)
    return _report(fake, len(messages), saved_at)


def _shown(fake: FakeDiscord) -> dict[int, list[tuple[float, int]]]:
    """Per game, (when, move) of every message write that showed it: REST edits and posts of the game
    message, and the answers to clicks (which edit it too)."""
    shown: dict[int, list[tuple[float, int]]] = {}
    for at, (method, _, body) in zip(fake.request_times, fake.requests, strict=False):
        data = body.get("data") if isinstance(body, dict) and isinstance(body.get("data"), dict) else body
        if method not in ("PATCH", "POST") or not isinstance(data, dict):
            continue
        found = MOVE.search(shown_text(data))
        if found:
            shown.setdefault(int(found[1]), []).append((at, int(found[2])))
    return shown


def _report(fake: FakeDiscord, tables: int, saved_at: dict[tuple[int, int], float]) -> int:
    shown = _shown(fake)
    waits, older = [], 0
    for game, writes in shown.items():
        older += sum(1 for (_, a), (_, b) in itertools.pairwise(writes) if b < a)
        for (g, version), saved in saved_at.items():
            # The first write showing this move or a later one: none can come before the move was
            # saved, though one may come before the save was published (a click's own answer).
            later = [at for at, v in writes if v >= version] if g == game else []
            if later:
                waits.append(max(0.0, later[0] - saved))
    waits.sort()
    print(f"{tables} tables, {len(waits)} moves seen on their messages")
    if waits:
        p90 = waits[int(0.9 * (len(waits) - 1))]
        print(f"new move shown after: p50 {statistics.median(waits):.2f} s, p90 {p90:.2f} s, max {waits[-1]:.2f} s")
    print(f"429s: {len(fake.rate_limited)} {fake.rate_limited[:3]}; older move over a newer one: {older}")
    return 0 if not fake.rate_limited and not older else 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=6)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--delay", type=float, default=1.0, help="seconds a computer waits before it moves")
    args = parser.parse_args(argv)
    return asyncio.run(run(args.tables, args.seconds, args.delay))


if __name__ == "__main__":
    sys.exit(main())
