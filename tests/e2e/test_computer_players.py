"""Computer seats in a real channel: added from the lobby, they play their own turns."""

from __future__ import annotations

import asyncio

from tests.e2e.conftest import Harness
from tests.e2e.mega_table import set_position
from tests.e2e.test_lobby import HOST, open_lobby, setup_users
from tests.fakediscord.server import CHANNEL_ID

ORDER = ("End turn", "Decline", "Pass", "Roll", "Pay $50", "Throw", "Take $100")


async def test_a_computer_seat_plays_its_turns(harness: Harness) -> None:
    h = harness
    h.bot.service.computer_delay_s = 0.05
    setup_users(h)
    lobby = await open_lobby(h)
    added = await h.fake.click(HOST, lobby, h.fake.buttons(lobby)["Add computer"])
    assert added.type == 7 and "CPU 1" in added.text()
    await h.fake.click(HOST, lobby, h.fake.buttons(lobby)["Start"])
    # Ann's roll is known (Baltic); whatever the computer rolls after that, it handles itself.
    lobby = await set_position(h, [{"name": str(HOST)}, {"name": "-1"}], [(1, 2, "mr")])
    store = h.bot.service.store
    computer_moves = 0
    for _ in range(60):
        record = await store.live_in_channel(CHANNEL_ID)
        if record is None:
            break
        log = await store.log(record.id)
        computer_moves = sum(1 for e in log if e.actor == "-1")
        if computer_moves >= 2:
            break
        state = h.bot.service.state_of(record)
        if "101" in _to_act(record.kind, state):
            buttons = h.fake.buttons(lobby)
            label = next((b for b in ORDER if b in buttons), None)
            if label is not None:
                await h.fake.click(HOST, lobby, buttons[label])
                continue
        await asyncio.sleep(0.1)
    assert computer_moves >= 2, "the computer seat never moved"
    # The computer's moves reached the channel: the message was edited after them.
    assert h.fake.messages[lobby]["edited_timestamp"] is not None


def _to_act(kind: str, state: object) -> list[str]:
    from engine import games

    return games.to_act(kind, state)  # type: ignore[arg-type]


async def test_only_the_host_adds_computers(harness: Harness) -> None:
    h = harness
    setup_users(h)
    lobby = await open_lobby(h)
    refused = await h.fake.click(102, lobby, h.fake.buttons(lobby)["Add computer"])
    assert refused.ephemeral and "host" in refused.content
