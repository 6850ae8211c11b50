"""Issue 29: Discord's per-channel message limit (about 5 creates or edits per 5 s), emulated by the
loopback Discord with its headers and 429s. A table of one person and three computers with no
delay of their own: the computers wait for room in the channel before they move, the bot never goes
over the limit, never draws an older move after a newer one, and the message catches up."""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from engine import games
from tests.e2e.conftest import Harness, running
from tests.e2e.test_lobby import HOST, open_lobby, setup_users
from tests.e2e.test_primary_player import highlighted
from tests.fakediscord.ratelimit import RouteBuckets
from tests.fakediscord.server import CHANNEL_ID, FakeDiscord, shown_text

MOVE = re.compile(r"move ([0-9]+)")
MOVES_WANTED = 24  # past the first of the channel's five-second windows of moves


@pytest.fixture
async def strict(tmp_path: Path) -> AsyncIterator[Harness]:
    async with running(FakeDiscord(route_buckets=RouteBuckets()), tmp_path / "games.sqlite3") as h:
        yield h


def _versions_sent(h: Harness, message: int) -> list[int]:
    """The move each REST write of the game message showed, in the order they reached Discord."""
    shown = []
    for method, path, body in h.fake.requests:
        if method in ("PATCH", "POST") and path.endswith(f"/messages/{message}") and isinstance(body, dict):
            found = MOVE.search(shown_text(body))
            if found:
                shown.append(int(found[1]))
    return shown


async def test_a_fast_computer_table_keeps_to_the_channel_limit_and_shows_the_newest_move(strict: Harness) -> None:
    h = strict
    h.bot.tables.computers.delay_s = 0.02
    setup_users(h)
    lobby = await open_lobby(h)
    for _ in range(3):
        await h.fake.click(HOST, lobby, h.fake.buttons(lobby)["Add computer"])
    await h.fake.click(HOST, lobby, h.fake.buttons(lobby)["Start"])
    store = h.bot.service.store
    loop = asyncio.get_running_loop()
    # Moves come in bursts, five message requests per five seconds, and how many moves one request
    # shows depends on the machine's speed: play on until enough moves are saved, however long the
    # channel's limit makes that take (bounded, so a stalled table fails instead of hanging).
    ends = loop.time() + 45
    while loop.time() < ends:
        record = await store.games.live_in_channel(CHANNEL_ID)
        if record is None or record.version >= MOVES_WANTED:
            break
        state = h.bot.service.state_of(record)
        if str(HOST) in games.game(record.kind).to_act(state):
            buttons = h.fake.buttons(lobby)
            label = next(
                (b for b in ("End turn", "Decline", "Roll", "Pass", "Throw", "Take $100") if b in buttons), None
            )
            # Else the highlighted move (the Auction space's pick, say): the table never waits on Ann.
            target = buttons[label] if label is not None else highlighted(h.fake.messages[lobby])
            if target is not None and h.fake.messages[lobby].get("components"):
                await h.fake.click(HOST, lobby, target)
        await asyncio.sleep(0.05)
    sent = _versions_sent(h, lobby)
    record = await store.games.get(1)
    assert record is not None and (record.version >= MOVES_WANTED or record.status != "active"), (
        f"the computers stopped playing at move {record and record.version}"
    )
    assert sent == sorted(sent), f"an older move drawn after a newer one: {sent}"
    writes = [
        at
        for at, (m, p, _) in zip(h.fake.request_times, h.fake.requests, strict=False)
        if m in ("POST", "PATCH", "DELETE") and f"/channels/{CHANNEL_ID}/messages" in p
    ]
    busiest = max((sum(1 for w in writes if a <= w < a + 5.0) for a in writes), default=0)
    assert busiest <= 5, f"{busiest} message requests in one channel within 5 s"
    # The message catches up: after the table stops, the newest move is shown within a window.
    await h.bot.tables.computers.close()
    final = (await store.games.get(1)).version  # type: ignore[union-attr]
    for _ in range(150):
        if h.bot.get_cog("GameMessage").shown_version(await store.games.get(1)) == final:
            break
        await asyncio.sleep(0.05)
    assert h.bot.get_cog("GameMessage").shown_version(await store.games.get(1)) == final
