"""Players first: message updates nobody clicked for (overdue deadlines after a restart, computer
moves) wait while a player's click is being handled."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Iterator

from bot.foreground import Foreground
from tests.e2e.conftest import Harness
from tests.e2e.test_lobby import HOST, answer_channel, started_mega
from tests.e2e.test_notices import settle


class Counting(Foreground):
    def __init__(self) -> None:
        super().__init__(max_wait_s=5)
        self.entered = 0

    @contextlib.contextmanager
    def serving(self) -> Iterator[None]:
        self.entered += 1
        with super().serving():
            yield


async def test_a_click_is_foreground_work_while_it_is_handled(harness: Harness) -> None:
    h = harness
    lobby, roll = await started_mega(h)
    h.bot.foreground = counting = Counting()
    answer = await h.fake.click(HOST, lobby, roll)
    assert answer.type == 7
    assert counting.entered == 1
    await asyncio.wait_for(counting.gap(), 5)  # the handler finishes just after its answer
    assert counting.busy == 0


async def test_a_background_update_waits_for_the_click_in_hand(harness: Harness) -> None:
    h = harness
    lobby, _ = await started_mega(h)
    record = await h.bot.service.store.games.live_in_channel(answer_channel(h))
    assert record is not None
    outcome = await h.bot.service.act(record.id, str(HOST), {"do": "roll"}, None)
    await settle(h)  # the turn notices of these moves are out
    h.bot.foreground = Foreground(max_wait_s=5)
    cog = h.bot.get_cog("GameMessage")
    sent = len(h.fake.requests)
    with h.bot.foreground.serving():  # a player's click is being handled
        update = asyncio.create_task(cog.edit_game_message(outcome, background=True))
        await asyncio.sleep(0.3)
        assert len(h.fake.requests) == sent, "the background update went out while a click was in hand"
    await asyncio.wait_for(update, 10)
    after = [(method, path) for method, path, _ in h.fake.requests[sent:]]
    assert any(method == "PATCH" and str(lobby) in path for method, path in after), after
    now = await h.bot.service.store.games.get(record.id)
    assert now is not None and now.message_id == lobby
    shown = {custom_id.split(":")[2] for custom_id in h.fake.buttons(lobby).values()}
    assert shown == {str(now.version)}, (shown, now.version, after, h.fake.violations)
